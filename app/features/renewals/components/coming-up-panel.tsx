import { Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { dayLabel } from "~/lib/calendar-day";
import { renewalMessages as text } from "../messages";
import type { ComingUpItem } from "../schema";

const kindClass = { renewal: "bg-green-100 text-green-900", x_date: "bg-sky-100 text-sky-900" } as const;

/**
 * The dashboard's "Coming up": renewals and X-dates in the next 90 days, soonest first, each with a
 * Mark handled form posted to the dashboard's own action (intent=renewal-handled), so it works before
 * and without scripts. A handled entry leaves the list; the lead's timeline records who and when.
 */
export function ComingUpPanel({
  items,
  result,
}: {
  /** null: the list could not be loaded. */
  items: ComingUpItem[] | null;
  result?: { ok: boolean; message: string } | null;
}) {
  const navigation = useNavigation();
  const pendingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "renewal-handled" ? navigation.formData.get("id") : null;
  const c = text.panel.columns;
  return (
    <section aria-labelledby="coming-up-title" className="mt-8" data-testid="coming-up">
      <h2 id="coming-up-title" className="text-xl font-semibold text-brand-900">
        {text.panel.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.panel.intro}</p>
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-3 rounded-md border px-4 py-3 text-sm font-medium ${result.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {result.message}
        </p>
      )}
      {items === null ? (
        <p className="mt-3 text-sm text-red-700">{text.panel.loadFailed}</p>
      ) : (
        <div className="mt-4">
          <AdminTable caption={text.panel.title} columns={Object.values(c)} empty={text.panel.empty} isEmpty={items.length === 0}>
            {items.map((item) => {
              const kind = text.kinds[item.kind];
              const policy = [
                item.carrier ? text.panel.carrier(item.carrier) : item.competitor ? text.panel.competitor(item.competitor) : null,
                item.lineOfBusiness,
                item.premium === null ? null : item.kind === "renewal" ? text.panel.premium(item.premium) : text.panel.quoted(item.premium),
              ].filter((part): part is string => Boolean(part));
              return (
                <tr key={item._id} className="align-top" data-testid="coming-up-row" data-reference={item.reference}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/leads/${item.leadId}`} className="text-brand-700 underline">
                      <span className="font-mono font-semibold">{item.reference}</span> {item.name}
                    </Link>
                    {item.businessName && <p className="text-slate-700">{item.businessName}</p>}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${kindClass[item.kind]}`}>{kind}</span>
                    {item.mailedAt && <p className="mt-1 text-xs text-slate-600">{text.panel.mailed}</p>}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={item.dueOn} className="font-medium text-slate-900">
                      {dayLabel(item.dueOn)}
                    </time>
                    <p className={`text-xs ${item.daysLeft < 0 ? "font-semibold text-red-700" : "text-slate-600"}`}>
                      {text.inDays(item.daysLeft)}
                    </p>
                  </td>
                  <td className="px-4 py-3 text-slate-800">
                    {policy.length ? (
                      policy.map((part) => <p key={part}>{part}</p>)
                    ) : (
                      <span className="text-slate-600">{text.panel.notRecorded}</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-800">
                    {item.owner ? (
                      item.owner.active ? (
                        item.owner.name
                      ) : (
                        text.panel.inactive(item.owner.name)
                      )
                    ) : (
                      <span className="text-slate-600">{text.panel.unassigned}</span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <Form method="post">
                      <input type="hidden" name="intent" value="renewal-handled" />
                      <input type="hidden" name="id" value={item._id} />
                      <input type="hidden" name="leadId" value={item.leadId} />
                      <button
                        type="submit"
                        className={buttonClass("outline", "px-3 py-1.5 text-sm whitespace-nowrap")}
                        aria-label={text.panel.markLabel(kind, item.reference)}
                        disabled={pendingId === item._id}
                      >
                        {pendingId === item._id ? text.panel.marking : text.panel.markHandled}
                      </button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

import { Form, Link, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { useAdminTimes } from "~/lib/admin-format";
import type { MailFailure } from "../failure-types";
import { mailFailureMessages as text } from "../messages";

/** A time where the agency is, with the zone named (the inbox's format). */
function Time({ iso }: { iso: string }) {
  const { shortTime } = useAdminTimes();
  return <time dateTime={iso}>{shortTime(iso)}</time>;
}

const stateClass = {
  dead: "bg-red-100 text-red-800",
  retrying: "bg-amber-100 text-amber-900",
  sending: "bg-slate-200 text-slate-800",
} as const;

/**
 * The dashboard's panel of mail the outbox could not deliver: what it was, for which lead, the
 * error, and a Retry form posted to the dashboard's own action (it works before and without scripts).
 */
export function MailFailuresPanel({
  failures,
  result,
}: {
  failures: MailFailure[];
  result?: { ok: boolean; message: string; id?: string } | null;
}) {
  const navigation = useNavigation();
  const pendingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "retry-mail" ? navigation.formData.get("id") : null;

  return (
    <section aria-labelledby="mail-failures-title" className="mt-8" data-testid="mail-failures">
      <h2 id="mail-failures-title" className="text-xl font-semibold text-brand-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.intro}</p>
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-3 rounded-md border px-4 py-3 text-sm font-medium ${result.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {result.message}
        </p>
      )}
      <div className="mt-4">
        <AdminTable caption={text.title} columns={Object.values(text.columns)} empty={text.empty} isEmpty={failures.length === 0}>
          {failures.map((mail) => (
            <tr key={mail.id} className="align-top" data-testid="mail-failure">
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">{text.kindLabel(mail.kind)}</p>
                <p className="text-slate-700">{mail.channel === "sms" ? text.textSubject : mail.subject}</p>
                <p className="text-xs text-slate-600">{text.to(mail.to)}</p>
                <p className="text-xs text-slate-600">
                  <Time iso={mail.createdAt} />
                </p>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {mail.lead ? (
                  <Link to={`/admin/leads/${mail.lead.id}`} className="text-brand-700 underline">
                    <span className="font-mono font-semibold">{mail.lead.reference}</span> {mail.lead.name}
                  </Link>
                ) : (
                  <span className="text-slate-500">{text.noLead}</span>
                )}
              </td>
              <td className="max-w-md px-4 py-3 break-words text-slate-800">
                <span className={`mb-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${stateClass[mail.state]}`}>
                  {text.states[mail.state]}
                </span>
                <p>{mail.lastError || <span className="text-slate-500">{text.noError}</span>}</p>
                {mail.nextAttemptAt && (
                  <p className="mt-1 text-xs text-slate-600">
                    {text.nextTry}: <Time iso={mail.nextAttemptAt} />
                  </p>
                )}
              </td>
              <td className="px-4 py-3 text-slate-800">{mail.attempts}</td>
              <td className="px-4 py-3">
                {mail.retryable && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-mail" />
                    <input type="hidden" name="id" value={mail.id} />
                    <button
                      type="submit"
                      className={buttonClass("outline", "px-3 py-1.5 text-sm")}
                      aria-label={text.retryLabel(mail.channel === "sms" ? `${text.textSubject} ${mail.to}` : mail.subject)}
                      disabled={pendingId === mail.id}
                    >
                      {pendingId === mail.id ? text.retrying : text.retry}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </section>
  );
}

import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { type FormAnswer, fieldErrorOf, sentValue } from "~/lib/form";
import { smsMessages } from "../messages";
import type { TextAlertsView } from "../schema";

const text = smsMessages.account;

/**
 * The account screen's alerts by text (intent=text-alerts): a mobile number and the opt-in, posted to
 * the account screen's action; works without scripts. With texting off the site says so and asks nothing.
 */
export function TextAlertsForm({ alerts, answer }: { alerts: TextAlertsView; answer?: FormAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "text-alerts";
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section aria-labelledby="text-alerts" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="text-alerts">
      <h2 id="text-alerts" className="text-lg font-semibold text-brand-900">
        {text.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{alerts.on ? text.intro : text.off}</p>
      {answer && (
        <div
          role={answer.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border px-4 py-3 text-sm font-medium ${answer.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {answer.message}
        </div>
      )}
      {alerts.on && (
        // Keyed on what is saved, so the fields show the stored number (in E.164) once saved.
        <Form key={`${alerts.mobilePhone}:${alerts.smsAlerts}`} method="post" className="mt-5 space-y-5" aria-labelledby="text-alerts">
          <input type="hidden" name="intent" value="text-alerts" />
          <TextField
            id="mobile-phone"
            name="mobilePhone"
            type="tel"
            label={text.phoneLabel}
            hint={text.phoneHint}
            autoComplete="tel"
            defaultValue={sentValue(refused, "mobilePhone") ?? alerts.mobilePhone ?? ""}
            error={fieldErrorOf(refused, "mobilePhone")}
          />
          <div className="flex items-center gap-3">
            <input
              id="sms-alerts"
              name="smsAlerts"
              type="checkbox"
              defaultChecked={refused ? sentValue(refused, "smsAlerts") === "on" : alerts.smsAlerts}
              className="h-5 w-5 rounded border-slate-400"
            />
            <label htmlFor="sms-alerts" className="text-sm font-medium text-slate-800">
              {text.optInLabel}
            </label>
          </div>
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            {busy ? text.saving : text.save}
          </button>
        </Form>
      )}
    </section>
  );
}

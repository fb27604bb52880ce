import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { limits } from "~/lib/field-rules";
import { fieldErrorOf, sentValue } from "~/lib/form";
import { BUSINESS_NAME_MAX } from "../lead-edit-schema";
import { inboxMessages } from "../messages";
import { answeredIntent, type LeadFormAnswer, useLeadForm } from "./use-lead-action";

const text = inboxMessages.details;

/**
 * The lead's contact details to correct (name, phone, email, and the business name of a lead that has
 * one), posted to the screen's action (intent=details), with or without scripts. Each change goes into
 * the timeline with its old and new values; a refused value stays in its field with the reason under it.
 */
export function LeadDetailsForm({
  lead,
  result,
}: {
  lead: { name: string; phone: string; email: string; businessName: string | null };
  /** The action's answer to a form posted without scripts. */
  result?: LeadFormAnswer;
}) {
  const fetcher = useLeadForm("lead-details", text.failed);
  const busy = fetcher.state !== "idle";
  const refusal = answeredIntent(result) === "details" && !result?.ok ? result : undefined;
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : refusal;
  const error = (name: string) => fieldErrorOf(answer, name);
  const shown = (name: "name" | "phone" | "email" | "businessName") => sentValue(refusal, name) ?? lead[name] ?? "";

  return (
    <fetcher.Form
      method="post"
      // The server's checks answer beside each field, with or without scripts.
      noValidate
      // Keyed by the stored values, so the fields show the lead as saved once the screen has read it again.
      key={`${lead.name}|${lead.phone}|${lead.email}|${lead.businessName ?? ""}`}
      aria-labelledby="lead-details-title"
      className="mt-6 space-y-4 border-t border-slate-200 pt-5"
    >
      <h3 id="lead-details-title" className="text-base font-semibold text-brand-900">
        {text.title}
      </h3>
      <input type="hidden" name="intent" value="details" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="lead-details-name"
          name="name"
          label={text.name}
          required
          autoComplete="off"
          maxLength={limits.name}
          defaultValue={shown("name")}
          error={error("name")}
        />
        <TextField
          id="lead-details-phone"
          name="phone"
          type="tel"
          label={text.phone}
          required
          autoComplete="off"
          maxLength={limits.phone}
          defaultValue={shown("phone")}
          error={error("phone")}
        />
        <TextField
          id="lead-details-email"
          name="email"
          type="email"
          label={text.email}
          hint={text.emailHint}
          autoComplete="off"
          maxLength={limits.email}
          defaultValue={shown("email")}
          error={error("email")}
        />
        {lead.businessName !== null && (
          <TextField
            id="lead-details-business-name"
            name="businessName"
            label={text.businessName}
            required
            autoComplete="off"
            maxLength={BUSINESS_NAME_MAX}
            defaultValue={shown("businessName")}
            error={error("businessName")}
          />
        )}
      </div>
      {answer && !error("name") && !error("phone") && !error("email") && !error("businessName") && (
        <p className="text-sm font-medium text-red-700">{answer.message}</p>
      )}
      <button type="submit" className={buttonClass("primary", "px-4 py-2 text-sm")} disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.submitting : text.submit}
      </button>
    </fetcher.Form>
  );
}

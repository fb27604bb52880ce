import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { TextAreaField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { type FormAnswer, fieldErrorOf, sentValue } from "~/lib/form";
import { notifyError, notifySuccess } from "~/lib/toast";
import { smsMessages, TEXT_MAX_CHARS } from "../messages";
import type { LeadTextingView } from "../schema";

const text = smsMessages.screen;

/** Why the lead cannot be texted, or null when they can. */
export function textingBlocked(texting: LeadTextingView): string | null {
  if (!texting.on) return text.off;
  if (!texting.phone) return text.noPhone;
  if (texting.consent === "revoked") return text.revoked;
  if (texting.consent !== "granted") return text.noConsent;
  return null;
}

/**
 * The lead screen's text to the lead (intent=text), posted to the screen's action with or without
 * scripts; shown only while texting is on and the lead's consent stands, else the reason why not.
 */
export function TextForm({ texting, result }: { texting: LeadTextingView; result?: FormAnswer<{ intent?: string }> }) {
  const fetcher = useFetcher<FormAnswer<{ intent?: string }>>({ key: "lead-text" });
  const formRef = useRef<HTMLFormElement>(null);
  const shown = useRef<FormAnswer | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const refusal = result && !result.ok && sentValue(result, "intent") === "text" ? result : undefined;
  const answer = fetcher.data ?? refusal;
  const error = answer && !answer.ok ? (fieldErrorOf(answer, "body") ?? answer.message) : undefined;

  useEffect(() => {
    const done = fetcher.data;
    if (fetcher.state !== "idle" || !done || shown.current === done) return;
    shown.current = done;
    if (done.ok) {
      notifySuccess(done.message);
      formRef.current?.reset();
    } else notifyError(done.message);
  }, [fetcher.state, fetcher.data]);

  const blocked = textingBlocked(texting);
  if (blocked)
    return (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="texting-blocked">
        {blocked}
      </p>
    );
  return (
    <fetcher.Form method="post" ref={formRef} className="space-y-3" data-testid="text-form">
      <input type="hidden" name="intent" value="text" />
      <TextAreaField
        id="lead-text"
        name="body"
        label={text.label}
        hint={text.hint(TEXT_MAX_CHARS)}
        error={error}
        maxLength={TEXT_MAX_CHARS}
      />
      <button type="submit" className={buttonClass("primary", "px-4 py-2 text-sm")} disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.sending : text.send}
      </button>
    </fetcher.Form>
  );
}

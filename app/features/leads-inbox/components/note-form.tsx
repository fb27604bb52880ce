import { useEffect, useRef } from "react";
import { TextAreaField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { fieldErrorOf, sentValue } from "~/lib/form";
import { inboxMessages } from "../messages";
import { NOTE_MAX_LENGTH } from "../schema";
import { answeredIntent, type LeadFormAnswer, useLeadForm } from "./use-lead-action";

const text = inboxMessages.notes;

/**
 * A note for the lead's timeline, posted to the screen's action (intent=note), with or without
 * scripts. Emptied once added; a refused note stays in the field with the reason under it.
 */
export function NoteForm({ result }: { result?: LeadFormAnswer }) {
  const fetcher = useLeadForm("lead-note", text.failed);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const noteRefusal = answeredIntent(result) === "note" && !result?.ok ? result : undefined;
  const answer = fetcher.data ?? noteRefusal;
  const error = answer && !answer.ok ? (fieldErrorOf(answer, "body") ?? answer.message) : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form method="post" ref={formRef} className="space-y-3">
      <input type="hidden" name="intent" value="note" />
      <TextAreaField
        id="lead-note"
        name="body"
        label={text.label}
        hint={text.hint}
        error={error}
        maxLength={NOTE_MAX_LENGTH}
        defaultValue={sentValue(noteRefusal, "body")}
      />
      <button type="submit" className={buttonClass("primary", "px-4 py-2 text-sm")} disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.submitting : text.submit}
      </button>
    </fetcher.Form>
  );
}

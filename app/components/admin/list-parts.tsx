/**
 * Pieces the back office's lists share, each working without scripts: the answer to a form the browser
 * posted itself, a delete confirmation on the page, a failed load with Try Again (said once as a toast
 * too), and the confirmed delete once scripts run. A delete done redirects back to the list with its
 * flash toast (app/lib/toast.server.ts), which the root's toaster shows.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/form";
import { notifyError, notifySuccess } from "~/lib/toast";
import { ConfirmDialog } from "./confirm-dialog";
import { useFailureToast } from "./failure-toast";

/** The answer to the last post, in the page (the toasts say the same once scripts run). */
export function Notice({ answer }: { answer?: { ok: boolean; message: string } }) {
  if (!answer) return null;
  return (
    <div
      role={answer.ok ? "status" : "alert"}
      className={`mb-6 rounded-md border px-4 py-3 text-sm font-medium ${answer.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
    >
      {answer.message}
    </div>
  );
}

/**
 * "Are you sure...?" on the page itself, for a delete asked without scripts: the record's name, the
 * spec's question, and the destructive button posting `fields` to `action`; Cancel goes back.
 */
export function InlineConfirm({
  title,
  message,
  subject,
  action,
  fields,
  confirmLabel,
  cancelTo,
}: {
  title: string;
  message: string;
  subject: string;
  action: string;
  fields: Record<string, string>;
  confirmLabel: string;
  cancelTo: string;
}) {
  return (
    <section aria-labelledby="inline-confirm-title" className="mb-6 rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h2 id="inline-confirm-title" className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <p className="mt-2 font-medium text-slate-900">{subject}</p>
      <p className="mt-2 text-slate-700">{message}</p>
      <Form method="post" action={action} className="mt-4 flex justify-end gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={cancelTo} className={buttonClass("outline")}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass("primary", "bg-red-700 hover:bg-red-800")}>
          {confirmLabel}
        </button>
      </Form>
    </section>
  );
}

/**
 * What could not be read: the message (in the page, and once as a toast), and a button asking for
 * `action` again: this page by default (Try Again), or another (Back to Jobs).
 */
export function LoadFailure({ message, retryLabel, action }: { message: string; retryLabel: string; action?: string }) {
  useFailureToast(message);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <Form method="get" action={action}>
        <button type="submit" className="mt-4 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {retryLabel}
        </button>
      </Form>
    </div>
  );
}

/**
 * Delete with confirmation once scripts run. A row's Delete button (`DeleteButton`) submits a GET form
 * asking the page for its own confirmation (`?delete={id}`, the way without scripts); `ask` stops that
 * and opens the confirm dialog instead (spread `dialog` onto `<ConfirmDialog>`, or give it to
 * `ListBody`). Confirming posts intent=delete and the id to `action` through a fetcher. A delete done
 * is answered with a redirect to the list carrying its toast; a refused one with the form's answer,
 * said as `failure`. Either way the dialog closes and the list is read again.
 */
export function useDeleteWithConfirm<T extends { _id: string }>({
  key,
  action,
  failure,
}: {
  key: string;
  action: string;
  failure: string;
}) {
  const fetcher = useFetcher<FormAnswer>({ key });
  const [pending, setPending] = useState<T | null>(null);
  const busy = fetcher.state !== "idle";
  /** The fetcher's data when the delete was sent: a redirect leaves it as it was, an answer replaces it. */
  const sent = useRef<{ before: unknown; seenBusy: boolean } | null>(null);

  useEffect(() => {
    const current = sent.current;
    if (!current) return;
    if (busy) {
      current.seenBusy = true;
      return;
    }
    if (!current.seenBusy) return;
    sent.current = null;
    setPending(null);
    const answer = fetcher.data !== current.before ? fetcher.data : undefined;
    if (answer?.ok) notifySuccess(answer.message);
    else if (answer) notifyError(failure);
  }, [busy, fetcher.data, failure]);

  return {
    ask(event: FormEvent<HTMLFormElement>, record: T) {
      event.preventDefault();
      setPending(record);
    },
    dialog: {
      open: pending !== null,
      busy,
      onConfirm: () => {
        if (!pending || busy) return;
        sent.current = { before: fetcher.data, seenBusy: false };
        void fetcher.submit({ intent: "delete", id: pending._id }, { method: "post", action });
      },
      onCancel: () => {
        if (!busy) setPending(null);
      },
    },
  };
}

/**
 * A row's Delete: without scripts, a GET form asking `action` for its own confirmation of `id`
 * (`?delete={id}`); with them, `onAsk` opens the dialog instead.
 */
export function DeleteButton({
  id,
  subject,
  label,
  action,
  onAsk,
  className,
}: {
  id: string;
  /** The record's name, read after the label by screen readers. */
  subject: string;
  label: string;
  action: string;
  onAsk: (event: FormEvent<HTMLFormElement>) => void;
  className: string;
}) {
  return (
    <Form method="get" action={action} onSubmit={onAsk}>
      <button type="submit" name="delete" value={id} className={className}>
        {label}
        <span className="sr-only"> {subject}</span>
      </button>
    </Form>
  );
}

/** The texts a list with deletes shows (each list's messages have them). */
type ListTexts = { deleteTitle: string; deleteConfirm: string; delete: string; loadFailure: string; retry: string };

/**
 * A list screen's body around its rows: the answer to a post sent without scripts, the page's own
 * delete confirmation (`confirming`, asked for by the address), the rows or the failure to read them,
 * and the delete dialog of `useDeleteWithConfirm`.
 */
export function ListBody({
  text,
  action,
  answer,
  confirming,
  failed,
  dialog,
  children,
}: {
  text: ListTexts;
  /** The list's address, which its action answers. */
  action: string;
  answer?: { ok: boolean; message: string };
  confirming: { id: string; name: string } | null;
  failed: boolean;
  dialog: ReturnType<typeof useDeleteWithConfirm>["dialog"];
  children: ReactNode;
}) {
  return (
    <>
      <Notice answer={answer} />
      {confirming && (
        <InlineConfirm
          title={text.deleteTitle}
          message={text.deleteConfirm}
          subject={confirming.name}
          cancelTo={action}
          action={action}
          fields={{ intent: "delete", id: confirming.id }}
          confirmLabel={text.delete}
        />
      )}
      {failed ? <LoadFailure message={text.loadFailure} retryLabel={text.retry} /> : children}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...dialog} />
    </>
  );
}

/**
 * A list screen's `shouldRevalidate`: the list is read again after every post to it, a refused one
 * included (a delete refused because the record was gone already leaves the list out of date).
 */
export function revalidateAfterPost({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

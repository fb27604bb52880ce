/**
 * Pieces the back office's lists share, each working without scripts: the answer to a form the browser
 * posted itself, a delete confirmation on the page, a failed load with Try Again, and the confirmed
 * delete once scripts run.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { notifyError, notifySuccess } from "~/lib/toast";

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

/** A list that could not be read: the message, and Try Again (loading the page again). */
export function LoadFailure({ message, retryLabel }: { message: string; retryLabel: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <Form method="get">
        <button type="submit" className="mt-4 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {retryLabel}
        </button>
      </Form>
    </div>
  );
}

/**
 * Delete with confirmation once scripts run. A row's Delete button submits a GET form asking the page
 * for its own confirmation (`?delete={id}`, the way without scripts); `ask` stops that and opens the
 * confirm dialog instead (spread `dialog` onto `<ConfirmDialog>`). Confirming posts intent=delete and
 * the id to `action` through a fetcher; its answer becomes the toast (the server's message, or
 * `failure`), and the list reloads by itself.
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
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key });
  const [pending, setPending] = useState<T | null>(null);
  const busy = fetcher.state !== "idle";
  const shown = useRef<unknown>(undefined);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) notifySuccess(answer.message);
    else notifyError(failure);
    setPending(null);
  }, [fetcher.data, fetcher.state, failure]);

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
        void fetcher.submit({ intent: "delete", id: pending._id }, { method: "post", action });
      },
      onCancel: () => {
        if (!busy) setPending(null);
      },
    },
  };
}

/**
 * A list screen's `shouldRevalidate`: the list is read again after every post to it, a refused one
 * included (a delete refused because the record was gone already leaves the list out of date).
 */
export function revalidateAfterPost({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

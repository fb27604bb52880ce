import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { useActionForm } from "~/lib/form";
import { AdminPage } from "./admin-page";
import { StepUpPrompt } from "./step-up-prompt";

/** What the frame needs of the form's `useActionForm`. */
type FramedForm = Pick<ReturnType<typeof useActionForm>, "fetcher" | "formProps" | "submitting" | "pageAnswer" | "answer">;

/**
 * The one frame of the back office's record forms (a post, a job): the screen's title and the link
 * back, the form on its route's action with the failure of a post sent without scripts above the
 * fields, the fields (`children`), and the row with Cancel and the submit button, which reads
 * `busyLabel` ('Creating...', 'Updating...') while the form is sent and the fields are locked. A save
 * the server refused takes the admin to the first field it named; a save done goes back to the list
 * (the action's redirect, with its toast).
 */
export function AdminFormFrame({
  title,
  back,
  form,
  label,
  legend,
  submitLabel,
  busyLabel,
  cancel,
  wide = false,
  formRef,
  onSubmit,
  encType,
  aside,
  children,
}: {
  title: string;
  /** A link under the title, back to the list. */
  back?: ReactNode;
  form: FramedForm;
  /** The form's accessible name. */
  label: string;
  /** The fields' group name, for screen readers. */
  legend: string;
  submitLabel: string;
  busyLabel: string;
  cancel: { to: string; label: string };
  /** A wider form (a post's editor). */
  wide?: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  /** Replaces the form's own submit handler (which it should call). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** "multipart/form-data" for a form with a file input. */
  encType?: "multipart/form-data";
  /** Shown beside the form on wide screens, below it on narrow ones (a preview, a list of placeholders). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { fetcher, formProps, submitting, pageAnswer, answer } = form;
  const ownRef = useRef<HTMLFormElement>(null);
  const ref = formRef ?? ownRef;

  // A save the server refused: take the admin to the first field it named.
  const focused = useRef<unknown>(undefined);
  useEffect(() => {
    if (!answer || answer.ok || answer.unreachable || focused.current === answer || fetcher.state !== "idle") return;
    focused.current = answer;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer, fetcher.state, ref]);

  const formElement = (
    <fetcher.Form
      {...formProps}
      ref={ref}
      encType={encType}
      onSubmit={onSubmit ?? formProps.onSubmit}
      aria-label={label}
      className={`${wide ? "max-w-4xl" : "max-w-3xl"} rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8`}
    >
      {pageAnswer && !pageAnswer.ok && (
        <div role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {pageAnswer.message}
        </div>
      )}
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">{legend}</legend>
        {children}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Link to={cancel.to} className={buttonClass("outline")}>
            {cancel.label}
          </Link>
          <button type="submit" className={buttonClass("primary")}>
            {submitting ? busyLabel : submitLabel}
          </button>
        </div>
      </fieldset>
    </fetcher.Form>
  );

  return (
    <AdminPage title={title} subtitle={back}>
      <StepUpPrompt answer={answer} action={formProps.action} />
      {aside ? (
        <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,48rem)_minmax(0,1fr)]">
          {formElement}
          <div className="space-y-6">{aside}</div>
        </div>
      ) : (
        formElement
      )}
    </AdminPage>
  );
}

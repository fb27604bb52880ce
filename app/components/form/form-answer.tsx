import { useEffect, useState } from "react";
import type { FormAnswer } from "~/lib/form";
import { submissionContext } from "~/lib/submission-context";

/**
 * The answer to a form the browser posted itself (no scripts yet), shown in place of a toast: the
 * success text (and its second line), or the failure text above the field errors.
 */
export function FormAnswerNotice({ answer, id }: { answer: FormAnswer | undefined; id?: string }) {
  if (!answer) return null;
  return answer.ok ? (
    <div
      id={id}
      role="status"
      className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-green-900"
      data-testid="form-answer"
    >
      <p className="font-medium">{answer.message}</p>
      {answer.detail && <p className="mt-1 text-sm">{answer.detail}</p>}
    </div>
  ) : (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
      data-testid="form-answer"
    >
      {answer.message}
    </p>
  );
}

/**
 * Where the visitor came from, sent with the form once scripts run: the page, the referring site and
 * the visit's UTM parameters (app/lib/submission-context.ts). Without scripts the server reads the page
 * from the Referer header.
 */
export function VisitFields() {
  const [visit, setVisit] = useState<ReturnType<typeof submissionContext> | null>(null);
  useEffect(() => setVisit(submissionContext()), []);
  if (!visit) return null;
  return (
    <>
      <input type="hidden" name="pageUrl" value={visit.pageUrl} />
      {visit.referrer && <input type="hidden" name="referrer" value={visit.referrer} />}
      {Object.entries(visit.utm ?? {}).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

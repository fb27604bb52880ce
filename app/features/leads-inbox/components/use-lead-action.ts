import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type FormAnswer, sentValue } from "~/lib/form";
import { notifyError, notifySuccess } from "~/lib/toast";

/** What the lead screens' actions answer: the form's answer, and which form it was (`intent`). */
export type LeadFormAnswer = FormAnswer<{ intent?: string; id?: string }>;

/** Which of the screen's forms an answer is for: the accepted one's, or the refused one's as it was sent. */
export function answeredIntent(answer: LeadFormAnswer | undefined): string | undefined {
  return answer?.ok ? answer.data?.intent : sentValue(answer, "intent");
}

/** Whether a refusal names a field (the reason is worth saying after the form's failure text). */
const namesAField = (answer: FormAnswer) =>
  Object.entries(answer.result.error ?? {}).some(([name, errors]) => name !== "" && errors?.length);

/** False in the server's HTML and until the page has hydrated: what is shown only to a page without scripts. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A fetcher for one of the lead screens' forms, with a toast when its answer arrives: the answer's
 * message on success, `failed` otherwise (with the reason, when a field was wrong). The route's data is
 * loaded again after it, so the lead and its timeline show the change.
 */
export function useLeadForm(key: string, failed: string) {
  const fetcher = useFetcher<LeadFormAnswer>({ key });
  const shown = useRef<LeadFormAnswer | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) notifySuccess(result.message);
    else notifyError(namesAField(result) ? `${failed}: ${result.message}` : failed);
  }, [fetcher.state, fetcher.data, failed]);
  return fetcher;
}

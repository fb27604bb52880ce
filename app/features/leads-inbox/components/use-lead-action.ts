import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notifyError, notifySuccess } from "~/lib/toast";

/** What the lead screen's action answers (app/routes/admin/lead-detail.server.ts). */
export type LeadFormResult = {
  ok: boolean;
  intent?: "status" | "assign" | "note";
  message: string;
  errors?: Record<string, string>;
  values?: { body?: string };
};

/** False in the server's HTML and until the page has hydrated: what is shown only to a page without scripts. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A fetcher for one of the lead screen's forms, with a toast when its answer arrives: the answer's
 * message on success, `failed` otherwise. The route's data is loaded again after it, so the lead and
 * its timeline show the change.
 */
export function useLeadForm(key: string, failed: string) {
  const fetcher = useFetcher<LeadFormResult>({ key });
  const shown = useRef<LeadFormResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) notifySuccess(result.message);
    else notifyError(result.errors ? `${failed}: ${result.message}` : failed);
  }, [fetcher.state, fetcher.data, failed]);
  return fetcher;
}

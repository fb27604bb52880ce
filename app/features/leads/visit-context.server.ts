/**
 * Where a submission came from, as the agency follows it up: the client's address (determined by the
 * caller: server/client-info.ts for the API, the load context for a route action), the browser, and
 * the page, referrer and UTM parameters the body names, else the Referer header. Validated and
 * size-capped; the context is never a reason to refuse a submission.
 */
import { submissionContextSchema } from "~/lib/field-rules";
import type { SubmissionContext } from "./leads.server";

const clip = (v: unknown, n: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, n) : null);

export function requestSubmissionContext(ip: string, headers: Headers, body: Record<string, unknown>): SubmissionContext {
  const sent = submissionContextSchema.safeParse(body);
  const context = sent.success ? sent.data : {};
  const utm = context.utm ? Object.fromEntries(Object.entries(context.utm).slice(0, 10)) : null;
  return {
    ip,
    userAgent: clip(headers.get("user-agent"), 500),
    referrer: clip(context.referrer, 2000) ?? clip(headers.get("referer"), 2000),
    pageUrl: clip(context.pageUrl, 2000) ?? clip(headers.get("referer"), 2000),
    utm,
  };
}

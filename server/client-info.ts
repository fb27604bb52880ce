import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { SubmissionContext } from "~/features/leads/leads.server";
import { submissionContextSchema } from "~/features/leads/schema";

/**
 * The visitor's IP: the socket's address, or, behind a trusted reverse proxy, the address that proxy
 * saw. A proxy appends that address to X-Forwarded-For, so it is the last entry; earlier entries come
 * from the client and can be forged.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const clip = (v: unknown, n: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, n) : null);

/** What the agency needs to follow a submission up: where and from whom it came (validated, size-capped). */
export function submissionContext(c: Context, trustProxy: boolean, body: Record<string, unknown>): SubmissionContext {
  const sent = submissionContextSchema.safeParse(body);
  const context = sent.success ? sent.data : {};
  const utm = context.utm ? Object.fromEntries(Object.entries(context.utm).slice(0, 10)) : null;
  return {
    ip: clientIp(c, trustProxy),
    userAgent: clip(c.req.header("user-agent"), 500),
    referrer: clip(context.referrer, 2000) ?? clip(c.req.header("referer"), 2000),
    pageUrl: clip(context.pageUrl, 2000) ?? clip(c.req.header("referer"), 2000),
    utm,
  };
}

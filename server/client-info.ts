import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { SubmissionContext } from "~/features/leads/leads.server";

/** The visitor's IP: the socket's address, or X-Forwarded-For's first hop behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const clip = (v: unknown, n: number) => (typeof v === "string" && v.trim() ? v.trim().slice(0, n) : null);

/** What the agency needs to follow a submission up: where and from whom it came. */
export function submissionContext(c: Context, trustProxy: boolean, body: Record<string, unknown>): SubmissionContext {
  const utm = body.utm && typeof body.utm === "object" && !Array.isArray(body.utm) ? (body.utm as Record<string, string>) : null;
  return {
    ip: clientIp(c, trustProxy),
    userAgent: clip(c.req.header("user-agent"), 500),
    referrer: clip(body.referrer, 2000) ?? clip(c.req.header("referer"), 2000),
    pageUrl: clip(body.pageUrl, 2000) ?? clip(c.req.header("referer"), 2000),
    utm,
  };
}

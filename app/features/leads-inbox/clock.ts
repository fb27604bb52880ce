/**
 * The promise clock on the screens (docs/decisions/012, 027): how long a new lead has waited and
 * whether it is due soon or overdue, and how long an answered one waited for its first response.
 * Pure, so the screens and the tests share it.
 */
/** For a lead without its own times: from this many minutes a waiting lead is shown as due soon (amber). */
export const DUE_SOON_MINUTES = 20;

export type ClockState =
  | { kind: "waiting"; minutes: number; tone: "ok" | "due-soon" | "overdue" }
  | { kind: "answered"; minutes: number | null };

/** What the clock reads of a lead; the times fixed at arrival (escalateAt, dueAt) are null for older leads. */
export type ClockLead = {
  status: string;
  receivedAt: string;
  firstResponseAt: string | null;
  escalateAt?: string | null;
  dueAt?: string | null;
};

const MINUTE = 60_000;

/**
 * What the clock shows of `lead` at `nowMs`; `contactMinutes` is the promise (the stored profile's) that
 * a lead without its own times is held to.
 */
export function clockState(lead: ClockLead, nowMs: number, contactMinutes: number): ClockState {
  const received = Date.parse(lead.receivedAt);
  if (lead.status === "new") {
    const waitedMs = Math.max(0, nowMs - received);
    const minutes = Math.floor(waitedMs / MINUTE);
    // The lead's own times when it has them (office hours, the agency's settings when it arrived);
    // otherwise 20 minutes to amber and, as the summary counts, overdue once the promised minutes have passed.
    const dueSoonFrom = lead.escalateAt ? Date.parse(lead.escalateAt) : received + DUE_SOON_MINUTES * MINUTE;
    const dueBy = lead.dueAt ? Date.parse(lead.dueAt) : received + contactMinutes * MINUTE;
    const tone = nowMs > dueBy ? "overdue" : nowMs >= dueSoonFrom ? "due-soon" : "ok";
    return { kind: "waiting", minutes, tone };
  }
  if (!lead.firstResponseAt) return { kind: "answered", minutes: null };
  return { kind: "answered", minutes: Math.max(0, Math.floor((Date.parse(lead.firstResponseAt) - received) / MINUTE)) };
}

/** 45 -> "45 min", 125 -> "2 h 5 min", 3000 -> "2 d 2 h". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

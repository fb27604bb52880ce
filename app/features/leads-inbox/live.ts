/**
 * The open list keeping itself current: when the pulse changes, the list's loader runs again, and the
 * leads that arrived since the page opened are announced. Pure, so the rules are tested on their own.
 */
import type { InboxPulse, LeadListItem } from "./schema";

/** How often an open, visible list asks whether anything changed. */
export const PULSE_INTERVAL_MS = 10_000;

/** Whether the pulse says the list may have changed since the last one. */
export function pulseChanged(previous: InboxPulse, next: InboxPulse): boolean {
  return previous.newestId !== next.newestId || previous.waiting !== next.waiting || previous.newestTextAt !== next.newestTextAt;
}

/**
 * The leads of `fresh` worth a desktop notification: not shown before, and received after the page
 * opened (`since`, the server's time of the first load), so opening the page never raises any.
 */
export function arrivals(fresh: LeadListItem[], seen: ReadonlySet<string>, since: string): LeadListItem[] {
  return fresh.filter((lead) => !seen.has(lead._id) && lead.receivedAt > since);
}

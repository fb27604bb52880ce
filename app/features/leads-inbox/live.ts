/**
 * The open list keeping itself current: when the pulse changes, the first page is read again and
 * merged into what is loaded. Pure, so the merge is tested on its own.
 */
import type { InboxPulse, LeadListAnswer, LeadListItem } from "./schema";

/** How often an open, visible list asks whether anything changed. */
export const PULSE_INTERVAL_MS = 10_000;

/** Whether `a` comes after `b` in the list's order (received_at, then id, newest first). */
function newer(a: LeadListItem, b: LeadListItem): boolean {
  if (a.receivedAt !== b.receivedAt) return a.receivedAt > b.receivedAt;
  return a._id > b._id;
}

/**
 * The loaded list with a fresh first page in place of its newest rows. Rows the fresh page spans are
 * taken from it (new leads appear, changed ones update, ones that no longer match the filters go);
 * older rows the admin loaded stay below them, and so does their cursor. When the fresh page holds
 * everything or spans every loaded row, it replaces the list; so it does when it does not reach down
 * to the loaded rows at all, as more leads arrived than a page holds and keeping the old rows would
 * leave a gap between them ("Load more" brings them back).
 *
 * The server's clock (`now`) stays the one of the first load: the waiting clocks were set by it, and
 * re-setting them on every refresh would only move them by each answer's time in flight.
 */
export function mergeFirstPage(current: LeadListAnswer, fresh: LeadListAnswer): LeadListAnswer {
  const oldest = fresh.data[fresh.data.length - 1];
  const now = current.now;
  if (!fresh.nextCursor || !oldest) return { ...fresh, now };
  const older = current.data.filter((lead) => newer(oldest, lead));
  if (older.length === 0 || older.length === current.data.length) return { ...fresh, now };
  return { ...fresh, now, data: [...fresh.data, ...older], nextCursor: current.nextCursor };
}

/** Whether the pulse says the list may have changed since the last one. */
export function pulseChanged(previous: InboxPulse, next: InboxPulse): boolean {
  return previous.newestId !== next.newestId || previous.waiting !== next.waiting;
}

/**
 * The leads of `fresh` worth a desktop notification: not shown before, and received after the page
 * opened (`since`, the server's time of the first load), so opening the page never raises any.
 */
export function arrivals(fresh: LeadListItem[], seen: ReadonlySet<string>, since: string): LeadListItem[] {
  return fresh.filter((lead) => !seen.has(lead._id) && lead.receivedAt > since);
}

/**
 * The 30-minute promise clock (docs/decisions/012): how long a new lead has waited, and how long an
 * answered one waited for its first response. Pure, so the screens and the tests share it.
 */
import { promises } from "~/content/agency";

/** From this many minutes a waiting lead is shown as due soon (amber). */
export const DUE_SOON_MINUTES = 20;
export const CONTACT_MINUTES = promises.contactMinutes;

export type ClockState =
  | { kind: "waiting"; minutes: number; tone: "ok" | "due-soon" | "overdue" }
  | { kind: "answered"; minutes: number | null };

const MINUTE = 60_000;

export function clockState(lead: { status: string; receivedAt: string; firstResponseAt: string | null }, nowMs: number): ClockState {
  const received = Date.parse(lead.receivedAt);
  if (lead.status === "new") {
    const waitedMs = Math.max(0, nowMs - received);
    const minutes = Math.floor(waitedMs / MINUTE);
    // Past the promise as soon as more than 30 minutes have gone by (the summary's "overdue" too).
    const tone = waitedMs > CONTACT_MINUTES * MINUTE ? "overdue" : minutes >= DUE_SOON_MINUTES ? "due-soon" : "ok";
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

import { useEffect, useState } from "react";
import { useSite } from "~/lib/site";
import { type ClockLead, clockState, formatDuration } from "../clock";
import { inboxMessages } from "../messages";

const text = inboxMessages.clock;

/** How often the clocks move on: a minute-resolution clock needs no more. */
export const CLOCK_TICK_MS = 30_000;

/**
 * The current time by the server's clock (`serverNow` is the API's `now`), moving on every 30 s, so a
 * wrong clock on the admin's computer does not hide an overdue lead.
 */
export function useServerClock(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!serverNow) return;
    const local = Date.now();
    setOffset(Date.parse(serverNow) - local);
    setTick(local);
  }, [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return tick + offset;
}

const tones = {
  ok: "bg-slate-100 text-slate-800",
  "due-soon": "bg-amber-100 text-amber-900",
  overdue: "bg-red-100 text-red-800 ring-1 ring-red-300",
} as const;

/**
 * A new lead: minutes since it arrived, amber from its escalation time (20 minutes for a lead without
 * one), red and labelled "Overdue" past its due time (words, not colour alone). An answered lead: how
 * long its first response took.
 */
export function WaitingClock({ lead, now }: { lead: ClockLead; now: number }) {
  const state = clockState(lead, now, useSite().promises.contactMinutes);
  if (state.kind === "answered") {
    return (
      <span className="text-sm text-slate-700" data-testid="first-response">
        {state.minutes === null ? text.notAnswered : text.answeredIn(formatDuration(state.minutes))}
      </span>
    );
  }
  return (
    <span
      data-testid="waiting-clock"
      data-tone={state.tone}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tones[state.tone]}`}
    >
      <span>{formatDuration(state.minutes)}</span>
      {state.tone === "overdue" && <span className="uppercase">{text.overdue}</span>}
      {state.tone === "due-soon" && <span className="font-medium">{text.dueSoon}</span>}
    </span>
  );
}

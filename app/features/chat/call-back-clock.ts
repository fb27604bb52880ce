/**
 * The chat's one door to the lead pipeline's call-back clock (app/features/leads/promise-clock.ts):
 * whether the office is open, and when a call-back asked for at a given moment is due, for the
 * site's office and promise. Everything else in the chat asks this module, not the clock.
 */
import type { SiteFacts } from "~/content/site-facts";
import { addClockMinutes, type ClockHours, officeOf, officeOpen } from "~/features/leads/promise-clock";

export type CallBackClock = {
  /** Whether the office is open at `at`. */
  open: (at: Date) => boolean;
  /** When a licensed agent's call is due for a request made at `from`: the promise counted on the clock. */
  dueAt: (from: Date) => Date;
};

/** `hours`: the lead pipeline's clock (LEAD_CLOCK_HOURS), office minutes or round the clock. */
export function callBackClock(site: SiteFacts, hours: ClockHours): CallBackClock {
  const office = officeOf(site);
  return {
    open: (at) => officeOpen(at, office),
    dueAt: (from) => addClockMinutes(from, site.promises.contactMinutes, hours, office),
  };
}

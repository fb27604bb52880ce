/**
 * "How fast will someone contact me?": the offline engine answers it from the call-back promise, and,
 * when the office is closed (or closes before the promise runs out), with the time the call is due.
 */
import { TZDate } from "@date-fns/tz";
import { clockLabel, type SiteFacts, WEEKDAY_NAMES, WEEKDAYS } from "~/content/site-facts";
import type { ClockHours } from "~/features/leads/promise-clock";
import { callBackClock } from "./call-back-clock";
import { normalise } from "./local-engine.server";
import { officeHoursLong } from "./messages";

/** The knowledge item that states the promise: the source the answer cites. */
export const CALL_BACK_SOURCE = "agency:quotes";

/** A question about the wait is short; a longer message is about something else as well. */
const MAX_LENGTH = 200;

const WHEN = /\b(?:how (?:fast|quick(?:ly)?|soon|long)|when|what time|how much time|time ?frame)\b/;
/** Someone at the agency does the contacting: "will someone contact", "an agent to reach out", "you guys calling". */
const AGENCY_CONTACTS =
  /\b(?:someone|somebody|anyone|anybody|an? (?:licensed )?(?:agent|person|rep|representative)|the agent|agents?|your (?:team|agents?|office|staff)|you(?: guys| all)?|y'?all|they)\s+(?:(?:will|would|to|going to|gonna|can|could|usually|normally|typically|be)\s+)*(?:call(?:s|ing)?|contact(?:s|ing)?|phon(?:e|es|ing)|ring(?:s|ing)?|reach(?:es|ing)?|respond(?:s|ing)?|get(?:s|ting)? back|follow(?:s|ing)? up|repl(?:y|ies|ying))\b/;
/** The visitor is the one contacted: "call me back", "a callback", "hear back", "get a call". */
const VISITOR_CONTACTED =
  /\b(?:call(?:s|ed|ing)?|contact(?:s|ed|ing)?|reach(?:es|ed|ing)?|phon(?:e|es|ed|ing)|ring(?:s|ing)?)\s+(?:me|us)\b|\bcall(?:s|ed|ing)?\s+(?:(?:me|us)\s+)?back\b|\bcall-?backs?\b|\bhear\s+(?:back|from)\b|\bget\s+(?:a|the|my|your)\s+(?:call|phone call|response|reply)\b|\bget\s+back\s+to\s+(?:me|us)\b/;
const RESPONSE_TIME = /\bresponse\s+times?\b/;
/** Calls about a loss are the claims line's, not the quote call-back. */
const ABOUT_A_LOSS = /\b(?:claims?|accidents?|loss|losses|adjusters?|carriers?|police|emergenc(?:y|ies))\b/;

/** Whether `question` asks how soon the agency calls back ("when will you call me back", "response time"). */
export function isCallBackQuestion(question: string): boolean {
  if (question.length > MAX_LENGTH) return false;
  const q = normalise(question);
  if (ABOUT_A_LOSS.test(q)) return false;
  return RESPONSE_TIME.test(q) || (WHEN.test(q) && (AGENCY_CONTACTS.test(q) || VISITOR_CONTACTED.test(q)));
}

const DAY_MS = 86_400_000;

/** "9:30 AM today", "9:30 AM Monday", or with the date when it is a week away or more. */
function dueWords(site: SiteFacts, now: Date, due: Date): string {
  const zone = site.agency.hours.timezone;
  const local = new TZDate(due.getTime(), zone);
  const today = new TZDate(now.getTime(), zone);
  const time = clockLabel(`${local.getHours()}:${String(local.getMinutes()).padStart(2, "0")}`);
  const days =
    (Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) /
    DAY_MS;
  if (days <= 0) return `${time} today`;
  const weekday = WEEKDAY_NAMES[WEEKDAYS[(local.getDay() + 6) % 7]];
  if (days < 7) return `${time} ${weekday}`;
  const date = new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "long", day: "numeric" }).format(due);
  return `${time} ${weekday}, ${date}`;
}

/**
 * When the call is due for a request made at `now`, in words, if the office hours stretch it past the
 * promise: "We're closed now; expect our call by 9:30 AM Monday." Null while the promise holds as
 * stated.
 */
export function callBackDelay(site: SiteFacts, now: Date, hours: ClockHours): string | null {
  const clock = callBackClock(site, hours);
  const due = clock.dueAt(now);
  // A second's slack: the clock may round the end of the promise.
  if (due.getTime() - now.getTime() <= site.promises.contactMinutes * 60_000 + 1000) return null;
  return `${clock.open(now) ? "We close before then" : "We're closed now"}; expect our call by ${dueWords(site, now, due)}.`;
}

/** The promise, and the call's due time when the office hours delay it. */
export function callBackAnswer(site: SiteFacts, now: Date, hours: ClockHours): string {
  const minutes = site.promises.contactMinutes;
  const promise = `A licensed agent calls you back within ${minutes} ${minutes === 1 ? "minute" : "minutes"} during office hours (${officeHoursLong(site)}).`;
  const delay = callBackDelay(site, now, hours);
  return delay ? `${promise} ${delay}` : promise;
}

/** The renewals list's texts (docs/decisions/062): the dashboard's panel, the API's answers and the 60-day mail. */
import type { RenewalKind } from "./schema";

const money = (dollars: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: dollars % 1 === 0 ? 0 : 2 }).format(dollars);

/** "in 12 days", "today", "3 days ago". */
const inDays = (n: number) =>
  n === 0 ? "today" : n === 1 ? "tomorrow" : n === -1 ? "yesterday" : n > 0 ? `in ${n} days` : `${-n} days ago`;

export const renewalMessages = {
  kinds: { renewal: "Renewal", x_date: "X-date" } satisfies Record<RenewalKind, string>,
  money,
  inDays,
  panel: {
    title: "Coming up",
    intro:
      "Policies bound here that expire, and X-dates of leads that went elsewhere, in the next 90 days. The lead's owner is mailed once, 60 days ahead.",
    empty: "Nothing coming up in the next 90 days.",
    columns: { lead: "Lead", what: "What", date: "Date", policy: "Policy", owner: "Owner", action: "Action" },
    carrier: (carrier: string) => `Bound with ${carrier}`,
    competitor: (competitor: string) => `With ${competitor}`,
    premium: (amount: number) => `Premium ${money(amount)}`,
    quoted: (amount: number) => `We quoted ${money(amount)}`,
    notRecorded: "Not recorded",
    unassigned: "Unassigned",
    inactive: (name: string) => `${name} (inactive)`,
    mailed: "Owner mailed",
    markHandled: "Mark handled",
    marking: "Marking...",
    markLabel: (kind: string, reference: string) => `Mark handled: ${kind} of ${reference}`,
    loadFailed: "The renewals and X-dates coming up could not be loaded.",
  },
  handled: (kind: string, reference: string) => `${kind} of ${reference} marked handled.`,
  notFound: "That renewal or X-date is not on the list.",
  alreadyHandled: "That renewal or X-date was already marked handled.",
  invalidId: "The renewal id must be a UUID.",
  invalidLeadId: "The lead id must be a UUID.",
  unknownIntent: "Unknown action.",
  /** The 60-day mail (X-Mail-Kind: renewal_due), to the lead's owner or the agency inbox. */
  mail: {
    subject: (kind: RenewalKind, reference: string, name: string, day: string) =>
      kind === "renewal" ? `Renewal coming up: ${reference} ${name} (expires ${day})` : `X-date coming up: ${reference} ${name} (${day})`,
    heading: (kind: RenewalKind, input: { day: string; days: number; carrier: string | null; competitor: string | null }) =>
      kind === "renewal"
        ? `The policy bound ${input.carrier ? `with ${input.carrier} ` : ""}expires on ${input.day}, ${inDays(input.days)}: time to prepare the renewal.`
        : `The policy this lead kept ${input.competitor ? `with ${input.competitor} ` : ""}expires on ${input.day}, ${inDays(input.days)}: their X-date, time to quote again.`,
    assignedTo: (who: string) => `It is assigned to you (${who}).`,
    inactiveAssignee: (who: string) => `It is assigned to ${who}, whose account is deactivated: please pick it up or reassign it.`,
    unassigned: "Nobody is assigned to this lead: please pick it up.",
    contact: "The lead",
    outcome: "The outcome",
    history: "History, newest first",
    earlier: (n: number) => `... and ${n} earlier ${n === 1 ? "entry" : "entries"} on the lead's screen.`,
    by: (name: string) => `by ${name}`,
    labels: {
      reference: "Reference",
      name: "Name",
      business: "Business",
      phone: "Phone",
      email: "Email",
      service: "Asked about",
      status: "Status",
      lineOfBusiness: "Line of business",
      carrier: "Carrier",
      premium: "Annual premium",
      quotedPremium: "Premium quoted",
      effective: "Effective",
      term: "Term",
      expires: "Expires",
      lostReason: "Why lost",
      competitor: "Went with",
      xDate: "X-date",
    },
    termMonths: (n: number) => `${n} month${n === 1 ? "" : "s"}`,
    open: "Open the lead",
    footer:
      "When it is taken care of, mark it handled in the dashboard's Coming up list: it leaves the list, and the lead's timeline says who and when.",
  },
} as const;

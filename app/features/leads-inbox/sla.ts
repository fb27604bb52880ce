/**
 * "Is the promise kept?": the figures of a period computed from its leads' times. Pure and
 * browser-safe, so the summary's rules can be tested without a database.
 *
 * A lead counts when it was answered (it has a first response) or when it is still new and its due
 * time has passed; a new lead not yet due has not had its chance, and a lead moved on without a
 * recorded first response has nothing to measure. It kept the promise when its first response came
 * by its due time. Response times are minutes of the clock (office minutes when the clock runs on
 * office hours), so a lead answered at 9:10 on Monday after arriving on Saturday took 10 minutes.
 */
import { addClockMinutes, type ClockHours, clockMinutesBetween, type Office } from "~/features/leads/promise-clock";
import { inboxMessages } from "./messages";
import type { SlaFigures, SlaPeriod } from "./schema";

export type SlaLead = {
  receivedAt: Date;
  firstResponseAt: Date | null;
  /** Null for leads older than the promise clock: their due time is worked out from `slaMinutes`. */
  dueAt: Date | null;
  status: string;
  assigneeId: string | null;
  /** The assignee's name (or email); null when unassigned. */
  assigneeName: string | null;
};

export type SlaSettings = { slaMinutes: number; hours: ClockHours; office: Office };

const UNASSIGNED = inboxMessages.assignment.unassigned;

/** One decimal, halves away from zero (what a reader expects of 62.25 → 62.3). */
export function round1(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10 + Number.EPSILON)) / 10;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `part` of `whole` as a percentage with one decimal; null when `whole` is 0. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : round1((part / whole) * 100);
}

/** When the lead was due: its own due time, or for a lead older than the clock, `slaMinutes` of the clock after arrival. */
export function dueTime(lead: Pick<SlaLead, "receivedAt" | "dueAt">, settings: SlaSettings): Date {
  return lead.dueAt ?? addClockMinutes(lead.receivedAt, settings.slaMinutes, settings.hours, settings.office);
}

type Judged = { assigneeId: string | null; name: string; kept: boolean; responseMinutes: number | null };

/** The lead's verdict at `now`, or null when it does not count (yet). */
function judge(lead: SlaLead, now: Date, settings: SlaSettings): Judged | null {
  const due = dueTime(lead, settings);
  const name = lead.assigneeId === null ? UNASSIGNED : (lead.assigneeName ?? UNASSIGNED);
  if (lead.firstResponseAt) {
    return {
      assigneeId: lead.assigneeId,
      name,
      kept: lead.firstResponseAt.getTime() <= due.getTime(),
      responseMinutes: clockMinutesBetween(lead.receivedAt, lead.firstResponseAt, settings.hours, settings.office),
    };
  }
  if (lead.status === "new" && due.getTime() <= now.getTime())
    return { assigneeId: lead.assigneeId, name, kept: false, responseMinutes: null };
  return null;
}

function figures(judged: Judged[]): SlaFigures {
  const times = judged.flatMap((j) => (j.responseMinutes === null ? [] : [j.responseMinutes]));
  const med = median(times);
  return {
    leads: judged.length,
    withinSlaPercent: percent(judged.filter((j) => j.kept).length, judged.length),
    medianFirstResponseMinutes: med === null ? null : round1(med),
  };
}

/**
 * The period's figures over `leads` (those received in it), overall and per assignee. Assignees with
 * no lead that counts are left out; named assignees come first by name, "Unassigned" last.
 */
export function slaPeriod(leads: SlaLead[], now: Date, settings: SlaSettings): SlaPeriod {
  const judged = leads.flatMap((lead) => judge(lead, now, settings) ?? []);
  const groups = new Map<string | null, Judged[]>();
  for (const j of judged) groups.set(j.assigneeId, [...(groups.get(j.assigneeId) ?? []), j]);
  const byAssignee = [...groups.entries()]
    .map(([assigneeId, list]) => ({ assigneeId, name: list[0].name, ...figures(list) }))
    .sort((a, b) =>
      a.assigneeId === null ? 1 : b.assigneeId === null ? -1 : a.name.localeCompare(b.name) || a.assigneeId.localeCompare(b.assigneeId),
    );
  return { ...figures(judged), byAssignee };
}

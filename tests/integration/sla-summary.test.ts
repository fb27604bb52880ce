/**
 * "Is the promise kept?" on a real server and database: a known set of leads written straight into
 * the store at fixed places in the calendar (a recent weekday in office hours, a Friday evening a week
 * or two ago, leads past 30 days), then the exact figures for 7 and 30 days, overall and by assignee,
 * with the clock on office hours and round the clock; the overdue count; and the inbox's pulse.
 */
import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers, leads } from "#db/schema";
import { hashToken } from "../../app/features/auth/auth.server";
import { officeOf } from "../../app/features/leads/promise-clock";
import { slaSummary } from "../../app/features/leads-inbox/sla-summary.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const TZ = "America/Chicago";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A Central Time wall time on the day `daysBack` days before today (Central). */
function central(daysBack: number, hh: number, mm: number): Date {
  const today = new TZDate(Date.now(), TZ);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysBack, hh, mm, 0, 0, TZ).getTime());
}
const weekday = (d: Date) => new TZDate(d.getTime(), TZ).getDay();

/** The latest weekday from 1 to 6 days back: office hours in it are past and within the last 7 days. */
const W = [1, 2, 3, 4, 5, 6].find((k) => ![0, 6].includes(weekday(central(k, 12, 0))))!;
/** The Friday 8 to 14 days back: in the last 30 days, not the last 7; its Monday is 3 days later. */
const F = [8, 9, 10, 11, 12, 13, 14].find((k) => weekday(central(k, 12, 0)) === 5)!;

const chicagoDate = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);

describe.each(databaseKinds)("the promise kept, on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let avery: string;
  let blake: string;
  const ids: Record<string, string> = {};
  const received: Record<string, Date> = {};
  const now = Date.now();
  // Friday 4:50 PM to Monday 9:10 AM on the wall (a summer-time change would move it by an hour).
  const weekendMinutes = (central(F - 3, 9, 10).getTime() - central(F, 16, 50).getTime()) / MINUTE;

  const api = (path: string, withCookie = true) => fetch(`${server.url}${path}`, { headers: withCookie ? { cookie } : {} });

  async function lead(
    key: string,
    values: { receivedAt: Date; firstResponseAt?: Date; dueAt: Date | null; status?: string; assigneeId?: string | null },
  ) {
    const [row] = await server.services.db
      .insert(leads)
      .values({
        reference: `L-${randomUUID().slice(0, 6).toUpperCase()}`,
        leadType: "contact_form",
        submissionType: "Contact Form",
        source: "Contact Page",
        name: `Lead ${key}`,
        email: `${key.toLowerCase()}@example.com`,
        phone: "(512) 555-0100",
        payload: {},
        status: values.status ?? (values.firstResponseAt ? "contacted" : "new"),
        receivedAt: values.receivedAt,
        firstResponseAt: values.firstResponseAt ?? null,
        dueAt: values.dueAt,
        escalateAt: values.dueAt,
        assigneeId: values.assigneeId ?? null,
      })
      .returning({ id: leads.id });
    ids[key] = row.id;
    received[key] = values.receivedAt;
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { LEAD_SLA_MINUTES: "30", LEAD_CLOCK_HOURS: "business" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    const db = server.services.db;
    const admin = (email: string, name: string | null) =>
      db
        .insert(adminUsers)
        .values({ email, name, passwordHash: "not-a-password" })
        .returning({ id: adminUsers.id })
        .then(([r]) => r.id);
    avery = await admin("avery@agency.example", "Avery Admin");
    blake = await admin("blake@agency.example", null);

    const w = (hh: number, mm: number) => central(W, hh, mm);
    // The last 7 days, all in one office day.
    await lead("L1", { receivedAt: w(10, 0), firstResponseAt: w(10, 10), dueAt: w(10, 30), assigneeId: avery }); // kept, 10
    await lead("L2", { receivedAt: w(10, 0), firstResponseAt: w(10, 45), dueAt: w(10, 30), assigneeId: avery }); // late, 45
    await lead("L3", { receivedAt: w(11, 0), firstResponseAt: w(11, 20), dueAt: w(11, 30), assigneeId: blake }); // kept, 20
    await lead("L4", { receivedAt: w(12, 0), dueAt: w(12, 30) }); // still new past due: late
    await lead("L5", { receivedAt: new Date(now - MINUTE), dueAt: new Date(now + 29 * MINUTE) }); // new, not yet due: not counted
    await lead("L6", { receivedAt: w(13, 0), firstResponseAt: w(13, 25), dueAt: null }); // older than the clock: due 13:30, kept, 25
    await lead("L7", { receivedAt: w(14, 0), dueAt: w(14, 30), status: "won", assigneeId: blake }); // moved on unanswered: not counted
    // 8 to 30 days back.
    const friday = central(F, 16, 50);
    const monday = central(F - 3, 9, 10);
    await lead("L8", { receivedAt: friday, firstResponseAt: monday, dueAt: central(F - 3, 9, 20), assigneeId: avery }); // kept, 20 office minutes
    await lead("L9", { receivedAt: friday, firstResponseAt: monday, dueAt: null, assigneeId: blake }); // due Mon 9:20 on office hours, Fri 5:20 PM round the clock
    const twentyDays = new Date(now - 20 * DAY);
    await lead("L10", { receivedAt: twentyDays, dueAt: new Date(twentyDays.getTime() + 30 * MINUTE) }); // new, long overdue
    // Past 30 days: in no period.
    const old = new Date(now - 31 * DAY);
    await lead("L11", { receivedAt: old, firstResponseAt: new Date(old.getTime() + 5 * MINUTE), dueAt: null, assigneeId: avery });
    await lead("L12", { receivedAt: new Date(now - 40 * DAY), dueAt: null }); // new, older than the clock: overdue
  });

  afterAll(async () => {
    await server?.close();
  });

  const last7Days = {
    leads: 5,
    withinSlaPercent: 60,
    medianFirstResponseMinutes: 22.5,
    byAssignee: [
      { assigneeId: expect.any(String), name: "Avery Admin", leads: 2, withinSlaPercent: 50, medianFirstResponseMinutes: 27.5 },
      { assigneeId: expect.any(String), name: "blake@agency.example", leads: 1, withinSlaPercent: 100, medianFirstResponseMinutes: 20 },
      { assigneeId: null, name: "Unassigned", leads: 2, withinSlaPercent: 50, medianFirstResponseMinutes: 25 },
    ],
  };

  it("on office hours: exact figures for 7 and 30 days, overall and by assignee, with today's, waiting and overdue counts", async () => {
    const res = await api("/api/admin/summary");
    expect(res.status).toBe(200);
    const body = await res.json();
    const today = chicagoDate(new Date());
    expect(body).toEqual({
      success: true,
      data: {
        newToday: Object.values(received).filter((d) => chicagoDate(d) === today).length,
        // L4, L5, L10, L12.
        waiting: 4,
        // L4 and L10 past their due time, L12 received more than 30 minutes ago without one; not L5.
        overdue: 3,
        last7Days,
        last30Days: {
          leads: 8,
          withinSlaPercent: 62.5,
          medianFirstResponseMinutes: 20,
          byAssignee: [
            { assigneeId: avery, name: "Avery Admin", leads: 3, withinSlaPercent: 66.7, medianFirstResponseMinutes: 20 },
            { assigneeId: blake, name: "blake@agency.example", leads: 2, withinSlaPercent: 100, medianFirstResponseMinutes: 20 },
            { assigneeId: null, name: "Unassigned", leads: 3, withinSlaPercent: 33.3, medianFirstResponseMinutes: 25 },
          ],
        },
      },
    });
    expect(body.data.last7Days.byAssignee.map((r: { assigneeId: string | null }) => r.assigneeId)).toEqual([avery, blake, null]);
  });

  it("round the clock: the weekend counts, and the lead older than the clock is late", async () => {
    expect(weekendMinutes).toBeGreaterThan(3000);
    const summary = await slaSummary(server.services.db, {
      slaMinutes: 30,
      hours: "always",
      office: officeOf(server.services.site.current().facts),
    });
    expect(summary.last7Days).toEqual(last7Days);
    expect(summary.last30Days).toEqual({
      leads: 8,
      // L1, L3, L6 and L8 (its own due time); L9 was due Friday at 5:20 PM.
      withinSlaPercent: 50,
      // 10, 20, 25, 45, and the weekend twice.
      medianFirstResponseMinutes: 35,
      byAssignee: [
        { assigneeId: avery, name: "Avery Admin", leads: 3, withinSlaPercent: 66.7, medianFirstResponseMinutes: 45 },
        {
          assigneeId: blake,
          name: "blake@agency.example",
          leads: 2,
          withinSlaPercent: 50,
          medianFirstResponseMinutes: Math.round(((20 + weekendMinutes) / 2) * 10) / 10,
        },
        { assigneeId: null, name: "Unassigned", leads: 3, withinSlaPercent: 33.3, medianFirstResponseMinutes: 25 },
      ],
    });
  });

  it("the pulse answers the count of new leads and the newest lead, for admins only", async () => {
    const res = await api("/api/leads/pulse");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { waiting: 4, newestId: ids.L5, newestReceivedAt: received.L5.toISOString(), newestTextAt: null },
    });
    for (const path of ["/api/leads/pulse", "/api/admin/summary"]) {
      const anonymous = await api(path, false);
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toMatchObject({ success: false });
    }
  });

  it("polling the pulse is not the admin's activity: it leaves the session's idle clock alone, a real request resets it", async () => {
    const session = eq(adminSessions.tokenHash, hashToken(cookie.slice(cookie.indexOf("=") + 1)));
    const tenMinutesAgo = new Date(Date.now() - 10 * MINUTE);
    await server.services.db.update(adminSessions).set({ lastSeenAt: tenMinutesAgo }).where(session);
    const lastSeen = async () =>
      (await server.services.db.select({ at: adminSessions.lastSeenAt }).from(adminSessions).where(session))[0]?.at;

    expect((await api("/api/leads/pulse")).status).toBe(200);
    expect((await lastSeen())?.getTime()).toBe(tenMinutesAgo.getTime());

    expect((await api("/api/leads?limit=1")).status).toBe(200);
    expect((await lastSeen())!.getTime()).toBeGreaterThan(tenMinutesAgo.getTime() + 5 * MINUTE);
  });
});

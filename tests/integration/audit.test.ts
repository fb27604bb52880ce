/**
 * The audit trail on a real server and database: the leads export, a document download and a status
 * change each write their entry; the /admin/audit screen's loader filters by admin and by the
 * agency's days, refuses a request without a session, and answers bad filters with their message.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads } from "#db/schema";
import { listAudit } from "../../app/features/audit/audit.server";
import { auditMessages } from "../../app/features/audit/messages";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, pdfBytes, truckingQuoteBody } from "../support/lead-fixtures";
import { signInLocation } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const SECOND_ADMIN = { email: "second.admin@agency.example", password: "violet tractor harbor lantern 42" };

/** The agency's time zone in the first-run profile, where the audit screen counts its days. */
const CHICAGO = "America/Chicago";
/** YYYY-MM-DD where the agency is, `daysAgo` days back. */
const chicagoDate = (daysAgo = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: CHICAGO, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

describe.each(databaseKinds)("audit trail on %s", (kind) => {
  let server: Server;
  let cookieA: string;
  let cookieB: string;
  let adminA: { id: string; email: string };
  let adminB: { id: string; email: string };
  let trucking: { id: string; reference: string };
  let upload: { id: string };

  const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const entries = (action: string) =>
    server.services.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.at);

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000", RATE_LIMIT_UPLOADS_MAX: "1000" });
    adminA = await ensureAdmin(server.services);
    adminB = await ensureAdmin(server.services, SECOND_ADMIN);
    cookieA = await signIn(server.url);
    cookieB = await signIn(server.url, SECOND_ADMIN);

    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/api/contacts", contactBody())).status).toBe(201);
    const form = new FormData();
    form.append("slot", "cdl");
    form.append("file", new Blob([new Uint8Array(pdfBytes(3000))], { type: "application/pdf" }), "cdl.pdf");
    const uploaded = await fetch(`${server.url}/api/uploads`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    upload = (await uploaded.json()) as { id: string };
    const quote = await post(
      "/api/submit-lead",
      truckingQuoteBody({ uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id: upload.id }] }),
    );
    expect(quote.status).toBe(201);
    const reference = ((await quote.json()) as { reference: string }).reference;
    const [row] = await server.services.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
    trucking = { id: row.id, reference };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("records an export with its filters and row count", async () => {
    const res = await get("/api/leads/export.csv?type=commercial_trucking_quote", cookieA);
    expect(res.status).toBe(200);
    await res.text();
    const all = await get("/api/leads/export.csv", cookieA);
    await all.text();
    const recorded = await entries("leads_exported");
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ adminId: adminA.id, adminEmail: TEST_ADMIN.email, targetType: "leads" });
    const none = { q: null, owner: null, overdue: null, status: null, type: null, from: null, to: null, licensed: null };
    expect(recorded[0].detail).toEqual({ filters: { ...none, type: "commercial_trucking_quote" }, rows: 1 });
    expect(recorded[1].detail).toEqual({ filters: none, rows: 2 });
    expect(recorded[0].ip).toBeTruthy();
  });

  it("records a document download with the lead and upload ids (not a refused one)", async () => {
    const res = await get(`/api/leads/${trucking.id}/documents/${upload.id}`, cookieA);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect((await get(`/api/leads/${trucking.id}/documents/5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11`, cookieA)).status).toBe(404);
    const recorded = await entries("document_downloaded");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ adminId: adminA.id, targetType: "lead", targetId: trucking.id });
    expect(recorded[0].detail).toMatchObject({ leadId: trucking.id, uploadId: upload.id });
  });

  it("records a status change with from and to, and nothing for a status left as it was", async () => {
    const patch = (status: string) =>
      fetch(`${server.url}/api/leads/${trucking.id}`, {
        method: "PATCH",
        headers: { cookie: cookieB, "content-type": "application/json" },
        body: JSON.stringify({ status }),
      });
    expect((await patch("contacted")).status).toBe(200);
    expect((await patch("contacted")).status).toBe(200);
    expect((await patch("quoted")).status).toBe(200);
    const recorded = await entries("lead_status_changed");
    expect(recorded.map((e) => e.detail)).toEqual([
      { reference: trucking.reference, from: "new", to: "contacted" },
      { reference: trucking.reference, from: "contacted", to: "quoted" },
    ]);
    expect(recorded.every((e) => e.adminId === adminB.id && e.targetId === trucking.id)).toBe(true);
  });

  it("lists newest first, filtered by admin and by the agency's days", async () => {
    const everything = await listAudit(server.services.db, CHICAGO);
    const mine = everything.items.filter((e) => ["leads_exported", "document_downloaded", "lead_status_changed"].includes(e.action));
    expect(mine.length).toBe(5);
    const times = everything.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byB = await listAudit(server.services.db, CHICAGO, { adminId: adminB.id });
    expect(byB.items.length).toBeGreaterThanOrEqual(2);
    expect(byB.items.every((e) => e.adminId === adminB.id)).toBe(true);

    // One entry moved three days back: outside "today", inside its own day.
    const [oldest] = await entries("leads_exported");
    await server.services.db
      .update(auditEvents)
      .set({ at: sql`now() - interval '3 days'` })
      .where(and(eq(auditEvents.id, oldest.id)));
    const today = await listAudit(server.services.db, CHICAGO, { from: chicagoDate(0) });
    expect(today.items.some((e) => e.id === oldest.id)).toBe(false);
    // The retention job records its runs on its own schedule: the entries the requests above wrote are compared.
    const requested = (list: { items: { action: string }[] }) => list.items.filter((e) => e.action !== "retention_run").length;
    expect(requested(today)).toBe(requested(everything) - 1);
    const thatDay = await listAudit(server.services.db, CHICAGO, { from: chicagoDate(3), to: chicagoDate(3) });
    expect(thatDay.items.map((e) => e.id)).toEqual([oldest.id]);
    const upToYesterday = await listAudit(server.services.db, CHICAGO, { to: chicagoDate(1) });
    expect(upToYesterday.items.map((e) => e.id)).toEqual([oldest.id]);

    // Pages of the given size follow one another (one admin's entries: a retention run has no admin).
    const byA = { adminId: adminA.id };
    const current = await listAudit(server.services.db, CHICAGO, byA);
    const first = await listAudit(server.services.db, CHICAGO, { ...byA, pageSize: 2 });
    const second = await listAudit(server.services.db, CHICAGO, { ...byA, pageSize: 2, page: 2 });
    expect(current.total).toBeGreaterThanOrEqual(3);
    expect(first.pageCount).toBe(Math.ceil(current.total / 2));
    const paged = [...first.items, ...second.items].map((e) => e.id);
    expect(paged).toEqual(current.items.slice(0, Math.min(4, current.total)).map((e) => e.id));
  });

  it("serves the audit screen's data from its loader, filtered by the query string", async () => {
    const [bChange] = await entries("lead_status_changed");
    const [download] = await entries("document_downloaded");
    const filtered = await get(`/admin/audit?admin=${adminB.id}`, cookieA);
    expect(filtered.status).toBe(200);
    const html = await filtered.text();
    expect(html).toContain(bChange.id);
    expect(html).not.toContain(download.id);

    const all = await (await get("/admin/audit", cookieA)).text();
    expect(all).toContain(download.id);
  });

  it("sends a visitor without a session to sign in", async () => {
    const res = await get("/admin/audit");
    expect(res.status).toBe(302);
    expect(signInLocation(res, "/admin/audit")).toBe(true);
  });

  it("answers bad filters with a clear message, not a server error", async () => {
    const cases: [string, string][] = [
      ["from=2026-13-45", auditMessages.filters.badFrom],
      ["to=yesterday", auditMessages.filters.badTo],
      ["from=2026-02-30", auditMessages.filters.badFrom],
      ["from=2026-11-20&to=2026-11-01", auditMessages.filters.badRange],
      ["admin=someone", auditMessages.filters.badAdmin],
      ["page=0", auditMessages.filters.badPage],
      ["page=abc", auditMessages.filters.badPage],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/admin/audit?${query}`, cookieA);
      expect(res.status, query).toBe(400);
      const html = await res.text();
      expect(html, query).toContain(message);
      expect(html, query).toContain(auditMessages.filters.invalid);
    }
  });
});

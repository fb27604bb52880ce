/**
 * The leads inbox API (docs/decisions/012) on a real server and database, with leads written through
 * the public endpoints: admin only, newest first, filters and keyset pages, the first-response rule,
 * the CSV export with its quoting and formula neutralising, document downloads and the dashboard figures.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, uploads } from "#db/schema";
import { csvColumns } from "../../app/features/leads-inbox/inbox.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, hoaLandingBody, pdfBytes, productQuoteBody, truckingQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Item = {
  _id: string;
  reference: string;
  leadType: string;
  status: string;
  name: string;
  receivedAt: string;
  firstResponseAt: string | null;
  statusChangedAt: string | null;
  attachments: number;
};

const chicagoDate = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);

/** RFC 4180 parsing, written independently of the exporter, to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The export's records (fetch's text() drops the byte-order mark). */
const csvRows = async (res: Response) => parseCsv(await res.text());

describe.each(databaseKinds)("leads inbox on %s", (kind) => {
  let server: Server;
  let cookie: string;
  /** Leads created by the public endpoints, by role. */
  const made: Record<string, { id: string; reference: string }> = {};
  let truckingUpload: { id: string; name: string; size: number };
  let otherUpload: { id: string };
  const pdf = pdfBytes(4096);

  const api = (path: string, init: RequestInit = {}, withCookie = true) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...(withCookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } });
  const postJson = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "vitest-inbox/1.0" },
      body: JSON.stringify(body),
    });
  const patch = (id: string, body: unknown) =>
    api(`/api/leads/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  async function upload(slot: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.append("slot", slot);
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    const res = await fetch(`${server.url}/api/uploads`, { method: "POST", body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; name: string; size: number };
  }
  async function byReference(reference: string) {
    const [row] = await server.services.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
    return { id: row.id, reference };
  }
  const setReceived = (id: string, minutesAgo: number) =>
    server.services.db
      .update(leads)
      .set({ receivedAt: sql`now() - make_interval(mins => ${minutesAgo}::int)` })
      .where(eq(leads.id, id));

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000", RATE_LIMIT_UPLOADS_MAX: "1000" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);

    const contact = await postJson("/api/contacts", contactBody());
    expect(contact.status).toBe(201);
    const [contactRow] = await server.services.db
      .select({ id: leads.id, reference: leads.reference })
      .from(leads)
      .where(eq(leads.leadType, "contact_form"));
    made.contact = contactRow;

    const product = await postJson("/api/submit-lead", productQuoteBody());
    expect(product.status).toBe(201);
    made.product = await byReference((await product.json()).reference);

    const hoa = await postJson(
      "/api/submit-lead",
      hoaLandingBody({
        utm: { utm_source: "google", utm_campaign: "hoa" },
        referrer: "https://www.google.com/",
        pageUrl: "http://localhost/hoa-insurance",
      }),
    );
    expect(hoa.status).toBe(201);
    made.hoa = await byReference((await hoa.json()).reference);

    truckingUpload = await upload("cdl", "perez-cdl.pdf", pdf);
    const trucking = await postJson(
      "/api/submit-lead",
      truckingQuoteBody({ uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id: truckingUpload.id }] }),
    );
    expect(trucking.status).toBe(201);
    made.trucking = await byReference((await trucking.json()).reference);

    otherUpload = await upload("lossRuns", "loss-runs.pdf", pdfBytes(2000));
    const other = await postJson(
      "/api/submit-lead",
      truckingQuoteBody({
        legalBusinessName: "Other Freight",
        uploadedFiles: ["lossRuns"],
        attachments: [{ slot: "lossRuns", id: otherUpload.id }],
      }),
    );
    expect(other.status).toBe(201);
    made.otherTrucking = await byReference((await other.json()).reference);

    // Distinct, known arrival times: contact oldest ... otherTrucking newest.
    const order = ["contact", "product", "hoa", "trucking", "otherTrucking"];
    for (const [i, role] of order.entries()) await setReceived(made[role].id, 10 - i);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 on every endpoint without a session, and 403 to a PATCH from another site", async () => {
    const { id } = made.trucking;
    const endpoints: [string, string][] = [
      ["GET", "/api/leads"],
      ["GET", "/api/leads/export.csv"],
      ["GET", `/api/leads/${id}`],
      ["PATCH", `/api/leads/${id}`],
      ["GET", `/api/leads/${id}/documents/${truckingUpload.id}`],
      ["GET", "/api/admin/summary"],
    ];
    for (const [method, path] of endpoints) {
      for (const headers of [{}, { cookie: "admin_session=forged" }] as Record<string, string>[]) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { ...headers, "content-type": "application/json" },
          body: method === "PATCH" ? JSON.stringify({ status: "won" }) : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await res.json()).toMatchObject({ success: false });
      }
    }
    const foreign = await api(`/api/leads/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ status: "won" }),
    });
    expect(foreign.status).toBe(403);
    const [row] = await server.services.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id));
    expect(row.status).toBe("new");
  });

  it("lists every lead newest first with the inbox's fields, the total, the types present and the server's clock", async () => {
    const res = await api("/api/leads");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, total: 5, nextCursor: null });
    expect(body.data.map((l: Item) => l.reference)).toEqual(
      ["otherTrucking", "trucking", "hoa", "product", "contact"].map((r) => made[r].reference),
    );
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        "_id",
        "assigneeId",
        "assigneeName",
        "attachments",
        "businessState",
        "dueAt",
        "email",
        "escalateAt",
        "firstResponseAt",
        "leadType",
        "name",
        "notificationFailed",
        "outsideLicensedStates",
        "phone",
        "receivedAt",
        "reference",
        "service",
        "source",
        "status",
        "statusChangedAt",
        "submissionType",
        "textedAt",
      ].sort(),
    );
    expect(body.data[1]).toMatchObject({
      _id: made.trucking.id,
      leadType: "commercial_trucking_quote",
      submissionType: "Commercial Trucking Quote",
      source: "Website Quote Form",
      status: "new",
      name: "Luis Ortega",
      phone: "(512) 555-0123",
      service: "Commercial Trucking",
      businessState: "Texas",
      outsideLicensedStates: false,
      firstResponseAt: null,
      attachments: 1,
    });
    expect(body.data[4]).toMatchObject({
      leadType: "contact_form",
      name: "Dana Whitfield",
      service: "Contractors Insurance",
      attachments: 0,
      businessState: null,
    });
    expect(body.types).toEqual(["commercial_trucking_quote", "contact_form", "hoa_quote_landing", "product_page_quote"]);
    expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(body.data[0].receivedAt)).toBeGreaterThan(Date.parse(body.data[1].receivedAt));
  });

  it("filters by type and by status, and refuses invalid parameters with 400 and per-field errors", async () => {
    const trucking = await (await api("/api/leads?type=commercial_trucking_quote")).json();
    expect(trucking.total).toBe(2);
    expect(trucking.data.map((l: Item) => l._id)).toEqual([made.otherTrucking.id, made.trucking.id]);

    expect((await (await api("/api/leads?status=contacted")).json()).total).toBe(0);
    expect((await (await api("/api/leads?status=new&type=hoa_quote_landing")).json()).data.map((l: Item) => l._id)).toEqual([made.hoa.id]);
    // An empty parameter is no filter.
    expect((await (await api("/api/leads?status=&type=")).json()).total).toBe(5);
    expect(await (await api("/api/leads?type=chat")).json()).toMatchObject({ total: 0, data: [] });

    for (const [query, field] of [
      ["status=pending", "status"],
      ["type=Robert');DROP", "type"],
      ["limit=0", "limit"],
      ["limit=500", "limit"],
      ["limit=abc", "limit"],
      ["before=L-123", "before"],
    ]) {
      const res = await api(`/api/leads?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.errors[field], query).toEqual(expect.any(String));
    }
  });

  it("pages with limit and before (the last _id of the previous page) without gaps or repeats", async () => {
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const answer: { data: Item[]; total: number; nextCursor: string | null } = await (
        await api(`/api/leads?limit=2${before ? `&before=${before}` : ""}`)
      ).json();
      expect(answer.total).toBe(5);
      expect(answer.data.length).toBeLessThanOrEqual(2);
      seen.push(...answer.data.map((l) => l._id));
      before = answer.nextCursor;
      if (before) expect(before).toBe(answer.data.at(-1)!._id);
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(["otherTrucking", "trucking", "hoa", "product", "contact"].map((r) => made[r].id));

    // Two leads received at the same instant are still ordered, and paged, without a gap.
    await server.services.db
      .update(leads)
      .set({ receivedAt: sql`(select received_at from leads where id = ${made.hoa.id})` })
      .where(eq(leads.id, made.product.id));
    const all: string[] = [];
    before = null;
    do {
      const answer: { data: Item[]; nextCursor: string | null } = await (
        await api(`/api/leads?limit=1${before ? `&before=${before}` : ""}`)
      ).json();
      all.push(...answer.data.map((l) => l._id));
      before = answer.nextCursor;
    } while (before && all.length < 10);
    expect(all.sort()).toEqual(
      Object.values(made)
        .map((m) => m.id)
        .sort(),
    );
    await setReceived(made.product.id, 9);
  });

  it("shows one lead with its payload, follow-up data, consent record and documents; 404 and 400 otherwise", async () => {
    const contact = (await (await api(`/api/leads/${made.contact.id}`)).json()).data;
    expect(contact).toMatchObject({
      _id: made.contact.id,
      reference: made.contact.reference,
      userAgent: "vitest-inbox/1.0",
      pageUrl: "http://localhost/contact",
      documents: [],
    });
    expect(contact.payload).toMatchObject({ fullName: "Dana Whitfield", insuranceType: "Contractors Insurance", smsConsent: true });
    expect(contact.ip).toBeTruthy();
    expect(contact.consent).toMatchObject({
      consented: true,
      sourceForm: "contact_form",
      consentVersion: expect.any(String),
      consentText: expect.stringMatching(/\w/),
      recordHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const hoa = (await (await api(`/api/leads/${made.hoa.id}`)).json()).data;
    expect(hoa).toMatchObject({ referrer: "https://www.google.com/", utm: { utm_source: "google", utm_campaign: "hoa" }, consent: null });
    expect(hoa.payload).toMatchObject({
      hoaType: "Townhome",
      coverageNeeded: "D&O Liability",
      numberOfUnits: "51-100 units",
      leadType: "hoa_quote_landing",
    });

    const trucking = (await (await api(`/api/leads/${made.trucking.id}`)).json()).data;
    expect(trucking.documents).toEqual([
      {
        id: truckingUpload.id,
        slot: "cdl",
        name: truckingUpload.name,
        size: pdf.length,
        type: "application/pdf",
        createdAt: expect.any(String),
      },
    ]);
    expect(trucking.payload.coverages).toEqual(["Auto Liability", "Cargo Liability"]);

    const missing = await api("/api/leads/5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: "Lead not found" });
    const invalid = await api("/api/leads/not-a-uuid");
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors.id).toEqual(expect.any(String));
  });

  it("moves a lead through the pipeline: the first move out of new sets the first response, never overwritten or cleared", async () => {
    const { id } = made.product;
    const contacted = await patch(id, { status: "contacted" });
    expect(contacted.status).toBe(200);
    const first = await contacted.json();
    expect(first).toMatchObject({ success: true, message: "Lead status updated", data: { _id: id, status: "contacted" } });
    expect(first.data.firstResponseAt).toEqual(expect.any(String));
    expect(first.data.statusChangedAt).toBe(first.data.firstResponseAt);
    expect(Math.abs(Date.parse(first.data.firstResponseAt) - Date.now())).toBeLessThan(60_000);

    await new Promise((r) => setTimeout(r, 20));
    const quoted = (await (await patch(id, { status: "quoted" })).json()).data;
    expect(quoted.status).toBe("quoted");
    expect(quoted.firstResponseAt).toBe(first.data.firstResponseAt);
    expect(Date.parse(quoted.statusChangedAt)).toBeGreaterThan(Date.parse(first.data.statusChangedAt));

    const backToNew = (await (await patch(id, { status: "new" })).json()).data;
    expect(backToNew).toMatchObject({ status: "new", firstResponseAt: first.data.firstResponseAt });
    const again = (await (await patch(id, { status: "won" })).json()).data;
    expect(again).toMatchObject({ status: "won", firstResponseAt: first.data.firstResponseAt });

    // The same status again changes nothing, not even status_changed_at.
    const same = (await (await patch(id, { status: "won" })).json()).data;
    expect(same.statusChangedAt).toBe(again.statusChangedAt);

    const unknown = await patch(id, { status: "archived" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.status).toMatch(/status must be one of: new, contacted, quoted, won, lost/);
    expect((await patch(id, {})).status).toBe(400);
    expect((await patch("5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11", { status: "won" })).status).toBe(404);
    expect((await patch("nope", { status: "won" })).status).toBe(400);

    const listed = (await (await api("/api/leads?status=won")).json()).data;
    expect(listed.map((l: Item) => l._id)).toEqual([id]);
  });

  it("exports the filtered list as CSV: attachment, header row, RFC 4180 quoting and neutralised formulas", async () => {
    const tricky = await postJson(
      "/api/contacts",
      contactBody({ fullName: '=HYPERLINK("http://evil.example","Click")', email: "tricky@example.com", phoneNumber: "+1 (512) 555-0100" }),
    );
    expect(tricky.status, await tricky.clone().text()).toBe(201);
    const comma = await postJson(
      "/api/contacts",
      contactBody({ fullName: 'Whitfield, Dana "DJ"', email: "dj@example.com", phoneNumber: "-512-555-0111" }),
    );
    expect(comma.status, await comma.clone().text()).toBe(201);

    const res = await api("/api/leads/export.csv?type=contact_form");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="leads-${chicagoDate(new Date())}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const raw = bytes.toString("utf8").slice(1);
    expect(raw.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(raw);
    expect(rows[0]).toEqual([...csvColumns]);
    expect(rows[0]).toEqual([
      "Reference",
      "Received",
      "Type",
      "Source",
      "Status",
      "Name",
      "Email",
      "Phone",
      "Service",
      "Business State",
      "Outside Licensed States",
      "First Response",
      "Minutes to First Response",
    ]);
    const records = rows.slice(1);
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.length === 13 && r[2] === "contact_form")).toBe(true);
    const byEmail = (email: string) => records.find((r) => r[6] === email)!;
    expect(byEmail("tricky@example.com")[5]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(byEmail("tricky@example.com")[7]).toBe("'+1 (512) 555-0100");
    expect(byEmail("dj@example.com")[5]).toBe('Whitfield, Dana "DJ"');
    expect(byEmail("dj@example.com")[7]).toBe("'-512-555-0111");
    expect(raw).toContain('"Whitfield, Dana ""DJ"""');
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const dana = byEmail("dana@whitfield-roofing.example");
    expect(dana).toEqual([
      made.contact.reference,
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      "contact_form",
      "Website Contact Form",
      "new",
      "Dana Whitfield",
      "dana@whitfield-roofing.example",
      "(512) 555-0199",
      "Contractors Insurance",
      "",
      "No",
      "",
      "",
    ]);

    // First response and minutes to it; the status filter; no pagination.
    await server.services.db
      .update(leads)
      .set({ firstResponseAt: sql`received_at + interval '12 minutes'`, status: "contacted" })
      .where(eq(leads.id, made.contact.id));
    const contacted = await csvRows(await api("/api/leads/export.csv?status=contacted"));
    expect(contacted).toHaveLength(2);
    expect(contacted[1][0]).toBe(made.contact.reference);
    expect(contacted[1][12]).toBe("12");
    expect(contacted[1][11]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await csvRows(await api("/api/leads/export.csv"))).toHaveLength(1 + 7);

    expect((await api("/api/leads/export.csv?status=bogus")).status).toBe(400);
  });

  it("downloads a lead's document as an attachment with its bytes, type and length; 404 for another lead's", async () => {
    // A visitor's name with a non-ASCII letter, quotes and a line break (header injection).
    await server.services.db
      .update(uploads)
      .set({ originalName: 'Pérez CDL "front"\r\nX-Evil: 1.pdf' })
      .where(eq(uploads.id, truckingUpload.id));
    const url = `/api/leads/${made.trucking.id}/documents/${truckingUpload.id}`;
    const res = await api(url, { headers: { "accept-encoding": "gzip, deflate" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(pdf.length));
    // compress() must not touch it: the length stays true.
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toBe(
      `attachment; filename="Perez CDL frontX-Evil: 1.pdf"; filename*=UTF-8''P%C3%A9rez%20CDL%20frontX-Evil%3A%201.pdf`,
    );
    expect(res.headers.get("x-evil")).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);

    // Another lead's upload through this lead's address, an unknown one, and a non-uuid.
    for (const path of [
      `/api/leads/${made.trucking.id}/documents/${otherUpload.id}`,
      `/api/leads/${made.hoa.id}/documents/${truckingUpload.id}`,
      `/api/leads/${made.trucking.id}/documents/5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11`,
      `/api/leads/${made.trucking.id}/documents/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const refused = await api(path);
      expect(refused.status, path).toBe(404);
      expect((await refused.json()).success).toBe(false);
    }
    const own = await api(`/api/leads/${made.otherTrucking.id}/documents/${otherUpload.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe('attachment; filename="loss-runs.pdf"');
    expect((await own.arrayBuffer()).byteLength).toBe(2000);
  });

  it("answers a missing file with 404, not a broken 200", async () => {
    const { storage } = server.services;
    const id = (await upload("lossRuns", "gone.pdf", pdfBytes(1500))).id;
    const res = await postJson(
      "/api/submit-lead",
      truckingQuoteBody({ legalBusinessName: "Gone Freight", uploadedFiles: ["lossRuns"], attachments: [{ slot: "lossRuns", id }] }),
    );
    const lead = await byReference((await res.json()).reference);
    await storage.delete(id);
    const download = await api(`/api/leads/${lead.id}/documents/${id}`);
    expect(download.status).toBe(404);
    expect((await download.json()).message).toMatch(/missing/);
  });

  it("counts new leads today (agency time), leads waiting and leads past the 30-minute promise", async () => {
    const db = server.services.db;
    // A known state: everything so far answered long ago...
    await db.update(leads).set({ status: "won", receivedAt: sql`now() - interval '3 days'` });
    const fresh = async (minutesAgo: number, status = "new") => {
      const res = await postJson("/api/submit-lead", hoaLandingBody({ email: `summary-${minutesAgo}-${status}@example.com` }));
      const lead = await byReference((await res.json()).reference);
      await db
        .update(leads)
        .set({
          status,
          receivedAt: sql`now() - make_interval(mins => ${minutesAgo}::int)`,
          // Due 30 minutes after it arrived, whatever the clock made of the real arrival (docs/decisions/027).
          dueAt: sql`now() - make_interval(mins => ${minutesAgo}::int) + interval '30 minutes'`,
        })
        .where(eq(leads.id, lead.id));
      return lead.id;
    };
    // ...then: new just now, new 25 min ago (near the limit), new 31 and 45 min ago (overdue), contacted 40 min ago.
    const ids = [await fresh(0), await fresh(25), await fresh(31), await fresh(45), await fresh(40, "contacted")];
    // And one new lead received just before midnight where the agency is: waiting and overdue, not today.
    const lastNight = await fresh(0);
    await db
      .update(leads)
      .set({
        receivedAt: sql`(date_trunc('day', now() at time zone 'America/Chicago') at time zone 'America/Chicago') - interval '1 minute'`,
        dueAt: sql`(date_trunc('day', now() at time zone 'America/Chicago') at time zone 'America/Chicago') + interval '29 minutes'`,
      })
      .where(eq(leads.id, lastNight));

    const rows = await db
      .select({ receivedAt: leads.receivedAt, dueAt: leads.dueAt, status: leads.status })
      .from(leads)
      .where(inArray(leads.id, [...ids, lastNight]));
    const today = chicagoDate(new Date());
    const [lastNightRow] = await db.select({ receivedAt: leads.receivedAt }).from(leads).where(eq(leads.id, lastNight));
    expect(chicagoDate(lastNightRow.receivedAt)).not.toBe(today);
    const expectedToday = rows.filter((r) => chicagoDate(r.receivedAt) === today).length;
    // Overdue means past the due time fixed at arrival (so last night's lead is not overdue in the first half hour after midnight).
    const expectedOverdue = rows.filter((r) => r.status === "new" && r.dueAt !== null && r.dueAt.getTime() < Date.now()).length;
    expect(expectedOverdue).toBeGreaterThanOrEqual(2);

    const res = await api("/api/admin/summary");
    expect(res.status).toBe(200);
    // The promise kept over 7 and 30 days has its own test (sla-summary.test.ts).
    expect(await res.json()).toEqual({
      success: true,
      data: {
        newToday: expectedToday,
        waiting: 5,
        overdue: expectedOverdue,
        last7Days: expect.objectContaining({ leads: expect.any(Number) }),
        last30Days: expect.objectContaining({ leads: expect.any(Number) }),
      },
    });
  });
});

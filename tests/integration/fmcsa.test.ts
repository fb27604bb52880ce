/**
 * The FMCSA carrier feature (docs/decisions/063) against a local server speaking QCMobile's API from
 * the recorded answers in tests/fixtures/fmcsa/: the lookup that fills /quote (fields, cache, refused
 * numbers, unknown carriers, wrong shapes, timeout and breaker), the trucking leads' carrier checks run
 * by the job machinery (every flag on the fixture built for it, none on a clean record), the packet's
 * PDF and ZIP, and the site without FMCSA_WEB_KEY, exactly as before.
 */
import { inflateRawSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, fmcsaCarriers, leadCarrierChecks, leads } from "#db/schema";
import { fmcsaMessages } from "../../app/features/fmcsa/messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { pdfBytes, truckingQuoteBody } from "../support/lead-fixtures";
import { captureLogs } from "../support/logs";
import { STAND_IN_KEY, startQcMobile } from "../support/qcmobile";
import { startTestServer } from "../support/server";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);

/** The entries of a ZIP, read from its central directory (stored or deflated). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const recentStart = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds)("FMCSA carrier lookup, checks and packet on %s", (kind) => {
  let qc: Awaited<ReturnType<typeof startQcMobile>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  const logs = captureLogs();
  beforeAll(async () => {
    qc = await startQcMobile({ hang: new Set(["1000013", "1000014", "1000015", "1000016"]) });
    server = await startTestServer(
      kind,
      {
        FMCSA_WEB_KEY: STAND_IN_KEY,
        FMCSA_API_BASE: qc.url,
        RATE_LIMIT_FORMS_MAX: "1000",
        RATE_LIMIT_UPLOADS_MAX: "1000",
        // The checks are run by the test (drain), so each result is read when it is there.
        BACKGROUND_JOBS: "false",
        LOG_LEVEL: "warn",
      },
      { logs: logs.destination },
    );
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await qc?.close();
  });

  const lookup = (dot: string) => fetch(`${server.url}/api/fmcsa/carrier/${dot}`);
  const submit = async (over: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/api/submit-lead`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(truckingQuoteBody({ submissionDate: new Date().toISOString(), ...over })),
    });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const [row] = await server.services.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
    return { id: row.id, reference };
  };
  const leadApi = async (id: string) => {
    const res = await fetch(`${server.url}/api/leads/${id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()).data as {
      fmcsa: { status: string; outcome: string; record: Record<string, unknown> | null; flags: { code: string; message: string }[] } | null;
    };
  };

  it("answers the fields FMCSA's record fills in, then from the cache for 24 hours", async () => {
    const before = qc.requests.length;
    const res = await lookup("3456789");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      message: fmcsaMessages.api.found("3456789"),
      data: {
        dotNumber: "3456789",
        fields: [
          { name: "legalBusinessName", label: "Legal business name", value: "ORTEGA FREIGHT LLC", ticked: true },
          {
            name: "dotAddress",
            label: "Address on your USDOT registration",
            value: "200 INDUSTRIAL BLVD, GEORGETOWN, TX 78626",
            ticked: true,
          },
          {
            name: "mailingAddress",
            label: "Mailing address (the USDOT address)",
            value: "200 INDUSTRIAL BLVD, GEORGETOWN, TX 78626",
            ticked: false,
          },
          { name: "mcNumber", label: "MC number", value: "MC-123456", ticked: true },
          { name: "totalPowerUnits", label: "Total power units", value: "3", ticked: true },
          { name: "totalDrivers", label: "Total drivers", value: "4", ticked: true },
        ],
      },
    });
    // The carrier, its authority, cargo, operation classes and out-of-service orders: five calls, then none.
    expect(qc.requests.length - before).toBe(5);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const again = await lookup("3456789");
    expect((await again.json()).data.fields[0].value).toBe("ORTEGA FREIGHT LLC");
    expect(qc.requests.length - before).toBe(5);
    // A cached answer older than 24 hours is asked again.
    await server.services.db
      .update(fmcsaCarriers)
      .set({ fetchedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(fmcsaCarriers.dotNumber, "3456789"));
    expect((await lookup("3456789")).status).toBe(200);
    expect(qc.requests.length - before).toBe(10);
  });

  it("refuses a number that is not 1 to 8 digits before any lookup", async () => {
    const before = qc.requests.length;
    for (const dot of ["123456789", "12a45", "-1", "%20123", "1.5", encodeURIComponent("<script>")]) {
      const res = await lookup(dot);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: fmcsaMessages.api.invalidDot,
        errors: { dot: fmcsaMessages.api.invalidDot },
      });
    }
    expect(qc.requests.length).toBe(before);
  });

  it("says so for a number FMCSA does not know, and logs and ignores an answer of the wrong shape", async () => {
    const unknown = await lookup("9999999");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(fmcsaMessages.api.notFound("9999999"));
    logs.clear();
    const wrong = await lookup("1000012");
    expect(wrong.status).toBe(503);
    expect((await wrong.json()).message).toBe(fmcsaMessages.api.unavailable);
    expect(logs.lines.some((l) => l.msg === "FMCSA answered in an unexpected shape; ignored" && l.dotNumber === "1000012")).toBe(true);
    // Nothing of it is kept: the next lookup asks again.
    expect(await server.services.db.select().from(fmcsaCarriers).where(eq(fmcsaCarriers.dotNumber, "1000012"))).toEqual([]);
  });

  it("checks a new trucking lead's carrier through the job queue: no flags on a clean record", async () => {
    const lead = await submit({ dotNumber: "3456789" });
    // Queued in the lead's transaction, not looked up in the request.
    const [queued] = await server.services.db.select().from(leadCarrierChecks).where(eq(leadCarrierChecks.leadId, lead.id));
    expect(queued).toMatchObject({ status: "pending", dotNumber: "3456789" });
    expect((await leadApi(lead.id)).fmcsa).toMatchObject({ status: "pending", record: null, flags: [] });
    expect(await server.services.fmcsa?.checks.drain()).toBeGreaterThanOrEqual(1);
    const { fmcsa } = await leadApi(lead.id);
    expect(fmcsa).toMatchObject({ status: "done", outcome: "found", flags: [] });
    expect(fmcsa?.record).toMatchObject({ legalName: "ORTEGA FREIGHT LLC", dotNumber: "3456789", mcNumber: "MC-123456" });
    // Run once: a second drain finds nothing to do.
    expect(await server.services.fmcsa?.checks.drain()).toBe(0);
  });

  const flagCases: [string, string, Record<string, unknown>][] = [
    ["1000002", "name_mismatch", {}],
    ["1000003", "address_mismatch", {}],
    ["1000004", "power_units_mismatch", {}],
    ["1000005", "drivers_mismatch", {}],
    ["1000006", "new_venture", { businessStartDate: recentStart() }],
    ["1000007", "intrastate_only", {}],
    ["1000008", "out_of_service", {}],
    ["1000009", "safety_rating", {}],
    ["1000010", "safety_rating", {}],
    ["1000011", "mcs150_outdated", {}],
  ];
  it("raises each flag on the fixture built for it, and the inbox marks the lead", async () => {
    const made = [];
    for (const [dot, code, over] of flagCases) made.push({ ...(await submit({ dotNumber: dot, ...over })), code });
    await server.services.fmcsa?.checks.drain();
    for (const { id, code } of made) {
      const { fmcsa } = await leadApi(id);
      expect(fmcsa?.flags.map((f) => f.code)).toEqual([code]);
      expect(fmcsa?.flags[0].message.length).toBeGreaterThan(10);
    }
    const inbox = await fetch(`${server.url}/admin/leads`, { headers: { cookie } });
    const html = await inbox.text();
    expect(html.match(/data-testid="fmcsa-flags"/g)?.length ?? 0).toBeGreaterThanOrEqual(flagCases.length);
    expect(html).toContain(fmcsaMessages.screen.inboxMark(1));
    // The lead screen lists the flag and the record.
    const screen = await (await fetch(`${server.url}/admin/leads/${made[6].id}`, { headers: { cookie } })).text();
    expect(screen).toContain(fmcsaMessages.screen.heading);
    expect(screen).toContain(fmcsaMessages.flags.out_of_service("2025-11-05"));
    expect(screen).toContain(fmcsaMessages.screen.packetPdf);
  });

  it("ends the check of an unknown carrier or a wrong-shaped answer with that outcome, and flags nothing", async () => {
    const unknown = await submit({ dotNumber: "9999999" });
    const wrong = await submit({ dotNumber: "1000012" });
    await server.services.fmcsa?.checks.drain();
    expect((await leadApi(unknown.id)).fmcsa).toMatchObject({ status: "done", outcome: "not_found", record: null, flags: [] });
    expect((await leadApi(wrong.id)).fmcsa).toMatchObject({ status: "done", outcome: "invalid", record: null, flags: [] });
  });

  it("builds the packet: the PDF holds every answer, the record and flags; the ZIP every document byte for byte", async () => {
    const upload = async (slot: string, name: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append("slot", slot);
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${server.url}/api/uploads`, { method: "POST", body: form });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string };
    };
    const pdfDoc = pdfBytes(5000);
    const cdl = await upload("cdl", "cdl front.pdf", pdfDoc, "application/pdf");
    const reg = await upload("vehicleRegistration", "registration.png", PNG, "image/png");
    const answers = truckingQuoteBody({ dotNumber: "1000004", notes: "Wants a BMC-91X filing by Friday & a certificate for the shipper." });
    const lead = await submit({
      ...answers,
      attachments: [
        { slot: "cdl", id: cdl.id },
        { slot: "vehicleRegistration", id: reg.id },
      ],
      uploadedFiles: ["cdl", "vehicleRegistration"],
    });
    await server.services.fmcsa?.checks.drain();

    const res = await fetch(`${server.url}/api/leads/${lead.id}/packet.pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${lead.reference}-packet.pdf"`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    const skip = new Set(["leadType", "submissionType", "source", "uploadedFiles", "attachments", "submissionDate"]);
    for (const [key, value] of Object.entries(answers)) {
      if (skip.has(key) || value === "" || (Array.isArray(value) && value.length === 0)) continue;
      const shown = Array.isArray(value) ? value.join(", ") : String(value);
      expect(flat, key).toContain(shown);
    }
    for (const title of Object.values(fmcsaMessages.packet.sections)) expect(flat).toContain(title);
    expect(flat).toContain(fmcsaMessages.flags.power_units_mismatch(3, 6));
    expect(flat).toContain("ORTEGA FREIGHT LLC");
    expect(flat).toContain("cdl front.pdf");
    expect(flat).toContain(lead.reference);

    const zipRes = await fetch(`${server.url}/api/leads/${lead.id}/packet.zip`, { headers: { cookie } });
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers.get("content-type")).toBe("application/zip");
    const files = unzip(Buffer.from(await zipRes.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual(
      [`${lead.reference}-packet.pdf`, "cdl/cdl-1-cdl front.pdf", "vehicleRegistration/vehicleRegistration-1-registration.png"].sort(),
    );
    expect(files.get("cdl/cdl-1-cdl front.pdf")?.equals(pdfDoc)).toBe(true);
    expect(files.get("vehicleRegistration/vehicleRegistration-1-registration.png")?.equals(PNG)).toBe(true);
    expect(files.get(`${lead.reference}-packet.pdf`)?.subarray(0, 5).toString()).toBe("%PDF-");

    // Each download is an export in the audit trail.
    const audited = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead_packet_exported"), eq(auditEvents.targetId, lead.id)));
    expect(audited.map((a) => (a.detail as { format: string }).format).sort()).toEqual(["pdf", "zip"]);
  });

  it("gives the packet to roles that may export, and to no one signed out", async () => {
    const lead = await submit({ dotNumber: "3456789" });
    expect((await fetch(`${server.url}/api/leads/${lead.id}/packet.pdf`)).status).toBe(401);
    const staff = { email: "staff-packet@agency.example", password: "a long staff password here" };
    await ensureAdmin(server.services, staff, "staff");
    const staffCookie = await signIn(server.url, staff);
    expect((await fetch(`${server.url}/api/leads/${lead.id}/packet.zip`, { headers: { cookie: staffCookie } })).status).toBe(403);
    const screen = await (await fetch(`${server.url}/admin/leads/${lead.id}`, { headers: { cookie: staffCookie } })).text();
    expect(screen).not.toContain(fmcsaMessages.screen.packetPdf);
  });

  it("bounds a hanging FMCSA to 2 seconds, opens the breaker after 3 failures, and the form still submits at once", async () => {
    const started = Date.now();
    const hanging = Promise.all(["1000013", "1000014", "1000015"].map(async (dot) => (await lookup(dot)).status));
    // While FMCSA hangs, a trucking quote is stored and answered in under a second.
    const t0 = Date.now();
    const lead = await submit({ dotNumber: "1000016" });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await hanging).toEqual([503, 503, 503]);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4000);
    // The breaker is open: the next lookup answers at once without asking FMCSA.
    const before = qc.requests.length;
    const t1 = Date.now();
    const res = await lookup("1000016");
    expect(res.status).toBe(503);
    expect(Date.now() - t1).toBeLessThan(500);
    expect(qc.requests.length).toBe(before);
    // The lead's check waits for a later try, and its lead is intact.
    await server.services.fmcsa?.checks.drain();
    const [check] = await server.services.db.select().from(leadCarrierChecks).where(eq(leadCarrierChecks.leadId, lead.id));
    expect(check).toMatchObject({ status: "pending", attempts: 1, lastError: "FMCSA unavailable" });
    expect(check.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("without FMCSA_WEB_KEY the feature is off", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(databaseKinds[0], { RATE_LIMIT_FORMS_MAX: "1000", BACKGROUND_JOBS: "false" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has no lookup, no offer on /quote, no carrier check and no FMCSA section", async () => {
    expect(server.services.fmcsa).toBeNull();
    const res = await fetch(`${server.url}/api/fmcsa/carrier/3456789`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(fmcsaMessages.api.off);
    const quote = await (await fetch(`${server.url}/quote`)).text();
    expect(quote).not.toContain(fmcsaMessages.lookup.button);
    const post = await fetch(`${server.url}/api/submit-lead`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(truckingQuoteBody({ submissionDate: new Date().toISOString() })),
    });
    expect(post.status).toBe(201);
    expect(await server.services.db.select().from(leadCarrierChecks)).toEqual([]);
    await ensureAdmin(server.services);
    const cookie = await signIn(server.url);
    const [row] = await server.services.db.select({ id: leads.id }).from(leads);
    const lead = await (await fetch(`${server.url}/api/leads/${row.id}`, { headers: { cookie } })).json();
    expect(lead.data.fmcsa).toBeNull();
    const screen = await (await fetch(`${server.url}/admin/leads/${row.id}`, { headers: { cookie } })).text();
    expect(screen).not.toContain(fmcsaMessages.screen.heading);
    // The packet holds the answers and documents without the lookup: no FMCSA part.
    expect(screen).toContain(fmcsaMessages.screen.packetHeading);
    expect(screen).toContain(fmcsaMessages.screen.packetPdf);
    const packet = await fetch(`${server.url}/api/leads/${row.id}/packet.pdf`, { headers: { cookie } });
    expect(packet.status).toBe(200);
    expect(packet.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await packet.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("shows /quote the lookup's words once a key is set", async () => {
    // The lookup's offer is drawn by the browser after hydration; its words reach the page in the loader's data.
    const qc = await startQcMobile();
    const on = await startTestServer(databaseKinds[0], { FMCSA_WEB_KEY: STAND_IN_KEY, FMCSA_API_BASE: qc.url });
    try {
      expect(await (await fetch(`${on.url}/quote`)).text()).toContain(fmcsaMessages.lookup.button);
    } finally {
      await on.close();
      await qc.close();
    }
  });
});

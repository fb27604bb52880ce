/**
 * POST /api/submit-lead with the trucking quote of /quote: exact lead type, the licensed-state
 * flag, documents linked to the lead in the same transaction, and nothing written when any part fails.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, mailOutbox, uploads } from "#db/schema";
import { uploadMessages } from "../../app/features/uploads/messages";
import { databaseKinds } from "../support/databases";
import { truckingQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

const quote = truckingQuoteBody();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(databaseKinds)("trucking quote leads on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      RATE_LIMIT_FORMS_MAX: "1000",
      RATE_LIMIT_UPLOADS_MAX: "1000",
      // Small, so a test can go over them: three documents, 4 KB in all.
      UPLOAD_LEAD_MAX_FILES: "3",
      UPLOAD_LEAD_MAX_BYTES: "4096",
      // Mail stays queued, so the tests read what each notification says (a sent row's content is cleared).
      BACKGROUND_JOBS: "false",
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (body: unknown) =>
    fetch(`${server.url}/api/submit-lead`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  async function upload(slot: string, name: string, bytes: Buffer, type: string) {
    const form = new FormData();
    form.append("slot", slot);
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${server.url}/api/uploads`, { method: "POST", body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; slot: string; name: string; size: number };
  }
  const rowCounts = async () => ({
    leads: (await server.services.db.select({ n: count() }).from(leads))[0].n,
    mails: (await server.services.db.select({ n: count() }).from(mailOutbox))[0].n,
  });

  it("stores the lead with the spec's submissionType, source and leadType, links its documents and lists them in the notification", async () => {
    const cdl = await upload("cdl", "cdl-front.pdf", PDF, "application/pdf");
    const registration = await upload("vehicleRegistration", "cab registration.png", PNG, "image/png");
    const res = await post({
      ...quote,
      submissionDate: new Date().toISOString(),
      uploadedFiles: ["cdl", "vehicleRegistration"],
      attachments: [
        { slot: "cdl", id: cdl.id },
        { slot: "vehicleRegistration", id: registration.id },
      ],
      utm: { utm_source: "google", utm_campaign: "trucking" },
      referrer: "https://www.google.com/",
    });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({ success: true, reference: expect.stringMatching(/^L-[0-9A-Z]{6}$/) });

    const [row] = await server.services.db.select().from(leads).where(eq(leads.reference, answer.reference));
    expect(row).toMatchObject({
      leadType: "commercial_trucking_quote",
      submissionType: "Commercial Trucking Quote",
      source: "Website Quote Form",
      name: "Luis Ortega",
      email: quote.email,
      phone: quote.phone,
      service: "Commercial Trucking",
      businessState: "Texas",
      outsideLicensedStates: false,
      utm: { utm_source: "google", utm_campaign: "trucking" },
      referrer: "https://www.google.com/",
    });
    expect(row.userAgent).toBeTruthy();
    expect(row.ip).toBeTruthy();
    expect(row.payload).toMatchObject({
      legalBusinessName: "Ortega Freight LLC",
      uploadedFiles: ["cdl", "vehicleRegistration"],
      coverages: ["Auto Liability", "Cargo Liability"],
      totalPowerUnits: 3,
    });

    const linked = await server.services.db.select().from(uploads).where(eq(uploads.leadId, row.id));
    expect(linked.map((u) => u.id).sort()).toEqual([cdl.id, registration.id].sort());

    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, row.id));
    const notification = mails.find((m) => m.kind === "agency_notification")!;
    expect(notification.subject).toBe("Commercial Trucking Quote from Ortega Freight LLC");
    expect(notification.textBody).toContain("cdl-front.pdf");
    expect(notification.textBody).toContain("cab registration.png");
    expect(notification.textBody).toContain("USDOT Number");
    expect(mails.find((m) => m.kind === "visitor_autoreply")?.toAddress).toBe(quote.email);
  });

  it("flags, and does not refuse, a business outside the licensed states", async () => {
    const res = await post({ ...quote, businessState: "Nevada", email: "nv@ortega-freight.example", uploadedFiles: [], attachments: [] });
    expect(res.status).toBe(201);
    const [row] = await server.services.db
      .select()
      .from(leads)
      .where(eq(leads.reference, (await res.json()).reference));
    expect(row).toMatchObject({ businessState: "Nevada", outsideLicensedStates: true });
    const [notification] = await server.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.leadId, row.id))
      .then((m) => m.filter((x) => x.kind === "agency_notification"));
    expect(notification.textBody).toContain("outside the agency's licensed states");
  });

  it("answers no reference and writes nothing when an attachment is unknown, already used or in another slot", async () => {
    const cdl = await upload("cdl", "cdl.pdf", PDF, "application/pdf");
    const before = await rowCounts();
    for (const attachments of [[{ slot: "cdl", id: "5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11" }], [{ slot: "lossRuns", id: cdl.id }]]) {
      const res = await post({ ...quote, uploadedFiles: ["cdl"], attachments });
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.success).toBe(false);
      expect(answer.reference).toBeUndefined();
      expect(answer.errors.attachments).toMatch(/expired or was not found/);
    }
    expect(await rowCounts()).toEqual(before);
    const [stillFree] = await server.services.db.select().from(uploads).where(eq(uploads.id, cdl.id));
    expect(stillFree.leadId).toBeNull();

    // Linked once, it cannot be claimed by a second lead.
    expect((await post({ ...quote, uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id: cdl.id }] })).status).toBe(201);
    const again = await post({ ...quote, uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id: cdl.id }] });
    expect(again.status).toBe(400);
  });

  it("refuses a quote claiming more documents, or more bytes, than one quote may (UPLOAD_LEAD_MAX_FILES, UPLOAD_LEAD_MAX_BYTES), storing nothing", async () => {
    const small = await Promise.all(
      ["cdl", "cdl", "vehicleRegistration", "lossRuns"].map((slot, i) => upload(slot, `doc-${i}.png`, PNG, "image/png")),
    );
    const big = await Promise.all(
      ["lossRuns", "lossRuns"].map((slot, i) =>
        upload(slot, `loss-runs-${i}.pdf`, Buffer.concat([PDF, Buffer.alloc(2500, 0x20)]), "application/pdf"),
      ),
    );
    const before = await rowCounts();
    const cases = [
      { attachments: small, error: uploadMessages.leadTooManyFiles(3) },
      { attachments: big, error: uploadMessages.leadTooManyBytes(4096) },
    ];
    for (const { attachments, error } of cases) {
      const res = await post({
        ...quote,
        uploadedFiles: [...new Set(attachments.map((a) => a.slot))],
        attachments: attachments.map(({ slot, id }) => ({ slot, id })),
      });
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: false, errors: { attachments: error } });
      expect(answer.reference).toBeUndefined();
    }
    expect(uploadMessages.leadTooManyBytes(4096)).toContain("4KB");
    expect(await rowCounts()).toEqual(before);
    for (const a of [...small, ...big]) {
      const [row] = await server.services.db.select().from(uploads).where(eq(uploads.id, a.id));
      expect(row.leadId).toBeNull();
    }
    // Within both limits, the same documents go through.
    const within = [small[0], small[2], big[0]];
    const ok = await post({
      ...quote,
      uploadedFiles: [...new Set(within.map((a) => a.slot))],
      attachments: within.map(({ slot, id }) => ({ slot, id })),
    });
    expect(ok.status).toBe(201);
  });

  it("refuses a missing required field with the spec's message, and an empty coverage list", async () => {
    const { legalBusinessName: _, ...rest } = quote;
    const res = await post({ ...rest, coverages: [] });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors.legalBusinessName).toBe("This field is required");
    expect(errors.coverages).toBe("Please select at least one coverage option");
  });

  it("refuses the trucking quote under another submissionType, and an unknown leadType", async () => {
    const wrong = await post({ ...quote, submissionType: "Commercial Trucking Quote - Landing Page" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.submissionType).toBe('submissionType must be "Commercial Trucking Quote"');
    const unknown = await post({ ...quote, leadType: "boat_quote" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.leadType).toMatch(/^leadType must be one of: .*commercial_trucking_quote/);
  });
});

/**
 * POST /quote: the trucking quote form's route action, as a browser without scripts sends it (a
 * URL-encoded form). It stores the same lead /api/submit-lead stores for the same answers, and applies
 * the same rules: field errors, the honeypot, the "forms" rate limit (one count with the API's), the
 * body's size and type, requests from other sites, and documents claimed by id.
 */
import { request as httpRequest } from "node:http";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, mailOutbox, uploads } from "#db/schema";
import { quoteFieldMessages } from "../../app/features/quote/field-messages";
import { quoteMessages } from "../../app/features/quote/messages";
import { uploadMessages } from "../../app/features/uploads/messages";
import { postMessages } from "../../app/lib/post-messages";
import { databaseKinds } from "../support/databases";
import { pdfBytes, truckingQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

const FORMS_MAX = 5;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** The fixture's answers as the form on /quote posts them: the trucking fields only, lists as repeated names. */
function formAnswers(over: Record<string, unknown> = {}): Record<string, unknown> {
  const { leadType: _l, submissionType: _s, source: _o, uploadedFiles: _u, attachments: _a, ...fields } = truckingQuoteBody();
  return { ...fields, ...over };
}

/** URL-encodes answers the way a browser does: a list as one entry per value, numbers as digits. */
function encode(values: Record<string, unknown>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) body.append(name, String(v));
  return body.toString();
}

/** The text of the element with this test id on an answered page. */
const byTestId = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>(?:\\s*<[^>]+>)*([^<]*)<`).exec(html)?.[1];
/** The value an answered page puts back in a text field. */
const keptValue = (html: string, field: string) =>
  new RegExp(`<(?:input|textarea)[^>]*id="quote-${field}"[^>]*?(?:value="([^"]*)"[^>]*)?>([^<]*)`).exec(html);

/**
 * A POST whose answer is read even when the server stops reading the body and closes the connection
 * (as it does for an oversized form, answering 413 first): fetch reports only the broken write.
 */
function postEarlyAnswered(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

describe.each(databaseKinds)("the /quote form's action on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let lastAddress = 0;
  /** Each request comes from its own address (TRUST_PROXY is on), unless a test names one. */
  const nextAddress = () => `198.51.100.${++lastAddress}`;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      TRUST_PROXY: "true",
      RATE_LIMIT_FORMS_MAX: String(FORMS_MAX),
      RATE_LIMIT_UPLOADS_MAX: "1000",
      // Mail stays queued, so the tests read it.
      BACKGROUND_JOBS: "false",
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const postForm = (body: string, headers: Record<string, string> = {}, address = nextAddress()) =>
    fetch(`${server.url}/quote`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address, ...headers },
      body,
    });
  const postApi = (body: unknown, address = nextAddress()) =>
    fetch(`${server.url}/api/submit-lead`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
  async function upload(slot: string, name: string, bytes: Buffer, type: string) {
    const form = new FormData();
    form.append("slot", slot);
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${server.url}/api/uploads`, { method: "POST", body: form, headers: { "x-forwarded-for": nextAddress() } });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; slot: string };
  }
  const leadCount = async () => (await server.services.db.select({ n: count() }).from(leads))[0].n;
  const leadByReference = async (reference: string) =>
    (await server.services.db.select().from(leads).where(eq(leads.reference, reference)))[0];
  const referenceIn = (html: string) => /Your reference is (L-[0-9A-Z]{6})/.exec(html)?.[1];

  it("stores the same lead /api/submit-lead stores for the same answers, documents and context included", async () => {
    const context = { pageUrl: "https://agency.example/quote?utm_source=google", referrer: "https://www.google.com/" };
    const [formCdl, formLossRuns, apiCdl, apiLossRuns] = [
      await upload("cdl", "cdl-front.pdf", pdfBytes(), "application/pdf"),
      await upload("lossRuns", "loss-runs.png", PNG, "image/png"),
      await upload("cdl", "cdl-front.pdf", pdfBytes(), "application/pdf"),
      await upload("lossRuns", "loss-runs.png", PNG, "image/png"),
    ];
    const email = "same-lead@ortega-freight.example";

    const res = await postForm(
      encode({
        ...formAnswers({ email }),
        website: "",
        "attachments[0].slot": "cdl",
        "attachments[0].id": formCdl.id,
        "attachments[1].slot": "lossRuns",
        "attachments[1].id": formLossRuns.id,
        ...context,
        "utm.utm_source": "google",
      }),
      { "user-agent": "Quote test browser" },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(byTestId(html, "quote-answer")).toBe(quoteMessages.success);
    const formReference = referenceIn(html);
    expect(formReference).toMatch(/^L-[0-9A-Z]{6}$/);

    const api = await postApi({
      ...truckingQuoteBody({ email }),
      uploadedFiles: ["cdl", "lossRuns"],
      attachments: [
        { slot: "cdl", id: apiCdl.id },
        { slot: "lossRuns", id: apiLossRuns.id },
      ],
      submissionDate: new Date().toISOString(),
      ...context,
      utm: { utm_source: "google" },
    });
    expect(api.status).toBe(201);
    const apiReference = (await api.json()).reference as string;

    const fromForm = await leadByReference(formReference!);
    const fromApi = await leadByReference(apiReference);
    // Everything but what is unique to each request: its ids, times, address, browser and the documents' ids.
    const comparable = (row: typeof fromForm) => {
      const { id: _id, reference: _reference, assigneeId: _assigneeId, ip: _ip, userAgent: _userAgent, payload, ...rest } = row;
      const { submissionDate: _date, attachments, ...answers } = payload as Record<string, unknown>;
      const untimed = Object.fromEntries(Object.entries(rest).filter(([, value]) => !(value instanceof Date)));
      return { ...untimed, payload: answers, slots: (attachments as { slot: string }[]).map((a) => a.slot) };
    };
    expect(comparable(fromForm)).toEqual(comparable(fromApi));
    expect(fromForm).toMatchObject({
      leadType: "commercial_trucking_quote",
      submissionType: "Commercial Trucking Quote",
      source: "Website Quote Form",
      email,
      utm: { utm_source: "google" },
      referrer: context.referrer,
      pageUrl: context.pageUrl,
      userAgent: "Quote test browser",
    });
    expect(fromForm.ip).toMatch(/^198\.51\.100\./);
    expect(fromForm.payload).toMatchObject({
      uploadedFiles: ["cdl", "lossRuns"],
      totalPowerUnits: 3,
      coverages: ["Auto Liability", "Cargo Liability"],
    });
    expect(new Date((fromForm.payload as { submissionDate: string }).submissionDate).getTime()).toBeLessThanOrEqual(Date.now());

    // The documents are the lead's, and the notification lists them as the API's does.
    const linked = await server.services.db.select().from(uploads).where(eq(uploads.leadId, fromForm.id));
    expect(linked.map((u) => u.id).sort()).toEqual([formCdl.id, formLossRuns.id].sort());
    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, fromForm.id));
    const apiMails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, fromApi.id));
    expect(mails.map((m) => [m.kind, m.subject]).sort()).toEqual(apiMails.map((m) => [m.kind, m.subject]).sort());
    expect(mails.find((m) => m.kind === "agency_notification")?.textBody).toContain("cdl-front.pdf");
  });

  it("answers field errors beside their fields, keeps the values and stores nothing", async () => {
    const before = await leadCount();
    const res = await postForm(encode(formAnswers({ dotNumber: "DOT-42", email: "luis@", contactName: "", notes: "Call after 3 pm." })));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(byTestId(html, "quote-answer")).toBe(quoteMessages.validationToast);
    expect(byTestId(html, "error-quote-dotNumber")).toBe(quoteFieldMessages.dotNumber);
    expect(byTestId(html, "error-quote-email")).toBe("Please enter a valid email address");
    expect(byTestId(html, "error-quote-contactName")).toBe(quoteFieldMessages.required);
    expect(byTestId(html, "error-quote-legalBusinessName")).toBeUndefined();
    expect(keptValue(html, "legalBusinessName")?.[1]).toBe("Ortega Freight LLC");
    expect(keptValue(html, "dotNumber")?.[1]).toBe("DOT-42");
    expect(keptValue(html, "notes")?.[2]).toBe("Call after 3 pm.");
    const option = (value: string) => new RegExp(`<(?:input|option)[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(option("Cargo Liability")).toMatch(/ checked=""/);
    expect(option("Physical Damage")).not.toMatch(/ checked=""/);
    expect(option("Interstate")).toMatch(/ checked=""/);
    expect(option("Texas")).toMatch(/ selected=""/);
    expect(await leadCount()).toBe(before);
  });

  it("answers a filled honeypot as accepted, with a reference, and stores nothing", async () => {
    const before = await leadCount();
    const mails = (await server.services.db.select({ n: count() }).from(mailOutbox))[0].n;
    const res = await postForm(encode({ ...formAnswers(), website: "https://spam.example" }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(byTestId(html, "quote-answer")).toBe(quoteMessages.success);
    expect(referenceIn(html)).toMatch(/^L-/);
    expect(await leadCount()).toBe(before);
    expect((await server.services.db.select({ n: count() }).from(mailOutbox))[0].n).toBe(mails);
  });

  it('counts its posts and the API\'s under one limit per address (the same "forms" count)', async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 3; i++) expect((await postForm(encode({ email: "x" }), {}, address)).status).toBe(400);
    for (let i = 0; i < FORMS_MAX - 3; i++) expect((await postApi({ leadType: "commercial_trucking_quote" }, address)).status).toBe(400);
    const form = await postForm(encode(formAnswers()), {}, address);
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await form.text()).toContain("Too many submissions from your network");
    expect((await postApi(truckingQuoteBody(), address)).status).toBe(429);
    // Another address is counted on its own.
    expect((await postForm(encode(formAnswers()))).status).toBe(200);
  });

  it("refuses a body larger than any real quote (413) and one that is not a browser's form (415), storing nothing", async () => {
    const before = await leadCount();
    const huge = await postEarlyAnswered(
      `${server.url}/quote`,
      { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
      encode(formAnswers({ notes: "x".repeat(300 * 1024) })),
    );
    expect(huge.status).toBe(413);
    expect(huge.text).toContain("This quote request is too large to send.");

    const json = await fetch(`${server.url}/quote`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: JSON.stringify(truckingQuoteBody()),
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(postMessages.notAForm);
    const multipart = new FormData();
    for (const [name, value] of new URLSearchParams(encode(formAnswers()))) multipart.append(name, value);
    const res = await fetch(`${server.url}/quote`, { method: "POST", body: multipart, headers: { "x-forwarded-for": nextAddress() } });
    expect(res.status).toBe(415);
    expect(await leadCount()).toBe(before);
  });

  it("refuses a post another site's page makes a browser send (403), storing nothing", async () => {
    const before = await leadCount();
    const res = await postForm(encode(formAnswers()), { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(postMessages.crossSite);
    // With a foreign Origin, React Router refuses the action itself.
    expect((await postForm(encode(formAnswers()), { origin: "https://evil.example" })).status).toBe(400);
    // The site's own pages may post.
    expect((await postForm(encode(formAnswers()), { origin: server.url, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect(await leadCount()).toBe(before + 1);
  });

  it("claims documents by id as the API does: unknown, malformed, already claimed or too many are refused, storing nothing", async () => {
    const attach = (list: { slot: string; id: string }[]) =>
      Object.fromEntries(
        list.flatMap((a, i) => [
          [`attachments[${i}].slot`, a.slot],
          [`attachments[${i}].id`, a.id],
        ]),
      );
    const cdl = await upload("cdl", "cdl.pdf", pdfBytes(), "application/pdf");
    const before = await leadCount();

    const unknown = await postForm(encode({ ...formAnswers(), ...attach([{ slot: "cdl", id: "5f0c8a52-3b7e-4d0e-9a59-1c2b3d4e5f60" }]) }));
    expect(unknown.status).toBe(400);
    const unknownHtml = await unknown.text();
    // Refused for a field (the documents), like any field the schema refuses: the validation text, not the failure one.
    expect(byTestId(unknownHtml, "quote-answer")).toBe(postMessages.invalid);
    expect(byTestId(unknownHtml, "error-quote-documents")).toBe(uploadMessages.attachmentExpired);

    const inAnotherSlot = await postForm(encode({ ...formAnswers(), ...attach([{ slot: "lossRuns", id: cdl.id }]) }));
    expect(inAnotherSlot.status).toBe(400);

    const malformed = await postForm(encode({ ...formAnswers(), ...attach([{ slot: "cdl", id: "not-an-id" }]) }));
    expect(malformed.status).toBe(400);
    expect(byTestId(await malformed.text(), "error-quote-documents")).toBe("Please upload the file again");

    const twice = await postForm(encode({ ...formAnswers(), ...attach([cdl, cdl]) }));
    expect(twice.status).toBe(400);
    expect(byTestId(await twice.text(), "error-quote-documents")).toBe("The same file is attached twice");

    const tooMany = Array.from({ length: 11 }, () => ({ slot: "cdl", id: crypto.randomUUID() }));
    const crowded = await postForm(encode({ ...formAnswers(), ...attach(tooMany) }));
    expect(crowded.status).toBe(400);
    expect(byTestId(await crowded.text(), "error-quote-documents")).toBe(quoteMessages.tooManyFiles(10));
    expect(await leadCount()).toBe(before);

    // The file is still free: a quote claims it, and a second quote cannot.
    const accepted = await postForm(encode({ ...formAnswers(), ...attach([cdl]) }));
    expect(accepted.status).toBe(200);
    const lead = await leadByReference(referenceIn(await accepted.text())!);
    expect(lead.payload).toMatchObject({ uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id: cdl.id }] });
    const again = await postForm(encode({ ...formAnswers(), ...attach([cdl]) }));
    expect(again.status).toBe(400);
    expect(await leadCount()).toBe(before + 1);
  });
});

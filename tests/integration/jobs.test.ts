/**
 * Jobs and applications (spec 001 sections 3, 5, 7): public reads, admin writes behind the session,
 * public applications with their mails, and the spec's field names.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobApplications, jobs, mailOutbox } from "#db/schema";
import { jobFieldMessages, jobMessages } from "../../app/features/jobs/messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";
import { plainText, startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const job = {
  title: "Commercial Lines Account Manager",
  description: "Service a book of trucking and contractor accounts: endorsements, certificates and renewals.",
  type: "Full-time",
  workType: "Hybrid",
  location: "Liberty Hill, TX",
};

const JOB_KEYS = ["_id", "createdAt", "description", "location", "title", "type", "workType"];
const APPLICATION_KEYS = ["_id", "coverLetter", "createdAt", "email", "name", "status"];
const MISSING = "00000000-0000-4000-8000-000000000000";

describe.each(databaseKinds)("jobs and applications on %s", (kind) => {
  let server: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      RATE_LIMIT_FORMS_MAX: "1000",
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "100",
      MAIL_RETRY_BASE_MS: "50",
      AGENCY_INBOX: "careers-inbox@agency.example",
    });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const call = (
    method: string,
    path: string,
    body?: unknown,
    { auth = true, headers = {} }: { auth?: boolean; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(auth ? { cookie } : {}),
        "user-agent": "vitest-agent/1.0",
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const create = async (values: Partial<typeof job> = {}) => {
    const res = await call("POST", "/api/jobs", { ...job, ...values });
    expect(res.status).toBe(201);
    return (await res.json()).data as typeof job & { _id: string; createdAt: string };
  };
  const apply = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call("POST", "/api/applications", body, { auth: false, headers });
  const countOf = async (table: typeof jobs | typeof jobApplications | typeof mailOutbox) =>
    (await server.services.db.select({ n: count() }).from(table))[0].n;

  it("answers 401 without a session on every admin endpoint, and changes nothing", async () => {
    const existing = await create();
    const before = await countOf(jobs);
    const attempts: [string, string, unknown?][] = [
      ["POST", "/api/jobs", job],
      ["PUT", `/api/jobs/${existing._id}`, { ...job, title: "Hijacked" }],
      ["DELETE", `/api/jobs/${existing._id}`],
      ["GET", `/api/applications/job/${existing._id}`],
    ];
    for (const [method, path, body] of attempts) {
      const forged: Record<string, string>[] = [
        {},
        { cookie: "admin_session=forged-token" },
        { cookie: "__Host-admin_session=forged-token" },
      ];
      for (const headers of forged) {
        const res = await call(method, path, body, { auth: false, headers });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
    expect(await countOf(jobs)).toBe(before);
    const unchanged = await (await call("GET", `/api/jobs/${existing._id}`, undefined, { auth: false })).json();
    expect(unchanged.title).toBe(job.title);
  });

  it("refuses a change sent from another site's page even with the session cookie (403)", async () => {
    const existing = await create();
    const res = await call("DELETE", `/api/jobs/${existing._id}`, undefined, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await call("GET", `/api/jobs/${existing._id}`)).status).toBe(200);
  });

  it("POST /api/jobs creates a job and answers it in the spec's field names", async () => {
    const res = await call("POST", "/api/jobs", { ...job, title: `  ${job.title}  `, location: " Remote - Texas " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: jobMessages.api.created });
    expect(Object.keys(body.data).sort()).toEqual(JOB_KEYS);
    expect(body.data).toMatchObject({
      title: job.title,
      description: job.description,
      type: "Full-time",
      workType: "Hybrid",
      location: "Remote - Texas",
    });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await server.services.db.select().from(jobs).where(eq(jobs.id, body.data._id));
    expect(row).toMatchObject({ title: job.title, workType: "Hybrid" });
  });

  it("POST /api/jobs: every field is required, type and workType come from the option lists (400, nothing stored)", async () => {
    const before = await countOf(jobs);
    const empty = await call("POST", "/api/jobs", {});
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      title: jobFieldMessages.title,
      description: jobFieldMessages.description,
      type: jobFieldMessages.type,
      workType: jobFieldMessages.workType,
      location: jobFieldMessages.location,
    });
    const cases: [string, unknown, string][] = [
      ["title", "   ", jobFieldMessages.title],
      ["title", "x".repeat(201), jobFieldMessages.titleTooLong],
      ["description", "", jobFieldMessages.description],
      ["type", "Contract", jobFieldMessages.type],
      ["type", "full-time", jobFieldMessages.type],
      ["workType", "Onsite", jobFieldMessages.workType],
      ["location", null, jobFieldMessages.location],
    ];
    for (const [field, value, message] of cases) {
      const res = await call("POST", "/api/jobs", { ...job, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    }
    for (const type of ["Full-time", "Part-time", "Internship"])
      for (const workType of ["Remote", "On-site", "Hybrid"]) await create({ type, workType });
    expect(await countOf(jobs)).toBe(before + 9);
  });

  it("GET /api/jobs (public) lists every job newest first as a plain array; GET /api/jobs/{id} answers one", async () => {
    const older = await create({ title: "Older Opening" });
    const newer = await create({ title: "Newer Opening" });
    const res = await call("GET", "/api/jobs", undefined, { auth: false });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.slice(0, 2).map((j: { _id: string }) => j._id)).toEqual([newer._id, older._id]);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(JOB_KEYS);
    const times = list.map((j: { createdAt: string }) => Date.parse(j.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const one = await call("GET", `/api/jobs/${older._id}`, undefined, { auth: false });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(older);

    for (const id of [MISSING, "not-a-uuid", "1' or '1'='1"]) {
      const missing = await call("GET", `/api/jobs/${encodeURIComponent(id)}`, undefined, { auth: false });
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: "Job not found" });
    }
  });

  it("PUT /api/jobs/{id} replaces the job's fields; 400 with field errors, 404 for an unknown job", async () => {
    const created = await create();
    const res = await call("PUT", `/api/jobs/${created._id}`, {
      ...job,
      title: "Senior Account Manager",
      workType: "On-site",
      type: "Part-time",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: jobMessages.api.updated,
      data: { _id: created._id, title: "Senior Account Manager", workType: "On-site", type: "Part-time", createdAt: created.createdAt },
    });
    expect(await (await call("GET", `/api/jobs/${created._id}`)).json()).toEqual(body.data);
    const [row] = await server.services.db.select().from(jobs).where(eq(jobs.id, created._id));
    expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());

    const invalid = await call("PUT", `/api/jobs/${created._id}`, { ...job, location: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual({ location: jobFieldMessages.location });
    expect((await (await call("GET", `/api/jobs/${created._id}`)).json()).location).toBe(job.location);

    for (const id of [MISSING, "nope"]) {
      const missing = await call("PUT", `/api/jobs/${id}`, job);
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe("Job not found");
    }
  });

  it("DELETE /api/jobs/{id} removes the job; 404 for an unknown one", async () => {
    const created = await create();
    const res = await call("DELETE", `/api/jobs/${created._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: jobMessages.api.deleted });
    expect((await call("GET", `/api/jobs/${created._id}`)).status).toBe(404);
    const again = await call("DELETE", `/api/jobs/${created._id}`);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("Job not found");
  });

  it("POST /api/applications stores the application and queues the agency's notification and the applicant's acknowledgement", async () => {
    const opening = await create({ title: "Trucking Insurance Specialist" });
    const mailsBefore = await countOf(mailOutbox);
    const res = await apply({
      jobId: opening._id,
      name: "  Priya Raman ",
      email: " priya@raman.example ",
      coverLetter: "Five years placing motor carrier accounts.\nCDL holder myself.",
      pageUrl: "http://localhost:3000/careers",
      website: "",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: jobMessages.api.applicationReceived });

    const [row] = await server.services.db.select().from(jobApplications).where(eq(jobApplications.email, "priya@raman.example"));
    expect(row).toMatchObject({
      jobId: opening._id,
      name: "Priya Raman",
      status: "pending",
      coverLetter: "Five years placing motor carrier accounts.\nCDL holder myself.",
      userAgent: "vitest-agent/1.0",
    });
    expect(row.ip).toMatch(/127\.0\.0\.1/);

    const mails = (await server.services.db.select().from(mailOutbox)).filter(
      (m) => m.replyTo === "priya@raman.example" || m.toAddress === "priya@raman.example",
    );
    expect(await countOf(mailOutbox)).toBe(mailsBefore + 2);
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ["agency_notification", "careers-inbox@agency.example"],
      ["visitor_autoreply", "priya@raman.example"],
    ]);
    const notification = mails.find((m) => m.kind === "agency_notification")!;
    expect(notification.subject).toBe("Job Application: Trucking Insurance Specialist");

    const delivered = await waitFor(
      () => {
        const mine = smtp.received.filter((m) => mails.some((row) => row.messageId === m.messageId));
        return mine.length === 2 && mine;
      },
      10_000,
      "both mails delivered",
    );
    expect(delivered.find((m) => m.to.includes("careers-inbox@agency.example"))?.subject).toBe(
      "Job Application: Trucking Insurance Specialist",
    );
    // What each mail says is read as delivered: a row's content is cleared once it is sent.
    const notificationText = plainText(delivered.find((m) => m.to.includes("careers-inbox@agency.example"))!.raw);
    expect(notificationText).toContain("CDL holder myself.");
    const ackText = plainText(delivered.find((m) => m.to.includes("priya@raman.example"))!.raw);
    expect(ackText).toContain("Hi Priya,");
    expect(ackText).toContain("Trucking Insurance Specialist");
    // The acknowledgement never repeats what the applicant wrote.
    expect(ackText).not.toContain("CDL holder");
  });

  it("POST /api/applications validates name, email and cover letter (400 with field errors, nothing stored)", async () => {
    const opening = await create();
    const valid = { jobId: opening._id, name: "Sam Ortiz", email: "sam@ortiz.example" };
    const before = { apps: await countOf(jobApplications), mails: await countOf(mailOutbox) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", jobFieldMessages.name],
      [{ name: " A " }, "name", jobFieldMessages.name],
      [{ name: "<script>x</script>" }, "name", jobFieldMessages.name],
      [{ email: "sam@" }, "email", jobFieldMessages.email],
      [{ email: undefined }, "email", jobFieldMessages.email],
      [{ coverLetter: "x".repeat(5001) }, "coverLetter", jobFieldMessages.coverLetterTooLong],
      [{ jobId: "" }, "jobId", jobFieldMessages.jobId],
    ];
    for (const [change, field, message] of cases) {
      const res = await apply({ ...valid, ...change });
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.errors[field]).toBe(message);
    }
    expect({ apps: await countOf(jobApplications), mails: await countOf(mailOutbox) }).toEqual(before);

    for (const jobId of [MISSING, "no-such-job"]) {
      const res = await apply({ ...valid, jobId });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: "Job not found" });
    }
    const form = await fetch(`${server.url}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(form.status).toBe(415);
    expect({ apps: await countOf(jobApplications), mails: await countOf(mailOutbox) }).toEqual(before);
  });

  it("answers a field sent as a 10,000-deep array or an object without a usable toString with 400 naming it, never 500", async () => {
    const before = { jobs: await countOf(jobs), apps: await countOf(jobApplications), mails: await countOf(mailOutbox) };
    const raw = (path: string, json: string, auth: boolean) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(auth ? { cookie } : {}) },
        body: json,
      });
    for (const value of [`${"[".repeat(10_000)}${"]".repeat(10_000)}`, '{"toString":1,"valueOf":{}}']) {
      const application = await raw("/api/applications", `{"jobId":${value},"name":"Sam Ortiz","email":"sam@ortiz.example"}`, false);
      expect(application.status).toBe(400);
      expect((await application.json()).errors).toEqual({ jobId: jobFieldMessages.jobId });
      const posting = await raw(
        "/api/jobs",
        `{"title":${value},"description":"Service a book of accounts.","type":${value},"workType":"Remote","location":${value}}`,
        true,
      );
      expect(posting.status).toBe(400);
      expect((await posting.json()).errors).toEqual({
        title: jobFieldMessages.title,
        type: jobFieldMessages.type,
        location: jobFieldMessages.location,
      });
    }
    expect({ jobs: await countOf(jobs), apps: await countOf(jobApplications), mails: await countOf(mailOutbox) }).toEqual(before);
  });

  it("POST /api/jobs refuses a NUL, line break or other control character in the title or location (400 naming it) and drops them from the description, never 500", async () => {
    const before = await countOf(jobs);
    const cases: [string, string, string][] = [
      ["title", "Account\u0000Manager", jobFieldMessages.titleInvalid],
      ["title", "Account\r\nManager", jobFieldMessages.titleInvalid],
      ["location", "Austin\u0000, TX", jobFieldMessages.locationInvalid],
    ];
    for (const [field, value, message] of cases) {
      const res = await call("POST", "/api/jobs", { ...job, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    }
    expect(await countOf(jobs)).toBe(before);
    const created = await create({ description: "Endorsements\u0000 and\u0007 renewals.\nCertificates too." });
    expect(created.description).toBe("Endorsements and renewals.\nCertificates too.");
  });

  it("a filled honeypot is answered as accepted and stored nowhere", async () => {
    const opening = await create();
    const before = { apps: await countOf(jobApplications), mails: await countOf(mailOutbox) };
    const res = await apply({ jobId: opening._id, name: "Bot McBotface", email: "bot@spam.example", website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: jobMessages.api.applicationReceived });
    expect({ apps: await countOf(jobApplications), mails: await countOf(mailOutbox) }).toEqual(before);
  });

  it("GET /api/applications/job/{jobId} lists a job's applications newest first, in the spec's field names", async () => {
    const opening = await create({ title: "Receptionist" });
    const other = await create({ title: "Other Role" });
    expect((await apply({ jobId: opening._id, name: "First Applicant", email: "first@example.com" })).status).toBe(201);
    expect(
      (await apply({ jobId: opening._id, name: "Second Applicant", email: "second@example.com", coverLetter: "I answer phones kindly." }))
        .status,
    ).toBe(201);
    expect((await apply({ jobId: other._id, name: "Elsewhere Person", email: "elsewhere@example.com" })).status).toBe(201);
    await server.services.db.update(jobApplications).set({ status: "reviewed" }).where(eq(jobApplications.email, "first@example.com"));

    const res = await call("GET", `/api/applications/job/${opening._id}`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(2);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(APPLICATION_KEYS);
    expect(list[0]).toMatchObject({
      name: "Second Applicant",
      email: "second@example.com",
      coverLetter: "I answer phones kindly.",
      status: "pending",
    });
    expect(list[1]).toMatchObject({ name: "First Applicant", coverLetter: null, status: "reviewed" });
    expect(Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1].createdAt));

    const none = await call("GET", `/api/applications/job/${(await create())._id}`);
    expect(await none.json()).toEqual([]);
    const missing = await call("GET", `/api/applications/job/${MISSING}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Job not found");
  });

  it("deleting a job deletes its applications with it; their mails stay in the outbox", async () => {
    const opening = await create({ title: "Short-lived Opening" });
    for (const n of [1, 2])
      expect((await apply({ jobId: opening._id, name: `Applicant ${n}`, email: `cascade${n}@example.com` })).status).toBe(201);
    const mailsBefore = await countOf(mailOutbox);
    expect((await server.services.db.select().from(jobApplications).where(eq(jobApplications.jobId, opening._id))).length).toBe(2);
    expect((await call("DELETE", `/api/jobs/${opening._id}`)).status).toBe(200);
    expect(await server.services.db.select().from(jobApplications).where(eq(jobApplications.jobId, opening._id))).toEqual([]);
    expect(await countOf(mailOutbox)).toBe(mailsBefore);
    expect((await call("GET", `/api/applications/job/${opening._id}`)).status).toBe(404);
    expect((await apply({ jobId: opening._id, name: "Late Applicant", email: "late@example.com" })).status).toBe(404);
  });

  it("acknowledges one address at most three times a day, while the agency hears of every application", async () => {
    const opening = await create();
    const email = "ack-flood@example.com";
    for (let i = 0; i < 4; i++) expect((await apply({ jobId: opening._id, name: "Flood Target", email })).status).toBe(201);
    const rows = await server.services.db.select().from(mailOutbox);
    expect(rows.filter((m) => m.kind === "visitor_autoreply" && m.toAddress === email)).toHaveLength(3);
    expect(rows.filter((m) => m.kind === "agency_notification" && m.replyTo === email)).toHaveLength(4);
  });
});

describe("rate limit on applications", () => {
  it("answers 429 with a JSON message and Retry-After past the forms' limit per address", async () => {
    const server = await startTestServer("pglite", { RATE_LIMIT_FORMS_MAX: "2", RATE_LIMIT_FORMS_WINDOW_MINUTES: "10" });
    try {
      await ensureAdmin(server.services);
      const cookie = await signIn(server.url);
      const created = await fetch(`${server.url}/api/jobs`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(job),
      });
      const { data } = await created.json();
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${server.url}/api/applications`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jobId: data._id, name: "Rate Limited", email: `r${i}@example.com` }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = await last!.json();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/Too many submissions/);
      const [{ n }] = await server.services.db.select({ n: count() }).from(jobApplications);
      expect(n).toBe(2);
      // The public list is not limited.
      for (let i = 0; i < 4; i++) expect((await fetch(`${server.url}/api/jobs`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/**
 * The jobs back office's screens on a real server and database (spec 001 sections 2, 4, 8): the HTML
 * of /admin/jobs, the job form and a job's submissions carries the records for a signed-in admin and
 * sends anyone else to sign in; the screens' forms work as a browser without scripts posts them
 * (URL-encoded) through the one POST pipeline: a job created and edited through the same functions as
 * the API and the list shown with the flash toast, field errors answered in the page with the values
 * kept, a delete confirmed on the page, and a post from another site refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobApplications, jobs } from "#db/schema";
import { jobFieldMessages, jobMessages } from "../../app/features/jobs/messages";
import { postMessages } from "../../app/lib/post-messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { clearsToast, flashToast, htmlText as html, screenRequests, signInLocation } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const list = jobMessages.list;
const MISSING = "00000000-0000-4000-8000-000000000000";

const validJob = {
  title: "Commercial Lines Account Manager",
  description: "Own a book of trucking and contractor accounts.\nCertificates, endorsements and renewals, start to finish.",
  type: "Part-time",
  workType: "Hybrid",
  location: "Liberty Hill, TX",
};

describe.each(databaseKinds)("jobs back-office screens on %s", (kind) => {
  let server: Server;
  let cookie: string;

  const db = () => server.services.db;
  const { get, postForm } = screenRequests(() => ({ url: server.url, cookie }));
  const jobRow = async (title: string) => (await db().select().from(jobs).where(eq(jobs.title, title)))[0];
  /** A job made through the JSON API. */
  async function apiJob(values: Partial<typeof validJob> = {}): Promise<{ _id: string; title: string }> {
    const res = await fetch(`${server.url}/api/jobs`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ ...validJob, ...values }),
    });
    expect(res.status).toBe(201);
    return (await res.json()).data;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("sends anyone without a session to sign in, from every screen and every form", async () => {
    const job = await apiJob({ title: "Guarded Role" });
    for (const path of ["/admin/jobs", "/admin/jobs/add", `/admin/jobs/edit/${job._id}`, `/admin/jobs/${job._id}/submissions`]) {
      const page = await get(path, false);
      expect(page.status, path).toBe(302);
      expect(signInLocation(page, path), path).toBe(true);
    }
    // A form posted without a session: to sign in, and back to the page it was sent from.
    for (const path of ["/admin/jobs", "/admin/jobs/add", `/admin/jobs/edit/${job._id}`]) {
      const posted = await postForm(path, { ...validJob, title: "Anonymous Role", intent: "delete", id: job._id }, {}, false);
      expect(posted.status, path).toBe(303);
      expect(posted.headers.get("location"), path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    }
    expect(await jobRow("Anonymous Role")).toBeUndefined();
    expect(await jobRow("Guarded Role")).toMatchObject({ id: job._id, title: "Guarded Role" });
    await db().delete(jobs);
  });

  it("renders the empty list, then the jobs as cards, for a signed-in admin", async () => {
    const empty = await get("/admin/jobs");
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain(html(list.title));
    expect(emptyHtml).toContain(html(list.empty));
    expect(emptyHtml).not.toContain("Loading jobs");

    const receptionist = await apiJob({ title: "Receptionist", type: "Full-time", location: "Austin, TX" });
    await apiJob({ title: "Claims Advocate", description: "Work with adjusters until every claim closes." });
    const page = await (await get("/admin/jobs")).text();
    expect(page).toContain("Receptionist");
    expect(page).toContain("Claims Advocate");
    expect(page).toContain("Austin, TX");
    expect(page).toContain("Work with adjusters until every claim closes.");
    expect(page).toContain(`href="/admin/jobs/${receptionist._id}/submissions"`);
    expect(page).toContain(`href="/admin/jobs/edit/${receptionist._id}"`);
    expect(page).not.toContain(html(list.empty));
    // Without scripts, Delete asks the page for its confirmation.
    expect(page).toMatch(new RegExp(`<button type="submit" value="${receptionist._id}"[^>]* name="delete"`));
  });

  it("creates a job from a plain form post, then the list shows the success toast once", async () => {
    const created = await postForm("/admin/jobs/add", { ...validJob, title: `  ${validJob.title}  ` });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/jobs");
    const flash = flashToast(created);
    expect(flash?.toast).toEqual({ type: "success", title: jobMessages.add.success });

    const row = await jobRow(validJob.title);
    expect(row).toMatchObject({ ...validJob, description: validJob.description });

    // The list after the redirect: the success toast in the page, and the toast cleared.
    const page = await get("/admin/jobs", true, flash?.cookie);
    const body = await page.text();
    expect(body).toContain(html(jobMessages.add.success));
    expect(body).toContain(validJob.title);
    expect(clearsToast(page)).toBe(true);
    expect(await (await get("/admin/jobs")).text()).not.toContain(html(jobMessages.add.success));
  });

  it("answers field errors beside the fields with the values kept, and stores nothing", async () => {
    const res = await postForm("/admin/jobs/add", {
      title: "",
      description: "A description worth keeping <b>as typed</b>.",
      type: "Seasonal",
      workType: "Remote",
      location: "Line one\nline two",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(jobMessages.form.validationToast));
    expect(page).toMatch(new RegExp(`data-testid="error-job-title"[^>]*>${html(jobFieldMessages.title)}<`));
    expect(page).toMatch(new RegExp(`data-testid="error-job-type"[^>]*>${html(jobFieldMessages.type)}<`));
    expect(page).toMatch(new RegExp(`data-testid="error-job-location"[^>]*>${html(jobFieldMessages.locationInvalid)}<`));
    expect(page).not.toContain('data-testid="error-job-description"');
    expect(page).not.toContain('data-testid="error-job-work-type"');
    // The values come back as they were sent.
    expect(page).toContain(html("A description worth keeping <b>as typed</b>."));
    expect(page).toMatch(/<option value="Remote" selected="">/);
    expect(await db().select().from(jobs).where(eq(jobs.description, "A description worth keeping <b>as typed</b>."))).toHaveLength(0);
  });

  it("edits a job: its form carries the job, a plain post saves it, and an unknown job is a 404", async () => {
    const job = await apiJob({ title: "Producer", type: "Internship", workType: "Remote", location: "Anywhere in Texas" });
    const form = await get(`/admin/jobs/edit/${job._id}`);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain(html(jobMessages.edit.title));
    expect(formHtml).toContain('value="Producer"');
    expect(formHtml).toContain('value="Anywhere in Texas"');
    expect(formHtml).toMatch(/<option value="Internship" selected="">/);

    const saved = await postForm(`/admin/jobs/edit/${job._id}`, { ...validJob, title: "Senior Producer", type: "Full-time" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/jobs");
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job._id));
    expect(row).toMatchObject({ title: "Senior Producer", type: "Full-time", location: validJob.location });
    const flash = flashToast(saved);
    expect(flash?.toast).toEqual({ type: "success", title: jobMessages.edit.success });
    expect(await (await get("/admin/jobs", true, flash?.cookie)).text()).toContain(html(jobMessages.edit.success));

    // A refused edit keeps the values and changes nothing.
    const refused = await postForm(`/admin/jobs/edit/${job._id}`, { ...validJob, title: "Kept Title", description: "  " });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('value="Kept Title"');
    expect(refusedHtml).toContain(html(jobFieldMessages.description));
    expect((await db().select().from(jobs).where(eq(jobs.id, job._id)))[0].title).toBe("Senior Producer");

    for (const id of [MISSING, "not-a-job"]) {
      const unknown = await get(`/admin/jobs/edit/${id}`);
      expect(unknown.status, id).toBe(404);
      const unknownHtml = await unknown.text();
      expect(unknownHtml).toContain(html(jobMessages.api.notFound));
      expect(unknownHtml).toContain(html(jobMessages.edit.back));
      const posted = await postForm(`/admin/jobs/edit/${id}`, validJob);
      expect(posted.status, id).toBe(404);
      expect(await posted.text()).toContain(html(jobMessages.api.notFound));
    }
  });

  it("deletes a job with its applications after the confirmation on the page", async () => {
    const job = await apiJob({ title: "Temporary Opening" });
    await db().insert(jobApplications).values({ jobId: job._id, name: "Pat Pending", email: "pat@example.com" });

    const confirm = await (await get(`/admin/jobs?delete=${job._id}`)).text();
    expect(confirm).toContain(html(list.deleteTitle));
    expect(confirm).toContain(html(list.deleteConfirm));
    expect(confirm).toContain('name="intent" value="delete"');
    expect(confirm).toContain(`name="id" value="${job._id}"`);

    // Done: back to the list, which says so.
    const deleted = await postForm("/admin/jobs", { intent: "delete", id: job._id });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/jobs");
    const flash = flashToast(deleted);
    expect(flash?.toast).toEqual({ type: "success", title: list.deleteSuccess });
    const page = await (await get("/admin/jobs", true, flash?.cookie)).text();
    expect(page).toContain(html(list.deleteSuccess));
    expect(page).not.toContain("Temporary Opening");
    expect(await db().select().from(jobs).where(eq(jobs.id, job._id))).toHaveLength(0);
    expect(await db().select().from(jobApplications).where(eq(jobApplications.jobId, job._id))).toHaveLength(0);

    const again = await postForm("/admin/jobs", { intent: "delete", id: job._id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(html(list.deleteFailure));
    expect((await postForm("/admin/jobs", { intent: "archive", id: job._id })).status).toBe(400);
    expect((await postForm("/admin/jobs", { intent: "delete", id: "x".repeat(10_000) })).status).toBe(413);
  });

  it("refuses every form posted from another site, changing nothing", async () => {
    const job = await apiJob({ title: "Cross Site Target" });
    // A foreign Origin: React Router refuses it itself (400); without an Origin header, the browser's
    // Sec-Fetch-Site reaches the action, which refuses it (403).
    const posts: [string, Record<string, string>][] = [
      ["/admin/jobs/add", { ...validJob, title: "Planted Role" }],
      [`/admin/jobs/edit/${job._id}`, { ...validJob, title: "Hijacked Role" }],
      ["/admin/jobs", { intent: "delete", id: job._id }],
    ];
    for (const [path, fields] of posts) {
      const foreign = await postForm(path, fields, { origin: "https://evil.example" });
      expect([400, 403], path).toContain(foreign.status);
      const res = await postForm(path, fields, { origin: "", "sec-fetch-site": "cross-site" });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toContain(html(postMessages.crossSite));
    }
    expect(await jobRow("Planted Role")).toBeUndefined();
    expect(await jobRow("Hijacked Role")).toBeUndefined();
    expect(await jobRow("Cross Site Target")).toMatchObject({ id: job._id });
    // A body that is not a browser's form is refused too.
    const json = await fetch(`${server.url}/admin/jobs/add`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify(validJob),
    });
    expect(json.status).toBe(415);
  });

  it("renders a job's applications with their statuses, and an unknown job's failure text", async () => {
    const job = await apiJob({ title: "Statuses Role", type: "Full-time", workType: "Hybrid", location: "Liberty Hill, TX" });
    const empty = await (await get(`/admin/jobs/${job._id}/submissions`)).text();
    expect(empty).toContain(html(jobMessages.submissions.title("Statuses Role")));
    expect(empty).toContain(html(jobMessages.submissions.empty));

    const people = [
      { name: "Pat Pending", email: "pat@example.com", coverLetter: "Five years placing motor carrier accounts.", status: "pending" },
      { name: "Rey Reviewed", email: "rey@example.com", coverLetter: null, status: "reviewed" },
      { name: "Ace Accepted", email: "ace@example.com", coverLetter: "Short.", status: "accepted" },
      { name: "Rob Rejected", email: "rob@example.com", coverLetter: null, status: "rejected" },
    ];
    await db()
      .insert(jobApplications)
      .values(people.map((p) => ({ ...p, jobId: job._id })));
    const res = await get(`/admin/jobs/${job._id}/submissions`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html("Full-time · Hybrid · Liberty Hill, TX"));
    for (const column of jobMessages.submissions.columns) expect(page).toContain(`>${column}</th>`);
    for (const p of people) {
      expect(page).toContain(p.name);
      expect(page).toContain(`href="mailto:${p.email}"`);
      expect(page).toContain(`data-status="${p.status}"`);
    }
    expect(page).toContain("Five years placing motor carrier accounts.");
    expect(page).toContain(html(jobMessages.submissions.noCoverLetter));
    for (const colour of ["bg-yellow-100", "bg-blue-100", "bg-green-100", "bg-red-100"]) expect(page).toContain(colour);
    expect(page).not.toContain(html(jobMessages.submissions.empty));

    const unknown = await get(`/admin/jobs/${MISSING}/submissions`);
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain(html(jobMessages.submissions.loadFailure));
    expect(unknownHtml).toContain(html(jobMessages.submissions.reload));
  });

  it("shows a job's applications 50 a page with the count, every application once, and the API the whole list", async () => {
    const job = await apiJob({ title: "Busy Role", type: "Full-time", workType: "On-site", location: "Liberty Hill, TX" });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await db()
      .insert(jobApplications)
      .values(
        Array.from({ length: 53 }, (_, n) => ({
          jobId: job._id,
          name: `Applicant ${String(n).padStart(2, "0")}`,
          email: `applicant${n}@example.com`,
          coverLetter: null,
          createdAt: minutesAgo(n),
        })),
      );
    const first = await (await get(`/admin/jobs/${job._id}/submissions`)).text();
    expect(first).toContain("Showing 1–50 of 53 applications");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain(`href="/admin/jobs/${job._id}/submissions?page=2"`);
    expect(first).toContain("Applicant 00");
    expect(first).not.toContain("Applicant 50");
    const second = await (await get(`/admin/jobs/${job._id}/submissions?page=2`)).text();
    expect(second).toContain("Showing 51–53 of 53 applications");
    for (const n of [50, 51, 52]) expect(second).toContain(`Applicant ${n}`);
    expect(second).not.toContain("Applicant 49");
    const api = await fetch(`${server.url}/api/applications/job/${job._id}`, { headers: { cookie } });
    expect(await api.json()).toHaveLength(53);
  });
});

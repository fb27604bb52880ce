/**
 * The jobs screens of the back office (spec 001 sections 2, 4, 8) and the public /careers page
 * feeding them. Serial: the tests share the server's job list, starting from an empty one.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { agency } from "../../app/content/agency";
import { careersOpenings } from "../../app/content/careers";
import { jobFieldMessages, jobMessages } from "../../app/features/jobs/messages";
import { actionRequest, expect, holdRequests, test, toast, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const MISSING = "00000000-0000-4000-8000-000000000000";
const list = jobMessages.list;

type Job = { _id: string; title: string; description: string; type: string; workType: string; location: string; createdAt: string };

/** Signs in through POST /api/auth/login; page.request shares the page's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status()).toBe(200);
}

async function createJob(page: Page, values: Partial<Job> = {}): Promise<Job> {
  const res = await page.request.post("/api/jobs", {
    data: {
      title: "Claims Advocate",
      description: "Work with adjusters for our clients until every claim closes.",
      type: "Full-time",
      workType: "On-site",
      location: `${agency.address.city}, ${agency.address.region}`,
      ...values,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Job;
}

async function deleteAllJobs(page: Page) {
  const jobs = (await (await page.request.get("/api/jobs")).json()) as Job[];
  for (const job of jobs) expect((await page.request.delete(`/api/jobs/${job._id}`)).status()).toBe(200);
}

const card = (page: Page, title: string) =>
  page.getByTestId("job-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function openJobs(page: Page) {
  await page.goto("/admin/jobs");
  await expect(page.getByRole("heading", { level: 1, name: list.title })).toBeVisible();
}

test("signing in through /admin/login, an empty job list and an empty careers page show their texts", async ({ page }) => {
  await page.goto("/admin/login");
  await waitForHydration(page, "form");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await deleteAllJobs(page);

  await openJobs(page);
  await expect(page.getByText(list.empty, { exact: true })).toBeVisible();
  await expect(page.getByTestId("job-card")).toHaveCount(0);
  await expect(page.getByRole("link", { name: list.add })).toHaveAttribute("href", "/admin/jobs/add");

  await page.goto("/careers");
  const none = page.getByTestId("no-openings");
  await expect(none).toContainText(careersOpenings.none);
  await expect(none.getByRole("link", { name: agency.email })).toHaveAttribute("href", `mailto:${agency.email}`);
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await expect(page.locator("footer").getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/careers");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("Add New Job: defaults, required fields, 'Creating...' while saving, then the list with the new card", async ({ page }) => {
  await signIn(page);
  await openJobs(page);
  await page.getByRole("link", { name: list.add }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/add$/);
  await expect(page.getByRole("heading", { level: 1, name: jobMessages.add.title })).toBeVisible();
  await expect(page.getByLabel("Job Type")).toHaveValue("Full-time");
  await expect(page.getByLabel("Work Type")).toHaveValue("Remote");

  await page.getByRole("button", { name: jobMessages.add.submit }).click();
  await expect(toast(page, jobMessages.form.validationToast)).toBeVisible();
  await expect(page.getByText(jobFieldMessages.title)).toBeVisible();
  await expect(page.getByText(jobFieldMessages.description)).toBeVisible();
  await expect(page.getByText(jobFieldMessages.location)).toBeVisible();
  await expect(page.getByLabel("Job Title")).toBeFocused();
  await page.getByLabel("Job Title").fill("Commercial Lines Account Manager");
  await expect(page.getByText(jobFieldMessages.title)).toHaveCount(0);

  await page
    .getByLabel("Description")
    .fill("Own a book of trucking and contractor accounts.\nCertificates, endorsements and renewals, start to finish.");
  await page.getByLabel("Job Type").selectOption("Part-time");
  await page.getByLabel("Work Type").selectOption("Hybrid");
  await page.getByLabel("Location").fill("Liberty Hill, TX");
  const release = await holdRequests(page, "**/api/jobs");
  await page.getByRole("button", { name: jobMessages.add.submit }).click();
  await expect(page.getByRole("button", { name: jobMessages.add.submitting })).toBeDisabled();
  await expect(page.getByLabel("Job Title")).toBeDisabled();
  release();
  await expect(toast(page, jobMessages.add.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  const created = card(page, "Commercial Lines Account Manager");
  await expect(created).toBeVisible();
  await expect(created).toContainText("Part-time");
  await expect(created).toContainText("Liberty Hill, TX");
  await expect(created.getByText(/Own a book of trucking/)).toHaveClass(/line-clamp-2/);
  const id = (await created.getByRole("link").getAttribute("href"))!.split("/")[3];
  expect(await (await page.request.get(`/api/jobs/${id}`)).json()).toMatchObject({ type: "Part-time", workType: "Hybrid" });
});

test("Add New Job: a refused save shows the server's message, else the spec's text, and stays on the form", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/jobs/add");
  await page.getByLabel("Job Title").fill("Marketing Intern");
  await page.getByLabel("Description").fill("Help tell our clients' stories.");
  await page.getByLabel("Location").fill("Remote");
  let answer = {
    status: 400,
    body: {
      success: false,
      message: "Some fields need attention. Please check them and try again.",
      errors: { location: "Please enter a location" },
    } as Record<string, unknown>,
  };
  await page.route("**/api/jobs", (route) =>
    route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }),
  );
  await page.getByRole("button", { name: jobMessages.add.submit }).click();
  await expect(toast(page, "Some fields need attention. Please check them and try again.")).toBeVisible();
  await expect(page.getByText("Please enter a location")).toBeVisible();
  answer = { status: 500, body: {} };
  await page.getByRole("button", { name: jobMessages.add.submit }).click();
  await expect(toast(page, jobMessages.add.failure)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs\/add$/);
  await expect(page.getByRole("button", { name: jobMessages.add.submit })).toBeEnabled();

  await page.getByRole("link", { name: jobMessages.form.cancel }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
});

test("Edit from the list uses the job it was given, shows 'Updating...', and returns to the list", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, { title: "Receptionist", workType: "On-site" });
  await openJobs(page);
  const loads: string[] = [];
  page.on("request", (r) => r.url().endsWith(`/api/jobs/${job._id}`) && r.method() === "GET" && loads.push(r.url()));
  await card(page, "Receptionist").getByRole("button", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/edit/${job._id}$`));
  await expect(page.getByRole("heading", { level: 1, name: jobMessages.edit.title })).toBeVisible();
  await expect(page.getByLabel("Job Title")).toHaveValue("Receptionist");
  await expect(page.getByLabel("Work Type")).toHaveValue("On-site");
  expect(loads).toEqual([]);

  await page.getByLabel("Job Title").fill("Front Desk Coordinator");
  const release = await holdRequests(page, `**/api/jobs/${job._id}`);
  await page.getByRole("button", { name: jobMessages.edit.submit }).click();
  await expect(page.getByRole("button", { name: jobMessages.edit.submitting })).toBeDisabled();
  release();
  await expect(toast(page, jobMessages.edit.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(card(page, "Front Desk Coordinator")).toBeVisible();
  await expect(card(page, "Receptionist")).toHaveCount(0);
});

test("Edit by direct address loads the job; failures show the server's message or the spec's texts", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, { title: "Producer", type: "Internship", workType: "Remote", location: "Anywhere in Texas" });
  const loaded = page.waitForRequest((r) => r.url().endsWith(`/api/jobs/${job._id}`) && r.method() === "GET");
  await page.goto(`/admin/jobs/edit/${job._id}`);
  await loaded;
  await expect(page.getByLabel("Job Title")).toHaveValue("Producer");
  await expect(page.getByLabel("Job Type")).toHaveValue("Internship");
  await expect(page.getByLabel("Location")).toHaveValue("Anywhere in Texas");

  await page.route(`**/api/jobs/${job._id}`, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue(),
  );
  await page.getByRole("button", { name: jobMessages.edit.submit }).click();
  await expect(toast(page, jobMessages.edit.failure)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/edit/${job._id}$`));
  await page.unroute(`**/api/jobs/${job._id}`);

  // An unknown job: the server's message, and the way back.
  await page.goto(`/admin/jobs/edit/${MISSING}`);
  await expect(page.getByRole("alert").filter({ hasText: "Job not found" })).toBeVisible();
  await expect(toast(page, "Job not found")).toBeVisible();
  await page.getByRole("button", { name: jobMessages.edit.back }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);

  // A failure without a message: the spec's text.
  await page.route(`**/api/jobs/${job._id}`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
  await page.goto(`/admin/jobs/edit/${job._id}`);
  await expect(page.getByRole("alert").filter({ hasText: jobMessages.edit.loadFailure })).toBeVisible();
  await expect(page.getByRole("button", { name: jobMessages.edit.back })).toBeVisible();
});

test("Delete asks first, then removes the card; a failed delete keeps it and says so", async ({ page }) => {
  await signIn(page);
  await createJob(page, { title: "Temporary Opening" });
  await openJobs(page);
  const target = card(page, "Temporary Opening");
  await target.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: list.deleteTitle });
  await expect(dialog).toContainText(list.deleteConfirm);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toBeVisible();

  await page.route("**/api/jobs/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false, message: "boom" }) })
      : route.continue(),
  );
  await target.getByRole("button", { name: /^Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, list.deleteFailure)).toBeVisible();
  await expect(target).toBeVisible();
  await page.unroute("**/api/jobs/*");

  const deletes: string[] = [];
  const listLoads: string[] = [];
  page.on("request", (r) => r.method() === "DELETE" && deletes.push(r.url()));
  page.on("request", (r) => r.method() === "GET" && new URL(r.url()).pathname === "/api/jobs" && listLoads.push(r.url()));
  await target.getByRole("button", { name: /^Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, list.deleteSuccess)).toBeVisible();
  await expect(target).toHaveCount(0);
  expect(deletes).toHaveLength(1);
  // Removed locally: the list was not fetched again, and the server agrees.
  expect(listLoads).toEqual([]);
  const titles = ((await (await page.request.get("/api/jobs")).json()) as Job[]).map((j) => j.title);
  expect(titles).not.toContain("Temporary Opening");
});

test("a failed list load shows the spec's text and toast, and Try Again loads it", async ({ page }) => {
  await signIn(page);
  await createJob(page, { title: "Retry Visible Job" });
  let fail = true;
  await page.route("**/api/jobs", (route) =>
    fail && route.request().method() === "GET"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false, message: "down" }) })
      : route.continue(),
  );
  await page.goto("/admin/jobs");
  await expect(page.getByRole("alert").filter({ hasText: list.loadFailure })).toBeVisible();
  await expect(toast(page, list.loadFailure)).toBeVisible();
  await expect(page.getByTestId("job-card")).toHaveCount(0);
  fail = false;
  await page.getByRole("button", { name: list.retry }).click();
  await expect(card(page, "Retry Visible Job")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: list.loadFailure })).toHaveCount(0);
});

test("an application sent from /careers appears in the job's submissions table", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, {
    title: "Trucking Insurance Specialist",
    type: "Full-time",
    workType: "Hybrid",
    location: "Liberty Hill, TX",
  });

  await page.goto("/careers");
  const opening = page.getByTestId("career-job").filter({ has: page.getByRole("heading", { name: job.title }) });
  await expect(opening).toContainText("Hybrid");
  await expect(opening).toContainText(job.description);
  await waitForHydration(page, "[data-testid=career-job] button");
  await opening.getByRole("button", { name: `Apply for ${job.title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Apply for ${job.title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await dialog.getByRole("button", { name: jobMessages.careers.submit }).click();
  await expect(toast(page, "Please correct the form errors")).toBeVisible();
  await expect(dialog.getByText(jobFieldMessages.name)).toBeVisible();
  await expect(dialog.getByText(jobFieldMessages.email)).toBeVisible();

  await dialog.getByLabel("Full Name").fill("Priya Raman");
  await dialog.getByLabel("Email Address").fill("priya@raman.example");
  await dialog.getByLabel(/Cover Letter/).fill("Five years placing motor carrier accounts; I know the FMCSA filings well.");
  const release = await holdRequests(page, actionRequest("/careers"));
  await dialog.getByRole("button", { name: jobMessages.careers.submit }).click();
  await expect(dialog.getByRole("button", { name: jobMessages.careers.submitting })).toBeDisabled();
  release();
  await expect(toast(page, jobMessages.careers.success)).toBeVisible();
  await expect(dialog).toBeHidden();

  await openJobs(page);
  await card(page, job.title).getByRole("link", { name: job.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/${job._id}/submissions$`));
  await expect(page.getByRole("heading", { level: 1, name: `Applications for ${job.title}` })).toBeVisible();
  await expect(page.getByText("Full-time · Hybrid · Liberty Hill, TX")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Email", "Cover Letter", "Status", "Submitted"]);
  const row = table.getByRole("row").filter({ hasText: "Priya Raman" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("priya@raman.example");
  await expect(row.getByRole("cell").nth(2)).toContainText("Five years placing motor carrier accounts");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Pending");
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(row.getByRole("cell").nth(4)).toHaveText(today);
});

test("submissions: each status has its colour, an empty cover letter its text, and a job without applications the empty text", async ({
  page,
}) => {
  await signIn(page);
  const job = await createJob(page, { title: "Statuses Role" });
  const at = new Date("2025-03-04T15:00:00Z").toISOString();
  const letter = "A long letter. ".repeat(40);
  const applications = [
    { _id: "a1", name: "Pat Pending", email: "pat@example.com", coverLetter: letter, status: "pending", createdAt: at },
    { _id: "a2", name: "Rey Reviewed", email: "rey@example.com", coverLetter: null, status: "reviewed", createdAt: at },
    { _id: "a3", name: "Ace Accepted", email: "ace@example.com", coverLetter: "Short.", status: "accepted", createdAt: at },
    { _id: "a4", name: "Rob Rejected", email: "rob@example.com", coverLetter: "", status: "rejected", createdAt: at },
  ];
  await page.route(`**/api/applications/job/${job._id}`, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(applications) }),
  );
  await page.goto(`/admin/jobs/${job._id}/submissions`);
  const expected: [string, string, RegExp][] = [
    ["Pat Pending", "Pending", /bg-yellow-100/],
    ["Rey Reviewed", "Reviewed", /bg-blue-100/],
    ["Ace Accepted", "Accepted", /bg-green-100/],
    ["Rob Rejected", "Rejected", /bg-red-100/],
  ];
  for (const [name, label, colour] of expected) {
    const badge = page.getByRole("row").filter({ hasText: name }).getByText(label, { exact: true });
    await expect(badge).toHaveClass(colour);
  }
  await expect(page.getByRole("row").filter({ hasText: "Rey Reviewed" })).toContainText(jobMessages.submissions.noCoverLetter);
  await expect(page.getByRole("row").filter({ hasText: "Rob Rejected" })).toContainText(jobMessages.submissions.noCoverLetter);
  const long = page.getByRole("row").filter({ hasText: "Pat Pending" });
  await expect(long.locator("p.line-clamp-3")).toBeVisible();
  await long.getByRole("button", { name: "Show more" }).click();
  await expect(long.locator("p.line-clamp-3")).toHaveCount(0);
  const localDay = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), at);
  await expect(page.getByRole("row").filter({ hasText: "Ace Accepted" }).getByRole("cell").nth(4)).toHaveText(localDay);

  await page.unroute(`**/api/applications/job/${job._id}`);
  const empty = await createJob(page, { title: "Nobody Applied Yet" });
  await page.goto(`/admin/jobs/${empty._id}/submissions`);
  await expect(page.getByRole("heading", { level: 1, name: "Applications for Nobody Applied Yet" })).toBeVisible();
  await expect(page.getByRole("cell", { name: jobMessages.submissions.empty })).toBeVisible();
});

test("submissions: a failed load shows the spec's text and toast, and the reload button loads them", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, { title: "Flaky Load Role" });
  let fail = true;
  await page.route(`**/api/applications/job/${job._id}`, (route) =>
    fail ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.continue(),
  );
  await page.goto(`/admin/jobs/${job._id}/submissions`);
  await expect(page.getByRole("alert").filter({ hasText: jobMessages.submissions.loadFailure })).toBeVisible();
  await expect(toast(page, jobMessages.submissions.loadFailure)).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: jobMessages.submissions.reload }).click();
  await expect(page.getByRole("cell", { name: jobMessages.submissions.empty })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Applications for Flaky Load Role" })).toBeVisible();
});

test("/careers with openings and /admin/jobs have no axe violations", async ({ page }) => {
  await signIn(page);
  await createJob(page, { title: "Accessibility Check Role", workType: "Remote" });
  const violations: string[] = [];
  for (const path of ["/careers", "/admin/jobs"]) {
    await page.goto(path);
    if (path === "/admin/jobs") await expect(page.getByTestId("job-card").first()).toBeVisible();
    else await expect(page.getByTestId("career-job").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    violations.push(...results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  }
  // The application dialog, open.
  await page.goto("/careers");
  await waitForHydration(page, "[data-testid=career-job] button");
  await page.getByRole("button", { name: "Apply for Accessibility Check Role" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  violations.push(
    ...(await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `/careers dialog: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  );
  expect(violations).toEqual([]);
});

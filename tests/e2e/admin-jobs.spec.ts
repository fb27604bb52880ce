/**
 * The jobs screens of the back office (spec 001 sections 2, 4, 8) and the public /careers page
 * feeding them. The screens read through their loaders and save through their actions (the form
 * posts to its own address, `.data` once scripts run); the same flows work without scripts.
 * Serial: the tests share the server's job list, starting from an empty one.
 */
import type { Page } from "@playwright/test";
import { defaultSite } from "../../app/content/site-profile";

const { agency } = defaultSite;

import { careersOpenings } from "../../app/content/careers";
import { careerMessages } from "../../app/features/jobs/careers-messages";
import { jobFieldMessages, jobMessages } from "../../app/features/jobs/messages";
import {
  actionRequest,
  axeViolations,
  expect,
  expectNoAxeViolations,
  holdRequests,
  hydrated,
  slowPhone,
  test,
  toast,
  untilHydrated,
  waitForHydration,
} from "./support";

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
  await expectNoAxeViolations(page);
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
  const release = await holdRequests(page, "**/admin/jobs/add.data*");
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
  const id = (await created.getByRole("link", { name: "Commercial Lines Account Manager", exact: true }).getAttribute("href"))!.split(
    "/",
  )[3];
  expect(await (await page.request.get(`/api/jobs/${id}`)).json()).toMatchObject({ type: "Part-time", workType: "Hybrid" });
});

test("Add New Job: the server's check answers beside the fields, and Cancel goes back to the list", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/jobs/add");
  await page.getByLabel("Job Title").fill("Marketing Intern");
  await page.getByLabel("Description").fill("Help tell our clients' stories.");
  // Spaces only: the browser's check and the action's are the same schema.
  await page.getByLabel("Location").fill("   ");
  await page.getByRole("button", { name: jobMessages.add.submit }).click();
  await expect(toast(page, jobMessages.form.validationToast)).toBeVisible();
  await expect(page.getByTestId("error-job-location")).toHaveText(jobFieldMessages.location);
  await expect(page.getByLabel("Location")).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/jobs\/add$/);
  await expect(page.getByLabel("Job Title")).toHaveValue("Marketing Intern");
  await expect(page.getByRole("button", { name: jobMessages.add.submit })).toBeEnabled();

  await page.getByRole("link", { name: jobMessages.form.cancel }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
});

test("Edit from the list opens the job's form, shows 'Updating...', and returns to the list", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, { title: "Receptionist", workType: "On-site" });
  await openJobs(page);
  const apiCalls: string[] = [];
  page.on("request", (r) => new URL(r.url()).pathname.startsWith("/api/") && apiCalls.push(r.url()));
  await card(page, "Receptionist").getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/edit/${job._id}$`));
  await expect(page.getByRole("heading", { level: 1, name: jobMessages.edit.title })).toBeVisible();
  await expect(page.getByLabel("Job Title")).toHaveValue("Receptionist");
  await expect(page.getByLabel("Work Type")).toHaveValue("On-site");

  await page.getByLabel("Job Title").fill("Front Desk Coordinator");
  const release = await holdRequests(page, `**/admin/jobs/edit/${job._id}.data*`);
  await page.getByRole("button", { name: jobMessages.edit.submit }).click();
  await expect(page.getByRole("button", { name: jobMessages.edit.submitting })).toBeDisabled();
  release();
  await expect(toast(page, jobMessages.edit.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(card(page, "Front Desk Coordinator")).toBeVisible();
  await expect(card(page, "Receptionist")).toHaveCount(0);
  // Read by the screens' loaders and saved by their action: the JSON API was not called.
  expect(apiCalls).toEqual([]);
});

test("Edit by direct address loads the job; a job that is gone shows the server's message and the way back", async ({ page }) => {
  await signIn(page);
  const job = await createJob(page, { title: "Producer", type: "Internship", workType: "Remote", location: "Anywhere in Texas" });
  await page.goto(`/admin/jobs/edit/${job._id}`);
  await expect(page.getByLabel("Job Title")).toHaveValue("Producer");
  await expect(page.getByLabel("Job Type")).toHaveValue("Internship");
  await expect(page.getByLabel("Location")).toHaveValue("Anywhere in Texas");

  // Deleted meanwhile: the save is refused with the server's message, and the form stays.
  expect((await page.request.delete(`/api/jobs/${job._id}`)).status()).toBe(200);
  await page.getByLabel("Job Title").fill("Senior Producer");
  await page.getByRole("button", { name: jobMessages.edit.submit }).click();
  await expect(toast(page, "Job not found")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/edit/${job._id}$`));
  await expect(page.getByLabel("Job Title")).toHaveValue("Senior Producer");
  await expect(page.getByRole("button", { name: jobMessages.edit.submit })).toBeEnabled();

  // An unknown job: the server's message, and the way back.
  const response = await page.goto(`/admin/jobs/edit/${MISSING}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: "Job not found" })).toBeVisible();
  await expect(toast(page, "Job not found")).toBeVisible();
  await page.getByRole("button", { name: jobMessages.edit.back }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
});

test("Delete asks first, then removes the card; a failed delete says so and shows the list as it is", async ({ page }) => {
  await signIn(page);
  await createJob(page, { title: "Temporary Opening" });
  const gone = await createJob(page, { title: "Already Gone" });
  await openJobs(page);
  const target = card(page, "Temporary Opening");
  await target.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: list.deleteTitle });
  await expect(dialog).toContainText(list.deleteConfirm);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs$/);

  // Deleted elsewhere after the list was shown: the spec's failure text, then the list without it.
  expect((await page.request.delete(`/api/jobs/${gone._id}`)).status()).toBe(200);
  await card(page, "Already Gone")
    .getByRole("button", { name: /^Delete/ })
    .click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, list.deleteFailure)).toBeVisible();
  await expect(card(page, "Already Gone")).toHaveCount(0);
  await expect(target).toBeVisible();

  const posts: string[] = [];
  const apiCalls: string[] = [];
  page.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/admin/jobs.data" && posts.push(r.url()));
  page.on("request", (r) => new URL(r.url()).pathname.startsWith("/api/") && apiCalls.push(r.url()));
  const entries = await page.evaluate(() => history.length);
  await target.getByRole("button", { name: /^Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, list.deleteSuccess)).toBeVisible();
  await expect(target).toHaveCount(0);
  await expect(dialog).toBeHidden();
  // The list the delete comes back to takes the place of the one it was sent from: Back leaves the list.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(posts).toHaveLength(1);
  expect(apiCalls).toEqual([]);
  const titles = ((await (await page.request.get("/api/jobs")).json()) as Job[]).map((j) => j.title);
  expect(titles).not.toContain("Temporary Opening");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a job is added, refused fields come back with the values kept, and a delete is confirmed on the page", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/jobs/add");
    await page.getByLabel("Job Title").fill("Night Shift Adjuster");
    await page.getByLabel("Description").fill("Take first notice of loss calls after hours.");
    await page.getByLabel("Work Type").selectOption("On-site");
    await page.getByRole("button", { name: jobMessages.add.submit }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\/add$/);
    await expect(page.getByRole("alert").filter({ hasText: jobMessages.form.validationToast })).toBeVisible();
    await expect(page.getByTestId("error-job-location")).toHaveText(jobFieldMessages.location);
    await expect(page.getByLabel("Job Title")).toHaveValue("Night Shift Adjuster");
    await expect(page.getByLabel("Description")).toHaveValue("Take first notice of loss calls after hours.");
    await expect(page.getByLabel("Work Type")).toHaveValue("On-site");

    await page.getByLabel("Location").fill("Liberty Hill, TX");
    await page.getByRole("button", { name: jobMessages.add.submit }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole("status").filter({ hasText: jobMessages.add.success })).toBeVisible();
    const added = card(page, "Night Shift Adjuster");
    await expect(added).toContainText("Liberty Hill, TX");

    // Delete asks on the page itself; Cancel keeps the job.
    await added.getByRole("button", { name: /^Delete/ }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\?delete=/);
    const confirm = page.getByRole("region", { name: list.deleteTitle });
    await expect(confirm).toContainText(list.deleteConfirm);
    await expect(confirm).toContainText("Night Shift Adjuster");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(added).toBeVisible();

    await added.getByRole("button", { name: /^Delete/ }).click();
    await page.getByRole("region", { name: list.deleteTitle }).getByRole("button", { name: list.delete }).click();
    await expect(page.getByRole("status").filter({ hasText: list.deleteSuccess })).toBeVisible();
    await expect(added).toHaveCount(0);
  });
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
  await dialog.getByRole("button", { name: careerMessages.submit }).click();
  await expect(toast(page, "Please correct the form errors")).toBeVisible();
  await expect(dialog.getByText(jobFieldMessages.name)).toBeVisible();
  await expect(dialog.getByText(jobFieldMessages.email)).toBeVisible();

  await dialog.getByLabel("Full Name").fill("Priya Raman");
  await dialog.getByLabel("Email Address").fill("priya@raman.example");
  await dialog.getByLabel(/Cover Letter/).fill("Five years placing motor carrier accounts; I know the FMCSA filings well.");
  const release = await holdRequests(page, actionRequest("/careers"));
  await dialog.getByRole("button", { name: careerMessages.submit }).click();
  await expect(dialog.getByRole("button", { name: careerMessages.submitting })).toBeDisabled();
  release();
  await expect(toast(page, careerMessages.success)).toBeVisible();
  await expect(dialog).toBeHidden();

  await openJobs(page);
  await card(page, job.title).getByRole("link", { name: job.title, exact: true }).click();
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

test("Apply pressed before /careers has hydrated opens that opening's form, a modal once the scripts have run", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const job = await createJob(page, { title: "Premium Audit Liaison" });
  await slowPhone(page);
  const release = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.goto("/careers?utm_source=newsletter&utm_campaign=fall", { waitUntil: "domcontentloaded" });
  expect(await hydrated(page)).toBe(false);
  await page.getByRole("button", { name: `Apply for ${job.title}` }).click();

  // The page is asked for again with that opening's form open, the campaign kept.
  await expect(page).toHaveURL(new RegExp(`/careers\\?utm_source=newsletter&utm_campaign=fall&apply=${job._id}$`));
  const dialog = page.getByRole("dialog", { name: `Apply for ${job.title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeVisible();
  await expect(dialog.locator('input[name="jobId"]')).toHaveValue(job._id);
  release();

  await untilHydrated(page);
  await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Apply for ${job.title}` })).toBeFocused();
  // Opened again in place, now that the scripts run.
  await page.getByRole("button", { name: `Apply for ${job.title}` }).click();
  await expect(dialog).toBeVisible();
});

test.describe("/careers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an application is sent and stored; a refused one keeps its form open with the errors and the values", async ({ page }) => {
    await signIn(page);
    const job = await createJob(page, { title: "Loss Control Coordinator" });
    await page.goto("/careers");
    await page.getByRole("button", { name: `Apply for ${job.title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Apply for ${job.title}` });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Full Name").fill("Dana Offline");
    await dialog.getByLabel("Email Address").fill("dana-at-offline");
    // Whatever the browser checks itself, the action checks too: skip the browser's check to see the action's answer.
    await dialog.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    await dialog.getByRole("button", { name: careerMessages.submit }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(jobFieldMessages.email)).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Dana Offline");

    await dialog.getByLabel("Email Address").fill("dana@offline.example");
    await dialog.getByLabel(/Cover Letter/).fill("Ten years of loss control surveys for contractors and fleets.");
    await dialog.getByRole("button", { name: careerMessages.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: careerMessages.success })).toBeVisible();
    await expect(page.getByRole("dialog", { name: `Apply for ${job.title}` })).toBeHidden();
    expect(decodeURIComponent(page.url())).not.toContain("dana");

    const stored = (await (await page.request.get(`/api/applications/job/${job._id}`)).json()) as { email: string; name: string }[];
    expect(stored.map((a) => [a.name, a.email])).toEqual([["Dana Offline", "dana@offline.example"]]);
  });
});

test("submissions: a pending badge, an empty cover letter's text, a long letter opened in place, and a job without applications", async ({
  page,
}) => {
  await signIn(page);
  const job = await createJob(page, { title: "Statuses Role" });
  const letter = "A long letter. ".repeat(40).trim();
  for (const [name, email, coverLetter] of [
    ["Pat Pending", "pat@example.com", letter],
    ["Rey Reviewed", "rey@example.com", ""],
  ]) {
    const res = await page.request.post("/api/applications", { data: { jobId: job._id, name, email, coverLetter } });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/admin/jobs/${job._id}/submissions`);
  const long = page.getByRole("row").filter({ hasText: "Pat Pending" });
  await expect(long.getByText("Pending", { exact: true })).toHaveClass(/bg-yellow-100/);
  await expect(page.getByRole("row").filter({ hasText: "Rey Reviewed" })).toContainText(jobMessages.submissions.noCoverLetter);
  await expect(long.locator("p.line-clamp-3")).toBeVisible();
  await long.getByRole("button", { name: "Show more" }).click();
  await expect(long.locator("p.line-clamp-3")).toHaveCount(0);
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(long.getByRole("cell").nth(4)).toHaveText(today);

  const empty = await createJob(page, { title: "Nobody Applied Yet" });
  await page.goto(`/admin/jobs/${empty._id}/submissions`);
  await expect(page.getByRole("heading", { level: 1, name: "Applications for Nobody Applied Yet" })).toBeVisible();
  await expect(page.getByRole("cell", { name: jobMessages.submissions.empty })).toBeVisible();
});

test("submissions of a job that cannot be found: the spec's text, its toast and the reload button", async ({ page }) => {
  await signIn(page);
  const response = await page.goto(`/admin/jobs/${MISSING}/submissions`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: jobMessages.submissions.loadFailure })).toBeVisible();
  await expect(toast(page, jobMessages.submissions.loadFailure)).toBeVisible();
  await expect(page.getByRole("button", { name: jobMessages.submissions.reload })).toBeVisible();
});

test("/careers with openings and /admin/jobs have no axe violations", async ({ page }) => {
  await signIn(page);
  await createJob(page, { title: "Accessibility Check Role", workType: "Remote" });
  const violations: string[] = [];
  for (const path of ["/careers", "/admin/jobs", "/admin/jobs/add"]) {
    await page.goto(path);
    if (path === "/admin/jobs") await expect(page.getByTestId("job-card").first()).toBeVisible();
    else if (path === "/admin/jobs/add") await expect(page.getByLabel("Job Title")).toBeVisible();
    else await expect(page.getByTestId("career-job").first()).toBeVisible();
    violations.push(...(await axeViolations(page)));
  }
  // The application dialog, open.
  await page.goto("/careers");
  await waitForHydration(page, "[data-testid=career-job] button");
  await page.getByRole("button", { name: "Apply for Accessibility Check Role" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  violations.push(...(await axeViolations(page)).map((line) => `dialog on ${line}`));
  expect(violations).toEqual([]);
});

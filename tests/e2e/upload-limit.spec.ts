/**
 * The quote form's documents are checked in the browser against the server's own UPLOAD_MAX_BYTES, not a
 * built-in default: a server that takes 5 MB says so above the slots, and a 6 MB file is refused in the
 * browser with the limit's message, without being sent.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Request } from "@playwright/test";
import { fileTooLargeMessage } from "../../app/features/uploads/messages";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, test, waitForHydration } from "./support";

const LIMIT = 5 * 1024 ** 2;
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ UPLOAD_MAX_BYTES: String(LIMIT) });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a server that takes documents up to 5 MB: the form says so and refuses a 6 MB file without sending it", async ({ page }) => {
  await page.goto(`${server.url}/quote`);
  await waitForHydration(page, 'form[aria-label="Commercial trucking quote form"]');
  await expect(page.getByText("PDF, JPG or PNG, up to 5 MB each.", { exact: false })).toBeVisible();

  const sent: Request[] = [];
  page.on("request", (r) => r.url().endsWith("/api/uploads") && sent.push(r));
  // A sparse file: no disk space used, nothing read.
  const dir = mkdtempSync(path.join(tmpdir(), "upload-limit-"));
  try {
    const big = path.join(dir, "loss-runs-2023-2025.pdf");
    const fd = openSync(big, "w");
    ftruncateSync(fd, 6 * 1024 ** 2);
    closeSync(fd);
    await page.locator("#quote-upload-lossRuns").setInputFiles(big);
    await expect(page.getByTestId("error-quote-upload-lossRuns")).toHaveText(fileTooLargeMessage(LIMIT));
    expect(fileTooLargeMessage(LIMIT)).toBe("File size must be less than 5MB");
    expect(sent).toHaveLength(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A lead's outcome recorded as a colleague does it on the lead's screen (docs/decisions/060): Won chosen
 * in the status select, the outcome form asking for the policy bound, saved with its toast.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { outcomeMessages } from "../../app/features/leads-inbox/outcome";
import { expect, toast, waitForHydration } from "./support";

export type WonPolicy = { carrier: string; premium: string; effectiveDate: string; line?: string };

/** Opens the lead's screen (on `base`, a server of a spec's own, or the shared one), chooses Won, fills in the policy and saves it. */
export async function markWon(page: Page, leadId: string, policy: WonPolicy, base = "") {
  await page.goto(`${base}/admin/leads/${leadId}`);
  await waitForHydration(page, "#lead-status");
  await page.getByLabel(inboxMessages.detail.statusLabel).selectOption("won");
  const form = page.getByTestId("outcome-form");
  await expect(form.getByRole("radio", { name: outcomeMessages.statuses.won })).toBeChecked();
  const carrier = form.getByRole("textbox", { name: outcomeMessages.carrier });
  await expect(carrier).toBeFocused();
  await carrier.fill(policy.carrier);
  if (policy.line) await form.getByLabel(outcomeMessages.lineOfBusiness).selectOption(policy.line);
  await form.getByRole("textbox", { name: outcomeMessages.premium }).fill(policy.premium);
  await form.getByLabel(outcomeMessages.effectiveDate).fill(policy.effectiveDate);
  await form.getByRole("button", { name: outcomeMessages.save }).click();
  await expect(toast(page, outcomeMessages.saved)).toBeVisible();
  await expect(page.getByLabel(inboxMessages.detail.statusLabel)).toHaveValue("won");
}

/**
 * Step-up: a dangerous back-office action (inviting, deactivating or reactivating an account, changing a role,
 * erasing a person, exporting leads, changing settings) asks for the password, or a current code from
 * the authenticator app, again unless it was given in this session within the last STEP_UP_MINUTES
 * (docs/decisions/047-roles-and-step-up.md). A screen's form answers with `stepUp` and the page shows a prompt
 * that posts the same form again with the secret; an API client confirms through POST /api/auth/confirm.
 * Browser-safe.
 */

export const STEP_UP_MINUTES = 10;

/** The field a form posts the password or code in: never sent back to the page, never logged. */
export const STEP_UP_FIELD = "stepUpSecret";

/**
 * Whether a confirmation given at `confirmedAt` still covers a dangerous action now: within `minutes`
 * (ADMIN_STEP_UP_MINUTES, STEP_UP_MINUTES unless set; 0 covers nothing, so every such action asks).
 */
export function isConfirmed(confirmedAt: Date | string | null | undefined, minutes: number = STEP_UP_MINUTES, now = Date.now()): boolean {
  if (!confirmedAt || minutes <= 0) return false;
  const at = new Date(confirmedAt).getTime();
  return Number.isFinite(at) && now - at < minutes * 60_000 && at <= now + 60_000;
}

/** What checking the password or code again answered. */
export type StepUpResult = { ok: true } | { ok: false; status: 400 | 403 | 429; message: string; retryAfterSeconds?: number };

export const stepUpMessages = {
  /** A screen's refusal before the secret was given. */
  required: "This change needs your password again before it is made.",
  heading: "Confirm it's you",
  label: "Your password",
  hint: "Or a current 6-digit code from your authenticator app, if you use one.",
  submit: "Confirm and continue",
  cancel: "Cancel",
  empty: "Enter your password.",
  wrong: "That is not your password or a current code.",
  codeUnavailable: "Codes are not set up for this account: enter your password.",
  /** The API's 403 for a dangerous call without a recent confirmation. */
  apiRequired: 'This needs your password again: POST /api/auth/confirm with {"password"} (or {"code"}), then repeat the request.',
  confirmed: (minutes: number) =>
    minutes > 0
      ? `Confirmed. Changes that need your password will not ask again for ${minutes} minute${minutes === 1 ? "" : "s"}.`
      : "Confirmed. Repeat the request within a minute.",
  invalidConfirm: "Send your password as `password`, or a current code as `code`.",
} as const;

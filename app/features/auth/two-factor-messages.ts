/**
 * The texts of two-factor sign-in: the API's answers and the screens of the second step, enrolment and
 * the account's two-factor page (docs/decisions/026-two-factor-sign-in.md). Browser-safe.
 */

export const RECOVERY_CODE_COUNT = 10;

/** Where a sign-in goes after the password, by the step `POST /api/auth/login` answers in `twoFactor`. */
export const twoFactorStepPath = { code: "/admin/login/code", enrolment: "/admin/two-factor/enrol" } as const;

export const twoFactorMessages = {
  // ---- answers of the API and the forms ----
  /** POST /api/auth/login with the right password, for an account with a second factor. */
  codeRequired: "Enter the code from your authenticator app to finish signing in.",
  /** POST /api/auth/login with the right password, when the site requires a second factor the account lacks. */
  enrolmentRequired: "Set up two-factor sign-in to finish signing in.",
  codeMissing: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeTooLong: "The code must be at most 64 characters.",
  /** Never says whether the code was old, used already or wrong. */
  invalidCode: "That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.",
  /** A step's form for a session that is not at that step (signed out, or past it). */
  stepExpired: "Your sign-in has expired. Please sign in again.",
  enabled: "Two-factor sign-in is on.",
  disabled: "Two-factor sign-in is off.",
  regenerated: "New recovery codes were made; the old ones no longer work.",
  /** Every app code of an account locked after too many wrong codes in a row, the right one too. */
  codesLocked:
    "Too many wrong codes were entered for this account, so codes from the authenticator app no longer sign it in. Enter one of your recovery codes instead, or ask an owner of this site to unlock it.",
  /** The server cannot read the account's key (its encryption key is missing or wrong): the operator's problem, not the admin's. */
  keyUnavailable:
    "Codes from your authenticator app cannot be checked on this server right now. Enter one of your recovery codes instead, or ask an owner of this site for help.",
  notEnabled: "Two-factor sign-in is not on for this account.",
  alreadyEnabled: "Two-factor sign-in is already on for this account.",
  formNotSupported: "Please send this form from its page.",
  formTooLarge: "The form is too large.",

  // ---- what the security notice to the owners says happened ----
  notices: {
    locked: (email: string, wrongCodes: number) =>
      `Codes from the authenticator app of ${email} were locked after ${wrongCodes} wrong codes in a row`,
    disabled: (email: string) => `${email} turned off two-factor sign-in`,
    regenerated: (email: string) => `${email} made new recovery codes for two-factor sign-in`,
  },

  // ---- the code step: /admin/login/code ----
  code: {
    title: "Two-factor sign-in",
    intro: "Open your authenticator app and enter the 6-digit code it shows for this site.",
    label: "Code",
    hint: "Lost your phone? Enter one of your recovery codes instead.",
    submit: "Verify",
    submitting: "Verifying...",
    startAgain: "Sign in as someone else",
  },

  // ---- enrolment: /admin/two-factor/enrol and /admin/account/two-factor ----
  enrol: {
    title: "Set up two-factor sign-in",
    requiredIntro: "This site asks every admin for a code from an authenticator app when signing in. Set yours up to continue.",
    intro: "Add a second step to your sign-in: after your password, a code from an authenticator app on your phone.",
    scan: "1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).",
    qrLabel: "QR code for your authenticator app",
    manual: "Can't scan it? Enter this key in the app instead (time-based, 6 digits):",
    manualKeyLabel: "Setup key",
    confirm: "2. Enter the 6-digit code the app shows to confirm.",
    submit: "Turn on two-factor sign-in",
    submitting: "Confirming...",
  },

  // ---- the recovery codes, shown once ----
  recovery: {
    title: "Your recovery codes",
    intro: `Keep these ${RECOVERY_CODE_COUNT} codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone. They are shown only now.`,
    listLabel: "Recovery codes",
    continue: "Continue to the dashboard",
    back: "Back to two-factor settings",
  },

  // ---- the account page: /admin/account/two-factor ----
  account: {
    title: "Two-factor sign-in",
    onSince: (date: string) => `On since ${date}.`,
    off: "Two-factor sign-in is off for your account.",
    required: "This site requires two-factor sign-in: if you turn it off, you will set it up again at your next sign-in.",
    remaining: (n: number) => `${n} unused recovery code${n === 1 ? "" : "s"} left.`,
    regenerateTitle: "New recovery codes",
    regenerateIntro: "Make a new set of recovery codes; the old ones stop working. Confirm with a current code.",
    regenerate: "Make new recovery codes",
    disableTitle: "Turn off two-factor sign-in",
    disableIntro: "Your password alone will sign you in. Confirm with a current code or a recovery code.",
    disable: "Turn off two-factor sign-in",
    codeLabel: "Current code",
    navLabel: "Back office",
    backToAccount: "Back to your account",
    dashboard: "Dashboard",
  },
} as const;

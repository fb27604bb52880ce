/**
 * First-run setup: the page a setup link opens (/admin/setup?code=...), its outcomes, and what the
 * server says about the link when it starts. Every text in one place. Browser-safe.
 */
import { inviteMessages } from "./messages";

/** How long a setup link works (unless it is used first). */
export const SETUP_CODE_HOURS = 24;

/** The command that creates an admin from the server's command line, as the texts quote it. */
export const ADMIN_CREATE_COMMAND = "npm run admin:create -- --email you@agency.com";

/** "N seconds" below a minute, else whole minutes (rounded up). */
function wait(seconds: number): string {
  const [n, unit] = seconds < 60 ? [Math.max(1, Math.ceil(seconds)), "second"] : [Math.ceil(seconds / 60), "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

export const setupMessages = {
  eyebrow: "First-run setup",
  title: "Set up your site",
  intro:
    "Name your agency and create the owner account: the first back-office account, which invites the rest of your team. You can change the agency's details later in Settings.",
  agencyName: "Agency name",
  agencyNameHint: "As visitors see it on every page and in every email.",
  name: "Your name",
  email: "Your email",
  emailHint: "You sign in with it.",
  password: "Password",
  confirmPassword: "Password again",
  passwordHint: inviteMessages.passwordHint,
  submit: "Create the owner account",
  submitting: "Setting up...",
  /** The toast when the server could not be reached or failed. */
  failure: "Failed to set up the site",
  /** The flash toast on the dashboard once the owner is signed in. */
  done: (agencyName: string) => `${agencyName} is set up, and you are signed in as its owner.`,

  // ---- a link that cannot be used (403) ----
  invalidTitle: "This setup link cannot be used",
  invalid: `This setup link is not valid. Check that you opened the whole link; a link works once, for ${SETUP_CODE_HOURS} hours.`,
  newLink: "To get a new link, restart the server: while no admin account exists, it prints a new setup link at each start.",
  orCommand: "Or create the owner account on the server with:",

  // ---- the owner account exists: the setup is over (404) ----
  goneTitle: "This site is already set up",
  gone: "The owner account exists, so setup links no longer work. Sign in instead.",
  signIn: "Go to sign in",

  // ---- too many wrong links from one address (429) ----
  throttledTitle: "Too many attempts",
  tooManyAttempts: (seconds: number) =>
    `Too many attempts with a setup link that is not valid. Please wait ${wait(seconds)} and try again.`,

  errors: {
    invalid: "Please correct the fields marked below.",
    agencyName: "Enter your agency's name (2 to 100 characters, one line).",
    nameRequired: "Enter your name.",
    nameTooLong: "Your name must be at most 100 characters.",
    nameOneLine: "Your name must be one line of text.",
    emailRequired: "Enter your email address.",
    emailInvalid: "Enter an email address such as name@agency.com.",
    emailTooLong: "The email must be at most 254 characters.",
    passwordRequired: "Enter a password.",
    confirmRequired: "Enter the password again.",
    mismatch: "The two passwords differ.",
    crossSite: "This request came from another website and was refused.",
    formNotSupported: "Please send the form from the setup page.",
    formTooLarge: "The form is too large.",
  },

  // ---- the server's start-up ----
  /** The log line while no admin exists (the link itself is the line's `setupUrl`). */
  startHint: `No admin account yet: open the setup link (setupUrl) to name the agency and create the owner account; it works once, for ${SETUP_CODE_HOURS} hours, and each start makes a new one. Or run "${ADMIN_CREATE_COMMAND}", or set ADMIN_EMAIL and ADMIN_PASSWORD.`,
  /** What `npm start` prints, plainly, below the log lines. */
  printed: (link: string) =>
    [
      "",
      "First-run setup: no admin account exists yet. Open this link to name your agency and create the owner account:",
      "",
      `    ${link}`,
      "",
      `It works once, for ${SETUP_CODE_HOURS} hours; each start of the server prints a new one. Or run: ${ADMIN_CREATE_COMMAND}`,
      "",
    ].join("\n"),
  log: {
    refused: "first-run setup refused: the setup link's code is not valid",
    throttled: "first-run setup refused: too many attempts",
    completed: "first-run setup completed: owner account created",
  },
} as const;

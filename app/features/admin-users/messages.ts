/**
 * The Users screen (/admin/users), the invitation page (/admin/invite/:token), the invitation mail and
 * GET /api/admin/users: every text in one place. Browser-safe.
 */

/** How long an invitation link works. */
export const INVITE_HOURS = 24;
/** A session seen this recently counts as "signed in now". */
export const ON_DUTY_MINUTES = 15;

export const usersMessages = {
  title: "Users",
  subtitle: "The staff who can sign in to the back office, who is signed in now, and who gets new leads.",

  list: {
    heading: "Team",
    caption: "Back-office accounts",
    columns: ["Name", "Email", "Role", "Status", "Signed in now", "Last sign-in", "Open leads", "Actions"] as const,
    empty: "No accounts yet.",
    you: "(you)",
    active: "Active",
    deactivated: "Deactivated",
    onDuty: "Yes",
    onDutyHint: `Seen in the last ${ON_DUTY_MINUTES} minutes`,
    offDuty: "No",
    never: "Never",
    noName: "No name set",
    openLeadsHint: "Leads still new that this person owns",
    deactivate: (who: string) => `Deactivate ${who}`,
    reactivate: (who: string) => `Reactivate ${who}`,
    deactivateLabel: "Deactivate",
    reactivateLabel: "Reactivate",
    roleLabel: (who: string) => `Role of ${who}`,
    changeRole: (who: string) => `Change the role of ${who}`,
    changeRoleLabel: "Change",
    codeLocked: "Code sign-in locked",
    unlock: (who: string) => `Unlock codes for ${who}`,
    unlockHint: "Lets the account sign in with codes from its authenticator app again",
    unlockLabel: "Unlock codes",
    rolesNote:
      "Staff work leads, contacts, chats and the blog. Admins also manage jobs, site content, staff accounts and exports. Owners also manage settings, owners and admins, erasure, backups and the audit trail.",
    deactivateNote:
      "Deactivating signs the person out at once and stops their sign-in. Their leads keep their owner; escalations of those leads go to the agency inbox.",
  },

  invite: {
    heading: "Invite someone",
    intro: `They receive an email with a link to set their password. The link works once, for ${INVITE_HOURS} hours.`,
    name: "Full name",
    email: "Email",
    role: "Role",
    submit: "Send invitation",
    submitting: "Sending...",
    pendingHeading: "Pending invitations",
    pendingCaption: "Invitations not yet accepted",
    pendingColumns: ["Name", "Email", "Role", "Invited by", "Expires", "Actions"] as const,
    pendingEmpty: "No pending invitations.",
    revoke: (who: string) => `Withdraw the invitation to ${who}`,
    revokeLabel: "Withdraw",
  },

  roundRobin: {
    heading: "Lead assignment",
    legend: "Give new leads in turn to the active staff",
    on: "On: each new lead goes to the active person who has waited longest for one",
    off: "Off: new leads arrive unassigned in the agency inbox",
    current: (on: boolean) => (on ? "Round-robin assignment is on." : "Round-robin assignment is off."),
    submit: "Save",
  },

  results: {
    invited: (email: string) => `Invitation sent to ${email}. The link works for ${INVITE_HOURS} hours.`,
    deactivated: (who: string) => `${who} is deactivated and signed out everywhere.`,
    alreadyDeactivated: (who: string) => `${who} was already deactivated.`,
    reactivated: (who: string) => `${who} can sign in again.`,
    alreadyActive: (who: string) => `${who} was already active.`,
    roleChanged: (who: string, role: string) => `${who} is now ${role} and was signed out everywhere.`,
    roleUnchanged: (who: string, role: string) => `${who} was already ${role}.`,
    unlocked: (who: string) => `${who} can sign in with codes from the app again.`,
    revoked: "The invitation was withdrawn; its link no longer works.",
    roundRobinOn: "Round-robin assignment is on: new leads go to the active staff in turn.",
    roundRobinOff: "Round-robin assignment is off: new leads arrive unassigned.",
  },

  errors: {
    invalid: "Please correct the fields marked below.",
    nameRequired: "Enter the person's full name.",
    nameTooLong: "The name must be at most 100 characters.",
    nameOneLine: "The name must be one line of text.",
    emailRequired: "Enter the email address to send the invitation to.",
    emailInvalid: "Enter an email address such as name@agency.com.",
    emailTooLong: "The email must be at most 254 characters.",
    emailTaken: "This email already has an account.",
    cannotDeactivateSelf: "You cannot deactivate your own account. Ask another administrator to do it.",
    lastActiveAdmin: "This is the last active account: the back office would have nobody left to sign in. Invite someone first.",
    lastOwner: "This is the last active owner: make another account an owner first.",
    cannotChangeOwnRole: "You cannot change your own role. Ask another owner to do it.",
    outranked: "Your role cannot change this account: ask an owner.",
    roleNotAllowed: "Your role cannot give this role: ask an owner.",
    userNotFound: "That account no longer exists. Reload the page.",
    inviteNotFound: "That invitation is no longer pending. Reload the page.",
    unknownIntent: "This form is not one the Users page knows. Reload the page and try again.",
    invalidId: "The account or invitation is not valid. Reload the page and try again.",
    invalidRoundRobin: "Choose on or off.",
    crossSite: "This request came from another website and was refused.",
    formNotSupported: "Please send the form from the Users page.",
    formTooLarge: "The form is too large.",
    failed: "Something went wrong and nothing was changed. Please try again.",
  },

  api: {
    listed: (n: number) => `${n} account${n === 1 ? "" : "s"}`,
  },
} as const;

/** The page an invitation link opens, and its outcomes. */
export const inviteMessages = {
  title: "Set up your account",
  intro: (name: string) => `Welcome, ${name}. Choose a password to finish setting up your back-office account.`,
  account: "Account",
  password: "Password",
  confirmPassword: "Password again",
  passwordHint: "At least 12 characters. Common and breached passwords are refused; a few unrelated words make a strong one.",
  submit: "Create my account",
  submitting: "Creating your account...",
  ready: "Your account is ready. Sign in with your email and the password you just chose.",
  readyTitle: "Account ready",
  signIn: "Go to sign in",
  invalidTitle: "This invitation link cannot be used",
  whatToDo: "Ask an administrator for a new invitation.",
  unknown: "This invitation link is not valid. Check that you opened the whole link from the email.",
  expired: `This invitation has expired: links work for ${INVITE_HOURS} hours.`,
  used: "This invitation was already used to create an account. If it was you, sign in.",
  revoked: "This invitation was withdrawn, or replaced by a newer one sent to the same address.",
  taken: "An account with this email already exists. Sign in instead.",
  errors: {
    invalid: "Please correct the fields marked below.",
    passwordRequired: "Enter a password.",
    confirmRequired: "Enter the password again.",
    mismatch: "The two passwords differ.",
    crossSite: "This request came from another website and was refused.",
    formNotSupported: "Please send the form from the invitation page.",
    formTooLarge: "The form is too large.",
  },
} as const;

/** The invitation mail (kind `admin_invite`). */
export const inviteMailMessages = {
  subject: (agencyName: string) => `Your invitation to the ${agencyName} back office`,
  greeting: (name: string) => `Hi ${name},`,
  body: (inviter: string, agencyName: string) => `${inviter} invited you to the ${agencyName} back office.`,
  action: "Open this link to choose your password and finish setting up your account:",
  button: "Set up my account",
  expiry: (hours: number) => `The link works once, for ${hours} hours. If it has expired, ask an administrator for a new invitation.`,
  ignore: "If you did not expect this invitation, you can ignore this email.",
} as const;

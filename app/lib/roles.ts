/**
 * Who may do what in the back office: three roles and one permission table (docs/decisions/047-roles-and-step-up.md).
 * Browser-safe: the menu and the screens hide what a role cannot do from the same table the server
 * checks every route, action and /api endpoint against (app/lib/access.ts).
 *
 *   staff  work leads, contacts, chat transcripts and the blog;
 *   admin  also manage jobs, the team, testimonials and FAQs, the accounts below them, and exports;
 *   owner  also manage settings, owners and admins, erasure, backups and the audit trail.
 */

export const ROLES = ["owner", "admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

const RANK: Record<Role, number> = { staff: 1, admin: 2, owner: 3 };

/** Each permission and the least role that has it. */
export const PERMISSIONS = {
  /** The dashboard, the leads inbox and a lead's screen (status, owner, notes, documents), and failed mail. */
  leads: "staff",
  /** Contact-form submissions. */
  contacts: "staff",
  /** Chat transcripts. */
  chats: "staff",
  /** Posts and categories. */
  blog: "staff",
  /** One's own account: password, two-factor sign-in, sessions. */
  account: "staff",
  /** Job openings and their applications. */
  jobs: "admin",
  /** The team, testimonials and FAQs shown on the public pages. */
  content: "admin",
  /** Accounts below one's own role: inviting, deactivating, reactivating; lead round-robin. */
  users: "admin",
  /** The leads CSV. */
  exports: "admin",
  /** The agency's profile, hours, phones, chat and site settings. */
  settings: "owner",
  /** Owner and admin accounts, and every role change. */
  owners: "owner",
  /** Erasing a person, and the retention run. */
  erasure: "owner",
  /** The audit trail. */
  audit: "owner",
  /** Backups of the whole site. */
  backups: "owner",
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` has `permission`. An unknown role has none. */
export const can = (role: string, permission: Permission): boolean => isRole(role) && RANK[role] >= RANK[PERMISSIONS[permission]];

/** Whether `actor` outranks `other` (an admin manages staff; an owner manages everyone). */
export const outranks = (actor: string, other: string): boolean =>
  isRole(actor) && isRole(other) && (actor === "owner" || RANK[actor] > RANK[other]);

/** The roles an account of `role` may give (invitations, role changes): owners any, admins staff only. */
export const assignableRoles = (role: string): Role[] => (role === "owner" ? [...ROLES] : role === "admin" ? ["staff"] : []);

export const roleMessages = {
  names: { owner: "Owner", admin: "Admin", staff: "Staff" } satisfies Record<Role, string>,
  descriptions: {
    owner: "Everything, including settings, owners, erasure, backups and the audit trail.",
    admin: "Leads, contacts, chats and the blog, plus jobs, site content, staff accounts and exports.",
    staff: "Leads, contacts, chat transcripts and the blog.",
  } satisfies Record<Role, string>,
  /** The 403 of a screen, action or /api endpoint the account's role does not include. */
  forbidden: "Your role does not allow this. Ask an owner of this site if you need it.",
  forbiddenTitle: "Not allowed",
  backToDashboard: "Go to the dashboard",
  invalidRole: "Choose Owner, Admin or Staff.",
} as const;

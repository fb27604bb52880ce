/**
 * Invitations to the back office. An administrator names a person and an email; the person receives
 * a one-time link (`/admin/invite/<token>`, valid INVITE_HOURS hours) and sets a password there, which
 * creates their account. Only the SHA-256 of the link's token is stored, so a copy of the database
 * hands out no link. A newer invitation to the same address withdraws the older ones.
 *
 * Accepting marks the invitation with a conditional update (still pending, not expired) in the same
 * transaction that creates the account: of two submissions at the same moment, one creates the
 * account and the other finds the invitation used.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminInvites, adminUsers } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { type AdminIdentity, hashPassword, hashToken, roleOf } from "~/features/auth/auth.server";
import { agencyNames, newPasswordProblem } from "~/features/auth/password-policy.server";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { escapeHtml, headerSafe, type MailDraft, mailLayout } from "~/features/mail/templates.server";
import { flattenIssues } from "~/lib/issues";
import { assignableRoles, type Role } from "~/lib/roles";
import { INVITE_HOURS, inviteMailMessages } from "./messages";
import { acceptInviteSchema, inviteSchema } from "./schema";
import type { Actor } from "./users.server";

/** The database, the settings, and the stored profile as the request found it (`site.facts`). */
type Deps = { db: Database; config: Pick<Config, "SITE_URL" | "AUTH_SCRYPT_N">; site: { facts: SiteFacts } };

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const invitePath = (token: string) => `/admin/invite/${token}`;
export const inviteLink = (config: Pick<Config, "SITE_URL">, token: string) => `${config.SITE_URL}${invitePath(token)}`;

/** The invitation mail: plain text and a simple HTML version, the link in both. */
export function inviteMail(site: SiteFacts, input: { to: string; name: string; inviter: string; link: string }): MailDraft {
  const m = inviteMailMessages;
  const { agency } = site;
  const subject = headerSafe(m.subject(agency.name));
  const lines = [m.greeting(input.name), m.body(input.inviter, agency.name), m.action, input.link, m.expiry(INVITE_HOURS), m.ignore];
  const text = [lines[0], "", lines[1], "", lines[2], "", lines[3], "", lines[4], "", lines[5], "", agency.name].join("\n");
  const html = mailLayout(
    site,
    subject,
    `<p>${escapeHtml(lines[0])}</p><p>${escapeHtml(lines[1])}</p><p>${escapeHtml(lines[2])}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#112f57;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(m.button)}</a></p>
<p style="word-break:break-all;font-size:13px">${escapeHtml(input.link)}</p>
<p>${escapeHtml(lines[4])}</p><p style="color:#475569">${escapeHtml(lines[5])}</p>`,
  );
  return { kind: "admin_invite", to: input.to, subject, text, html };
}

export type CreateInviteResult =
  | { status: "invited"; inviteId: string; email: string; name: string; role: Role }
  | { status: "invalid"; errors: Record<string, string>; values: { name: string; email: string } }
  | { status: "taken"; values: { name: string; email: string } }
  /** The actor's role cannot give the role asked for (an admin invites staff only). */
  | { status: "role_not_allowed"; values: { name: string; email: string } };

/**
 * Invites a person: refuses an email that already has an account, withdraws older pending invitations
 * of that email, stores the new one and queues its mail, all in one transaction (the mail leaves with
 * the invitation or not at all). The caller nudges the mail sender.
 */
export async function createInvite(deps: Deps, actor: Actor, input: unknown, ip: string | null = null): Promise<CreateInviteResult> {
  const raw = (input ?? {}) as Record<string, unknown>;
  const typed = { name: typeof raw.name === "string" ? raw.name : "", email: typeof raw.email === "string" ? raw.email : "" };
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", errors: flattenIssues(parsed.error.issues), values: typed };
  const { name, email, role } = parsed.data;
  if (!assignableRoles(actor.role).includes(role)) return { status: "role_not_allowed", values: { name, email } };
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITE_HOURS * 3_600_000);

  return deps.db.transaction(async (tx) => {
    // Two invitations to one address at the same moment: one after the other, so one stays pending.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`admin-invite:${email}`}, 0))`);
    const [existing] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(sql`lower(${adminUsers.email}) = ${email}`);
    if (existing) return { status: "taken", values: { name, email } } as const;
    const replaced = await tx
      .update(adminInvites)
      .set({ revokedAt: new Date() })
      .where(and(sql`lower(${adminInvites.email}) = ${email}`, isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
      .returning({ id: adminInvites.id });
    const [invite] = await tx
      .insert(adminInvites)
      .values({ email, name, role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt })
      .returning({ id: adminInvites.id });
    const [inviter] = await tx
      .select({ name: adminUsers.name, email: adminUsers.email })
      .from(adminUsers)
      .where(eq(adminUsers.id, actor.id));
    await enqueueMail(
      tx,
      inviteMail(deps.site.facts, { to: email, name, inviter: inviter?.name?.trim() || actor.email, link: inviteLink(deps.config, token) }),
      { domain: mailDomain(deps.config) },
    );
    await recordAudit(tx, {
      action: "admin_invited",
      admin: actor,
      targetType: "admin_invite",
      targetId: invite.id,
      detail: { replaced: replaced.length, role },
      ip,
    });
    return { status: "invited", inviteId: invite.id, email, name, role } as const;
  });
}

export type PendingInvite = {
  id: string;
  email: string;
  name: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
};

/** Invitations still usable (not accepted, withdrawn or expired), newest first. */
export async function listPendingInvites(db: Pick<Database, "select">, now = new Date()): Promise<PendingInvite[]> {
  const rows = await db
    .select({
      id: adminInvites.id,
      email: adminInvites.email,
      name: adminInvites.name,
      role: adminInvites.role,
      inviterName: adminUsers.name,
      inviterEmail: adminUsers.email,
      createdAt: adminInvites.createdAt,
      expiresAt: adminInvites.expiresAt,
    })
    .from(adminInvites)
    .leftJoin(adminUsers, eq(adminUsers.id, adminInvites.invitedBy))
    .where(and(isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, now)))
    .orderBy(asc(adminInvites.expiresAt));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: roleOf(r.role),
    invitedBy: r.inviterName?.trim() || r.inviterEmail || null,
    createdAt: new Date(r.createdAt).toISOString(),
    expiresAt: new Date(r.expiresAt).toISOString(),
  }));
}

/**
 * Withdraws a pending invitation: its link stops working. False when it was no longer pending, or gives
 * a role the actor's cannot (an admin withdraws invitations of staff only).
 */
export async function revokeInvite(db: Database, actor: Actor, inviteId: string, ip: string | null = null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminInvites)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(adminInvites.id, inviteId),
          isNull(adminInvites.acceptedAt),
          isNull(adminInvites.revokedAt),
          inArray(adminInvites.role, assignableRoles(actor.role)),
        ),
      )
      .returning({ id: adminInvites.id });
    if (!row) return false;
    await recordAudit(tx, { action: "invite_revoked", admin: actor, targetType: "admin_invite", targetId: row.id, ip });
    return true;
  });
}

/** Why a link cannot be used. */
export type InviteProblem = "unknown" | "expired" | "used" | "revoked";
export type InviteLookup =
  | { status: "valid"; invite: { id: string; email: string; name: string; expiresAt: Date; role: AdminIdentity["role"] } }
  | { status: InviteProblem };

/** What a link's token opens: a pending invitation, or why it cannot be used. */
export async function inviteByToken(db: Pick<Database, "select">, token: string, now = new Date()): Promise<InviteLookup> {
  if (!TOKEN.test(token)) return { status: "unknown" };
  const [row] = await db
    .select()
    .from(adminInvites)
    .where(eq(adminInvites.tokenHash, hashToken(token)));
  if (!row) return { status: "unknown" };
  if (row.acceptedAt) return { status: "used" };
  if (row.revokedAt) return { status: "revoked" };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "valid", invite: { id: row.id, email: row.email, name: row.name, expiresAt: row.expiresAt, role: roleOf(row.role) } };
}

export type AcceptResult =
  | { status: "accepted"; admin: AdminIdentity }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: InviteProblem | "taken" };

class AccountTaken extends Error {}

/**
 * Sets the invited person's password: checks it against the password policy (the invitation's email
 * included), then creates the account and marks the invitation accepted in one transaction.
 */
export async function acceptInvite(deps: Deps, token: string, input: unknown, ip: string | null = null): Promise<AcceptResult> {
  const found = await inviteByToken(deps.db, token);
  if (found.status !== "valid") return { status: found.status };
  const { invite } = found;
  const parsed = acceptInviteSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", errors: flattenIssues(parsed.error.issues) };
  const problem = newPasswordProblem(parsed.data.password, { email: invite.email, agencyNames: agencyNames(deps.site.facts) });
  if (problem) return { status: "invalid", errors: { password: problem } };
  // Hashed before the transaction: scrypt takes a while, and nothing needs to wait for it.
  const passwordHash = await hashPassword(parsed.data.password, deps.config.AUTH_SCRYPT_N);

  try {
    return await deps.db
      .transaction(async (tx) => {
        const [claimed] = await tx
          .update(adminInvites)
          .set({ acceptedAt: sql`now()` })
          .where(
            and(
              eq(adminInvites.id, invite.id),
              isNull(adminInvites.acceptedAt),
              isNull(adminInvites.revokedAt),
              gt(adminInvites.expiresAt, sql`now()`),
              // Only while the admin who sent it may still sign in (deactivation withdraws it too).
              // ...and whose role may still give this one (an owner made staff since cannot have made an owner).
              sql`exists (select 1 from admin_users inviter where inviter.id = ${adminInvites.invitedBy} and inviter.active
                and (inviter.role = 'owner' or (inviter.role = 'admin' and ${adminInvites.role} = 'staff')))`,
            ),
          )
          .returning({ id: adminInvites.id });
        if (!claimed) return null;
        const [row] = await tx
          .insert(adminUsers)
          .values({ email: invite.email, name: invite.name, passwordHash, role: invite.role })
          .onConflictDoNothing()
          .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role });
        // Someone made an account for this email since the invitation: undo the claim too.
        if (!row) throw new AccountTaken();
        const admin = { ...row, role: roleOf(row.role) };
        await recordAudit(tx, { action: "invite_accepted", admin, targetType: "admin_invite", targetId: invite.id, ip });
        return { status: "accepted", admin } as const;
      })
      .then(async (done) => {
        if (done) return done;
        // Another submission (or a withdrawal, or the clock) got there first: say which.
        const again = await inviteByToken(deps.db, token);
        return { status: again.status === "valid" ? "used" : again.status } as const;
      });
  } catch (error) {
    if (error instanceof AccountTaken) return { status: "taken" };
    throw error;
  }
}

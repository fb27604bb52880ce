/**
 * The back office's accounts as the Users screen and GET /api/admin/users see them, and the changes
 * made there: deactivating and reactivating an account, and the round-robin setting.
 *
 * Deactivating never changes leads: each keeps its owner, and the escalation of one owned by a
 * deactivated account goes to the agency inbox (the escalation worker reads `active`). Every change of
 * who may sign in runs under one transaction-scoped lock, so two administrators deactivating each other
 * at the same moment cannot leave the back office with nobody able to sign in.
 */
import { and, asc, count, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminInvites, adminSessions, adminUsers, leads } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { getSetting, setSetting } from "~/features/settings/settings.server";
import { assignableRoles, isRole, outranks, type Role } from "~/lib/roles";
import { ON_DUTY_MINUTES } from "./messages";

/** Who makes a change: their account and role (what they may change is checked against it here, too). */
export type Actor = { id: string; email: string; role: Role };

export type UserRow = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  /** Code sign-in stopped after too many wrong codes, until a recovery code or an owner unlocks it. */
  codeLocked: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  deactivatedAt: string | null;
  /** A live, fully signed-in session was seen in the last ON_DUTY_MINUTES minutes. */
  signedInNow: boolean;
  /** Leads still "new" that this account owns. */
  openLeads: number;
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Every account, active ones first, then by name (or email when it has none). */
export async function listUsers(db: Pick<Database, "select">, now = new Date()): Promise<UserRow[]> {
  const seenSince = new Date(now.getTime() - ON_DUTY_MINUTES * 60_000);
  const rows = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
      role: adminUsers.role,
      active: adminUsers.active,
      totpLockedAt: adminUsers.totpLockedAt,
      createdAt: adminUsers.createdAt,
      lastLoginAt: adminUsers.lastLoginAt,
      deactivatedAt: adminUsers.deactivatedAt,
      // The outer row is named in full: Drizzle writes a column of a one-table select unqualified, which
      // inside these subqueries would mean the subquery's own "id". Times go as ISO text, cast.
      signedInNow: sql<boolean>`exists (
        select 1 from admin_sessions s
        where s.user_id = admin_users.id and s.awaiting is null
          and s.expires_at > ${now.toISOString()}::timestamptz and s.last_seen_at > ${seenSince.toISOString()}::timestamptz
      )`,
      openLeads: sql<number>`(select count(*)::int from leads l where l.assignee_id = admin_users.id and l.status = 'new')`,
    })
    .from(adminUsers)
    .orderBy(sql`${adminUsers.active} desc`, sql`lower(coalesce(${adminUsers.name}, ${adminUsers.email}))`, asc(adminUsers.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: isRole(r.role) ? r.role : "staff",
    active: r.active,
    codeLocked: r.totpLockedAt !== null,
    createdAt: iso(r.createdAt) ?? "",
    lastLoginAt: iso(r.lastLoginAt),
    deactivatedAt: iso(r.deactivatedAt),
    signedInNow: r.signedInNow === true || (r.signedInNow as unknown) === "t",
    openLeads: Number(r.openLeads),
  }));
}

/** What GET /api/admin/users answers for each account. */
export async function listUsersBrief(db: Pick<Database, "select">) {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, role: adminUsers.role, active: adminUsers.active })
    .from(adminUsers)
    .orderBy(asc(adminUsers.email));
}

/** How a person is called on the screen and in messages: their name, else their email. */
export const displayName = (user: { name: string | null; email: string }) => user.name?.trim() || user.email;

export type AccountChange =
  | { status: "done"; user: { id: string; email: string; name: string | null } }
  | { status: "unchanged"; user: { id: string; email: string; name: string | null } }
  | { status: "not_found" }
  | { status: "self" }
  | { status: "last_active" }
  /** The last active owner: there is always one. */
  | { status: "last_owner" }
  /** The actor's role does not reach this account (an admin changes staff only). */
  | { status: "outranked" };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The account a change is about, read under the lock: who it is, whether it may sign in, and its role. */
async function accountToChange(tx: Tx, userId: string) {
  const [user] = await tx
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, active: adminUsers.active, role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return user;
}

/** Serialises changes of who may sign in (see the top of this file). */
async function lockAccounts(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin-accounts-active', 0))`);
}

/**
 * Deactivates an account: it can no longer sign in, all its sessions end now, and it is given no
 * new leads. Refused for the actor's own account and for the last active account.
 */
export async function deactivateUser(db: Database, actor: Actor, userId: string, ip: string | null = null): Promise<AccountChange> {
  if (userId.toLowerCase() === actor.id.toLowerCase()) return { status: "self" };
  return db.transaction(async (tx) => {
    await lockAccounts(tx);
    const user = await accountToChange(tx, userId);
    if (!user) return { status: "not_found" } as const;
    if (!outranks(actor.role, user.role)) return { status: "outranked" } as const;
    const who = { id: user.id, email: user.email, name: user.name };
    if (!user.active) return { status: "unchanged", user: who } as const;
    if (user.role === "owner" && (await otherActiveOwners(tx, userId)) === 0) return { status: "last_owner" } as const;
    const [{ others }] = await tx
      .select({ others: count() })
      .from(adminUsers)
      .where(and(eq(adminUsers.active, true), sql`${adminUsers.id} <> ${userId}`));
    if (Number(others) === 0) return { status: "last_active" } as const;

    await tx.update(adminUsers).set({ active: false, deactivatedAt: new Date() }).where(eq(adminUsers.id, userId));
    const ended = await tx.delete(adminSessions).where(eq(adminSessions.userId, userId)).returning({ id: adminSessions.id });
    // Invitations this account sent and nobody accepted go with it: none is a way back in.
    const withdrawn = await tx
      .update(adminInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminInvites.invitedBy, userId), isNull(adminInvites.acceptedAt), isNull(adminInvites.revokedAt)))
      .returning({ id: adminInvites.id });
    const [{ open }] = await tx
      .select({ open: count() })
      .from(leads)
      .where(and(eq(leads.assigneeId, userId), eq(leads.status, "new")));
    await recordAudit(tx, {
      action: "admin_deactivated",
      admin: actor,
      targetType: "admin_user",
      targetId: userId,
      detail: { sessionsEnded: ended.length, openLeads: Number(open), invitesWithdrawn: withdrawn.length },
      ip,
    });
    return { status: "done", user: who } as const;
  });
}

/** Lets a deactivated account sign in again (with its old password; it starts with no session). */
export async function reactivateUser(db: Database, actor: Actor, userId: string, ip: string | null = null): Promise<AccountChange> {
  return db.transaction(async (tx) => {
    await lockAccounts(tx);
    const user = await accountToChange(tx, userId);
    if (!user) return { status: "not_found" } as const;
    if (!outranks(actor.role, user.role)) return { status: "outranked" } as const;
    const who = { id: user.id, email: user.email, name: user.name };
    if (user.active) return { status: "unchanged", user: who } as const;
    await tx.update(adminUsers).set({ active: true, deactivatedAt: null }).where(eq(adminUsers.id, userId));
    await recordAudit(tx, { action: "admin_reactivated", admin: actor, targetType: "admin_user", targetId: userId, ip });
    return { status: "done", user: who } as const;
  });
}

/** Active owners other than `userId`. */
async function otherActiveOwners(tx: Tx, userId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.active, true), eq(adminUsers.role, "owner"), sql`${adminUsers.id} <> ${userId}`));
  return Number(n);
}

export type RoleChange =
  | { status: "done"; user: { id: string; email: string; name: string | null }; from: Role; sessionsEnded: number }
  | Exclude<AccountChange, { status: "done" }>;

/**
 * Gives an account another role (owners only: the route checks the permission, and this the rank):
 * never one's own, never the last active owner's away. The account's sessions end, so its next
 * screen is read with the new role from a new sign-in; the audit trail records from and to.
 */
export async function changeRole(db: Database, actor: Actor, userId: string, role: Role, ip: string | null = null): Promise<RoleChange> {
  if (userId.toLowerCase() === actor.id.toLowerCase()) return { status: "self" };
  if (actor.role !== "owner") return { status: "outranked" };
  return db.transaction(async (tx) => {
    await lockAccounts(tx);
    const user = await accountToChange(tx, userId);
    if (!user) return { status: "not_found" } as const;
    const who = { id: user.id, email: user.email, name: user.name };
    const from = isRole(user.role) ? user.role : "staff";
    if (from === role) return { status: "unchanged", user: who } as const;
    if (from === "owner" && user.active && (await otherActiveOwners(tx, userId)) === 0) return { status: "last_owner" } as const;
    await tx.update(adminUsers).set({ role }).where(eq(adminUsers.id, userId));
    const ended = await tx.delete(adminSessions).where(eq(adminSessions.userId, userId)).returning({ id: adminSessions.id });
    // Invitations the account sent that its new role could not give are withdrawn, like a deactivation's.
    const allowed = assignableRoles(role);
    const withdrawn = await tx
      .update(adminInvites)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(adminInvites.invitedBy, userId),
          isNull(adminInvites.acceptedAt),
          isNull(adminInvites.revokedAt),
          allowed.length > 0 ? notInArray(adminInvites.role, allowed) : undefined,
        ),
      )
      .returning({ id: adminInvites.id });
    await recordAudit(tx, {
      action: "role_changed",
      admin: actor,
      targetType: "admin_user",
      targetId: userId,
      detail: { from, to: role, sessionsEnded: ended.length, invitesWithdrawn: withdrawn.length },
      ip,
    });
    return { status: "done", user: who, from, sessionsEnded: ended.length } as const;
  });
}

export const roundRobinEnabled = (db: Pick<Database, "select">) => getSetting(db, "lead_round_robin");

/** Turns round-robin assignment on or off; the audit trail records a change only. Answers whether it changed. */
export async function setRoundRobin(db: Database, actor: Actor, enabled: boolean, ip: string | null = null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await getSetting(tx, "lead_round_robin");
    if (before === enabled) return false;
    await setSetting(tx, "lead_round_robin", enabled, actor);
    await recordAudit(tx, {
      action: "round_robin_changed",
      admin: actor,
      targetType: "setting",
      targetId: "lead_round_robin",
      detail: { from: before ? "on" : "off", to: enabled ? "on" : "off" },
      ip,
    });
    return true;
  });
}

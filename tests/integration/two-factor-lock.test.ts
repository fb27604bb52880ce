/**
 * The end of guessing, and changes that end sessions (docs/decisions/048), on a real server, database and
 * SMTP server: twenty wrong codes in a row lock an account's app codes (the right one too), the owners and
 * the account are mailed a security notice once, a recovery code signs in and unlocks, and an owner can
 * unlock; turning two-factor sign-in on or off and making new recovery codes end the account's other
 * sessions, and the last two tell every active owner.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditEvents, rateLimits } from "#db/schema";
import { createAdmin } from "../../app/features/auth/auth.server";
import {
  ACCOUNT_CODE_FAILURES,
  accountCodeLimitKey,
  CODE_FAILURES_BEFORE_LOCK,
  currentTotp,
  unlockSecondFactor,
} from "../../app/features/auth/two-factor.server";
import { twoFactorMessages } from "../../app/features/auth/two-factor-messages";
import type { Role } from "../../app/lib/roles";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";
import { plainText, type ReceivedMail, startSmtp, waitFor } from "../support/smtp";

const PASSWORD = "harbour lintel quince lock";
const RECOVERY_CODE = /\b[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2}\b/g;

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?admin_session=/.test(c))
    ?.split(";")[0];

let counter = 0;
/** Every request from an address of its own (TRUST_PROXY=true): the per-address throttle never adds up. */
const freshIp = () => {
  const n = ++counter;
  return `198.51.${100 + Math.floor(n / 256)}.${n % 256}`;
};
const uniqueEmail = (name: string) => `${name}.${++counter}@agency.example`;

const kindOf = (mail: ReceivedMail) => /^X-Mail-Kind:\s*(\S+)/im.exec(mail.raw.split(/\r?\n\r?\n/)[0])?.[1] ?? null;

describe.each(databaseKinds)("two-factor lock and session endings on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const db = () => server.services.db;

  const postJson = (route: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const postForm = (route: string, fields: Record<string, string>, cookie: string) =>
    fetch(`${server.url}${route}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp(), cookie },
      body: new URLSearchParams(fields),
    });
  const getPage = (route: string, cookie: string) => fetch(`${server.url}${route}`, { redirect: "manual", headers: { cookie } });
  const signedInAs = async (cookie: string) => (await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status;

  const newAdmin = async (name: string, role: Role = "staff") => createAdmin(db(), uniqueEmail(name), PASSWORD, { scryptN: 1024, role });
  const account = async (id: string) => (await db().select().from(adminUsers).where(eq(adminUsers.id, id)))[0];
  const audits = (targetId: string, action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, targetId), eq(auditEvents.action, action)));

  /** A full session by the password alone (the account has no second factor yet). */
  const passwordOnly = async (email: string) => {
    const res = await postJson("/api/auth/login", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return sessionCookie(res) as string;
  };
  /** The password step of an account with a second factor: a session waiting for the code. */
  const passwordStep = async (email: string) => {
    const res = await postJson("/api/auth/login", { email, password: PASSWORD });
    expect((await res.json()).twoFactor).toBe("code");
    return sessionCookie(res) as string;
  };
  /** The app's current code, with the account's last accepted step forgotten (as if half a minute had passed). */
  const freshCode = async (id: string, secret: string) => {
    await db().update(adminUsers).set({ totpLastStep: null }).where(eq(adminUsers.id, id));
    return currentTotp(secret);
  };
  /** A code the key does not give now, nor a step either side. */
  const wrongCodeFor = (secret: string) => {
    const near = [-1, 0, 1, 2].map((offset) => currentTotp(secret, Date.now() + offset * 30_000));
    return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code)) as string;
  };

  /** Turns two-factor sign-in on from the account page of `cookie`'s session; answers the key and recovery codes. */
  const enrol = async (cookie: string) => {
    const page = await (await getPage("/admin/account/two-factor", cookie)).text();
    const secret = page.match(/data-secret="([A-Z2-7]+)"/)?.[1] as string;
    const res = await postForm("/admin/account/two-factor", { intent: "enable", code: currentTotp(secret) }, cookie);
    expect(res.status).toBe(200);
    const codes = [...new Set((await res.text()).match(RECOVERY_CODE))];
    expect(codes).toHaveLength(10);
    return { secret, codes };
  };
  /** A staff account with two-factor sign-in on, and its session that turned it on. */
  const enrolledAdmin = async (name: string) => {
    const admin = await newAdmin(name);
    const cookie = await passwordOnly(admin.email);
    return { ...admin, cookie, ...(await enrol(cookie)) };
  };

  /** The security notices received whose text begins with `what`, by recipient. */
  const noticesOf = (what: string) =>
    smtp.received.filter((m) => kindOf(m) === "security_notice" && plainText(m.raw).startsWith(`${what}.`)).flatMap((m) => m.to);
  /** Waits until every one of `to` has the notice, then a little longer: none gets it twice. */
  const expectNoticeOnceTo = async (what: string, to: string[]) => {
    await waitFor(() => to.every((address) => noticesOf(what).includes(address)), 10_000, `the notice "${what}"`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(noticesOf(what).sort()).toEqual([...to].sort());
  };
  /** The account's window of wrong codes from every address has ended (as a quarter-hour later). */
  const windowOver = (id: string) =>
    db()
      .update(rateLimits)
      .set({ expire: Date.now() - 1 })
      .where(eq(rateLimits.key, accountCodeLimitKey(id)));
  const activeOwners = async () =>
    (
      await db()
        .select()
        .from(adminUsers)
        .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.active, true)))
    ).map((u) => u.email);

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, { TRUST_PROXY: "true", SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: "100" });
    // Two owners to be told; a deactivated one is not.
    await newAdmin("olivia.owner", "owner");
    await newAdmin("omar.owner", "owner");
    const former = await newAdmin("former.owner", "owner");
    await db().update(adminUsers).set({ active: false }).where(eq(adminUsers.id, former.id));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("locks the app codes after twenty wrong codes in a row from twenty addresses; the owners and the account are told once; a recovery code signs in and unlocks", async () => {
    expect(CODE_FAILURES_BEFORE_LOCK).toBe(20);
    const admin = await enrolledAdmin("guessed");
    const pending = await passwordStep(admin.email);
    const wrong = wrongCodeFor(admin.secret);
    for (let i = 1; i <= CODE_FAILURES_BEFORE_LOCK; i++) {
      // Twenty wrong codes take at least two of the account's windows (ten per quarter-hour).
      if (i % ACCOUNT_CODE_FAILURES === 1) await windowOver(admin.id);
      const res = await postJson("/api/auth/login/code", { code: wrong }, pending);
      if (i < CODE_FAILURES_BEFORE_LOCK) {
        expect(res.status, `wrong code ${i}`).toBe(401);
        expect((await account(admin.id)).totpFailures).toBe(i);
      } else {
        // The twentieth says what happened.
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ success: false, message: twoFactorMessages.codesLocked });
      }
    }
    const locked = await account(admin.id);
    expect(locked.totpFailures).toBe(CODE_FAILURES_BEFORE_LOCK);
    expect(locked.totpLockedAt).toBeInstanceOf(Date);

    // Even the right code is refused now, over the API, the page's form, and from a new password step.
    const code = await freshCode(admin.id, admin.secret);
    const right = await postJson("/api/auth/login/code", { code }, pending);
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({ success: false, message: twoFactorMessages.codesLocked });
    const form = await postForm("/admin/login/code", { code }, await passwordStep(admin.email));
    expect(form.status).toBe(403);
    expect(await form.text()).toContain(twoFactorMessages.codesLocked.replaceAll("'", "&#x27;"));
    // Not looked at: the step was not spent, and nothing more was counted.
    expect(await account(admin.id)).toMatchObject({ totpLastStep: null, totpFailures: CODE_FAILURES_BEFORE_LOCK });

    const [lockEntry, ...more] = await audits(admin.id, "two_factor_locked");
    expect(more).toEqual([]);
    expect(lockEntry).toMatchObject({ adminEmail: admin.email, detail: { wrongCodes: CODE_FAILURES_BEFORE_LOCK } });

    const what = twoFactorMessages.notices.locked(admin.email, CODE_FAILURES_BEFORE_LOCK);
    const owners = await activeOwners();
    expect(owners.length).toBeGreaterThanOrEqual(2);
    expect(owners.some((email) => email.startsWith("former.owner"))).toBe(false);
    await expectNoticeOnceTo(what, [...owners, admin.email]);
    const mail = smtp.received.find((m) => kindOf(m) === "security_notice" && plainText(m.raw).startsWith(`${what}.`)) as ReceivedMail;
    expect(mail.raw).toMatch(/^X-Mail-Kind: security_notice$/m);
    expect(plainText(mail.raw)).toContain("By: The back office itself");

    // Once the window is over, a recovery code still signs in, and lifts the lock and the count.
    await windowOver(admin.id);
    const recovered = await postJson("/api/auth/login/code", { code: admin.codes[0] }, pending);
    expect(recovered.status).toBe(200);
    expect(await account(admin.id)).toMatchObject({ totpFailures: 0, totpLockedAt: null });
    expect((await audits(admin.id, "two_factor_unlocked"))[0]?.detail).toEqual({ method: "recovery_code" });
    const again = await postJson(
      "/api/auth/login/code",
      { code: await freshCode(admin.id, admin.secret) },
      await passwordStep(admin.email),
    );
    expect(again.status).toBe(200);
  });

  it("counts wrong codes in a row only: a right code starts the count again", async () => {
    const admin = await enrolledAdmin("mistyped");
    const pending = await passwordStep(admin.email);
    for (let i = 0; i < 3; i++)
      expect((await postJson("/api/auth/login/code", { code: wrongCodeFor(admin.secret) }, pending)).status).toBe(401);
    expect((await account(admin.id)).totpFailures).toBe(3);
    expect((await postJson("/api/auth/login/code", { code: await freshCode(admin.id, admin.secret) }, pending)).status).toBe(200);
    expect(await account(admin.id)).toMatchObject({ totpFailures: 0, totpLockedAt: null });
  });

  it("unlocks for an owner with unlockSecondFactor: the lock and the count cleared, the unlock audited", async () => {
    const owner = await newAdmin("unlocking.owner", "owner");
    const admin = await enrolledAdmin("unlocked");
    await db().update(adminUsers).set({ totpFailures: 20, totpLockedAt: new Date() }).where(eq(adminUsers.id, admin.id));
    const refused = await postJson(
      "/api/auth/login/code",
      { code: await freshCode(admin.id, admin.secret) },
      await passwordStep(admin.email),
    );
    expect(refused.status).toBe(403);

    const result = await unlockSecondFactor(db(), owner, admin.id, "203.0.113.77");
    expect(result).toEqual({ admin: { id: admin.id, email: admin.email, role: "staff" }, wasLocked: true });
    expect(await account(admin.id)).toMatchObject({ totpFailures: 0, totpLockedAt: null });
    // The key and the recovery codes stay.
    expect((await account(admin.id)).totpEnabledAt).toBeInstanceOf(Date);
    const [entry] = await audits(admin.id, "two_factor_unlocked");
    expect(entry).toMatchObject({ adminId: owner.id, adminEmail: owner.email, targetType: "admin", ip: "203.0.113.77" });
    expect(entry.detail).toEqual({ method: "owner", wrongCodes: 20 });

    const res = await postJson("/api/auth/login/code", { code: await freshCode(admin.id, admin.secret) }, await passwordStep(admin.email));
    expect(res.status).toBe(200);
    expect(await unlockSecondFactor(db(), owner, randomUUID())).toBeNull();
  });

  it("turning it on ends the account's other sessions; the one that turned it on stays signed in", async () => {
    const admin = await newAdmin("enabling");
    const here = await passwordOnly(admin.email);
    const elsewhere = await passwordOnly(admin.email);
    const bystander = await newAdmin("bystander");
    const theirs = await passwordOnly(bystander.email);
    await enrol(here);
    expect(await signedInAs(here)).toBe(200);
    expect(await signedInAs(elsewhere)).toBe(401);
    expect(await signedInAs(theirs)).toBe(200);
    expect((await audits(admin.id, "two_factor_enabled"))[0]?.detail).toEqual({ sessionsEnded: 1 });
  });

  it("making new recovery codes ends the other sessions, a half-finished sign-in too, and tells every active owner", async () => {
    const admin = await enrolledAdmin("regenerating");
    const signedInElsewhere = await postJson(
      "/api/auth/login/code",
      { code: await freshCode(admin.id, admin.secret) },
      await passwordStep(admin.email),
    );
    const elsewhere = sessionCookie(signedInElsewhere) as string;
    const halfway = await passwordStep(admin.email);
    expect(await signedInAs(elsewhere)).toBe(200);

    const res = await postForm(
      "/admin/account/two-factor",
      { intent: "regenerate", code: await freshCode(admin.id, admin.secret) },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect(await signedInAs(admin.cookie)).toBe(200);
    expect(await signedInAs(elsewhere)).toBe(401);
    const late = await postJson("/api/auth/login/code", { code: admin.codes[1] }, halfway);
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ success: false, message: twoFactorMessages.stepExpired });
    expect((await audits(admin.id, "recovery_codes_regenerated"))[0]?.detail).toEqual({ sessionsEnded: 2 });

    const what = twoFactorMessages.notices.regenerated(admin.email);
    await expectNoticeOnceTo(what, await activeOwners());
    const mail = smtp.received.find((m) => plainText(m.raw).startsWith(`${what}.`)) as ReceivedMail;
    expect(mail.raw).toMatch(/^X-Mail-Kind: security_notice$/m);
    expect(plainText(mail.raw)).toContain(`By: ${admin.email}`);
  });

  it("turning it off ends the other sessions and tells every active owner", async () => {
    const admin = await enrolledAdmin("disabling");
    const elsewhere = sessionCookie(
      await postJson("/api/auth/login/code", { code: await freshCode(admin.id, admin.secret) }, await passwordStep(admin.email)),
    ) as string;
    expect(await signedInAs(elsewhere)).toBe(200);

    const res = await postForm("/admin/account/two-factor", { intent: "disable", code: admin.codes[0] }, admin.cookie);
    expect(res.status).toBe(200);
    expect(await signedInAs(admin.cookie)).toBe(200);
    expect(await signedInAs(elsewhere)).toBe(401);
    expect((await audits(admin.id, "two_factor_disabled"))[0]?.detail).toEqual({ method: "recovery_code", sessionsEnded: 1 });

    const what = twoFactorMessages.notices.disabled(admin.email);
    await expectNoticeOnceTo(what, await activeOwners());
    // Nobody is told of turning it on.
    expect(smtp.received.filter((m) => kindOf(m) === "security_notice" && plainText(m.raw).includes("turned on"))).toEqual([]);
  });
});

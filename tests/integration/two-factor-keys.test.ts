/**
 * Two-factor keys encrypted at rest (docs/decisions/048), on a real server and database restarted with
 * different keys: the stored value is no key and opens only with the encryption key for its own account;
 * sign-ins with codes work through it; a key kept in the database, plain keys from before and a previous
 * key's values are encrypted with the current key at start; a previous key's value written later still signs
 * in and is encrypted again; a wrong key answers plainly while recovery codes still sign in; production on
 * PostgreSQL does not start without TWO_FACTOR_KEY.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers } from "#db/schema";
import { ConfigError, decodeKey32 } from "../../app/env.server";
import { createAdmin } from "../../app/features/auth/auth.server";
import { currentTotp, newTotpSecret } from "../../app/features/auth/two-factor.server";
import { openSecret, sealSecret, twoFactorKey, twoFactorKeyring } from "../../app/features/auth/two-factor-key.server";
import { twoFactorMessages } from "../../app/features/auth/two-factor-messages";
import { storedSecret } from "../../app/features/settings/settings.server";
import { type RunningServer, startServer, TWO_FACTOR_KEY_NAME } from "../../server/main";
import { createPostgresDatabase, databaseKinds } from "../support/databases";
import { requireBuild } from "../support/server";

const PASSWORD = "juniper saddle tollgate keys";
const RECOVERY_CODE = /\b[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2}\b/g;
/** Each test starts a server on the database the last one left (the first on an empty one, migrations and all). */
const RESTARTS = { timeout: 120_000 };
const K1 = randomBytes(32);
const K2 = randomBytes(32);
const K3 = randomBytes(32);

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?admin_session=/.test(c))
    ?.split(";")[0];

let counter = 0;
const freshIp = () => `198.18.${Math.floor(++counter / 256)}.${counter % 256}`;

describe.each(databaseKinds)("two-factor keys encrypted at rest on %s", (kind) => {
  let database: { env: Record<string, string>; cleanup: () => Promise<void> };
  let server: RunningServer | undefined;
  const db = () => (server as RunningServer).services.db;

  /** A server on this file's one database, with `env` over the test settings; the one before it is stopped first. */
  const restart = async (env: Record<string, string> = {}) => {
    await server?.close();
    server = undefined;
    server = await startServer({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SCRYPT_N: "1024",
      TRUST_PROXY: "true",
      ...database.env,
      ...env,
    });
    return server;
  };

  const postJson = (route: string, body: unknown, cookie?: string) =>
    fetch(`${(server as RunningServer).url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const postForm = (route: string, fields: Record<string, string>, cookie: string) =>
    fetch(`${(server as RunningServer).url}${route}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp(), cookie },
      body: new URLSearchParams(fields),
    });
  const getPage = (route: string, cookie: string) => fetch(`${(server as RunningServer).url}${route}`, { headers: { cookie } });

  const stored = async (userId: string) => (await db().select().from(adminUsers).where(eq(adminUsers.id, userId)))[0].totpSecret as string;

  /** The app's code now, for an account whose last accepted step is forgotten (as if half a minute had passed). */
  const freshCode = async (userId: string, secret: string) => {
    await db().update(adminUsers).set({ totpLastStep: null }).where(eq(adminUsers.id, userId));
    return currentTotp(secret);
  };

  /** The password step, then `code`: the answer of POST /api/auth/login/code. */
  const signInWith = async (email: string, code: string) => {
    const login = await postJson("/api/auth/login", { email, password: PASSWORD });
    expect((await login.json()).twoFactor).toBe("code");
    return postJson("/api/auth/login/code", { code }, sessionCookie(login));
  };

  const accounts = {
    enrolled: { id: "", email: "enrolled@agency.example", secret: "", codes: [] as string[] },
    plain: { id: "", email: "before-encryption@agency.example", secret: newTotpSecret() },
  };

  beforeAll(async () => {
    requireBuild();
    if (kind === "pglite") {
      // On disk, so that each restart opens the database the one before left.
      const dir = mkdtempSync(path.join(os.tmpdir(), "two-factor-keys-"));
      database = { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    } else {
      const pg = await createPostgresDatabase();
      const files = mkdtempSync(path.join(os.tmpdir(), "two-factor-keys-files-"));
      database = {
        env: { DATABASE_URL: pg.url, DATA_DIR: files },
        cleanup: async () => {
          await pg.drop();
          rmSync(files, { recursive: true, force: true });
        },
      };
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  it("without TWO_FACTOR_KEY, encrypts with a key made once in the database: the enrolment key and the account's", RESTARTS, async () => {
    const running = await restart();
    const keys = running.services.twoFactorKeys;
    const made = await storedSecret(db(), TWO_FACTOR_KEY_NAME);
    expect(made).not.toBeNull();
    expect(keys.current.id).toBe(twoFactorKey(decodeKey32(made as string) as Buffer).id);

    const account = accounts.enrolled;
    account.id = (await createAdmin(db(), account.email, PASSWORD, { scryptN: 1024 })).id;
    const login = await postJson("/api/auth/login", { email: account.email, password: PASSWORD });
    const cookie = sessionCookie(login) as string;
    const page = await (await getPage("/admin/account/two-factor", cookie)).text();
    account.secret = page.match(/data-secret="([A-Z2-7]+)"/)?.[1] as string;
    expect(account.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The key shown waits on the session, encrypted too.
    const [session] = await db().select().from(adminSessions).where(eq(adminSessions.userId, account.id));
    expect(session.enrolmentSecret).not.toContain(account.secret);
    expect(session.enrolmentSecret?.startsWith(`v1:${keys.current.id}:`)).toBe(true);
    expect(openSecret(keys, account.id, session.enrolmentSecret as string).secret).toBe(account.secret);

    const enabled = await postForm("/admin/account/two-factor", { intent: "enable", code: currentTotp(account.secret) }, cookie);
    expect(enabled.status).toBe(200);
    account.codes = [...new Set((await enabled.text()).match(RECOVERY_CODE))];
    expect(account.codes).toHaveLength(10);

    const value = await stored(account.id);
    expect(value).not.toBe(account.secret);
    expect(value).not.toContain(account.secret);
    expect(value).toMatch(/^v1:[\w-]{8}:[\w-]{16}:[\w-]{64}$/);
    expect(openSecret(keys, account.id, value).secret).toBe(account.secret);
    // Only with the key and for this account.
    expect(() => openSecret(twoFactorKeyring(K1), account.id, value)).toThrow(/neither TWO_FACTOR_KEY/);
    const other = await createAdmin(db(), "someone.else@agency.example", PASSWORD, { scryptN: 1024 });
    expect(() => openSecret(keys, other.id, value)).toThrow(/copied from another account/);

    const res = await signInWith(account.email, await freshCode(account.id, account.secret));
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(account.email);

    // An account whose key an earlier version stored as plain base32.
    const plain = accounts.plain;
    plain.id = (await createAdmin(db(), plain.email, PASSWORD, { scryptN: 1024 })).id;
    await db().update(adminUsers).set({ totpSecret: plain.secret, totpEnabledAt: new Date() }).where(eq(adminUsers.id, plain.id));
  });

  it(
    "with TWO_FACTOR_KEY set, encrypts at start what the database's key and the earlier version left; codes keep working",
    RESTARTS,
    async () => {
      const running = await restart({ TWO_FACTOR_KEY: K1.toString("base64") });
      const keys = running.services.twoFactorKeys;
      expect(keys.current.id).toBe(twoFactorKey(K1).id);
      for (const account of [accounts.enrolled, accounts.plain]) {
        const value = await stored(account.id);
        expect(value.startsWith(`v1:${keys.current.id}:`), account.email).toBe(true);
        expect(value).not.toContain(account.secret);
        expect(openSecret(twoFactorKeyring(K1), account.id, value).secret).toBe(account.secret);
        const res = await signInWith(account.email, await freshCode(account.id, account.secret));
        expect(res.status, account.email).toBe(200);
      }
      // Once is enough: the next start finds nothing to do, and changes no value.
      const before = await stored(accounts.plain.id);
      await restart({ TWO_FACTOR_KEY: K1.toString("hex") });
      expect(await stored(accounts.plain.id)).toBe(before);
    },
  );

  it("after a rotation, reads the previous key's values and encrypts them again, at start and when a code is used", RESTARTS, async () => {
    const running = await restart({ TWO_FACTOR_KEY: K2.toString("base64url"), TWO_FACTOR_KEY_PREVIOUS: K1.toString("base64") });
    const current = `v1:${twoFactorKey(K2).id}:`;
    expect(running.services.twoFactorKeys.current.id).toBe(twoFactorKey(K2).id);
    for (const account of [accounts.enrolled, accounts.plain]) expect((await stored(account.id)).startsWith(current)).toBe(true);

    // A value the previous key wrote after the start (a process not yet restarted, a restored row).
    const account = accounts.enrolled;
    const old = sealSecret(twoFactorKeyring(K1), account.id, account.secret);
    await db().update(adminUsers).set({ totpSecret: old }).where(eq(adminUsers.id, account.id));
    const res = await signInWith(account.email, await freshCode(account.id, account.secret));
    expect(res.status).toBe(200);
    const now = await stored(account.id);
    expect(now.startsWith(current)).toBe(true);
    expect(openSecret(twoFactorKeyring(K2), account.id, now).secret).toBe(account.secret);
  });

  it(
    "with a wrong key, says plainly that codes cannot be checked and changes nothing; recovery codes still sign in",
    RESTARTS,
    async () => {
      await restart({ TWO_FACTOR_KEY: K3.toString("hex") });
      const account = accounts.enrolled;
      const before = await stored(account.id);
      const refused = await signInWith(account.email, await freshCode(account.id, account.secret));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ success: false, message: twoFactorMessages.keyUnavailable });
      expect(await stored(account.id)).toBe(before);
      // Not counted as a wrong code.
      expect((await db().select().from(adminUsers).where(eq(adminUsers.id, account.id)))[0].totpFailures).toBe(0);
      const recovered = await signInWith(account.email, account.codes[0]);
      expect(recovered.status).toBe(200);
    },
  );

  it.runIf(kind === "postgres")("does not start in production on PostgreSQL without TWO_FACTOR_KEY, and says why", RESTARTS, async () => {
    await server?.close();
    server = undefined;
    const started = startServer({ NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...database.env });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(/TWO_FACTOR_KEY must be set in production when DATABASE_URL is set/);
  });
});

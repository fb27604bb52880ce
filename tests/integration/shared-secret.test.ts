/**
 * The secret flash toasts are signed with is the same on every process: made once, kept in the
 * database, or the one the environment gives.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { sharedSecret } from "~/features/settings/settings.server";
import { databaseEnv, databaseKinds } from "../support/databases";

describe.each(databaseKinds)("shared secret (%s)", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("is made once and read back by every process, unless the environment gives one", async () => {
    const { env, cleanup } = await databaseEnv(kind);
    cleanups.push(cleanup);
    const open = () => openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    const first = await open();
    cleanups.push(() => first.close());
    await runMigrations(first);
    const made = await sharedSecret(first.db, "cookies");
    expect(made).toMatch(/^[\w-]{43}$/);
    expect(await sharedSecret(first.db, "cookies")).toBe(made);
    if (kind === "postgres") {
      // A second process on the same database, both asking at once.
      const second = await open();
      cleanups.push(() => second.close());
      const [a, b] = await Promise.all([sharedSecret(second.db, "cookies"), sharedSecret(first.db, "cookies")]);
      expect([a, b]).toEqual([made, made]);
    }
    expect(await sharedSecret(first.db, "other")).not.toBe(made);
    expect(await sharedSecret(first.db, "cookies", "g".repeat(32))).toBe("g".repeat(32));
  });
});

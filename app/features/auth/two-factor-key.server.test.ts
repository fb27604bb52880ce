/**
 * Two-factor keys at rest (docs/decisions/048): the sealed form, what opens it and what does not, the
 * keyring from the environment or the database, and the production rule. The stored rows, the start's
 * pass and sign-ins with encrypted keys are in tests/integration/two-factor-keys.test.ts.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, decodeKey32, loadConfig, twoFactorKeyProblem } from "~/env.server";
import { newTotpSecret } from "./two-factor.server";
import {
  isSealed,
  openSecret,
  resolveTwoFactorKeys,
  sealedWithCurrent,
  sealSecret,
  TwoFactorKeyError,
  twoFactorKey,
  twoFactorKeyring,
} from "./two-factor-key.server";

const key = () => randomBytes(32);

/** The error `work` throws (the test fails when it throws none). */
function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("a sealed two-factor key", () => {
  const account = randomUUID();
  const secret = newTotpSecret();

  it("is AES-256-GCM text naming its key, with a fresh IV each time, and holds nothing of the key", () => {
    const keys = twoFactorKeyring(key());
    const sealed = sealSecret(keys, account, secret);
    expect(sealed).toMatch(/^v1:[\w-]{8}:[\w-]{16}:[\w-]+$/);
    const [, keyId, iv, body] = sealed.split(":");
    expect(keyId).toBe(keys.current.id);
    expect(Buffer.from(iv, "base64url")).toHaveLength(12);
    // The 20-byte key's base32 text (32 characters) plus the 16-byte tag.
    expect(Buffer.from(body, "base64url")).toHaveLength(secret.length + 16);
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(body, "base64url").toString("latin1")).not.toContain(secret.slice(0, 8));
    const again = sealSecret(keys, account, secret);
    expect(again).not.toBe(sealed);
    expect(again.split(":")[2]).not.toBe(iv);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(secret)).toBe(false);
    expect(sealedWithCurrent(keys, sealed)).toBe(true);
  });

  it("opens with its key for its own account only", () => {
    const keys = twoFactorKeyring(key());
    const sealed = sealSecret(keys, account, secret);
    expect(openSecret(keys, account, sealed)).toEqual({ secret, current: true });

    const moved = thrown(() => openSecret(keys, randomUUID(), sealed));
    expect(moved).toBeInstanceOf(TwoFactorKeyError);
    expect(moved).toMatchObject({ reason: "not_authentic", keyId: keys.current.id });
    expect((moved as Error).message).toMatch(/altered, or copied from another account/);

    // One bit changed anywhere in the ciphertext or the tag.
    const [version, keyId, iv, body] = sealed.split(":");
    const bytes = Buffer.from(body, "base64url");
    for (const at of [0, bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[at] ^= 1;
      const altered = [version, keyId, iv, flipped.toString("base64url")].join(":");
      expect(thrown(() => openSecret(keys, account, altered))).toMatchObject({ reason: "not_authentic" });
    }
    expect(thrown(() => openSecret(keys, account, secret))).toMatchObject({ reason: "malformed" });
    expect(thrown(() => openSecret(keys, account, `v1:${keyId}:${iv}:`))).toMatchObject({ reason: "malformed" });
  });

  it("fails clearly with a wrong key: the message names the key it needs and the one the server has", () => {
    const right = twoFactorKeyring(key());
    const wrong = twoFactorKeyring(key());
    const sealed = sealSecret(right, account, secret);
    const error = thrown(() => openSecret(wrong, account, sealed));
    expect(error).toBeInstanceOf(TwoFactorKeyError);
    expect(error).toMatchObject({ reason: "unknown_key", keyId: right.current.id });
    expect((error as Error).message).toBe(
      `a stored two-factor secret was encrypted with key ${right.current.id}, which is neither TWO_FACTOR_KEY (key ${wrong.current.id}) nor a previous key this server has: set TWO_FACTOR_KEY or TWO_FACTOR_KEY_PREVIOUS to that key`,
    );
    // A wrong key under the right name (the id is a hash: only by tampering) does not decrypt either.
    const impostor = { current: { id: right.current.id, key: wrong.current.key }, previous: [] };
    expect(thrown(() => openSecret(impostor, account, sealed))).toMatchObject({ reason: "not_authentic" });
  });

  it("opens with a previous key, which says so, and is sealed again under the current one", () => {
    const old = key();
    const sealed = sealSecret(twoFactorKeyring(old), account, secret);
    const rotated = twoFactorKeyring(key(), [old]);
    expect(openSecret(rotated, account, sealed)).toEqual({ secret, current: false });
    expect(sealedWithCurrent(rotated, sealed)).toBe(false);
    const resealed = sealSecret(rotated, account, secret);
    expect(sealedWithCurrent(rotated, resealed)).toBe(true);
    expect(openSecret(twoFactorKeyring(rotated.current.key), account, resealed).secret).toBe(secret);
  });

  it("names each key by eight characters that tell keys apart; a keyring holds each key once", () => {
    const a = key();
    expect(twoFactorKey(a).id).toBe(twoFactorKey(Buffer.from(a)).id);
    expect(twoFactorKey(a).id).not.toBe(twoFactorKey(key()).id);
    expect(twoFactorKey(a).id).not.toContain(a.toString("base64url").slice(0, 8));
    const b = key();
    expect(twoFactorKeyring(a, [a, b, null, b]).previous.map((k) => k.id)).toEqual([twoFactorKey(b).id]);
    expect(() => twoFactorKey(randomBytes(16))).toThrow("a two-factor key is 32 bytes");
  });
});

describe("TWO_FACTOR_KEY", () => {
  const bytes = key();

  it("is 32 bytes as base64 (standard or URL-safe, padded or not) or hex", () => {
    for (const text of [
      bytes.toString("base64"),
      bytes.toString("base64url"),
      bytes.toString("base64").replace(/=$/, ""),
      bytes.toString("hex"),
      ` ${bytes.toString("hex").toUpperCase()} `,
    ])
      expect(decodeKey32(text)?.equals(bytes), text).toBe(true);
    for (const text of ["", "short", randomBytes(16).toString("base64"), randomBytes(33).toString("base64"), "z".repeat(64)])
      expect(decodeKey32(text), text).toBeNull();
  });

  it("is refused at start when it is not such a key, without echoing it", () => {
    const given = "not-a-key-but-a-secret-anyway";
    let message = "";
    try {
      loadConfig({ TWO_FACTOR_KEY: given, TWO_FACTOR_KEY_PREVIOUS: randomBytes(16).toString("hex") });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/TWO_FACTOR_KEY must be 32 random bytes written as base64 \(44 characters\) or hex \(64 characters\)/);
    expect(message).toMatch(/TWO_FACTOR_KEY_PREVIOUS must be 32 random bytes/);
    expect(message).not.toContain(given);
    expect(loadConfig({ TWO_FACTOR_KEY: bytes.toString("base64") }).TWO_FACTOR_KEY).toBe(bytes.toString("base64"));
  });

  it("is required in production on PostgreSQL only", () => {
    const url = "postgres://site@db.example/agency";
    const problem = twoFactorKeyProblem(loadConfig({ NODE_ENV: "production", DATABASE_URL: url }));
    expect(problem).toBeInstanceOf(ConfigError);
    expect(problem?.message).toMatch(/TWO_FACTOR_KEY must be set in production when DATABASE_URL is set/);
    expect(twoFactorKeyProblem(loadConfig({ NODE_ENV: "production" }))).toBeNull();
    expect(twoFactorKeyProblem(loadConfig({ NODE_ENV: "development", DATABASE_URL: url }))).toBeNull();
    expect(
      twoFactorKeyProblem(loadConfig({ NODE_ENV: "production", DATABASE_URL: url, TWO_FACTOR_KEY: bytes.toString("hex") })),
    ).toBeNull();
  });
});

describe("the server's keyring", () => {
  /** The database's own key: made on demand, as `sharedSecret` does. */
  const store = (initial: string | null = null) => {
    let value = initial;
    return {
      made: () => value,
      read: async () => value,
      make: async () => {
        value ??= randomBytes(32).toString("base64url");
        return value;
      },
    };
  };

  it("is the database's key, made once, when TWO_FACTOR_KEY is unset outside production on PostgreSQL", async () => {
    const stored = store();
    const keys = await resolveTwoFactorKeys(loadConfig({}), stored);
    expect(keys.source).toBe("database");
    expect(stored.made()).not.toBeNull();
    expect(keys.current.key.equals(decodeKey32(stored.made() as string) as Buffer)).toBe(true);
    expect((await resolveTwoFactorKeys(loadConfig({}), stored)).current.id).toBe(keys.current.id);
  });

  it("is TWO_FACTOR_KEY when set, reading the previous key and a key the database still holds", async () => {
    const current = key();
    const previous = key();
    const stored = store(randomBytes(32).toString("base64url"));
    const keys = await resolveTwoFactorKeys(
      loadConfig({ TWO_FACTOR_KEY: current.toString("base64"), TWO_FACTOR_KEY_PREVIOUS: previous.toString("hex") }),
      stored,
    );
    expect(keys.source).toBe("environment");
    expect(keys.current.id).toBe(twoFactorKey(current).id);
    expect(keys.previous.map((k) => k.id)).toEqual([
      twoFactorKey(previous).id,
      twoFactorKey(decodeKey32(stored.made() as string) as Buffer).id,
    ]);
    // Nothing is made in the database when the environment names the key.
    const empty = store();
    await resolveTwoFactorKeys(loadConfig({ TWO_FACTOR_KEY: current.toString("hex") }), empty);
    expect(empty.made()).toBeNull();
  });

  it("refuses to start in production on PostgreSQL without TWO_FACTOR_KEY", async () => {
    const stored = store();
    await expect(
      resolveTwoFactorKeys(loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://site@db.example/agency" }), stored),
    ).rejects.toThrow(/TWO_FACTOR_KEY must be set in production when DATABASE_URL is set/);
    expect(stored.made()).toBeNull();
  });
});

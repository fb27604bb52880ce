import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { createPostgresDatabase, databaseKinds } from "../../../tests/support/databases";
import { ByteBudget, DatabaseByteBudget, type UploadByteBudget } from "./byte-budget.server";

const t0 = 1_000_000;
// Whole KiB: the database budget counts in KiB, the memory one in bytes, and these cases hold for both.
const K = 1024;

type Make = (maxBytes: number, windowMs: number, keyOf?: (address: string) => string) => UploadByteBudget;

/** The rules, whichever store keeps the counts. */
function rules(make: () => Make) {
  it("charges bytes up to the budget per window, refuses the byte past it, and starts again when the window ends", async () => {
    const budget = make()(100 * K, 60_000);
    expect(await budget.take("a", 60 * K, t0)).toBe(true);
    expect(await budget.take("a", 40 * K, t0 + 1)).toBe(true);
    expect(await budget.remaining("a", t0 + 2)).toBe(0);
    expect(await budget.take("a", 1, t0 + 2)).toBe(false);
    expect(await budget.retryAfter("a", t0 + 2)).toBe(60);
    // Another address has its own budget.
    expect(await budget.take("b", 100 * K, t0 + 3)).toBe(true);
    // A new window.
    expect(await budget.remaining("a", t0 + 60_000)).toBe(100 * K);
    expect(await budget.retryAfter("a", t0 + 60_000)).toBe(0);
    expect(await budget.take("a", 100 * K, t0 + 60_000)).toBe(true);
  });

  it("refuses without charging, and gives back what an upload that was not kept had taken", async () => {
    const budget = make()(100 * K, 60_000);
    expect(await budget.take("a", 70 * K, t0)).toBe(true);
    expect(await budget.take("a", 40 * K, t0)).toBe(false);
    expect(await budget.remaining("a", t0)).toBe(30 * K);
    await budget.refund("a", 70 * K, t0);
    expect(await budget.remaining("a", t0)).toBe(100 * K);
    await budget.refund("a", 500 * K, t0);
    expect(await budget.remaining("a", t0)).toBe(100 * K);
    // More than the whole budget at once is refused.
    expect(await budget.take("c", 100 * K + 1, t0)).toBe(false);
    expect(await budget.remaining("c", t0)).toBe(100 * K);
  });

  it("counts addresses under the key it is given (an IPv6 /64 as one sender)", async () => {
    const budget = make()(100 * K, 60_000, (address) => address.split(":").slice(0, 4).join(":"));
    expect(await budget.take("2001:db8:1:2:aaaa::1", 60 * K, t0)).toBe(true);
    expect(await budget.take("2001:db8:1:2:bbbb::2", 60 * K, t0)).toBe(false);
    expect(await budget.remaining("2001:db8:1:2:cccc::3", t0)).toBe(40 * K);
  });

  it("charges whole units: rounded up when taken, down when given back, so a reservation given back in part leaves what was used", async () => {
    const budget = make()(100 * K, 60_000);
    const { unit } = budget;
    // An upload reserves 10 KiB ahead and uses 3,000 bytes of it.
    expect(await budget.take("a", 10 * K, t0)).toBe(true);
    await budget.refund("a", 10 * K - 3000, t0);
    expect(await budget.remaining("a", t0)).toBe(100 * K - Math.ceil(3000 / unit) * unit);
  });
}

describe("ByteBudget in memory", () => {
  rules(() => (maxBytes, windowMs, keyOf) => new ByteBudget(maxBytes, windowMs, keyOf));

  it("counts single bytes", async () => {
    const budget = new ByteBudget(100, 60_000);
    expect(await budget.take("a", 99, t0)).toBe(true);
    expect(await budget.take("a", 2, t0)).toBe(false);
    expect(await budget.take("a", 1, t0)).toBe(true);
    // More than the whole budget at once is refused and leaves no entry.
    expect(await budget.take("c", 101, t0)).toBe(false);
    expect(budget.size).toBe(1);
  });

  it("keeps at most maxKeys addresses: ended windows go first, then the oldest", async () => {
    const budget = new ByteBudget(100, 1000, undefined, 3);
    await budget.take("a", 10, t0);
    await budget.take("b", 10, t0 + 500);
    await budget.take("c", 10, t0 + 600);
    // a's window has ended: it makes room.
    await budget.take("d", 10, t0 + 1000);
    expect(budget.size).toBe(3);
    expect(await budget.remaining("b", t0 + 1000)).toBe(90);
    // None has ended: the oldest (b) is forgotten.
    await budget.take("e", 10, t0 + 1100);
    expect(budget.size).toBe(3);
    expect(await budget.remaining("b", t0 + 1100)).toBe(100);
    expect(await budget.remaining("c", t0 + 1100)).toBe(90);
    for (let i = 0; i < 1000; i++) await budget.take(`x${i}`, 1, t0 + 1200);
    expect(budget.size).toBe(3);
  });
});

/**
 * The database budget on PGlite (always) and PostgreSQL (with TEST_DATABASE_URL); several processes
 * sharing PostgreSQL are tested in server/limits.test.ts.
 */
describe.each(databaseKinds)("ByteBudget in the database on %s", (kind) => {
  let database: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url });
    } else {
      database = await openDatabase({ dataDir: "memory://" });
    }
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from rate_limits`);
  });

  rules(() => (maxBytes, windowMs, keyOf) => new DatabaseByteBudget(database.db, "upload-bytes", maxBytes, windowMs, keyOf));

  it("counts in KiB, rounding a charge up, under its own key prefix", async () => {
    const budget = new DatabaseByteBudget(database.db, "upload-bytes", 3 * K, 60_000);
    expect(await budget.take("a", 1, t0)).toBe(true);
    expect(await budget.take("a", K + 1, t0)).toBe(true);
    expect(await budget.take("a", 1, t0)).toBe(false);
    const rows = await database.db.execute(sql`select key, points, expire from rate_limits`);
    expect(rows.rows.map((r) => ({ ...r, expire: Number(r.expire) }))).toEqual([{ key: "upload-bytes:a", points: 3, expire: t0 + 60_000 }]);
  });

  it("holds the largest budget (1 TiB, 2^30 KiB) without overflowing the integer column", async () => {
    const budget = new DatabaseByteBudget(database.db, "upload-bytes", 1024 ** 4, 60_000);
    expect(await budget.take("a", 1024 ** 4 - K, t0)).toBe(true);
    expect(await budget.take("a", 2 * K, t0)).toBe(false);
    expect(await budget.take("a", K, t0)).toBe(true);
    expect(await budget.remaining("a", t0)).toBe(0);
    expect(await budget.take("a", 10 * 1024 ** 3, t0)).toBe(false);
  });
});

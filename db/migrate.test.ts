import { readdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { seedBlogCategories } from "~/content/admin-options";
import { databaseEnv, databaseKinds } from "../tests/support/databases";
import { openDatabase } from "./client";
import { migrationsFolder, runMigrations } from "./migrate";
import { categories } from "./schema";
import { seed } from "./seed";

describe.each(databaseKinds)("migrations on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("apply to an empty database, run again harmlessly, and seed idempotently", async () => {
    const { env, cleanup } = await databaseEnv(kind);
    cleanups.push(cleanup);
    const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    cleanups.push(() => handle.close());
    expect(handle.kind).toBe(kind);

    await runMigrations(handle);
    await runMigrations(handle);
    const tables = await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toContain("categories");
    const applied = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]?.n).toBeGreaterThanOrEqual(1);

    await seed(handle.db);
    await seed(handle.db);
    const rows = await handle.db.select().from(categories);
    expect(rows.map((r) => r.name).sort()).toEqual([...seedBlogCategories].sort());
  });

  it.runIf(kind === "postgres")(
    "let processes started together on an empty database all come up: one migrates, the others wait",
    async () => {
      const { env, cleanup } = await databaseEnv(kind);
      cleanups.push(cleanup);
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: env.DATABASE_URL })));
      cleanups.push(async () => {
        for (const handle of handles) await handle.close();
      });
      await Promise.all(handles.map((handle) => runMigrations(handle)));
      const applied = await handles[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith(".sql"));
      expect(applied.rows[0]?.n).toBe(files.length);
    },
  );

  it("has pgvector on PGlite, and works without it on PostgreSQL that lacks it", async () => {
    const { env, cleanup } = await databaseEnv(kind);
    cleanups.push(cleanup);
    const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    cleanups.push(() => handle.close());
    const available = await handle.db.execute(sql`select count(*)::int as n from pg_available_extensions where name = 'vector'`);
    expect(handle.hasVector).toBe(kind === "pglite" ? true : available.rows[0]?.n === 1);
  });
});

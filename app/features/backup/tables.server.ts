/**
 * The database's part of a backup: every table of the site as JSON lines, read from a snapshot, and
 * written back in one transaction. PostgreSQL turns rows into JSON (`row_to_json`) and JSON into rows
 * (`json_populate_recordset`) itself, with its own rules for every type (timestamps, arrays, jsonb, uuid),
 * so PGlite and PostgreSQL read each other's archives.
 */

import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { getTableName, is, type SQL, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Database, SnapshotQuery } from "#db/client";
import * as schema from "#db/schema";
import { ArchiveError, Hasher, TABLE_NAME, type TableEntry } from "./archive.server";

/** Not in the archives: the record of backups describes the archives themselves. */
export const NOT_BACKED_UP = new Set(["backups"]);

/**
 * The site's tables (db/schema.ts): all that a backup reads, a restore checks for rows, and `--force`
 * replaces. Anything else in the database (another application's tables beside the site's) is left alone.
 */
export const SITE_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])),
);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rows fetched from the snapshot at a time, and rows written per statement on restore: a few megabytes at
 * most even for the largest rows (a knowledge passage with its embedding, a mail with its body).
 */
const FETCH_ROWS = 200;
const INSERT_ROWS = 200;

/** The site's tables (schema public) and their stored columns, as the catalog lists them. */
const TABLES_SQL = `
  select c.relname as table, a.attname as column
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
  where n.nspname = 'public' and c.relkind in ('r', 'p')
  order by c.relname, a.attnum`;

/** The site's tables and their columns, from the catalog's rows. */
function groupColumns(rows: { table: string; column: string }[]): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows) {
    if (!SITE_TABLES.has(table)) continue;
    const columns = tables.get(table) ?? [];
    columns.push(column);
    tables.set(table, columns);
  }
  return tables;
}

/**
 * Writes each table of the snapshot to `dir/db/<table>.jsonl`; answers what each holds and how many
 * migrations the database had.
 */
export async function exportTables(query: SnapshotQuery, dir: string): Promise<{ tables: TableEntry[]; migrations: number }> {
  await mkdir(path.join(dir, "db"), { recursive: true, mode: 0o700 });
  const tables = groupColumns(await query<{ table: string; column: string }>(TABLES_SQL));
  const entries: TableEntry[] = [];
  for (const [name, columns] of tables) {
    if (NOT_BACKED_UP.has(name) || !TABLE_NAME.test(name)) continue;
    const hasher = new Hasher();
    // A failed write (a full disk) rejects `copied`, which every wait below watches: never an unhandled error.
    const copied = pipeline(hasher, createWriteStream(path.join(dir, "db", `${name}.jsonl`), { mode: 0o600 }));
    let rows = 0;
    await query(
      `declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns.map(quote).join(", ")} from ${quote(name)}) r`,
    );
    try {
      for (;;) {
        const batch = await query<{ line: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`);
        if (batch.length === 0) break;
        rows += batch.length;
        for (const row of batch) {
          if (!hasher.write(`${row.line}\n`)) await Promise.race([once(hasher, "drain"), copied]);
        }
      }
      hasher.end();
      await copied;
    } catch (error) {
      hasher.destroy();
      await copied.catch(() => {});
      throw error;
    }
    await query("close backup_rows");
    entries.push({ name, rows, bytes: hasher.bytes, sha256: hasher.digest(), columns });
  }
  const migrations = await query<{ count: number }>(
    `select count(*)::int as count from information_schema.tables t where t.table_schema = 'drizzle' and t.table_name = '__drizzle_migrations'`,
  );
  const applied = migrations[0]?.count
    ? await query<{ count: number }>(`select count(*)::int as count from drizzle.__drizzle_migrations`)
    : [];
  return { tables: entries, migrations: applied[0]?.count ?? 0 };
}

type Executor = Pick<Database, "execute">;

async function targetTables(db: Executor): Promise<Map<string, string[]>> {
  const result = await db.execute(sql.raw(TABLES_SQL));
  return groupColumns(result.rows as { table: string; column: string }[]);
}

/** The site's tables that hold at least one row. */
export async function tablesWithRows(db: Executor): Promise<string[]> {
  const tables = [...(await targetTables(db)).keys()].filter((name) => !NOT_BACKED_UP.has(name));
  if (tables.length === 0) return [];
  const probe = tables.map((name) => `select ${sqlString(name)} as name where exists (select 1 from ${quote(name)})`).join(" union all ");
  const result = await db.execute(sql.raw(probe));
  return (result.rows as { name: string }[]).map((row) => row.name);
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Empties every table of the site, inside the caller's transaction: `--force` onto a target of the same version. */
export async function emptySiteTables(tx: Executor): Promise<void> {
  const tables = [...(await targetTables(tx)).keys()];
  if (tables.length > 0) await tx.execute(sql.raw(`truncate table ${tables.map(quote).join(", ")} cascade`));
}

/** Drops the site's tables and its record of migrations: `--force` onto a target of another version. Extensions stay. */
export async function dropSiteTables(db: Executor): Promise<void> {
  const tables = [...(await targetTables(db)).keys()];
  if (tables.length > 0) await db.execute(sql.raw(`drop table if exists ${tables.map(quote).join(", ")} cascade`));
  await db.execute(sql.raw("drop schema if exists drizzle cascade"));
}

/** The tables in an order where every table comes after those its foreign keys point to. */
async function insertOrder(db: Executor, names: string[]): Promise<string[]> {
  const result = await db.execute(
    sql.raw(`
      select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`),
  );
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of result.rows as { child: string; parent: string }[])
    if (parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the site's tables refer to each other in a circle; they cannot be restored one after another");
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

async function* lineBatches(file: string): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Loads the archive's tables (unpacked in `dir`) into the empty tables of `tx`, a transaction on a
 * database migrated as far as the archive's: all of them, or, on any error, none. Answers rows per table.
 */
export async function importTables(tx: Executor, dir: string, tables: TableEntry[], label: string): Promise<Record<string, number>> {
  const target = await targetTables(tx);
  for (const table of tables)
    if (!target.has(table.name))
      throw new ArchiveError(`${label} holds the table ${table.name}, which this version of the site does not have.`);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const counts: Record<string, number> = {};
  for (const name of await insertOrder(
    tx,
    tables.map((table) => table.name),
  )) {
    const archived = byName.get(name) as TableEntry;
    const present = new Set(target.get(name));
    const columns = archived.columns.filter((column) => present.has(column)).map(quote);
    const list = columns.join(", ");
    let rows = 0;
    for await (const batch of lineBatches(path.join(dir, "db", `${name}.jsonl`))) {
      const statement: SQL = sql.raw(
        `insert into ${quote(name)} (${list}) select ${list} from json_populate_recordset(null::${quote(name)}, `,
      );
      await tx.execute(sql`${statement}${`[${batch.join(",")}]`}::json)`);
      rows += batch.length;
    }
    counts[name] = rows;
  }
  // pgvector's copy of each embedding, where the target has the column and the archive did not carry it.
  const knowledge = target.get("knowledge");
  const archivedKnowledge = byName.get("knowledge");
  if (knowledge?.includes("embedding_vec") && archivedKnowledge && !archivedKnowledge.columns.includes("embedding_vec"))
    await tx.execute(sql.raw("update knowledge set embedding_vec = embedding::vector where embedding_vec is null"));
  return counts;
}

/**
 * Restoring an archive into an empty database (embedded or PostgreSQL, whichever made it): every file is
 * checked against the manifest first, the schema is built as far as the archive's migrations, the rows
 * are loaded in one transaction, and the migrations this version adds since are applied after.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "#db/client";
import { appliedMigrations, readJournal, runMigrations, runMigrationsTo } from "#db/migrate";
import type { FileStorage } from "~/features/uploads/storage.server";
import { ArchiveError, type Manifest, unpackArchive } from "./archive.server";
import { dropSiteTables, emptySiteTables, importTables, tablesWithRows } from "./tables.server";

/** The target holds data and `force` was not given. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export type RestoreOptions = {
  file: string;
  database: DatabaseHandle;
  storage: FileStorage;
  /** Replace whatever the target holds. */
  force?: boolean;
  /** Where the target is, for messages ("the database at postgres://..."). */
  targetName: string;
};

export type RestoreResult = { manifest: Manifest; counts: Record<string, number>; documents: number };

export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const label = path.basename(options.file);
  const work = await mkdtemp(path.join(os.tmpdir(), "agency-restore-"));
  try {
    const manifest = await unpackArchive(options.file, work);
    const journal = readJournal();
    const wanted = manifest.migrations.count;
    if (wanted > journal.length)
      throw new ArchiveError(
        `${label} was made by a newer version of the site (${manifest.version}): upgrade this one before restoring it.`,
      );
    if (wanted > 0 && journal[wanted - 1]?.tag !== manifest.migrations.last)
      throw new ArchiveError(
        `${label} was made with other migrations than this version's (${manifest.migrations.last}): it is not this site's.`,
      );

    const { database, storage } = options;
    const applied = await appliedMigrations(database);
    const holding = await tablesWithRows(database.db);
    if (holding.length > 0 && !options.force) {
      throw new RestoreRefused(
        `${options.targetName} is not empty (it holds rows in ${holding.slice(0, 5).join(", ")}${holding.length > 5 ? ", ..." : ""}): restore into an empty database, or add --force to replace everything in it.`,
      );
    }

    // Documents before the database changes: a failure here leaves the target as it was (and a second run
    // writes them again; a document's name is its own, so nothing else is overwritten).
    for (const document of manifest.documents) {
      const stored = await storage.write(document.key, createReadStream(path.join(work, "documents", document.key)), {
        maxBytes: document.size,
      });
      if (stored.sha256 !== document.sha256 || stored.size !== document.size)
        throw new ArchiveError(`${document.key} was not stored as the archive holds it (checksum differs after writing).`);
    }

    let counts: Record<string, number>;
    if (applied > 0 && applied === wanted) {
      // The target's schema is the archive's: its rows are replaced in one transaction, all or nothing.
      counts = await database.db.transaction(async (tx) => {
        await emptySiteTables(tx);
        return importTables(tx, work, manifest.tables, label);
      });
    } else {
      // Another schema (or none): rebuilt as far as the archive's migrations, then loaded in one transaction.
      if (applied > 0) await dropSiteTables(database.db);
      await runMigrationsTo(database, wanted);
      counts = await database.db.transaction((tx) => importTables(tx, work, manifest.tables, label));
    }
    await runMigrations(database);
    return { manifest, counts, documents: manifest.documents.length };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

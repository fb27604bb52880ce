/**
 * The backup archive: one gzip-compressed tar file holding
 *   db/<table>.jsonl     each row of the table as one JSON object per line (PostgreSQL's own row_to_json),
 *   documents/<key>      every stored document, byte for byte,
 *   manifest.json        last: the format, the site's version and migration, and for every file its rows or
 *                        size and SHA-256.
 * Rows as JSON are read and written by the database itself on either engine, so one archive restores into
 * the embedded database or into any PostgreSQL from 15 on, whichever made it (docs/decisions/045).
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable, Transform, type TransformCallback, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { KEY } from "~/features/uploads/storage.server";

export const ARCHIVE_FORMAT = "agency-site-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

export type TableEntry = { name: string; rows: number; bytes: number; sha256: string; columns: string[] };
export type DocumentEntry = { key: string; size: number; sha256: string };

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The site's version (package.json) that made it. */
  version: string;
  database: "pglite" | "postgres";
  /** How many migrations the database had, and the last one's name. */
  migrations: { count: number; last: string | null };
  tables: TableEntry[];
  documents: DocumentEntry[];
};

/** An archive that cannot be read, or whose contents do not match its manifest. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** A table name as the archive may hold it: what the site's migrations create. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Counts and hashes what passes through. */
export class Hasher extends Transform {
  readonly hash = createHash("sha256");
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

/**
 * Writes an archive into `sink` as entries are added; `finish()` adds the manifest and ends it, answering
 * the archive's size and SHA-256.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly hasher = new Hasher();
  private readonly done: Promise<void>;

  constructor(sink: Writable) {
    this.done = pipeline(this.pack, createGzip({ level: 6 }), this.hasher, sink);
    // The failure is answered by add() or finish(); this keeps it from being unhandled meanwhile.
    this.done.catch(() => {});
  }

  /** Adds a file of `size` bytes from `source`, answering its SHA-256. */
  async add(name: string, size: number, source: Readable): Promise<string> {
    const hasher = new Hasher();
    await new Promise<void>((resolve, reject) => {
      const entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (error) => (error ? reject(error) : resolve()));
      pipeline(source, hasher, entry).catch(reject);
      this.done.catch(reject);
    });
    if (hasher.bytes !== size) throw new Error(`${name} changed while it was copied (${size} bytes expected, ${hasher.bytes} read)`);
    return hasher.digest();
  }

  async finish(manifest: Manifest): Promise<{ bytes: number; sha256: string }> {
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    this.pack.entry({ name: "manifest.json", size: text.length, mode: 0o600, mtime: new Date() }, text);
    this.pack.finalize();
    await this.done;
    return { bytes: this.hasher.bytes, sha256: this.hasher.digest() };
  }

  /** Stops writing; the sink is destroyed with `error`. */
  abort(error: Error): void {
    this.pack.destroy(error);
  }
}

/** Where an entry of the archive goes under `dir`, or null for a name the format does not have. */
function entryPath(name: string): string | null {
  if (name === "manifest.json") return name;
  const table = /^db\/([^/]+)\.jsonl$/.exec(name);
  if (table && TABLE_NAME.test(table[1])) return name;
  const document = /^documents\/([^/]+)$/.exec(name);
  if (document && KEY.test(document[1])) return name;
  return null;
}

/** The most an archive's manifest may take: far above one for thousands of documents. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Unpacks the archive `file` into the empty folder `dir` and checks every file against the manifest
 * (rows, size, SHA-256); answers the manifest. Anything else, a missing file or a mismatch is an
 * ArchiveError naming the archive and the file.
 */
export async function unpackArchive(file: string, dir: string): Promise<Manifest> {
  const label = path.basename(file);
  const found = new Map<string, { bytes: number; sha256: string; lines: number }>();
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    // An entry torn down with the whole (a damaged archive) reports it there, not here.
    stream.on("error", () => {});
    const relative = header.type === "file" ? entryPath(header.name) : null;
    if (!relative) {
      stream.resume();
      next(new ArchiveError(`${label} is not a backup of this site: it holds ${JSON.stringify(header.name)}.`));
      return;
    }
    if (found.has(relative)) {
      stream.resume();
      next(new ArchiveError(`${label} holds ${relative} twice.`));
      return;
    }
    if (relative === "manifest.json" && (header.size ?? 0) > MAX_MANIFEST_BYTES) {
      stream.resume();
      next(new ArchiveError(`${label}'s manifest is too large to be one of this site's.`));
      return;
    }
    const hasher = new Hasher();
    let lines = 0;
    hasher.on("data", (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) lines++;
    });
    const target = path.join(dir, relative);
    mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      .then(() => pipeline(stream, hasher, createWriteStream(target, { mode: 0o600 })))
      .then(() => {
        found.set(relative, { bytes: hasher.bytes, sha256: hasher.digest(), lines });
        next();
      }, next);
  });
  const gunzip = createGunzip();
  // Errors after the first (an entry's copy failing as the whole is torn down) have no one left to hear them.
  for (const stream of [gunzip, extract]) stream.on("error", () => {});
  try {
    await pipeline(createReadStream(file), gunzip, extract);
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // The folder it is unpacked into, not the archive, failed: say where.
    const where = (error as NodeJS.ErrnoException).path;
    if (where !== file && (code === "ENOSPC" || code === "EDQUOT" || code === "EACCES" || code === "EROFS"))
      throw new Error(`${label} could not be unpacked into ${dir} (${(error as Error).message}); set TMPDIR to a folder with room.`);
    const reason = code === "ENOENT" ? "there is no such file" : (error as Error).message;
    throw new ArchiveError(`${label} is not a readable backup archive (${reason}).`);
  }

  if (!found.has("manifest.json")) throw new ArchiveError(`${label} has no manifest: it is cut short or not a backup of this site.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readText(path.join(dir, "manifest.json"))) as Manifest;
  } catch {
    throw new ArchiveError(`${label}'s manifest is not valid JSON.`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || typeof manifest.formatVersion !== "number")
    throw new ArchiveError(`${label} is not a backup of this site.`);
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION)
    throw new ArchiveError(`${label} was made by a newer version of the site (${manifest.version}): upgrade before restoring it.`);

  const expected = new Map<string, { bytes: number; sha256: string; lines?: number }>();
  for (const table of manifest.tables ?? []) {
    if (!TABLE_NAME.test(table.name)) throw new ArchiveError(`${label}'s manifest names a table ${JSON.stringify(table.name)}.`);
    expected.set(`db/${table.name}.jsonl`, { bytes: table.bytes, sha256: table.sha256, lines: table.rows });
  }
  for (const document of manifest.documents ?? []) {
    if (!KEY.test(document.key)) throw new ArchiveError(`${label}'s manifest names a document ${JSON.stringify(document.key)}.`);
    expected.set(`documents/${document.key}`, { bytes: document.size, sha256: document.sha256 });
  }
  for (const [name, want] of expected) {
    const got = found.get(name);
    if (!got) throw new ArchiveError(`${label} is damaged: ${name} is missing.`);
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256 || (want.lines !== undefined && got.lines !== want.lines))
      throw new ArchiveError(`${label} is damaged: ${name} does not match its checksum.`);
  }
  for (const name of found.keys())
    if (name !== "manifest.json" && !expected.has(name))
      throw new ArchiveError(`${label} holds ${name}, which its manifest does not list.`);
  return manifest;
}

async function readText(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A stream of `text`'s bytes, for entries made in memory. */
export function fromText(text: string | Buffer): Readable {
  const stream = new PassThrough();
  stream.end(text);
  return stream;
}

/**
 * Documents visitors attach to a quote (docs/decisions/009-document-uploads.md).
 *
 * `receiveUpload` streams one multipart file to storage (never holding it whole in memory), decides
 * its type by its first bytes, enforces the size limit while the bytes arrive, and records it. A
 * lead later claims its uploads with `linkUploads`, inside the lead's own transaction; uploads no
 * lead claimed are removed by `sweepOrphanUploads`, which `UploadSweeper` runs periodically.
 */
import { randomUUID } from "node:crypto";
import { pipeline, type Readable, Transform } from "node:stream";
import busboy from "busboy";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { uploads } from "#db/schema";
import { trucking } from "~/content/quote-options";
import { isUuid } from "~/lib/uuid";
import type { UploadByteBudget } from "./byte-budget.server";
import { displayFileName } from "./file-name";
import { detectFileType, MAGIC_BYTES_LENGTH, type UploadMimeType } from "./magic-bytes";
import { fileTooLargeMessage, uploadMessages } from "./messages";
import { type FileStorage, FileTooLargeError, type StoredFile } from "./storage.server";

export type UploadSlot = (typeof trucking.uploadSlots)[number]["slot"];
export const uploadSlots: readonly UploadSlot[] = trucking.uploadSlots.map((s) => s.slot);

/** What POST /api/uploads answers with 201. */
export type UploadAnswer = { id: string; slot: UploadSlot; name: string; size: number; type: UploadMimeType };

/**
 * A refusal the visitor should see: status, message and per-field errors, answered as
 * `{ success: false, message, errors }` by the API's error handler (server/app.ts).
 */
export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 429 | 507,
    message: string,
    readonly errors?: Record<string, string>,
    /** For 429: seconds until the sender may try again (the Retry-After header). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** Thrown by `linkUploads`; rolls back the lead's transaction and is answered as a 400. */
export class UploadLinkError extends UploadError {
  constructor(attachments: string = uploadMessages.attachmentExpired) {
    super(400, "Some fields need attention. Please check them and try again.", { attachments });
    this.name = "UploadLinkError";
  }
}

export type ReceiveDeps = {
  db: Pick<Database, "insert">;
  storage: FileStorage;
  maxBytes: number;
  /** Bytes each client address may upload per window, charged as they stream in (keyed by `IncomingUpload.ip`). */
  budget?: UploadByteBudget;
  /** Uploads are refused (507) while the storage has less than this free. */
  minFreeBytes?: number;
};
export type IncomingUpload = {
  headers: Record<string, string | undefined>;
  body: Readable;
  ip: string | null;
};

// Room for the multipart framing and the slot field around the file when judging Content-Length.
const ENVELOPE_BYTES = 64 * 1024;
// While a file streams in, free space is checked again after every this many bytes.
const FREE_SPACE_CHECK_BYTES = 32 * 1024 ** 2;
// A file's bytes are charged to the budget this many at a time, ahead of their arrival (what is not
// used is given back at the end): a large file costs one charge per step, not one per chunk, which
// matters when the budget is a row in a shared database.
const BUDGET_STEP_BYTES = 1024 ** 2;

const roundUp = (bytes: number, unit: number) => Math.ceil(bytes / unit) * unit;

function slotProblem(slot: string | undefined): string | undefined {
  if (slot === undefined || slot === "") return uploadMessages.slotMissing;
  if (!(uploadSlots as readonly string[]).includes(slot)) return uploadMessages.slotUnknown(uploadSlots);
  return undefined;
}

/** Holds back the first bytes until the type is known; anything but an accepted type fails with 415. */
class TypeSniffer extends Transform {
  type: UploadMimeType | undefined;
  private head: Buffer[] = [];
  private headLength = 0;

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void) {
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < MAGIC_BYTES_LENGTH) return callback();
    this.decide(callback);
  }

  _flush(callback: (error?: Error | null, data?: Buffer) => void) {
    if (this.type) return callback();
    this.decide(callback);
  }

  private decide(callback: (error?: Error | null, data?: Buffer) => void) {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) return callback(new UploadError(400, uploadMessages.emptyFile, { file: uploadMessages.emptyFile }));
    this.type = detectFileType(head);
    if (!this.type) return callback(new UploadError(415, uploadMessages.unsupportedType));
    callback(null, head);
  }
}

const storageFull = () => new UploadError(507, uploadMessages.storageFull);

/** Below the floor once `incoming` more bytes are stored? Storage that cannot tell (no `freeBytes`) never is. */
async function belowFloor(deps: ReceiveDeps, incoming = 0): Promise<boolean> {
  if (deps.minFreeBytes === undefined || !deps.storage.freeBytes) return false;
  return (await deps.storage.freeBytes()) - incoming < deps.minFreeBytes;
}

/**
 * Charges the file's bytes to the sender's budget before letting them pass (a byte over it ends the
 * upload with 429), and checks the free space again as the file grows (507 below the floor).
 */
class Allowance extends Transform {
  /** Charged to the budget for this upload: the bytes passed, and what is left of the last step. */
  private reserved = 0;
  private passed = 0;
  private sinceCheck = 0;
  /** Whether to charge a whole step ahead; not after the budget had no room for one. */
  private stepping = true;
  /** The upload is over and its charge settled: a charge still in flight is given back. */
  private settled = false;

  constructor(
    private readonly deps: ReceiveDeps,
    private readonly address: string,
  ) {
    super();
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void) {
    this.admit(chunk.length).then(
      () => callback(null, chunk),
      (error) => callback(error),
    );
  }

  /** The file is complete: what was charged ahead and not used is given back. */
  _flush(callback: (error?: Error | null) => void) {
    const { budget } = this.deps;
    const used = budget ? roundUp(this.passed, budget.unit) : 0;
    if (!budget || this.settled || this.reserved <= used) return callback();
    const unused = this.reserved - used;
    this.reserved = used;
    // Lost to a database error, the bytes stay charged: the window is only stricter for it.
    budget.refund(this.address, unused).then(
      () => callback(),
      () => callback(),
    );
  }

  private async admit(bytes: number) {
    const { budget } = this.deps;
    this.passed += bytes;
    if (budget && this.passed > this.reserved) {
      const need = roundUp(this.passed - this.reserved, budget.unit);
      let charged = false;
      if (this.stepping && need < BUDGET_STEP_BYTES) {
        charged = await this.charge(budget, roundUp(BUDGET_STEP_BYTES, budget.unit));
        this.stepping = charged;
      }
      if (!charged && !(await this.charge(budget, need))) throw await addressBudgetUsed(budget, this.address);
    }
    this.sinceCheck += bytes;
    if (this.sinceCheck < FREE_SPACE_CHECK_BYTES) return;
    this.sinceCheck = 0;
    if (await belowFloor(this.deps)) throw storageFull();
  }

  private async charge(budget: UploadByteBudget, bytes: number): Promise<boolean> {
    if (!(await budget.take(this.address, bytes))) return false;
    this.reserved += bytes;
    if (this.settled) await this.refund();
    return true;
  }

  /** Gives back everything charged (the upload was refused or failed). */
  async refund() {
    this.settled = true;
    const bytes = this.reserved;
    this.reserved = 0;
    if (bytes > 0) await this.deps.budget?.refund(this.address, bytes);
  }
}

async function addressBudgetUsed(budget: UploadByteBudget, address: string): Promise<UploadError> {
  return new UploadError(429, uploadMessages.addressBytesUsed, undefined, await budget.retryAfter(address));
}

/** The refusal behind a failed write: a limit's own verdict when one gave it, a size overrun, or the error itself. */
function asUploadError(error: unknown, maxBytes: number, ...checks: (Transform | undefined)[]): unknown {
  for (const check of checks) if (check?.errored instanceof UploadError) return check.errored;
  if (error instanceof UploadError) return error;
  if (error instanceof FileTooLargeError) return new UploadError(413, fileTooLargeMessage(maxBytes));
  return error;
}

/**
 * Reads a multipart/form-data body holding a `slot` field and then one `file`, stores the file and
 * records it. Throws UploadError for anything the sender must change; on any failure nothing is left
 * in storage or in the table. A refusal is thrown as soon as it is known (the rest of the body is
 * read and discarded, not buffered), so the sender gets the answer without sending everything.
 */
export async function receiveUpload(deps: ReceiveDeps, input: IncomingUpload): Promise<UploadAnswer> {
  const { storage, maxBytes } = deps;
  const contentType = input.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new UploadError(415, uploadMessages.notMultipart);
  const declared = Number(input.headers["content-length"]);
  const known = Number.isFinite(declared) && declared > 0;
  if (known && declared > maxBytes + ENVELOPE_BYTES) throw new UploadError(413, fileTooLargeMessage(maxBytes));
  // Refused before any byte is read: the disk is nearly full (or would be with this file), or the
  // sender's budget is used up (or too small for the length it declares).
  if (await belowFloor(deps, known ? declared - ENVELOPE_BYTES : 0)) throw storageFull();
  const address = input.ip ?? "unknown";
  const { budget } = deps;
  if (budget) {
    const remaining = await budget.remaining(address);
    if (remaining <= 0 || (known && declared - ENVELOPE_BYTES > remaining)) throw await addressBudgetUsed(budget, address);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // One byte over the limit is what tells "too large" from "exactly the limit" (busboy reports reaching it).
      limits: { files: 1, fileSize: maxBytes + 1, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 10, headerPairs: 20 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new UploadError(415, uploadMessages.notMultipart);
  }

  const id = randomUUID();
  const key = id;
  let slot: string | undefined;
  let fileName: string | undefined;
  let sniffer: TypeSniffer | undefined;
  let allowance: Allowance | undefined;
  let storing: Promise<StoredFile> | undefined;

  const parsed = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      // Stop parsing; what is left of the body is discarded, not buffered.
      input.body.unpipe(parser);
      input.body.resume();
      sniffer?.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    const invalid = (errors: Record<string, string>, message: string = uploadMessages.invalid) =>
      fail(new UploadError(400, message, errors));

    parser.on("field", (name, value) => {
      if (name === "slot") slot = value.trim();
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file") {
        stream.resume();
        return invalid({ file: `Send the file in the "file" field.` });
      }
      // A file input left empty is sent as a part with an empty name and no content.
      if (!info.filename) {
        stream.resume();
        return;
      }
      const problem = slotProblem(slot);
      if (problem) {
        stream.resume();
        return invalid({ slot: problem });
      }
      fileName = info.filename;
      sniffer = new TypeSniffer();
      allowance = new Allowance(deps, address);
      stream.on("limit", () => fail(new UploadError(413, fileTooLargeMessage(maxBytes))));
      // Errors of the part's stream (a body cut short) reach the sniffer, and so the storage write.
      const source = pipeline(stream, sniffer, allowance, () => {});
      storing = storage.write(key, source, { maxBytes });
      storing.catch((error) => fail(asUploadError(error, maxBytes, sniffer, allowance)));
    });
    parser.on("filesLimit", () => invalid({ file: uploadMessages.oneFileOnly }, uploadMessages.oneFileOnly));
    parser.on("fieldsLimit", () => invalid({}, uploadMessages.malformed));
    parser.on("partsLimit", () => invalid({}, uploadMessages.malformed));
    parser.on("error", () => invalid({}, uploadMessages.malformed));
    parser.on("close", () => resolve());
    // The visitor went away mid-upload: nobody will read the answer, but the partial file must go.
    input.body.on("error", () => fail(new UploadError(400, uploadMessages.malformed)));
    input.body.on("aborted", () => fail(new UploadError(400, uploadMessages.malformed)));
    input.body.pipe(parser);
  });

  let stored: StoredFile;
  let type: UploadMimeType | undefined;
  try {
    await parsed;
    if (!storing) {
      const errors: Record<string, string> = { file: uploadMessages.noFile };
      const problem = slotProblem(slot);
      if (problem) errors.slot = problem;
      throw new UploadError(400, uploadMessages.invalid, errors);
    }
    stored = await storing.catch((error) => {
      throw asUploadError(error, maxBytes, sniffer, allowance);
    });
    // A stored file has passed the sniffer, which decides before letting any byte through.
    type = sniffer?.type;
    if (!type) throw new UploadError(400, uploadMessages.emptyFile, { file: uploadMessages.emptyFile });
  } catch (error) {
    // A write that completed before the refusal (a second file after the first) is removed too.
    if (storing)
      await storing.then(
        () => storage.delete(key),
        () => {},
      );
    await refundQuietly(allowance);
    throw error;
  }

  const answer: UploadAnswer = { id, slot: slot as UploadSlot, name: displayFileName(fileName, type), size: stored.size, type };
  try {
    await deps.db.insert(uploads).values({
      id,
      slot: answer.slot,
      originalName: answer.name,
      sizeBytes: stored.size,
      mimeType: type,
      storageKey: key,
      sha256: stored.sha256,
      ip: input.ip,
    });
  } catch (error) {
    await storage.delete(key);
    await refundQuietly(allowance);
    throw error;
  }
  return answer;
}

/** A refund lost to a database error leaves the bytes charged (the window is only stricter); the refusal itself is what the sender must hear. */
async function refundQuietly(allowance: Allowance | undefined) {
  await allowance?.refund().catch(() => {});
}

/** What one lead (one quote) may claim: UPLOAD_LEAD_MAX_FILES and UPLOAD_LEAD_MAX_BYTES. */
export type LeadUploadLimits = { maxFiles: number; maxBytes: number };

/**
 * Gives the lead its uploads, in the caller's transaction: each must exist, never have been claimed
 * (a deleted lead's documents and those being swept have been) and belong to the slot named, and together they must stay within `limits`. If not, throws UploadLinkError
 * (the caller's transaction rolls back, so no upload is claimed and no lead is stored).
 */
export async function linkUploads(
  tx: Pick<Database, "update">,
  leadId: string,
  attachments: { slot: string; id: string }[],
  limits: LeadUploadLimits,
): Promise<void> {
  const wanted = new Map<string, string>();
  for (const { id, slot } of attachments) {
    const key = id.toLowerCase();
    if (!isUuid(id) || (wanted.has(key) && wanted.get(key) !== slot)) throw new UploadLinkError();
    wanted.set(key, slot);
  }
  if (wanted.size === 0) return;
  if (wanted.size > limits.maxFiles) throw new UploadLinkError(uploadMessages.leadTooManyFiles(limits.maxFiles));
  const linked = await tx
    .update(uploads)
    .set({ leadId, linkedAt: sql`now()` })
    .where(
      and(
        isNull(uploads.leadId),
        isNull(uploads.linkedAt),
        or(...[...wanted].map(([id, slot]) => and(eq(uploads.id, id), eq(uploads.slot, slot)))),
      ),
    )
    .returning({ id: uploads.id, size: uploads.sizeBytes });
  if (linked.length !== wanted.size) throw new UploadLinkError();
  const total = linked.reduce((sum, upload) => sum + Number(upload.size), 0);
  if (total > limits.maxBytes) throw new UploadLinkError(uploadMessages.leadTooManyBytes(limits.maxBytes));
}

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

/**
 * Deletes uploads no lead claimed within `olderThanMs` of arriving, and documents detached from a
 * deleted lead (app/features/privacy/retention.server.ts) whose files are still to go. Each row is
 * first marked as claimed (linked_at), so a lead being submitted at that moment either claims it or
 * is told it expired; then its file is deleted, then the row. A row whose file could not be deleted
 * stays for the next run. Returns how many were deleted.
 */
export async function sweepOrphanUploads(db: Database, storage: FileStorage, olderThanMs: number, log?: Log): Promise<number> {
  const batch = 100;
  let total = 0;
  // Rows whose files failed stay behind: each batch starts after the last one seen.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const result = await db.execute(sql`
      with marked as (
        update uploads set linked_at = coalesce(linked_at, now()) where id in (
          select id from uploads
          where lead_id is null and created_at < now() - make_interval(secs => ${olderThanMs / 1000})
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at, id
          limit ${batch}
          for update skip locked
        ) and lead_id is null
        returning id, storage_key, created_at
      )
      select id, storage_key, created_at::text as created_at from marked order by marked.created_at, id`);
    const found = result.rows as { id: string; storage_key: string; created_at: string }[];
    for (const row of found) {
      try {
        await storage.delete(row.storage_key);
      } catch (error) {
        log?.("error", { err: error, storageKey: row.storage_key }, "orphan upload: its file could not be deleted; the next sweep retries");
        continue;
      }
      const deleted = await db.execute(sql`delete from uploads where id = ${row.id} and lead_id is null returning id`);
      total += deleted.rows.length;
    }
    if (found.length < batch) break;
    const last: { id: string; created_at: string } = found[found.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
  await storage.removeStalePartials?.(olderThanMs);
  return total;
}

export type UploadSweeperOptions = {
  db: Database;
  storage: FileStorage;
  /** Unclaimed uploads older than this are deleted. */
  orphanAfterMs: number;
  intervalMs: number;
  log?: Log;
};

/** Runs `sweepOrphanUploads` every `intervalMs` (first soon after start) until stopped. */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: UploadSweeperOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(Math.min(this.options.intervalMs, 60_000));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.stopped || this.running) return;
    const { db, storage, orphanAfterMs, intervalMs, log } = this.options;
    this.running = sweepOrphanUploads(db, storage, orphanAfterMs, log).then(
      (deleted) => {
        if (deleted > 0) log?.("info", { deleted }, "orphan uploads deleted");
      },
      (error) => log?.("error", { err: error }, "upload sweeper: database error"),
    );
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(intervalMs);
  }
}

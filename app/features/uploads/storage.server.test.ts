/**
 * What every FileStorage must do, run against each one: the local folder and an S3 bucket (s3rver).
 * Then what only the S3 store has to get right: multipart uploads that are bounded in memory and
 * never left behind.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, type S3Client, UploadPartCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3";
import { S3FileStorage, s3Client } from "./s3-storage.server";
import { type FileStorage, FileTooLargeError, LocalFileStorage } from "./storage.server";

const MB = 1024 * 1024;
const HOUR = 3_600_000;
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** `data` as a stream of `chunkSize` pieces, produced as they are read. */
function chunked(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += chunkSize) yield data.subarray(at, at + chunkSize);
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const newKey = () => `doc-${randomUUID()}`;

type Store = {
  storage: FileStorage;
  /** Everything the store holds: finished files and partial writes (a local .part file, an S3 multipart upload). */
  contents: () => Promise<string[]>;
  /** A partial write begun `ageMs` ago by a process that died before finishing it. */
  leavePartial: (ageMs: number) => Promise<void>;
  close: () => Promise<void>;
};

async function localStore(): Promise<Store> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
  return {
    storage: new LocalFileStorage(dir),
    contents: async () => (await readdir(dir)).sort(),
    leavePartial: async (ageMs) => {
      const file = path.join(dir, `.${newKey()}.${randomUUID()}.part`);
      await writeFile(file, "partial");
      const when = new Date(Date.now() - ageMs);
      await utimes(file, when, when);
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function danglingUpload(s3: TestS3Server, key: string): Promise<string> {
  const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
  await s3.client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.from("partial") }));
  return UploadId as string;
}

async function s3Store(): Promise<Store> {
  const s3 = await startS3Server();
  return {
    storage: new S3FileStorage(s3.client, s3.bucket),
    contents: async () => [...(await s3.objectKeys()), ...(await s3.pendingUploads()).map((u) => `upload ${u.uploadId} of ${u.key}`)],
    leavePartial: async (ageMs) => {
      const uploadId = await danglingUpload(s3, newKey());
      await s3.backdateUpload(uploadId, ageMs);
    },
    close: s3.close,
  };
}

describe.each([
  ["LocalFileStorage (a folder)", localStore],
  ["S3FileStorage (s3rver)", s3Store],
])("%s", (_name, create) => {
  let store: Store;
  beforeAll(async () => {
    store = await create();
  });
  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ["an empty file", 0],
    ["a few bytes", 7],
    ["a file of several S3 parts (12 MB, not a whole number of parts)", 12 * MB + 12_345],
  ])("stores %s and gives the same bytes back, with their size and SHA-256", async (_what, size) => {
    const data = randomBytes(size);
    const key = newKey();
    const stored = await store.storage.write(key, chunked(data), { maxBytes: 20 * MB });
    expect(stored).toEqual({ size, sha256: sha256(data) });
    const opened = store.storage.open(key);
    expect(opened).toBeInstanceOf(Readable);
    const back = await readAll(opened);
    expect(back.length).toBe(size);
    expect(back.equals(data)).toBe(true);
    expect(await store.contents()).toContain(key);
  });

  it("accepts a file of exactly maxBytes", async () => {
    const data = randomBytes(6 * MB);
    const key = newKey();
    expect((await store.storage.write(key, chunked(data), { maxBytes: data.length })).size).toBe(data.length);
    expect((await readAll(store.storage.open(key))).equals(data)).toBe(true);
  });

  it.each([
    ["by one byte", 10, 11],
    ["after several parts have gone out", 11 * MB, 16 * MB],
  ])("refuses a file over maxBytes %s with FileTooLargeError, leaving nothing", async (_what, maxBytes, size) => {
    const before = await store.contents();
    const key = newKey();
    const error = await store.storage.write(key, chunked(randomBytes(size)), { maxBytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).maxBytes).toBe(maxBytes);
    expect(await store.contents()).toEqual(before);
  });

  it("fails with the source's own error when the source fails mid-file, leaving nothing", async () => {
    const before = await store.contents();
    const boom = new Error("connection reset by the visitor");
    const source = Readable.from(
      (async function* () {
        yield randomBytes(4 * MB);
        yield randomBytes(3 * MB);
        throw boom;
      })(),
    );
    await expect(store.storage.write(newKey(), source, { maxBytes: 20 * MB })).rejects.toBe(boom);
    expect(await store.contents()).toEqual(before);
  });

  it("fails, leaving nothing, when the source is destroyed mid-file (the visitor went away)", async () => {
    const before = await store.contents();
    const source = new PassThrough();
    const writing = store.storage.write(newKey(), source, { maxBytes: 20 * MB });
    source.write(randomBytes(6 * MB));
    setTimeout(() => source.destroy(), 50);
    await expect(writing).rejects.toThrow();
    expect(await store.contents()).toEqual(before);
  });

  it("deletes a file; deleting it again, or a key never written, is not an error", async () => {
    const key = newKey();
    await store.storage.write(key, chunked(Buffer.from("%PDF-1.7 short")), { maxBytes: MB });
    await store.storage.delete(key);
    expect(await store.contents()).not.toContain(key);
    await expect(store.storage.delete(key)).resolves.toBeUndefined();
    await expect(store.storage.delete(newKey())).resolves.toBeUndefined();
    await expect(readAll(store.storage.open(key))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("opens a missing key as a stream (returned at once) that fails with code ENOENT, as a missing file does", async () => {
    const opened = store.storage.open(newKey());
    expect(opened).toBeInstanceOf(Readable);
    const error = await readAll(opened).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOENT");
  });

  it.each(["", "../etc/passwd", "a/b", ".hidden", "name with spaces"])("refuses the key %j for every operation", async (key) => {
    await expect(store.storage.write(key, chunked(Buffer.from("x")), { maxBytes: MB })).rejects.toThrow(/invalid storage key/);
    expect(() => store.storage.open(key)).toThrow(/invalid storage key/);
    await expect(store.storage.delete(key)).rejects.toThrow(/invalid storage key/);
  });

  it("removeStalePartials removes partial writes older than the limit, counts them, and keeps newer ones", async () => {
    const before = await store.contents();
    await store.leavePartial(2 * HOUR);
    await store.leavePartial(0);
    const withPartials = await store.contents();
    expect(withPartials.length).toBe(before.length + 2);
    expect(await store.storage.removeStalePartials?.(HOUR)).toBe(1);
    const after = await store.contents();
    expect(after.length).toBe(before.length + 1);
    for (const name of before) expect(after).toContain(name);
    expect(await store.storage.removeStalePartials?.(HOUR)).toBe(0);
  });
});

describe("S3FileStorage: multipart uploads", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  /**
   * A client for the test server that records the commands it sends, and can be made to fail some:
   * `failing` before they are sent, `unanswered` after the server has carried them out.
   */
  function recordingClient(failing: string[] = [], unanswered: string[] = []) {
    const client: S3Client = s3Client({
      S3_ENDPOINT: s3.env.S3_ENDPOINT,
      S3_REGION: s3.env.S3_REGION,
      S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: true,
    });
    const sent: string[] = [];
    const parts = { inFlight: 0, mostInFlight: 0, bytesDone: 0 };
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName as string;
        sent.push(name);
        if (failing.includes(name)) throw Object.assign(new Error(`${name} refused by the test`), { name: "ServiceUnavailable" });
        if (unanswered.includes(name)) {
          await next(args);
          throw Object.assign(new Error(`the answer to ${name} was lost`), { name: "TimeoutError" });
        }
        if (name !== "UploadPartCommand") return next(args);
        parts.inFlight++;
        parts.mostInFlight = Math.max(parts.mostInFlight, parts.inFlight);
        try {
          return await next(args);
        } finally {
          parts.inFlight--;
          parts.bytesDone += ((args.input as { Body: Buffer }).Body as Buffer).length;
        }
      },
      { step: "initialize", name: "recordCommands" },
    );
    return { client, sent, parts };
  }

  it("sends a large file in 5 MiB parts, two at a time, reading the source only a few parts ahead", async () => {
    const { client, sent, parts } = recordingClient();
    const storage = new S3FileStorage(client, s3.bucket);
    const size = 40 * MB + 1;
    let read = 0;
    let mostAhead = 0;
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < size; at += 64 * 1024) {
          const chunk = Buffer.alloc(Math.min(64 * 1024, size - at), at % 251);
          read += chunk.length;
          mostAhead = Math.max(mostAhead, read - parts.bytesDone);
          yield chunk;
        }
      })(),
    );
    const key = newKey();
    expect((await storage.write(key, source, { maxBytes: 64 * MB })).size).toBe(size);
    expect(sent.filter((c) => c === "UploadPartCommand").length).toBe(Math.ceil(size / (5 * MB)));
    expect(sent).toContain("CompleteMultipartUploadCommand");
    expect(parts.mostInFlight).toBeLessThanOrEqual(2);
    // Two parts going out, one filling, and the streams' small buffers: never the whole file.
    expect(mostAhead).toBeLessThan(4 * 5 * MB);
    expect(await s3.objectKeys()).toContain(key);
    await storage.delete(key);
  });

  it("aborts the multipart upload of a refused file, so no parts are kept", async () => {
    const { client, sent } = recordingClient();
    const storage = new S3FileStorage(client, s3.bucket);
    const before = await s3.objectKeys();
    await expect(storage.write(newKey(), chunked(randomBytes(16 * MB)), { maxBytes: 11 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(sent).toContain("UploadPartCommand");
    expect(sent.at(-1)).toBe("AbortMultipartUploadCommand");
    expect(sent).not.toContain("CompleteMultipartUploadCommand");
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await s3.objectKeys()).toEqual(before);
  });

  it("reports why a write failed even when the abort fails too; the sweep removes the upload later", async () => {
    const { client } = recordingClient(["AbortMultipartUploadCommand"]);
    const failing = new S3FileStorage(client, s3.bucket);
    const key = newKey();
    await expect(failing.write(key, chunked(randomBytes(12 * MB)), { maxBytes: 8 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    const [left] = await s3.pendingUploads();
    expect(left).toMatchObject({ key });
    await s3.backdateUpload(left.uploadId, 2 * HOUR);
    expect(await new S3FileStorage(s3.client, s3.bucket).removeStalePartials(HOUR)).toBe(1);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it.each([
    ["CompleteMultipartUploadCommand", 12 * MB],
    ["PutObjectCommand", 1000],
  ])("leaves no object when the answer to %s is lost after the service stored it", async (command, size) => {
    const { client, sent } = recordingClient([], [command]);
    const storage = new S3FileStorage(client, s3.bucket);
    const before = await s3.objectKeys();
    await expect(storage.write(newKey(), chunked(randomBytes(size)), { maxBytes: 20 * MB })).rejects.toThrow(/was lost/);
    expect(sent).toContain(command);
    expect(await s3.objectKeys()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it("removeStalePartials leaves alone uploads under keys it never makes", async () => {
    const uploadId = await danglingUpload(s3, "backups/db.dump");
    await s3.backdateUpload(uploadId, 2 * HOUR);
    expect(await new S3FileStorage(s3.client, s3.bucket).removeStalePartials(HOUR)).toBe(0);
    expect(await s3.pendingUploads()).toMatchObject([{ key: "backups/db.dump", uploadId }]);
    await s3.client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: "backups/db.dump", UploadId: uploadId }));
    expect(await s3.pendingUploads()).toEqual([]);
  });
});

/**
 * A real S3 server for tests: s3rver, in this process, on 127.0.0.1 with a throw-away folder.
 *
 * s3rver 3.7.1 implements multipart uploads but not two of the operations around them,
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=) and ListMultipartUploads (GET /bucket?uploads).
 * Both are added here over s3rver's own store (an upload is the folder
 * <dir>/<bucket>/._S3rver_uploads/<uploadId> holding a `key` file and the parts), answering as S3
 * does. They skip s3rver's signature check; every other request goes through it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver, { type Context } from "s3rver";
import { s3Client } from "../../app/features/uploads/s3-storage.server";

/** s3rver's built-in account. */
const ACCESS_KEY = "S3RVER";

export type S3Env = {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
};

export type PendingUpload = { key: string; uploadId: string; initiated: Date };

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The settings that point the site at this server. */
  env: S3Env;
  /** A client for this server, to look at the bucket from outside the code under test. */
  client: S3Client;
  /** The keys of the objects in the bucket. */
  objectKeys: () => Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted, read from s3rver's folder. */
  pendingUploads: () => Promise<PendingUpload[]>;
  /** Makes a pending multipart upload look as if it had begun `ms` earlier. */
  backdateUpload: (uploadId: string, ms: number) => Promise<void>;
  close: () => Promise<void>;
};

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function s3Error(ctx: Context, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.type = "application/xml";
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`;
}

export async function startS3Server({ bucket = `documents-${randomBytes(4).toString("hex")}` } = {}): Promise<TestS3Server> {
  if (bucket.length < 3) throw new Error("S3 bucket names have at least 3 characters");
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const uploadsDir = (name: string) => path.join(directory, name, "._S3rver_uploads");

  async function pending(name: string): Promise<PendingUpload[]> {
    let ids: string[];
    try {
      ids = await readdir(uploadsDir(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const found: PendingUpload[] = [];
    for (const uploadId of ids) {
      const keyFile = path.join(uploadsDir(name), uploadId, "key");
      // A part sent after its upload was aborted makes a folder without a key: not an upload.
      const [key, info] = await Promise.all([readFile(keyFile, "utf8").catch(() => undefined), stat(keyFile).catch(() => undefined)]);
      if (key !== undefined && info) found.push({ key, uploadId, initiated: info.mtime });
    }
    return found.sort((a, b) => (a.key === b.key ? (a.uploadId < b.uploadId ? -1 : 1) : a.key < b.key ? -1 : 1));
  }

  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  // First in line, ahead of s3rver's router, which refuses both operations.
  server.middleware.unshift(async (ctx, next) => {
    const match = /^\/([^/]+)(?:\/(.+))?\/?$/.exec(ctx.path);
    if (!match) return next();
    const [, name, key] = match;
    if (ctx.method === "DELETE" && key !== undefined && one(ctx.query.uploadId)) {
      const uploadId = one(ctx.query.uploadId) as string;
      const upload = (await pending(name)).find((u) => u.uploadId === uploadId && u.key === decodeURIComponent(key));
      if (!upload) return s3Error(ctx, 404, "NoSuchUpload", "The specified upload does not exist.");
      await rm(path.join(uploadsDir(name), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    if (ctx.method === "GET" && key === undefined && ctx.query.uploads !== undefined) {
      const keyMarker = one(ctx.query["key-marker"]) ?? "";
      const idMarker = one(ctx.query["upload-id-marker"]) ?? "";
      const max = Math.min(Number(one(ctx.query["max-uploads"]) ?? 1000) || 1000, 1000);
      const after = (await pending(name)).filter(
        (u) => u.key > keyMarker || (u.key === keyMarker && idMarker !== "" && u.uploadId > idMarker),
      );
      const page = after.slice(0, max);
      const truncated = after.length > page.length;
      const last = page.at(-1);
      ctx.status = 200;
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xml(name)}</Bucket><KeyMarker>${xml(keyMarker)}</KeyMarker><UploadIdMarker>${xml(idMarker)}</UploadIdMarker>` +
        (truncated && last
          ? `<NextKeyMarker>${xml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.uploadId}</NextUploadIdMarker>`
          : "") +
        `<MaxUploads>${max}</MaxUploads><IsTruncated>${truncated}</IsTruncated>` +
        page
          .map(
            (u) =>
              `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId><StorageClass>STANDARD</StorageClass>` +
              `<Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join("") +
        "</ListMultipartUploadsResult>";
      return;
    }
    return next();
  });

  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env: S3Env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = s3Client({
    S3_ENDPOINT: endpoint,
    S3_REGION: env.S3_REGION,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
  });

  return {
    endpoint,
    bucket,
    env,
    client,
    objectKeys: async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key as string));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    pendingUploads: () => pending(bucket),
    backdateUpload: async (uploadId, ms) => {
      const when = new Date(Date.now() - ms);
      await utimes(path.join(uploadsDir(bucket), uploadId, "key"), when, when);
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

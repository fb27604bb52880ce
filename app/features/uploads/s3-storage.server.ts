/**
 * Documents in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), for a site run by several server
 * processes: every process sees every document. Chosen by S3_BUCKET (`createFileStorage`).
 */
import { PassThrough, pipeline, Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "~/env.server";
import { type FileStorage, KEY, Meter, type StoredFile } from "./storage.server";

export type S3Settings = Pick<
  Config,
  "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

export type S3FileStorageOptions = {
  /** Bytes per multipart part (S3's minimum, 5 MiB, by default; 10,000 parts at most, so 50 GB). */
  partSize?: number;
  /** Parts sent at once. Memory held by one upload is about (queueSize + 1) x partSize. */
  queueSize?: number;
};

const MIB = 1024 * 1024;

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The service answered that nothing is stored under the key (or, for aborts, that no such upload exists). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === "NoSuchKey" || e?.name === "NoSuchUpload" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    options: S3FileStorageOptions = {},
  ) {
    this.partSize = options.partSize ?? 5 * MIB;
    this.queueSize = options.queueSize ?? 2;
  }

  async write(key: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<StoredFile> {
    checkKey(key);
    const meter = new Meter(maxBytes);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: meter, ContentType: "application/octet-stream" },
      partSize: this.partSize,
      queueSize: this.queueSize,
      // Aborted here instead, so that a failed abort cannot hide why the upload failed.
      leavePartsOnError: true,
    });
    // The cause of a failure on the way in (too large, the source cut short) wins over whatever the
    // upload then reports about it.
    let incoming: Error | undefined;
    pipeline(source, meter, (error) => {
      if (error) incoming ??= error;
    });
    try {
      // Nothing is visible under the key until the last part is in: a failure before that leaves no object.
      await upload.done();
    } catch (error) {
      const fromSource = meter.errored ?? incoming;
      // Stops the source too (pipeline), as LocalFileStorage's pipeline does.
      meter.destroy();
      if (upload.uploadId) {
        // Parts of an upload never completed are kept (and billed) until aborted. If this fails too,
        // removeStalePartials gets it later.
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.uploadId }))
          .catch(() => {});
      }
      if (!fromSource) {
        // The service failed, not the source: if what was lost is its answer to the last request,
        // the object may be stored after all.
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => {});
      }
      throw fromSource ?? error;
    }
    return meter.stored();
  }

  /**
   * The object as a stream, returned at once; the request goes out now. A missing object fails the
   * stream with an error coded ENOENT, as a missing local file does.
   */
  open(key: string): Readable {
    checkKey(key);
    const out = new PassThrough();
    const request = new AbortController();
    let answered = false;
    // A reader that goes away before the service answers cancels the request.
    out.once("close", () => {
      if (!answered) request.abort();
    });
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: request.signal }).then(
      ({ Body }) => {
        answered = true;
        if (!(Body instanceof Readable)) {
          out.destroy(new Error("the S3 client returned a body that is not a Node.js stream"));
          return;
        }
        // Errors either way reach the other side: a cut-off download fails the reader, a reader
        // that goes away closes the download.
        pipeline(Body, out, () => {});
      },
      (error: unknown) => {
        answered = true;
        if (out.destroyed) return;
        if (isNotFound(error)) {
          out.destroy(
            Object.assign(new Error(`ENOENT: no object ${JSON.stringify(key)} in bucket ${JSON.stringify(this.bucket)}`), {
              code: "ENOENT",
              cause: error,
            }),
          );
        } else out.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return out;
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 itself answers 204 for a missing key; some compatible services answer 404.
      if (!isNotFound(error)) throw error;
    }
  }

  /** Objects under keys this storage could have made (anything else in the bucket is not the site's). */
  async *list(): AsyncIterable<{ key: string; size: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }));
      for (const { Key, Size } of page.Contents ?? []) if (Key && KEY.test(Key)) yield { key: Key, size: Size ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /**
   * Aborts multipart uploads begun more than `olderThanMs` ago and never completed (a process that
   * died mid-upload, or an abort that failed), so their parts stop taking space. Only uploads under
   * keys this storage could have made are touched. Returns how many were aborted.
   */
  async removeStalePartials(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker, UploadIdMarker }));
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Key || !UploadId || !KEY.test(Key) || !Initiated || Initiated.getTime() >= before) continue;
        try {
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }));
          removed++;
        } catch (error) {
          // Another process's sweep got there first.
          if (!isNotFound(error)) throw error;
        }
      }
      if (!page.IsTruncated || (!page.NextKeyMarker && !page.NextUploadIdMarker)) return removed;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }
}

/** The S3 client for these settings. */
export function s3Client(settings: Omit<S3Settings, "S3_BUCKET">): S3Client {
  // On Node 20 the SDK warns (once, on stderr) that its releases from 2027 need Node 22; the
  // variable is its documented switch (@aws-sdk/core emitWarningIfUnsupportedVersion). An
  // explicit setting is left as it is.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const config: S3ClientConfig = {
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  };
  if (settings.S3_ENDPOINT) {
    config.endpoint = settings.S3_ENDPOINT;
    // Several S3-compatible services (older Ceph and MinIO releases) refuse the SDK's default
    // checksums (CRC32 on every upload): send them only where an operation requires them.
    config.requestChecksumCalculation = "WHEN_REQUIRED";
    config.responseChecksumValidation = "WHEN_REQUIRED";
  }
  if (settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY) {
    config.credentials = { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY };
  }
  return new S3Client(config);
}

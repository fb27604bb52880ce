/**
 * The site's backups as the server runs them: the daily job (once per site, server/scheduler.ts), the
 * dashboard's "Back up now", and the `db:backup` command asking a running server over its local channel.
 */
import type { Writable } from "node:stream";
import type { DatabaseHandle } from "#db/client";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import type { FileStorage } from "~/features/uploads/storage.server";
import { APP_VERSION } from "~/version";
import { type BackupResult, type BackupSources, type BackupTarget, runBackup, type S3Like } from "./backup.server";

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

/** No BACKUP_DIR and no BACKUP_S3_URL: an in-memory database with nowhere set to keep archives. */
export class NoBackupTarget extends Error {
  constructor() {
    super("Backups are off: set BACKUP_DIR or BACKUP_S3_URL.");
    this.name = "NoBackupTarget";
  }
}

/** The S3 side of backups, through the AWS SDK the documents' storage uses (loaded only for a bucket). */
async function s3Target(config: Config, url: string): Promise<BackupTarget> {
  const parsed = new URL(url);
  const prefix = decodeURIComponent(parsed.pathname.replace(/^\/+/, ""));
  const [{ s3Client }, { Upload }, sdk] = await Promise.all([
    import("~/features/uploads/s3-storage.server"),
    import("@aws-sdk/lib-storage"),
    import("@aws-sdk/client-s3"),
  ]);
  const client = s3Client(config);
  const s3: S3Like = {
    upload: async (bucket, key, body) => {
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: body, ContentType: "application/gzip" } }).done();
    },
    async *list(bucket, listPrefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key && item.LastModified) yield { key: item.Key, lastModified: item.LastModified };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    delete: async (bucket, key) => {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
  return { kind: "s3", bucket: parsed.hostname, prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix, client: s3 };
}

export class Backups {
  private target: Promise<BackupTarget> | undefined;
  private running: Promise<unknown> | undefined;
  /** One backup at a time in this process, whoever asks: each opens a copy of the embedded database. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: {
      config: Config;
      database: DatabaseHandle;
      storage: FileStorage;
      log?: Log;
      exportEmbedded?: BackupSources["exportEmbedded"];
    },
  ) {}

  /** Where the daily backup and "Back up now" write: the S3 prefix, else the folder; null when neither is set. */
  get destination(): string | null {
    return this.options.config.BACKUP_S3_URL ?? this.options.config.BACKUP_DIR ?? null;
  }

  private defaultTarget(): Promise<BackupTarget> {
    const { config } = this.options;
    if (config.BACKUP_S3_URL) {
      this.target ??= s3Target(config, config.BACKUP_S3_URL);
      // A failed load (the SDK missing) is tried again next time.
      this.target.catch(() => {
        this.target = undefined;
      });
      return this.target;
    }
    if (config.BACKUP_DIR) return Promise.resolve({ kind: "dir", dir: config.BACKUP_DIR });
    return Promise.reject(new NoBackupTarget());
  }

  /** A backup to the configured destination: the daily job's, or an admin's from the dashboard (audited). */
  async backUp(trigger: "daily" | "manual", by?: { admin: { id: string; email: string }; ip: string | null }): Promise<BackupResult> {
    const result = await this.oneAtATime(async () =>
      runBackup({
        ...this.sources(),
        target: await this.defaultTarget(),
        trigger,
        requestedBy: by?.admin.id ?? null,
        keepDays: this.options.config.BACKUP_KEEP_DAYS,
        log: this.options.log,
      }),
    );
    if (by)
      await recordAudit(this.options.database.db, {
        action: "backup_made",
        admin: by.admin,
        targetType: "backup",
        targetId: result.id,
        detail: { bytes: result.bytes, leads: result.counts.leads ?? 0, documents: result.counts.documents ?? 0 },
        ip: by.ip,
      });
    return result;
  }

  /**
   * Begins the daily backup without waiting for it (the scheduler goes on with its other jobs); one at a
   * time in this process. A failure is recorded and logged by runBackup.
   */
  inBackground(trigger: "daily"): void {
    if (this.running) return;
    this.running = this.backUp(trigger)
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Waits for a backup in progress (the server stopping). */
  async stop(): Promise<void> {
    await this.running;
    await this.queue;
  }

  /** A backup written into `sink` (the `db:backup` command's file, by way of the server). */
  async backUpInto(sink: Writable, location: string): Promise<BackupResult> {
    return this.oneAtATime(() =>
      runBackup({
        ...this.sources(),
        target: { kind: "stream", sink, location },
        trigger: "command",
        keepDays: this.options.config.BACKUP_KEEP_DAYS,
        log: this.options.log,
      }),
    );
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work, work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private sources() {
    return {
      database: this.options.database,
      storage: this.options.storage,
      version: APP_VERSION,
      exportEmbedded: this.options.exportEmbedded,
    };
  }
}

/**
 * LISTEN on PostgreSQL: one dedicated connection per database handle (a pooled one would be handed to
 * other queries and lose its LISTENs), re-opened with backoff when it is lost. Notifications sent
 * while it was down are gone, so after a reconnection every subscriber hears `onReconnect` and
 * catches up from the tables.
 */
import pg from "pg";

export type ListenOptions = {
  /** The connection came back after being lost (or after failing at first): notifications may have been missed. */
  onReconnect?: () => void;
  /** The connection was lost or could not be opened; it is retried with backoff. */
  onError?: (error: Error) => void;
};

type Subscriber = { onPayload: (payload: string) => void } & ListenOptions;

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export class PostgresListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<Subscriber>>();
  private queue: Promise<unknown> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly retry = { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS },
  ) {}

  /** Whether the dedicated connection is open (tests). */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Subscribes to `channel`; resolves once the LISTEN is in effect, or once the first attempt has
   * failed (the subscription stays, and `onReconnect` tells when it is in effect). Answers the
   * function that unsubscribes.
   */
  async listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<() => Promise<void>> {
    if (this.closed) throw new Error("the database is closed");
    const subscriber: Subscriber = { onPayload, ...options };
    await this.serial(async () => {
      let subscribers = this.channels.get(channel);
      const first = !subscribers;
      if (!subscribers) {
        subscribers = new Set();
        this.channels.set(channel, subscribers);
      }
      subscribers.add(subscriber);
      if (this.retryTimer) return; // a reconnection is already on its way and LISTENs to every channel
      if (!this.client) {
        if (!(await this.connect())) this.scheduleRetry();
        return;
      }
      if (first) {
        const client = this.client;
        try {
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          this.lost(client, error);
        }
      }
    });
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await this.serial(() => this.unsubscribe(channel, subscriber));
    };
  }

  /** Closes the connection and stops reconnecting. */
  close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    return this.serial(async () => {
      this.channels.clear();
      await this.disconnect();
    });
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  private async unsubscribe(channel: string, subscriber: Subscriber) {
    const subscribers = this.channels.get(channel);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.channels.delete(channel);
    if (this.channels.size === 0) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      await this.disconnect();
      return;
    }
    const client = this.client;
    try {
      await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (client) this.lost(client, error);
    }
  }

  /** Opens the connection and LISTENs to every channel; false (and the error reported) when that failed. */
  private async connect(): Promise<boolean> {
    // Keep-alive: a connection cut without a FIN (a restarted proxy, a failover) is noticed, not silently deaf.
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on("notification", (message) => {
      if (this.client !== client) return;
      for (const subscriber of this.channels.get(message.channel) ?? []) {
        try {
          subscriber.onPayload(message.payload ?? "");
        } catch {
          // A subscriber's failure is its own (the chat logs its own); the others still hear the change.
        }
      }
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, new Error("the notification connection ended")));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners("end");
      client.on("error", () => {});
      void client.end().catch(() => {});
      this.report(asError(error));
      return false;
    }
    this.client = client;
    return true;
  }

  private async disconnect() {
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.on("error", () => {});
    await client.end().catch(() => {});
  }

  /** The connection `client` failed: forget it, tell the subscribers, and reconnect later. */
  private lost(client: pg.Client, error: unknown) {
    if (this.client !== client) return;
    this.client = null;
    client.on("error", () => {});
    void client.end().catch(() => {});
    this.report(asError(error));
    this.scheduleRetry();
  }

  private report(error: Error) {
    for (const subscribers of this.channels.values()) for (const s of subscribers) s.onError?.(error);
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer || this.channels.size === 0) return;
    const delay = Math.min(this.retry.firstMs * 2 ** this.failures, this.retry.maxMs);
    this.failures++;
    // Jitter: processes that lost the database together do not all come back in the same instant.
    this.retryTimer = setTimeout(() => void this.serial(() => this.reconnect()), delay * (0.75 + Math.random() * 0.5));
    this.retryTimer.unref();
  }

  private async reconnect() {
    this.retryTimer = null;
    if (this.closed || this.client || this.channels.size === 0) return;
    if (!(await this.connect())) {
      this.scheduleRetry();
      return;
    }
    this.failures = 0;
    for (const subscribers of [...this.channels.values()])
      for (const s of [...subscribers]) {
        try {
          s.onReconnect?.();
        } catch {
          // as for onPayload
        }
      }
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

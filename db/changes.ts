/**
 * Record changes announced to every process on the database: a write sends `{ type, id }` on its
 * table's channel inside its own transaction (so only committed changes are heard), and each process
 * follows the channels it caches (blog posts, jobs).
 */
import { type Database, type DatabaseHandle, notify } from "./client";

export type RecordChange = { type: "created" | "updated" | "deleted"; id: string };

export type FollowOptions<C> = {
  /** Changes may have been missed (the notification connection is back after a loss): re-read. */
  onResync?: () => void;
  /** The notification connection was lost or could not be opened. */
  onError?: (error: Error) => void;
  /** A listener failed; the write that caused the change is never affected. */
  onListenerError?: (error: unknown, change: C) => void;
};

/** Announces a change through `tx`, the transaction that makes it: sent when it commits, never for a rollback. */
export function announceChange(tx: Pick<Database, "execute">, channel: string, change: RecordChange): Promise<void> {
  return notify(tx, channel, JSON.stringify({ type: change.type, id: change.id }));
}

function parseChange(payload: string): RecordChange | null {
  try {
    const value = JSON.parse(payload) as Partial<RecordChange>;
    if ((value.type === "created" || value.type === "updated" || value.type === "deleted") && typeof value.id === "string")
      return { type: value.type, id: value.id };
  } catch {
    // not one of ours
  }
  return null;
}

/**
 * Calls `listener` after each committed change announced on `channel` by any process, detached from
 * the write: a failing or slow listener never fails or delays it. Resolves once listening; answers
 * the function that stops it.
 */
export function followChanges(
  database: Pick<DatabaseHandle, "listen">,
  channel: string,
  listener: (change: RecordChange) => void | Promise<void>,
  { onResync, onError, onListenerError }: FollowOptions<RecordChange> = {},
): Promise<() => Promise<void>> {
  return database.listen(
    channel,
    (payload) => {
      const change = parseChange(payload);
      if (!change) return;
      void Promise.resolve()
        .then(() => listener(change))
        .catch((error: unknown) => onListenerError?.(error, change));
    },
    { onReconnect: onResync, onError },
  );
}

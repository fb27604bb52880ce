import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_FILES_PER_SLOT, quoteMessages } from "../messages";
import type { StoredFile } from "./draft";

/** The checks and the sending code arrive with the schema, on first use of the form. */
export const loadUploader = () => import("./send-upload");

export type UploadItem = {
  key: string;
  slot: string;
  name: string;
  size: number;
  type: string;
  /** 0 to 1. */
  progress: number;
  status: "uploading" | "done";
  id?: string;
  at?: number;
};

let counter = 0;

/**
 * The document slots' files. Each file is checked in the browser (type, and size against `maxBytes`, the
 * server's UPLOAD_MAX_BYTES), then sent alone to
 * POST /api/uploads. A refused or failed file is not kept; its slot says why. Removing a file that is
 * still uploading aborts it.
 */
export function useUploads(maxBytes: number) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [slotErrors, setSlotErrors] = useState<Record<string, string>>({});
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const current = useRef(items);
  current.current = items;

  const update = (key: string, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const drop = (key: string) => {
    requests.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
  };
  const setSlotError = useCallback((slot: string, message: string | undefined) => {
    setSlotErrors((errors) => (message ? { ...errors, [slot]: message } : withoutKey(errors, slot)));
  }, []);

  /** The "please wait" note goes once the slot has nothing left on its way. */
  const clearWait = (slot: string) =>
    setSlotErrors((errors) => (errors[slot] === quoteMessages.uploadsPending ? withoutKey(errors, slot) : errors));

  async function add(slot: string, picked: FileList | null) {
    const files = Array.from(picked ?? []);
    if (!files.length) return;
    let uploader: Awaited<ReturnType<typeof loadUploader>>;
    try {
      uploader = await loadUploader();
    } catch {
      // The upload code could not be loaded (offline, or the site was updated since the page was opened).
      setSlotError(slot, quoteMessages.uploadFailed);
      return;
    }
    const { refusal, sendUpload } = uploader;
    let error: string | undefined;
    let room = MAX_FILES_PER_SLOT - current.current.filter((i) => i.slot === slot).length;
    const accepted: UploadItem[] = [];
    for (const file of files) {
      const refused = refusal(file, maxBytes);
      // The spec's exact texts ("File size must be less than 1GB"); the slot shows which files it holds.
      if (refused) error = refused;
      else if (room <= 0) error = quoteMessages.tooManyFiles(MAX_FILES_PER_SLOT);
      else {
        room--;
        const item: UploadItem = {
          key: `u${++counter}`,
          slot,
          name: file.name,
          size: file.size,
          type: file.type,
          progress: 0,
          status: "uploading",
        };
        accepted.push(item);
        const xhr = sendUpload(slot, file, maxBytes, {
          progress: (progress) => update(item.key, { progress }),
          done: (id) => {
            requests.current.delete(item.key);
            update(item.key, { status: "done", progress: 1, id, at: Date.now() });
            if (![...requests.current.keys()].some((key) => current.current.find((i) => i.key === key)?.slot === slot)) clearWait(slot);
          },
          fail: (message) => {
            drop(item.key);
            setSlotError(slot, message);
          },
        });
        requests.current.set(item.key, xhr);
      }
    }
    setSlotError(slot, error);
    if (accepted.length) {
      // Counted at once, so a second pick before the next render sees these files too.
      current.current = [...current.current, ...accepted];
      setItems((existing) => [...existing, ...accepted]);
    }
  }

  function remove(key: string) {
    const item = current.current.find((i) => i.key === key);
    requests.current.get(key)?.abort();
    drop(key);
    if (item && !current.current.some((i) => i.slot === item.slot && i.key !== key && i.status === "uploading")) clearWait(item.slot);
  }

  /** Forgets every file (after a successful submission), aborting uploads still running. */
  const reset = useCallback(() => {
    for (const xhr of requests.current.values()) xhr.abort();
    requests.current.clear();
    setItems([]);
    setSlotErrors({});
  }, []);

  const restore = useCallback((files: StoredFile[]) => {
    setItems(
      files.map((f) => ({
        key: `u${++counter}`,
        slot: f.slot,
        name: f.name,
        size: f.size,
        type: f.type,
        id: f.id,
        at: f.at,
        progress: 1,
        status: "done" as const,
      })),
    );
  }, []);

  // Leaving the page: stop uploads nobody will submit.
  useEffect(() => {
    const running = requests.current;
    return () => {
      for (const xhr of running.values()) xhr.abort();
      running.clear();
    };
  }, []);

  return { items, current, slotErrors, setSlotError, add, remove, reset, restore };
}

export type Uploads = ReturnType<typeof useUploads>;

/** The finished uploads, as the draft keeps them. */
export function storedFiles(items: UploadItem[]): StoredFile[] {
  return items.flatMap((i) =>
    i.status === "done" && i.id ? [{ id: i.id, slot: i.slot, name: i.name, size: i.size, type: i.type, at: i.at ?? Date.now() }] : [],
  );
}

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
}

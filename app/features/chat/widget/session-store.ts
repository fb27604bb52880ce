/**
 * The visitor's chat session, kept in the browser: IndexedDB (a database named for the agency,
 * `chatDbName(site)`, store `chat_data`, key `chatSession`), else sessionStorage, else nowhere (the
 * chat then lasts as long as the page). Only the session id and the visitor's details are kept; the
 * conversation itself lives on the server.
 */
import type { SiteFacts } from "~/content/site-facts";

export type VisitorInfo = { name: string; email: string; phone: string; insuranceType: string };
export type SavedSession = { id: string; info: VisitorInfo };

/** The agency's name as the database's: "Hill Country Commercial Insurance" -> "hill-country-commercial-insurance". */
export function chatDbName(site: SiteFacts): string {
  return site.agency.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
export const CHAT_STORE = "chat_data";
export const CHAT_KEY = "chatSession";
const DB_VERSION = 1;

function openDb(dbName: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("IndexedDB is not available"));
    const request = indexedDB.open(dbName, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(CHAT_STORE)) request.result.createObjectStore(CHAT_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB open failed"));
    request.onblocked = () => reject(new Error("IndexedDB open blocked"));
  });
}

async function idb<T>(dbName: string, mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb(dbName);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(CHAT_STORE, mode);
      const request = run(tx.objectStore(CHAT_STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    db.close();
  }
}

const isText = (v: unknown): v is string => typeof v === "string";

/** A stored value that is not a session record is an error: the caller clears it. */
function asSession(value: unknown): SavedSession {
  const v = value as Partial<SavedSession> | null;
  const info = v?.info as Partial<VisitorInfo> | undefined;
  if (
    !v ||
    !isText(v.id) ||
    v.id === "" ||
    !info ||
    !isText(info.name) ||
    !isText(info.email) ||
    !isText(info.phone) ||
    !isText(info.insuranceType)
  ) {
    throw new Error("The saved chat session is not valid");
  }
  return { id: v.id, info: { name: info.name, email: info.email, phone: info.phone, insuranceType: info.insuranceType } };
}

/** The saved session in `dbName`, or null when there is none; throws when what is saved cannot be used. */
export async function loadSession(dbName: string): Promise<SavedSession | null> {
  let stored: unknown;
  try {
    stored = await idb(dbName, "readonly", (store) => store.get(CHAT_KEY));
  } catch {
    stored = undefined;
  }
  if (stored === undefined) {
    // Saved there when IndexedDB was unavailable (private windows of some browsers).
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(CHAT_KEY);
    } catch {
      raw = null;
    }
    if (raw === null) return null;
    stored = JSON.parse(raw);
  }
  return asSession(stored);
}

export async function saveSession(dbName: string, session: SavedSession): Promise<void> {
  try {
    await idb(dbName, "readwrite", (store) => store.put(session, CHAT_KEY));
    return;
  } catch {
    // fall through to sessionStorage
  }
  try {
    sessionStorage.setItem(CHAT_KEY, JSON.stringify(session));
  } catch {
    // Nowhere to keep it: the chat lasts as long as the page.
  }
}

export async function clearSession(dbName: string): Promise<void> {
  await idb(dbName, "readwrite", (store) => store.delete(CHAT_KEY)).catch(() => undefined);
  try {
    sessionStorage.removeItem(CHAT_KEY);
  } catch {
    // nothing saved there
  }
}

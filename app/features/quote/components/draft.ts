/**
 * The quote draft: the form's values, and the records of files already uploaded, kept in this browser's
 * localStorage until the request is sent, so a reload or a closed tab loses nothing. File bytes are
 * never stored; the server keeps an upload for 24 hours, so older file records are dropped.
 */
import type { FormValues } from "./form-values";

export const DRAFT_KEY = "agency.truckingQuoteDraft";
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const FILE_MAX_AGE_MS = 23 * 60 * 60 * 1000;

export type StoredFile = { id: string; slot: string; name: string; size: number; type: string; at: number };
export type Draft = { v: 1; savedAt: number; values: FormValues; files: StoredFile[] };

export function loadDraft(now = Date.now()): Draft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null") as Draft | null;
    if (draft?.v !== 1 || typeof draft.values !== "object" || now - draft.savedAt > MAX_AGE_MS) return null;
    const files = Array.isArray(draft.files)
      ? draft.files.filter((f) => f && typeof f.id === "string" && now - f.at < FILE_MAX_AGE_MS)
      : [];
    return { ...draft, files };
  } catch {
    return null;
  }
}

/** Returns when it was saved, or null when the browser would not store it (private mode, full). */
export function saveDraft(values: FormValues, files: StoredFile[]): number | null {
  try {
    const savedAt = Date.now();
    // A date of birth is personal: it is asked for again rather than left in a shared browser.
    const { contactDOB: _dob, ...kept } = values as Record<string, unknown>;
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ v: 1, savedAt, values: kept as FormValues, files } satisfies Draft));
    return savedAt;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

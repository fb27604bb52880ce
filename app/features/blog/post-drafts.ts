/**
 * Drafts of the post editor, kept in this browser's localStorage while an admin writes, so that a save
 * the server cannot take (the session ended, the network failed), a closed tab or a crashed browser
 * loses nothing: the editor offers the draft back when it opens (docs/decisions/054-post-drafts-in-the-browser.md).
 *
 * One draft per post per account: the key names the account and the post (its id, or "new"). A draft
 * holds every field of the form and when it was kept. Drafts older than 30 days are dropped when an
 * editor opens; a draft the browser will not store (its quota, private mode, storage turned off) is
 * skipped and the editor carries on. A save that went through forgets the draft holding what it sent.
 * Browser-safe; nothing here reaches the server.
 */
import { formClientAction } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";

/** The post form's fields, every one as text (as posted). */
export type PostDraftFields = { title: string; category: string; status: string; imageUrl: string; content: string };

/** A kept draft: whose, of which post, when, and the fields. */
export type PostDraft = { v: 1; account: string; post: string; keptAt: string; fields: PostDraftFields };

/** What of the Web Storage API the drafts use (localStorage in the browser, a stand-in in tests). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** The post a new post's draft is kept under. */
export const NEW_POST = "new";
/** A draft older than this is dropped when an editor opens. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const PREFIX = "agency.postDraft:";
const FIELDS = ["title", "category", "status", "imageUrl", "content"] as const satisfies readonly (keyof PostDraftFields)[];

/** This browser's localStorage, or null where there is none or it may not be used (the server, storage blocked). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of an account's draft of a post. */
export const draftKey = (account: string, post: string) => `${PREFIX}${account}:${post}`;

/** A stored value as a draft, or null when it is not one (another version's, or damaged). */
function asDraft(raw: string | null): PostDraft | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const v = value as Partial<PostDraft> | null;
  if (v?.v !== 1 || typeof v.account !== "string" || typeof v.post !== "string" || typeof v.keptAt !== "string") return null;
  if (Number.isNaN(Date.parse(v.keptAt)) || typeof v.fields !== "object" || v.fields === null) return null;
  const fields = v.fields as Record<string, unknown>;
  if (!FIELDS.every((name) => typeof fields[name] === "string")) return null;
  return { v: 1, account: v.account, post: v.post, keptAt: v.keptAt, fields: pickFields(fields as PostDraftFields) };
}

const pickFields = (f: PostDraftFields): PostDraftFields => ({
  title: f.title,
  category: f.category,
  status: f.status,
  imageUrl: f.imageUrl,
  content: f.content,
});

/** Whether two sets of fields say the same. */
export const sameFields = (a: PostDraftFields, b: PostDraftFields) => FIELDS.every((name) => a[name] === b[name]);

/** The fields of a posted post form (a field not sent is empty). */
export function draftFieldsOf(form: FormData | URLSearchParams): PostDraftFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { title: text("title"), category: text("category"), status: text("status"), imageUrl: text("imageUrl"), content: text("content") };
}

/** The account's draft of the post, or null (none, unreadable, or storage not available). */
export function readDraft(storage: DraftStorage, account: string, post: string): PostDraft | null {
  try {
    const draft = asDraft(storage.getItem(draftKey(account, post)));
    return draft && draft.account === account && draft.post === post ? draft : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the account's draft of the post, replacing the one it had. Returns the draft, or null when the
 * browser would not store it (over its quota, storage blocked): the previous draft, if any, stays.
 */
export function keepDraft(
  storage: DraftStorage,
  account: string,
  post: string,
  fields: PostDraftFields,
  now = new Date(),
): PostDraft | null {
  const draft: PostDraft = { v: 1, account, post, keptAt: now.toISOString(), fields: pickFields(fields) };
  try {
    storage.setItem(draftKey(account, post), JSON.stringify(draft));
    return draft;
  } catch {
    return null;
  }
}

/** Removes the account's draft of the post (nothing when there is none or storage cannot be used). */
export function removeDraft(storage: DraftStorage, account: string, post: string): void {
  try {
    storage.removeItem(draftKey(account, post));
  } catch {
    // Storage not available: there is nothing stored to remove.
  }
}

/** Every stored post draft, with its key; an unreadable one as null. */
function storedDrafts(storage: DraftStorage): { key: string; draft: PostDraft | null }[] {
  const found: { key: string; draft: PostDraft | null }[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) found.push({ key, draft: asDraft(storage.getItem(key)) });
    }
  } catch {
    // Storage not available: nothing is kept.
  }
  return found;
}

/** Drops the drafts older than `maxAgeMs`, and stored values under the drafts' prefix that are not drafts. Returns how many. */
export function dropStaleDrafts(storage: DraftStorage, now = new Date(), maxAgeMs = DRAFT_MAX_AGE_MS): number {
  const stale = storedDrafts(storage).filter(({ draft }) => !draft || now.getTime() - Date.parse(draft.keptAt) > maxAgeMs);
  for (const { key } of stale) {
    try {
      storage.removeItem(key);
    } catch {
      // Left for the next editor that opens.
    }
  }
  return stale.length;
}

/**
 * A save of the post went through with `sent`: the drafts of that post holding exactly what was sent
 * are done with (whichever account's: a draft equal to the saved post has nothing left to give back).
 * A draft that differs (typed into while the save was on its way) stays.
 */
export function forgetSavedDrafts(storage: DraftStorage, post: string, sent: PostDraftFields): void {
  for (const { key, draft } of storedDrafts(storage)) {
    if (draft?.post !== post || !sameFields(draft.fields, sent)) continue;
    try {
      storage.removeItem(key);
    } catch {
      // Storage not available: nothing to forget.
    }
  }
}

/** Whether an action's answer is a redirect that saved: any redirect but the one to sign in. */
function savedRedirect(answer: unknown): boolean {
  if (!(answer instanceof Response) || answer.status < 300 || answer.status >= 400) return false;
  const location = answer.headers.get("Location");
  if (!location) return false;
  return new URL(location, "http://site.invalid").pathname !== SIGN_IN_PATH;
}

/**
 * The post screens' `clientAction`: the form's action on the server (a failure of the server or the
 * network answered as the form's failure, app/lib/form.ts), and, when it saved the post (its redirect
 * to the list), the draft holding what was sent is forgotten. A refusal, a failure, or the redirect to
 * sign in (the session ended) keeps it, for the editor to offer back.
 */
export async function saveKeepingDrafts(
  request: Request,
  post: string,
  serverAction: () => Promise<unknown>,
  storage: DraftStorage | null = browserStorage(),
): Promise<unknown> {
  const sent = draftFieldsOf(await request.clone().formData());
  try {
    return await formClientAction({ serverAction });
  } catch (error) {
    if (storage && savedRedirect(error)) forgetSavedDrafts(storage, post, sent);
    throw error;
  }
}

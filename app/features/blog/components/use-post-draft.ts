/**
 * The post editor's draft in this browser (../post-drafts.ts): kept a couple of seconds after the last
 * change (and at least every ten seconds while the changes keep coming), at once when the form is
 * sent, and when the admin leaves the screen or the tab; offered back when the editor opens with a
 * draft that differs from what the form starts with.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  browserStorage,
  type DraftStorage,
  dropStaleDrafts,
  keepDraft,
  type PostDraft,
  type PostDraftFields,
  readDraft,
  removeDraft,
  sameFields,
} from "../post-drafts";

/** A draft is kept this long after the last change... */
const QUIET_MS = 2_000;
/** ...and at least this often while changes keep coming. */
const MAX_WAIT_MS = 10_000;

/** The form's fields as they are now, read from its elements (a field locked while the form is sent still counts). */
function formFields(form: HTMLFormElement): PostDraftFields {
  const value = (name: string) => {
    const element = form.elements.namedItem(name);
    if (!element) return "";
    return "value" in element ? String(element.value) : "";
  };
  return {
    title: value("title"),
    category: value("category"),
    status: value("status"),
    imageUrl: value("imageUrl"),
    content: value("content"),
  };
}

export type PostDraftState = {
  /** The draft offered back, while the admin has neither restored nor discarded it. */
  offered: PostDraft | null;
  /** Keeps the form as it is now (the form is being sent). */
  keepNow: () => void;
  /** The offered draft's fields, for the form to show; it stays kept, as what the form now holds. */
  restore: () => PostDraftFields | null;
  /** Drops the offered draft (changes made since it was offered stay kept). */
  discard: () => void;
};

/**
 * The draft of `post` (its id, or "new") by `account`, for the form in `formRef`, which starts with
 * `start` (the saved post, or a new post's empty fields).
 */
export function usePostDraft({
  formRef,
  account,
  post,
  start,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  account: string;
  post: string;
  start: PostDraftFields;
}): PostDraftState {
  const [offered, setOffered] = useState<PostDraft | null>(null);
  const storage = useRef<DraftStorage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the first change not yet kept was made; null when everything is kept. */
  const pendingSince = useRef<number | null>(null);
  const startRef = useRef(start);
  startRef.current = start;
  const offeredRef = useRef(offered);
  offeredRef.current = offered;

  const keepNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pendingSince.current = null;
    const form = formRef.current;
    if (!storage.current || !form) return;
    const fields = formFields(form);
    // Back to what the form started with: nothing to keep. While a draft is offered, it stays for the admin to decide.
    if (!sameFields(fields, startRef.current)) keepDraft(storage.current, account, post, fields);
    else if (!offeredRef.current) removeDraft(storage.current, account, post);
  }, [formRef, account, post]);

  // The editor opens: drafts past their age go, and this post's draft is offered when it differs.
  useEffect(() => {
    const found = browserStorage();
    storage.current = found;
    if (!found) return;
    dropStaleDrafts(found);
    const draft = readDraft(found, account, post);
    if (!draft) return;
    if (sameFields(draft.fields, startRef.current)) removeDraft(found, account, post);
    else setOffered(draft);
  }, [account, post]);

  // Every change of a field (the rich-text editor tells its own through its hidden field's input event).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = () => {
      const now = Date.now();
      pendingSince.current ??= now;
      clearTimeout(timer.current);
      timer.current = setTimeout(keepNow, Math.max(0, Math.min(QUIET_MS, pendingSince.current + MAX_WAIT_MS - now)));
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    return () => {
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
    };
  }, [formRef, keepNow]);

  // Leaving the screen, or the tab hidden or closed: what is not yet kept is kept now.
  useEffect(() => {
    const flush = () => {
      if (pendingSince.current !== null) keepNow();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      flush();
    };
  }, [keepNow]);

  const restore = useCallback(() => {
    const draft = offeredRef.current;
    if (!draft) return null;
    clearTimeout(timer.current);
    timer.current = undefined;
    pendingSince.current = null;
    if (storage.current) keepDraft(storage.current, account, post, draft.fields);
    setOffered(null);
    return draft.fields;
  }, [account, post]);

  const discard = useCallback(() => {
    const draft = offeredRef.current;
    if (!draft) return;
    // Only the draft that was offered: one kept since holds changes made on this screen.
    if (storage.current && readDraft(storage.current, account, post)?.keptAt === draft.keptAt) removeDraft(storage.current, account, post);
    setOffered(null);
  }, [account, post]);

  return { offered, keepNow, restore, discard };
}

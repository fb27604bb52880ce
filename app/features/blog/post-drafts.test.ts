import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  DRAFT_MAX_AGE_MS,
  type DraftStorage,
  draftFieldsOf,
  draftKey,
  dropStaleDrafts,
  forgetSavedDrafts,
  keepDraft,
  NEW_POST,
  type PostDraftFields,
  readDraft,
  removeDraft,
  sameFields,
  saveKeepingDrafts,
} from "./post-drafts";

/**
 * Web Storage as a browser implements it, with a quota on the characters stored (keys and values, as
 * browsers count them): a write over it throws the browser's QuotaExceededError and changes nothing.
 */
class MemoryStorage implements DraftStorage {
  private readonly items = new Map<string, string>();
  constructor(private readonly quota = Number.POSITIVE_INFINITY) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    let used = key.length + value.length;
    for (const [k, v] of this.items) if (k !== key) used += k.length + v.length;
    if (used > this.quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return [...this.items.keys()];
  }
}

/** Storage the browser refuses to let the page use (storage turned off for the site): every call throws. */
const blocked: DraftStorage = {
  get length(): number {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
  key: () => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
  getItem: () => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
  removeItem: () => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
};

const ANA = "5b0c1a52-8f0e-4c1e-9d55-0f6a3f4e2a11";
const BEN = "7d2e4f10-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
const POST = "0f8fad5b-d9cb-469f-a165-70867728950e";

const fields = (over: Partial<PostDraftFields> = {}): PostDraftFields => ({
  title: "Cargo coverage basics",
  category: "Commercial Trucking",
  status: "draft",
  imageUrl: "https://example.com/truck.jpg",
  content: "<p>Shippers ask for <strong>motor truck cargo</strong>.</p>",
  ...over,
});

const at = (iso: string) => new Date(iso);

describe("keeping and reading a draft", () => {
  it("keeps every field and when it was kept, per account and post, and reads it back", () => {
    const storage = new MemoryStorage();
    const kept = keepDraft(storage, ANA, POST, fields(), at("2026-03-02T15:04:00Z"));
    expect(kept).toEqual({ v: 1, account: ANA, post: POST, keptAt: "2026-03-02T15:04:00.000Z", fields: fields() });
    expect(readDraft(storage, ANA, POST)).toEqual(kept);
    // Another account's draft of the same post, and the same account's draft of a new post, are others.
    expect(readDraft(storage, BEN, POST)).toBeNull();
    expect(readDraft(storage, ANA, NEW_POST)).toBeNull();
  });

  it("keeps one draft per post per account: a later keep replaces the earlier", () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, POST, fields({ title: "First" }), at("2026-03-02T15:00:00Z"));
    keepDraft(storage, ANA, POST, fields({ title: "Second" }), at("2026-03-02T15:01:00Z"));
    keepDraft(storage, BEN, POST, fields({ title: "Ben's" }), at("2026-03-02T15:02:00Z"));
    keepDraft(storage, ANA, NEW_POST, fields({ title: "A new one" }), at("2026-03-02T15:03:00Z"));
    expect(storage.keys().sort()).toEqual([draftKey(ANA, NEW_POST), draftKey(ANA, POST), draftKey(BEN, POST)].sort());
    expect(readDraft(storage, ANA, POST)?.fields.title).toBe("Second");
    expect(readDraft(storage, BEN, POST)?.fields.title).toBe("Ben's");
  });

  it("keeps only the form's fields, whatever else the object carries", () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, POST, { ...fields(), password: "secret" } as PostDraftFields);
    expect(storage.getItem(draftKey(ANA, POST))).not.toContain("secret");
  });

  it("reads a damaged or foreign value under a draft's key as no draft", () => {
    const storage = new MemoryStorage();
    for (const raw of [
      "{",
      "null",
      "[]",
      '{"v":2}',
      JSON.stringify({ v: 1, account: ANA, post: POST, keptAt: "soon", fields: fields() }),
    ]) {
      storage.setItem(draftKey(ANA, POST), raw);
      expect(readDraft(storage, ANA, POST)).toBeNull();
    }
    const { content: _content, ...withoutContent } = fields();
    storage.setItem(
      draftKey(ANA, POST),
      JSON.stringify({ v: 1, account: ANA, post: POST, keptAt: "2026-03-02T15:00:00Z", fields: withoutContent }),
    );
    expect(readDraft(storage, ANA, POST)).toBeNull();
    // Stored under one account's key but naming another: not that account's.
    storage.setItem(
      draftKey(ANA, POST),
      JSON.stringify({ v: 1, account: BEN, post: POST, keptAt: "2026-03-02T15:00:00Z", fields: fields() }),
    );
    expect(readDraft(storage, ANA, POST)).toBeNull();
  });

  it("removes a draft", () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, POST, fields());
    keepDraft(storage, BEN, POST, fields());
    removeDraft(storage, ANA, POST);
    expect(readDraft(storage, ANA, POST)).toBeNull();
    expect(readDraft(storage, BEN, POST)).not.toBeNull();
  });
});

describe("what the browser will not store", () => {
  it("a body over the storage's quota is not kept, throws nothing, and leaves the previous draft", () => {
    const storage = new MemoryStorage(5_000);
    const earlier = keepDraft(storage, ANA, POST, fields({ content: "<p>Short.</p>" }), at("2026-03-02T15:00:00Z"));
    expect(earlier).not.toBeNull();
    expect(keepDraft(storage, ANA, POST, fields({ content: `<p>${"x".repeat(10_000)}</p>` }))).toBeNull();
    expect(readDraft(storage, ANA, POST)).toEqual(earlier);
  });

  it("storage the browser blocks: nothing is kept or read, and nothing throws", () => {
    expect(keepDraft(blocked, ANA, POST, fields())).toBeNull();
    expect(readDraft(blocked, ANA, POST)).toBeNull();
    expect(() => removeDraft(blocked, ANA, POST)).not.toThrow();
    expect(dropStaleDrafts(blocked)).toBe(0);
    expect(() => forgetSavedDrafts(blocked, POST, fields())).not.toThrow();
  });
});

describe("drafts older than 30 days", () => {
  it("are dropped, with values under the drafts' prefix that are not drafts; younger ones and other keys stay", () => {
    const storage = new MemoryStorage();
    const now = at("2026-04-10T12:00:00Z");
    keepDraft(storage, ANA, POST, fields(), new Date(now.getTime() - DRAFT_MAX_AGE_MS - 1));
    keepDraft(storage, BEN, POST, fields(), new Date(now.getTime() - DRAFT_MAX_AGE_MS));
    keepDraft(storage, ANA, NEW_POST, fields(), at("2026-04-10T11:00:00Z"));
    storage.setItem(draftKey(BEN, NEW_POST), "not a draft");
    storage.setItem("agency.truckingQuoteDraft", "{}");
    expect(dropStaleDrafts(storage, now)).toBe(2);
    expect(storage.keys().sort()).toEqual(["agency.truckingQuoteDraft", draftKey(ANA, NEW_POST), draftKey(BEN, POST)].sort());
  });
});

describe("comparing and reading a form", () => {
  it("tells fields apart by any one of them", () => {
    expect(sameFields(fields(), fields())).toBe(true);
    for (const name of ["title", "category", "status", "imageUrl", "content"] as const) {
      expect(sameFields(fields(), fields({ [name]: `${fields()[name]}!` }))).toBe(false);
    }
  });

  it("reads the posted form's fields, a missing one as empty", () => {
    const form = new URLSearchParams({ title: "T", category: "C", status: "published", content: "<p>x</p>", other: "y" });
    expect(draftFieldsOf(form)).toEqual({ title: "T", category: "C", status: "published", imageUrl: "", content: "<p>x</p>" });
  });
});

describe("the post screens' save, in the browser", () => {
  const posted = (f: PostDraftFields) =>
    new Request("http://localhost/admin/posts/new", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(f),
    });

  it("a save that went through (the redirect to the list) forgets the drafts holding what was sent, and only those", async () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, NEW_POST, fields());
    keepDraft(storage, BEN, NEW_POST, fields({ title: "Ben's own" }));
    keepDraft(storage, ANA, POST, fields());
    const thrown = await saveKeepingDrafts(
      posted(fields()),
      NEW_POST,
      async () => {
        throw redirect("/admin/blog", 302);
      },
      storage,
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/blog");
    expect(readDraft(storage, ANA, NEW_POST)).toBeNull();
    expect(readDraft(storage, BEN, NEW_POST)?.fields.title).toBe("Ben's own");
    expect(readDraft(storage, ANA, POST)).not.toBeNull();
  });

  it("a draft typed into while the save was on its way stays", async () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, POST, fields({ content: "<p>More, typed after Save.</p>" }));
    await saveKeepingDrafts(
      posted(fields()),
      POST,
      async () => {
        throw redirect("/admin/blog", 302);
      },
      storage,
    ).catch(() => undefined);
    expect(readDraft(storage, ANA, POST)?.fields.content).toBe("<p>More, typed after Save.</p>");
  });

  it("the redirect to sign in (the session ended) keeps the draft and is followed", async () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, NEW_POST, fields());
    const thrown = await saveKeepingDrafts(
      posted(fields()),
      NEW_POST,
      async () => {
        throw redirect("/admin/login?redirectTo=%2Fadmin%2Fposts%2Fnew", 303);
      },
      storage,
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(303);
    expect(readDraft(storage, ANA, NEW_POST)).not.toBeNull();
  });

  it("a refusal (the form's errors) is the answer, and the draft stays", async () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, NEW_POST, fields());
    const refusal = { form: "post", ok: false, message: "Failed to create post", result: { status: "error" } };
    await expect(saveKeepingDrafts(posted(fields()), NEW_POST, async () => refusal, storage)).resolves.toBe(refusal);
    expect(readDraft(storage, ANA, NEW_POST)).not.toBeNull();
  });

  it("a server that fails or cannot be reached is answered as the form's failure, and the draft stays", async () => {
    const storage = new MemoryStorage();
    keepDraft(storage, ANA, NEW_POST, fields());
    const action = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(saveKeepingDrafts(posted(fields()), NEW_POST, action, storage)).resolves.toMatchObject({ ok: false, unreachable: true });
    expect(readDraft(storage, ANA, NEW_POST)).not.toBeNull();
  });

  it("leaves the request's body for the server's action", async () => {
    const request = posted(fields());
    await saveKeepingDrafts(request, NEW_POST, async () => (await request.formData()).get("title"), new MemoryStorage()).then((title) =>
      expect(title).toBe(fields().title),
    );
  });
});

/**
 * The chat assistant's knowledge base: items built from the site's own content (FAQs, product and
 * landing pages, the agency's facts) and from the blog (built-in articles and published posts), and
 * the `knowledge` table that holds one row per item and embedding model.
 *
 * `KnowledgeIndex` keeps the items in memory (with the offline engine's BM25 statistics), mirrors
 * them into the table with each model's vectors, and caches those vectors for the similarity search
 * in the application (PostgreSQL without pgvector). Changes are applied one at a time.
 *
 * Every server process on the database keeps its own index in memory but shares the table: writing a
 * model's rows is done under a lock of that model, so the first process embeds an item and the others,
 * finding its row with the same content hash, take the stored vector instead of embedding it again.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, like, notInArray, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/client";
import { knowledge } from "#db/schema";
import { aboutCopy } from "~/content/about";
import { builtInPostsFor } from "~/content/blog-posts";
import type { LandingSlug } from "~/content/landing-pages";
import { landingPagesFor } from "~/content/landing-pages.copy";
import type { chatInsuranceTypes } from "~/content/options";
import { fillPlaceholders } from "~/content/placeholders";
import { type ProductSlug, productPagesFor } from "~/content/products";
import { serviceCards } from "~/content/services";
import { fullAddress, perSite, type SiteFacts } from "~/content/site-facts";
import { getPost, listPosts } from "~/features/blog/posts.server";
import { htmlToText } from "~/lib/html-text";
import { chatFaqs } from "./faqs";
import { embedLocal, LexicalIndex, LOCAL_MODEL } from "./local-engine.server";
import { officeHoursLong } from "./messages";

/**
 * faq: a question and its answer; fact: the agency's own details; topic: a titled passage; risk: what
 * going without a coverage costs (answers "what if" more than "what is"); article: a blog section.
 */
export type KnowledgeKind = "faq" | "fact" | "topic" | "risk" | "article";

/** A line of business, named by its product page's slug. */
export type Line = ProductSlug;

/** `context` (the product line a passage belongs to) is searched and embedded with the item but never shown. */
export type KnowledgeItem = { source: string; title: string; content: string; kind: KnowledgeKind; line?: Line; context?: string };

const landingLine: Record<LandingSlug, Line> = {
  trucking: "commercial-trucking",
  contractors: "contractors",
  "general-liability": "general-liability",
  "commercial-property": "commercial-property",
  hoa: "hoa",
  "investment-property": "investment-property",
};

const insuranceTypeLine: Record<(typeof chatInsuranceTypes)[number], Line | undefined> = {
  "Contractors Insurance": "contractors",
  "General Liability": "general-liability",
  "Commercial Property": "commercial-property",
  "Commercial Trucking": "commercial-trucking",
  "HOA Insurance": "hoa",
  "Investment Property": "investment-property",
  Other: undefined,
};

/** The line of business a chat's insurance type names (none for "Other"). */
export function lineOfInsuranceType(insuranceType: string): Line | undefined {
  return insuranceTypeLine[insuranceType as keyof typeof insuranceTypeLine];
}

const list = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/** "By appointment" -> "by appointment" mid-sentence; a day's hours ("9:00 AM - 1:00 PM") stay as they are. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Every item from app/content, the agency's facts and the chat's own FAQs, computed once per facts
 * object. Sources are stable: they name where the text lives, whatever the stored profile says.
 */
export const contentKnowledge: (site: SiteFacts) => KnowledgeItem[] = perSite((site) => {
  const items: KnowledgeItem[] = [];
  const { agency, promises } = site;
  const { mission: aboutMission, whyChooseUs: aboutWhyChooseUs } = aboutCopy(site);
  const productPages = productPagesFor(site);
  const landingPages = landingPagesFor(site);
  const secondPhone = agency.phone.secondary ? ` or ${agency.phone.secondary.display}` : "";
  const weekend = (day: "saturday" | "sunday", label: string) => (agency.hours.days[day] ? label : lowerFirst(label));

  items.push(
    {
      source: "agency:contact",
      kind: "fact",
      title: "Phone number, email and office address",
      content: `You can call ${agency.name} at ${agency.phone.primary.display}${secondPhone}, or email ${agency.email}. Our office is at ${fullAddress(site)}. You can also reach a licensed agent on WhatsApp from this chat.`,
    },
    {
      source: "agency:hours",
      kind: "fact",
      title: "Office hours and when we are open",
      content: `Our office hours are ${officeHoursLong(site)}. Saturday: ${weekend("saturday", agency.hours.saturday)}; Sunday: ${weekend("sunday", agency.hours.sunday)}. Claims and emergencies can be reported ${promises.claimsSupport}, and certificates of insurance are available ${promises.claimsSupport}.`,
    },
    {
      source: "agency:licensed-states",
      kind: "fact",
      title: "Which states we are licensed in",
      content: `${agency.name} is licensed to write commercial insurance in ${site.licensedStateCount} states: ${list(site.licensedStates)}. ${site.residentState} is our resident license.`,
    },
    {
      source: "agency:quotes",
      kind: "fact",
      title: "How fast quotes and callbacks are",
      content: `A licensed agent contacts you within ${promises.contactMinutes} minutes of a quote request during office hours, and most quotes come back in about ${promises.quoteMinutes} minutes. Many quotes are ready the same day.`,
    },
    {
      source: "agency:payment",
      kind: "fact",
      title: "$0 down payment options and payment plans",
      content:
        "Eligible policies can start with $0 down, and payment plans are available. A licensed agent will tell you which options your carrier offers when you get your quote.",
    },
    {
      source: "agency:certificates",
      kind: "fact",
      title: "Same-day certificates of insurance and 24/7 certificate access",
      content: `We issue certificates of insurance the same day once coverage is bound, with the additional insured and waiver wording your policy supports, and you have ${promises.claimsSupport} access to your certificates.`,
    },
    {
      source: "agency:carriers",
      kind: "fact",
      title: "How many insurance companies (carriers) we work with",
      content: `As an independent agency we work with ${promises.carriers} carriers, including specialty markets for trucking and hard-to-place risks, so we compare coverage and price for your business instead of offering one company's policy.`,
    },
    {
      source: "agency:about",
      kind: "fact",
      title: `About ${agency.name}`,
      content: aboutMission.paragraphs[0],
    },
  );
  for (const [i, p] of aboutMission.paragraphs.slice(1).entries()) {
    items.push({ source: `about:mission:${i + 1}`, kind: "topic", title: "How we work", content: p });
  }
  items.push({
    source: "about:why",
    kind: "topic",
    title: `Why choose ${agency.name}`,
    content: aboutWhyChooseUs.map((s) => `${s}.`).join(" "),
  });

  for (const [i, f] of chatFaqs(site).entries()) items.push({ source: `faq:chat:${i}`, kind: "faq", title: f.question, content: f.answer });
  for (const [i, card] of serviceCards.entries()) {
    items.push({ source: `service:${i}`, kind: "topic", title: card.title, content: card.description });
  }

  for (const page of productPages) {
    const line = page.slug;
    const base = `product:${page.slug}`;
    const context = page.serviceType;
    items.push({
      source: `${base}:overview`,
      kind: "topic",
      line,
      title: `We offer ${page.serviceType}`,
      content: `${page.hero.title}. ${page.hero.description}`,
    });
    for (const [i, c] of page.coverage.entries()) {
      items.push({ source: `${base}:coverage:${i}`, kind: "topic", line, context, title: c.title, content: c.description });
    }
    for (const [i, c] of page.benefits.entries()) {
      items.push({ source: `${base}:benefit:${i}`, kind: "topic", line, context, title: c.title, content: c.description });
    }
    for (const [i, c] of page.risks.entries()) {
      items.push({ source: `${base}:risk:${i}`, kind: "risk", line, context, title: c.title, content: c.description });
    }
    for (const [i, f] of page.faqs.entries()) {
      items.push({ source: `${base}:faq:${i}`, kind: "faq", line, context, title: f.question, content: f.answer });
    }
  }

  for (const page of landingPages) {
    const line = landingLine[page.slug];
    const base = `landing:${page.slug}`;
    const context = productPages.find((p) => p.slug === line)?.serviceType;
    items.push({ source: `${base}:overview`, kind: "topic", line, context, title: page.headline, content: page.tagline });
    const types = page.layout === "business" ? page.types.items : page.coveredTypes.items;
    for (const [i, t] of types.entries()) {
      items.push({ source: `${base}:type:${i}`, kind: "topic", line, context, title: t.title, content: t.description });
    }
    for (const [i, c] of page.whyChoose.cards.entries()) {
      items.push({ source: `${base}:why:${i}`, kind: "topic", line, context, title: c.title, content: c.description });
    }
    for (const [i, f] of page.faqs.entries()) {
      items.push({ source: `${base}:faq:${i}`, kind: "faq", line, context, title: f.question, content: f.answer });
    }
  }

  return items;
});

/** The team and the home page's FAQ as the back office keeps them, as knowledge, their placeholders filled. */
export type StoredLists = {
  team: readonly { name: string; role: string; bio: string }[];
  faqs: readonly { question: string; answer: string }[];
};

export function listKnowledge(lists: StoredLists, site: SiteFacts): KnowledgeItem[] {
  return [
    ...lists.team.map(
      (m, i): KnowledgeItem => ({
        source: `team:${i}`,
        kind: "fact",
        title: `Our team: ${m.name}, ${m.role}`,
        content: fillPlaceholders(m.bio, site),
      }),
    ),
    ...lists.faqs.map(
      (f, i): KnowledgeItem => ({
        source: `faq:home:${i}`,
        kind: "faq",
        title: fillPlaceholders(f.question, site),
        content: fillPlaceholders(f.answer, site),
      }),
    ),
  ];
}

/** The source prefixes of the content items ("agency:", "faq:" ...): the scope a change of the facts re-indexes. */
export function contentScope(items: KnowledgeItem[]): string[] {
  return [...new Set(items.map((i) => `${i.source.slice(0, i.source.indexOf(":"))}:`))];
}

// ---- blog ----

const MAX_CHUNK_CHARS = 1400;

/**
 * A post as knowledge: one item per section (the introduction, then each h2), long sections split
 * between paragraphs. Sources are "blog:{post id}:{n}".
 */
export function blogPostKnowledge(post: { id: string; title: string; content: string }): KnowledgeItem[] {
  const sections: { heading: string; html: string }[] = [];
  const parts = post.content.split(/<h2\b[^>]*>([\s\S]*?)<\/h2>/i);
  sections.push({ heading: post.title, html: parts[0] ?? "" });
  for (let i = 1; i < parts.length; i += 2) sections.push({ heading: `${post.title}: ${htmlToText(parts[i])}`, html: parts[i + 1] ?? "" });

  const items: KnowledgeItem[] = [];
  for (const section of sections) {
    const paragraphs = section.html
      .split(/<\/(?:p|li|h3|ul|ol)>/i)
      .map((p) => htmlToText(p))
      .filter(Boolean);
    let chunk = "";
    const flush = () => {
      if (chunk.trim())
        items.push({ source: `blog:${post.id}:${items.length}`, kind: "article", title: section.heading, content: chunk.trim() });
      chunk = "";
    };
    for (const p of paragraphs) {
      const sentence = /[.!?:]$/.test(p) ? p : `${p}.`;
      if (chunk && chunk.length + sentence.length > MAX_CHUNK_CHARS) flush();
      chunk += `${sentence} `;
    }
    flush();
  }
  return items;
}

/** The built-in articles (as the agency's facts word them) and the published posts of the database. */
export async function blogKnowledge(db: Database, site: SiteFacts): Promise<KnowledgeItem[]> {
  const stored = await listPosts(db, { includeDrafts: false });
  return [
    ...builtInPostsFor(site).flatMap((p) => blogPostKnowledge({ id: p.id, title: p.title, content: p.content })),
    ...stored.flatMap((p) => blogPostKnowledge({ id: p._id, title: p.title, content: p.content })),
  ];
}

export const blogSourcePrefix = (postId: string) => `blog:${postId}:`;

// ---- the table ----

/** The text a model embeds for an item: its title (with the line of business it belongs to) and its content. */
export const embeddingText = (item: Pick<KnowledgeItem, "title" | "content" | "context">) =>
  `${item.context ? `${item.context}: ` : ""}${item.title}\n${item.content}`;

export function contentHash(item: Pick<KnowledgeItem, "title" | "content" | "context">): string {
  return createHash("sha256").update(embeddingText(item)).digest("hex");
}

/** Whether knowledge.embedding_vec exists (pgvector installed when the migration ran, or added since). */
export async function ensureVectorColumn(db: Database, hasVector: boolean): Promise<boolean> {
  if (!hasVector) return false;
  await db.execute(sql`alter table knowledge add column if not exists embedding_vec vector`);
  return true;
}

export type Embedder = (texts: string[]) => Promise<number[][]>;

export const localEmbedder: Embedder = async (texts) => texts.map((t) => embedLocal(t));

type SyncOptions = {
  model: string;
  items: KnowledgeItem[];
  embed: Embedder;
  vectorColumn: boolean;
  /** Rows of the model whose source starts with one of these and that are not in `items` are deleted; without it, all such rows. */
  scope?: string[];
  batchSize?: number;
  /** Checked between batches: a server shutting down does not wait for a full re-index. */
  cancelled?: () => boolean;
};

export class IndexCancelled extends Error {
  constructor() {
    super("indexing stopped: the server is shutting down");
    this.name = "IndexCancelled";
  }
}

/**
 * Makes the model's rows match `items`: new and changed items embedded and written, rows of items
 * that are gone deleted. Answers how many rows were written and deleted.
 */
export async function syncRows(
  db: Database,
  { model, items, embed, vectorColumn, scope, batchSize = 64, cancelled = () => false }: SyncOptions,
): Promise<{ written: number; deleted: number; vectors: Map<string, number[]> }> {
  const inScope = (source: string) => !scope || scope.some((prefix) => source.startsWith(prefix));
  const existing = await db
    .select({ source: knowledge.source, contentHash: knowledge.contentHash })
    .from(knowledge)
    .where(eq(knowledge.model, model));
  const known = new Map(existing.filter((r) => inScope(r.source)).map((r) => [r.source, r.contentHash]));
  const wanted = new Map(items.map((item) => [item.source, item]));

  const stale = [...known.keys()].filter((source) => !wanted.has(source));
  for (let i = 0; i < stale.length; i += 500) {
    await db.delete(knowledge).where(and(eq(knowledge.model, model), inArray(knowledge.source, stale.slice(i, i + 500))));
  }

  const changed = items.filter((item) => known.get(item.source) !== contentHash(item));
  // What was stored, as the database holds it (single precision): no need to read it back.
  const written = new Map<string, number[]>();
  for (let i = 0; i < changed.length; i += batchSize) {
    if (cancelled()) throw new IndexCancelled();
    const batch = changed.slice(i, i + batchSize);
    const vectors = await embed(batch.map(embeddingText));
    if (vectors.length !== batch.length) throw new Error(`embedding answered ${vectors.length} vectors for ${batch.length} texts`);
    for (const [j, item] of batch.entries()) {
      written.set(
        item.source,
        vectors[j].map((x) => Math.fround(x)),
      );
    }
    const now = new Date();
    await db
      .insert(knowledge)
      .values(
        batch.map((item, j) => ({
          source: item.source,
          model,
          title: item.title,
          content: item.content,
          contentHash: contentHash(item),
          embedding: vectors[j],
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [knowledge.model, knowledge.source],
        set: {
          title: sql`excluded.title`,
          content: sql`excluded.content`,
          contentHash: sql`excluded.content_hash`,
          embedding: sql`excluded.embedding`,
          updatedAt: now,
        },
      });
    if (vectorColumn) {
      // real[] -> vector keeps the same single-precision values, so both searches see identical vectors.
      await db.execute(
        sql`update knowledge set embedding_vec = embedding::vector where ${knowledge.model} = ${model} and ${inArray(
          knowledge.source,
          batch.map((b) => b.source),
        )}`,
      );
    }
  }
  return { written: changed.length, deleted: stale.length, vectors: written };
}

/** The stored vectors of a model, by source (the in-application similarity search reads these). */
export async function loadVectors(db: Database, model: string, sources?: string[]): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ source: knowledge.source, embedding: knowledge.embedding })
    .from(knowledge)
    .where(
      sources ? and(eq(knowledge.model, model), inArray(knowledge.source, sources.length ? sources : [""])) : eq(knowledge.model, model),
    );
  return new Map(rows.map((r) => [r.source, r.embedding]));
}

// ---- the index ----

export type IndexLog = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

/** The name of the lock under which a model's rows are compared, embedded and written. */
export const modelLock = (model: string) => `knowledge:${model}`;

export type ModelEmbedder = { model: string; embed: Embedder };

/**
 * The items in memory, their rows in the table, and each model's vectors cached for the
 * in-application search. One instance per server process; its changes run one after another.
 */
export class KnowledgeIndex {
  private items = new Map<string, KnowledgeItem>();
  private lexicalIndex = new LexicalIndex([]);
  private readonly vectors = new Map<string, Map<string, number[]>>();
  private readonly readyModels = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly stopping = new AbortController();
  private readonly db: Database;
  private readonly hasVector: boolean;
  private readonly withLock: DatabaseHandle["withLock"];
  private readonly log: IndexLog;
  private readonly site: () => SiteFacts;
  private readonly lists: () => StoredLists;
  vectorColumn = false;

  /**
   * `site`: the agency's current facts, and `lists` its stored team and FAQ (the site store's snapshot),
   * read each time the content is indexed.
   */
  constructor(
    database: Pick<DatabaseHandle, "db" | "hasVector" | "withLock">,
    site: () => SiteFacts,
    lists: () => StoredLists,
    log: IndexLog = () => {},
  ) {
    this.db = database.db;
    this.hasVector = database.hasVector;
    this.withLock = database.withLock;
    this.site = site;
    this.lists = lists;
    this.log = log;
  }

  /** Every item built from the site's content and stored lists, with the current facts. */
  private siteItems(): KnowledgeItem[] {
    const site = this.site();
    return [...contentKnowledge(site), ...listKnowledge(this.lists(), site)];
  }

  get lexical(): LexicalIndex {
    return this.lexicalIndex;
  }

  item(source: string): KnowledgeItem | undefined {
    return this.items.get(source);
  }

  allItems(): KnowledgeItem[] {
    return [...this.items.values()];
  }

  /** Whether the model's rows are complete and searchable. */
  isReady(model: string): boolean {
    return this.readyModels.has(model);
  }

  /** The cached vectors of a model (rows written by this index). */
  vectorsOf(model: string): Map<string, number[]> {
    return this.vectors.get(model) ?? new Map();
  }

  /** Runs `task` after every change queued before it. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Reads all items (content and blog) and brings the offline engine's rows up to date. */
  build(): Promise<void> {
    return this.serial(async () => {
      this.vectorColumn = await this.withLock("knowledge", () => ensureVectorColumn(this.db, this.hasVector), this.stopping.signal);
      let blog: KnowledgeItem[] = [];
      try {
        blog = await blogKnowledge(this.db, this.site());
      } catch (error) {
        this.log("error", { err: error }, "chat knowledge: blog posts could not be read; indexing the site content only");
      }
      this.setItems([...this.siteItems(), ...blog]);
      await this.syncModel(LOCAL_MODEL, localEmbedder);
    });
  }

  /** Brings another model's rows (the provider's) up to date; its search is used once this resolves. */
  indexModel(model: string, embed: Embedder): Promise<{ written: number; deleted: number }> {
    return this.serial(() => this.syncModel(model, embed));
  }

  private async syncModel(model: string, embed: Embedder, scope?: string[]): Promise<{ written: number; deleted: number }> {
    const items = scope ? this.allItems().filter((i) => scope.some((p) => i.source.startsWith(p))) : this.allItems();
    const signal = this.stopping.signal;
    // Read, compare and write under the model's lock: another process doing the same waits, then
    // finds the rows written with matching hashes and embeds nothing.
    const { written, deleted, vectors } = await this.withLock(
      modelLock(model),
      () => syncRows(this.db, { model, items, embed, vectorColumn: this.vectorColumn, scope, cancelled: () => signal.aborted }),
      signal,
    );
    const cache = scope ? (this.vectors.get(model) ?? new Map<string, number[]>()) : new Map<string, number[]>();
    if (scope) for (const source of [...cache.keys()]) if (scope.some((p) => source.startsWith(p))) cache.delete(source);
    const unchanged = items.map((i) => i.source).filter((source) => !vectors.has(source));
    if (unchanged.length) for (const [source, v] of await loadVectors(this.db, model, unchanged)) cache.set(source, v);
    for (const [source, v] of vectors) cache.set(source, v);
    this.vectors.set(model, cache);
    if (!scope) this.readyModels.add(model);
    return { written, deleted };
  }

  private setItems(items: KnowledgeItem[]) {
    this.items = new Map(items.map((i) => [i.source, i]));
    this.lexicalIndex = new LexicalIndex(items);
  }

  /**
   * Re-reads one blog post: a published post's sections replace its old ones, a draft's or a deleted
   * post's are removed. `models` are the other models to embed it with (the provider's).
   */
  reindexBlogPost(id: string, models: ModelEmbedder[] = []): Promise<number> {
    return this.serial(async () => {
      const prefix = blogSourcePrefix(id);
      const builtIn = builtInPostsFor(this.site()).find((p) => p.id === id);
      const post = builtIn
        ? { _id: builtIn.id, title: builtIn.title, content: builtIn.content }
        : await getPost(this.db, id, { includeDrafts: false });
      const fresh = post ? blogPostKnowledge({ id: post._id, title: post.title, content: post.content }) : [];
      this.setItems([...this.allItems().filter((i) => !i.source.startsWith(prefix)), ...fresh]);
      await this.syncScope([prefix], models, { postId: id });
      return fresh.length;
    });
  }

  /**
   * Re-reads every blog post (built-in and published) into the index, as after changes this process
   * may not have heard of. Answers how many blog items there are.
   */
  resyncBlog(models: ModelEmbedder[] = []): Promise<number> {
    return this.serial(async () => {
      const blog = await blogKnowledge(this.db, this.site());
      const prefix = "blog:";
      this.setItems([...this.allItems().filter((i) => !i.source.startsWith(prefix)), ...blog]);
      await this.syncScope([prefix], models, {});
      return blog.length;
    });
  }

  /**
   * Re-reads the site's content with the current facts (the agency's profile changed): its items
   * replace the old ones, and only those whose text changed are embedded again. Answers how many
   * content items there are.
   */
  resyncContent(models: ModelEmbedder[] = []): Promise<number> {
    return this.serial(async () => {
      const content = this.siteItems();
      const scope = contentScope([...this.allItems().filter((i) => !i.source.startsWith("blog:")), ...content]);
      const inScope = (source: string) => scope.some((prefix) => source.startsWith(prefix));
      this.setItems([...this.allItems().filter((i) => !inScope(i.source)), ...content]);
      await this.syncScope(scope, models, { change: "site" });
      return content.length;
    });
  }

  /** Brings the rows of the items under `scope` up to date: the offline model's, then the other ready models'. */
  private async syncScope(scope: string[], models: ModelEmbedder[], context: Record<string, unknown>) {
    await this.syncModel(LOCAL_MODEL, localEmbedder, scope);
    for (const { model, embed } of models) {
      if (!this.readyModels.has(model)) continue;
      try {
        await this.syncModel(model, embed, scope);
      } catch (error) {
        if (error instanceof IndexCancelled) throw error;
        this.log(
          "warn",
          { err: error, model, ...context },
          "chat knowledge: the provider could not embed a change of the blog or the site; it is searched offline until the next start",
        );
      }
    }
  }

  /** Removes a post's sections (its rows for every model). */
  removeBlogPost(id: string): Promise<void> {
    return this.serial(async () => {
      const prefix = blogSourcePrefix(id);
      this.setItems(this.allItems().filter((i) => !i.source.startsWith(prefix)));
      await this.db.delete(knowledge).where(like(knowledge.source, `${prefix}%`));
      for (const cache of this.vectors.values())
        for (const source of [...cache.keys()]) if (source.startsWith(prefix)) cache.delete(source);
    });
  }

  /** Rows of models other than these (an embedding model no longer configured) are deleted. */
  pruneModels(keep: string[]): Promise<void> {
    return this.serial(async () => {
      await this.db.delete(knowledge).where(notInArray(knowledge.model, keep));
    });
  }

  /** Stops indexing between batches (shutdown); the table stays consistent and the next start completes it. */
  cancel(): void {
    this.stopping.abort(new IndexCancelled());
  }

  /** Resolves when every change queued so far has been applied. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }
}

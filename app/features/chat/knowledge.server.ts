/**
 * The chat assistant's knowledge base: the items of every public page (./site-knowledge.server.ts),
 * the blog's published posts and the open positions, and the `knowledge` table that holds one row per
 * item and embedding model.
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
import { builtInPostsFor } from "~/content/blog-posts";
import type { SiteFacts } from "~/content/site-facts";
import { DEFAULT_UPLOAD_MAX_BYTES } from "~/content/uploads";
import { getPost } from "~/features/blog/posts.server";
import { limitInWords } from "~/lib/file-sizes";
import { analyseInSlices, embedLocal, LexicalIndex, LOCAL_MODEL } from "./local-engine.server";
import {
  blogKnowledge,
  blogPostKnowledge,
  blogSourcePrefix,
  contentKnowledge,
  contentScope,
  JOB_SCOPE,
  jobKnowledge,
  type KnowledgeItem,
  listKnowledge,
  quoteKnowledge,
  type StoredLists,
} from "./site-knowledge.server";

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
  private readonly uploadLimit: string;
  vectorColumn = false;

  /**
   * `site`: the agency's current facts, and `lists` its stored team and FAQ (the site store's snapshot),
   * read each time the content is indexed; `uploadLimit`, the largest document the server takes, in words.
   */
  constructor(
    database: Pick<DatabaseHandle, "db" | "hasVector" | "withLock">,
    site: () => SiteFacts,
    lists: () => StoredLists,
    log: IndexLog = () => {},
    uploadLimit = limitInWords(DEFAULT_UPLOAD_MAX_BYTES),
  ) {
    this.uploadLimit = uploadLimit;
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
    return [...contentKnowledge(site), ...quoteKnowledge(site, this.uploadLimit), ...listKnowledge(this.lists(), site)];
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
      let jobs: KnowledgeItem[] = [];
      try {
        jobs = await jobKnowledge(this.db, this.site());
      } catch (error) {
        this.log("error", { err: error }, "chat knowledge: the open positions could not be read; indexing the rest");
      }
      await this.setItems([...this.siteItems(), ...blog, ...jobs]);
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

  private async setItems(items: KnowledgeItem[]) {
    await analyseInSlices(items);
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
        ? { _id: builtIn.id, slug: builtIn.slug, title: builtIn.title, content: builtIn.content }
        : await getPost(this.db, id, { includeDrafts: false });
      const fresh = post ? blogPostKnowledge({ id: post._id, slug: post.slug, title: post.title, content: post.content }) : [];
      await this.setItems([...this.allItems().filter((i) => !i.source.startsWith(prefix)), ...fresh]);
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
      await this.setItems([...this.allItems().filter((i) => !i.source.startsWith(prefix)), ...blog]);
      await this.syncScope([prefix], models, {});
      return blog.length;
    });
  }

  /**
   * Re-reads the open positions (a job was added, changed or removed by any process, or changes may
   * have been missed). Answers how many job items there are.
   */
  resyncJobs(models: ModelEmbedder[] = []): Promise<number> {
    return this.serial(async () => {
      const jobs = await jobKnowledge(this.db, this.site());
      await this.setItems([...this.allItems().filter((i) => !i.source.startsWith(JOB_SCOPE)), ...jobs]);
      await this.syncScope([JOB_SCOPE], models, { change: "jobs" });
      return jobs.length;
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
      const dynamic = (source: string) => source.startsWith("blog:") || source.startsWith(JOB_SCOPE);
      const scope = contentScope([...this.allItems().filter((i) => !dynamic(i.source)), ...content]);
      const inScope = (source: string) => scope.some((prefix) => source.startsWith(prefix));
      await this.setItems([...this.allItems().filter((i) => !inScope(i.source)), ...content]);
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
      await this.setItems(this.allItems().filter((i) => !i.source.startsWith(prefix)));
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

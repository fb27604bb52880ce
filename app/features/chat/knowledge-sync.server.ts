/**
 * Keeps the chat's knowledge base in step with the site: builds the offline index at start (and the
 * AI provider's embeddings in the background), follows blog and job changes made by any process on
 * the database (NOTIFY), re-reading them when the notification connection comes back, and re-reads
 * the site's content when the agency's stored profile changes (the site store hears every process's
 * save). docs/decisions/014-chat-assistant.md says why it works this way.
 *
 * Several processes may share one database: the knowledge rows are the site's, and each process keeps
 * only its own in-memory index (app/features/chat/knowledge.server.ts).
 */

import type { DatabaseHandle } from "#db/client";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import type { AiSettings } from "~/features/ai/client.server";
import { type BlogChange, followBlogChanges } from "~/features/blog/posts.server";
import { followJobChanges } from "~/features/jobs/jobs.server";
import { limitInWords } from "~/lib/file-sizes";
import { type Embedder, IndexCancelled, KnowledgeIndex, type ModelEmbedder } from "./knowledge.server";
import { LOCAL_MODEL } from "./local-engine.server";
import type { ChatLog } from "./log.server";
import { embedTexts } from "./provider-engine.server";
import type { SearchMode } from "./retrieval.server";
import type { StoredLists } from "./site-knowledge.server";

/**
 * The agency's stored profile as this process knows it: the `site` service (SiteStore,
 * app/features/settings/site.server.ts), which reads it again whenever any process saves it.
 */
export type SiteSource = {
  current(): { facts: SiteFacts } & StoredLists;
  /** Calls `listener` after each change; answers the function that stops it. */
  onChange(listener: (snapshot: { facts: SiteFacts }) => void): () => void;
};

export type KnowledgeSyncDeps = {
  /** The database, whether pgvector is installed, and how to hear other processes and take turns with them (db/client.ts). */
  database: Pick<DatabaseHandle, "db" | "hasVector" | "listen" | "withLock">;
  config: Config;
  /** The AI provider (the `ai` service), or null: the offline index only. */
  ai: AiSettings | null;
  site: SiteSource;
  log: ChatLog;
};

export class KnowledgeSync {
  readonly index: KnowledgeIndex;
  private readonly database: KnowledgeSyncDeps["database"];
  private readonly config: Config;
  private readonly ai: AiSettings | null;
  private readonly log: ChatLog;
  private readonly site: SiteSource;
  private readonly pending = new Set<Promise<unknown>>();
  private localReady: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenJobs: (() => Promise<void>) | undefined;
  private unwatchSite: (() => void) | undefined;
  private stopped = false;

  constructor({ database, config, ai, site, log }: KnowledgeSyncDeps) {
    this.database = database;
    this.config = config;
    this.ai = ai;
    this.site = site;
    this.log = log;
    this.index = new KnowledgeIndex(
      database,
      () => site.current().facts,
      () => site.current(),
      (level, data, message) => this.log(level, data, message),
      limitInWords(config.UPLOAD_MAX_BYTES),
    );
  }

  /** Whether the similarity search runs in the database (pgvector) or in the application. */
  get searchMode(): SearchMode {
    return this.index.vectorColumn ? "pgvector" : "application";
  }

  /**
   * Follows blog and profile changes (from every process on the database), builds the offline index,
   * and the provider's in the background. Resolves once it listens and the offline index is built.
   * Safe to call more than once.
   */
  start(): Promise<void> {
    if (this.localReady) return this.localReady;
    // Watched before the content is read: a profile saved during the build is indexed after it.
    this.unwatchSite = this.site.onChange(() => void this.resyncContent());
    // Listening starts before the posts are read: a change committed in between is heard, not lost.
    this.localReady = this.track(
      Promise.all([this.followBlog(), this.followJobs()])
        .then(() => this.index.build())
        .then(
          () => this.log("info", { items: this.index.allItems().length, search: this.searchMode }, "chat knowledge indexed"),
          (error) => {
            if (error instanceof IndexCancelled) return;
            this.log("error", { err: error }, "chat knowledge could not be indexed; answers hand over to the agency until it is");
          },
        ),
    );
    const ai = this.ai;
    if (ai) {
      const model = ai.embeddingModel;
      void this.index.pruneModels([LOCAL_MODEL, model]).catch(() => {});
      void this.track(
        this.localReady
          .then(() => this.index.indexModel(model, this.providerEmbedder(ai)))
          .then(
            (result) => this.log("info", { model, ...result }, "chat knowledge embedded by the AI provider"),
            (error) => {
              if (!(error instanceof IndexCancelled))
                this.log(
                  "warn",
                  { err: error, model },
                  "the AI provider could not embed the chat knowledge; retrieval uses the offline engine",
                );
            },
          ),
      );
    } else {
      void this.index.pruneModels([LOCAL_MODEL]).catch(() => {});
    }
    return this.localReady;
  }

  /** Stops following the blog and the profile, then waits for the indexing in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatchSite?.();
    this.unwatchSite = undefined;
    const unlisten = [this.unlisten, this.unlistenJobs];
    this.unlisten = undefined;
    this.unlistenJobs = undefined;
    await Promise.all(unlisten.map((stop) => stop?.().catch(() => {})));
    this.index.cancel();
    await this.settled();
  }

  /** Resolves when the background indexing started so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await this.index.idle();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  private providerEmbedder(ai: AiSettings): Embedder {
    // Indexing may take longer than one chat call: a batch of 64 texts per request.
    return async (texts) => (await embedTexts(ai, texts, Math.max(this.config.CHAT_PROVIDER_TIMEOUT_MS, 30_000))).vectors;
  }

  /** The models besides the offline one that blog changes are embedded with (the provider's, once indexed). */
  private otherModels(): ModelEmbedder[] {
    const ai = this.ai;
    return ai ? [{ model: ai.embeddingModel, embed: this.providerEmbedder(ai) }] : [];
  }

  // ---- blog changes from every process ----

  /** Subscribes to blog changes; a failure is logged and the index then follows the blog only at start. */
  private async followBlog(): Promise<void> {
    try {
      const unlisten = await followBlogChanges(this.database, (change) => this.applyBlogChange(change), {
        onResync: () => void this.resyncBlog(),
        onError: (error) =>
          this.log("warn", { err: error }, "chat knowledge: the connection that hears blog changes was lost; reconnecting"),
        onListenerError: (error, change) => this.log("error", { err: error, change }, "a blog change listener failed"),
      });
      if (this.stopped) await unlisten();
      else this.unlisten = unlisten;
    } catch (error) {
      this.log("error", { err: error }, "chat knowledge cannot follow blog changes; posts are indexed at the next start");
    }
  }

  private async applyBlogChange({ type, id }: BlogChange): Promise<void> {
    if (this.stopped) return;
    try {
      if (type === "deleted") await this.removeBlogPost(id);
      else await this.reindexBlogPost(id);
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log(
        "error",
        { err: error, postId: id, change: type },
        "chat knowledge: a blog change could not be indexed; it is picked up at the next start",
      );
    }
  }

  /** Re-reads every post: blog changes may have been missed while the notification connection was down. */
  async resyncBlog(): Promise<void> {
    if (this.stopped) return;
    try {
      const items = await this.track(this.start().then(() => this.index.resyncBlog(this.otherModels())));
      this.log("info", { items }, "chat knowledge: blog posts re-read after the notification connection came back");
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log("error", { err: error }, "chat knowledge: blog posts could not be re-read; changes are picked up at the next start");
    }
  }

  // ---- open positions from every process ----

  /** Subscribes to job changes: each one, or a reconnection, re-reads the open positions. */
  private async followJobs(): Promise<void> {
    try {
      const unlisten = await followJobChanges(this.database, () => this.resyncJobs(), {
        onResync: () => void this.resyncJobs(),
        onError: (error) =>
          this.log("warn", { err: error }, "chat knowledge: the connection that hears job changes was lost; reconnecting"),
        onListenerError: (error, change) => this.log("error", { err: error, change }, "a job change listener failed"),
      });
      if (this.stopped) await unlisten();
      else this.unlistenJobs = unlisten;
    } catch (error) {
      this.log("error", { err: error }, "chat knowledge cannot follow job changes; open positions are indexed at the next start");
    }
  }

  /** Re-reads the open positions into the knowledge base. */
  async resyncJobs(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.track(this.start().then(() => this.index.resyncJobs(this.otherModels())));
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log(
        "error",
        { err: error },
        "chat knowledge: the open positions could not be re-read; they are picked up at the next change or start",
      );
    }
  }

  // ---- the agency's profile ----

  /** Re-reads the site's content with the current facts: the agency's profile changed. */
  async resyncContent(): Promise<void> {
    if (this.stopped) return;
    try {
      const items = await this.track(this.start().then(() => this.index.resyncContent(this.otherModels())));
      this.log("info", { items }, "chat knowledge: the site's content re-read after the agency's profile changed");
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log(
        "error",
        { err: error },
        "chat knowledge: the site's content could not be re-read; it is picked up at the next change or start",
      );
    }
  }

  /** Re-reads a blog post into the knowledge base (a draft or a deleted post leaves it). */
  reindexBlogPost(id: string): Promise<number> {
    return this.track(this.start().then(() => this.index.reindexBlogPost(id, this.otherModels())));
  }

  removeBlogPost(id: string): Promise<void> {
    return this.track(this.start().then(() => this.index.removeBlogPost(id)));
  }
}

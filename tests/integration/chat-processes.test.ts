/**
 * The chat assistant when several server processes share one database: each process stands here as
 * its own database handle and `ChatAssistant`. Blog changes made through one reach every other within
 * seconds (NOTIFY, and a re-read of the posts when the notification connection comes back), each
 * knowledge item is embedded by the AI provider once for the site, not once per process, and the
 * day's token budget counts every process's spending. PostgreSQL only, except the single-process
 * checks that also run on PGlite.
 */
import { createServer, type Server as HttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { blogPosts, chatMessages, chatSessions, chatTokenDays, knowledge } from "#db/schema";
import { seed } from "#db/seed";
import { defaultProfile, defaultSite } from "../../app/content/site-profile";
import { loadConfig } from "../../app/env.server";
import { createPost, deletePost, updatePost } from "../../app/features/blog/posts.server";
import type { ChatAssistant } from "../../app/features/chat/chat.server";
import { chatBudgetHandOff } from "../../app/features/chat/messages";
import { saveProfile } from "../../app/features/settings/site.server";
import { type ChatProcess, createChatService } from "../support/chat";
import { createPostgresDatabase, databaseEnv, databaseKinds } from "../support/databases";

const hasPostgres = databaseKinds.includes("postgres");
const MODEL = "test-embed";

/** A local server speaking the OpenAI-compatible API: it records every text it is asked to embed. */
async function startProvider() {
  const embedded: string[] = [];
  const state = { usage: 30 };
  const embed = (text: string) => {
    const v = new Array<number>(32).fill(0);
    for (const w of text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []) {
      let h = 7;
      for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[h % 32] += 1;
    }
    return v;
  };
  const read = (req: IncomingMessage) =>
    new Promise<{ input?: string | string[]; model?: string }>((resolve) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => resolve(data ? JSON.parse(data) : {}));
    });
  const server: HttpServer = createServer(async (req, res) => {
    const body = await read(req);
    const json = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url?.endsWith("/embeddings")) {
      const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ""];
      embedded.push(...inputs);
      return json({
        object: "list",
        model: body.model,
        data: inputs.map((t, index) => ({ object: "embedding", index, embedding: embed(t) })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    }
    if (req.url?.endsWith("/chat/completions")) {
      return json({
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: "We can help with that." }, finish_reason: "stop" }],
        usage: { prompt_tokens: state.usage - 5, completion_tokens: 5, total_tokens: state.usage },
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    embedded,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Provider = Awaited<ReturnType<typeof startProvider>>;

const providerEnv = (provider: Provider, extra: Record<string, string> = {}) => ({
  AI_BASE_URL: provider.url,
  AI_API_KEY: "test-key",
  AI_CHAT_MODEL: "test-chat",
  AI_SUMMARY_MODEL: "test-summary",
  AI_EMBEDDING_MODEL: MODEL,
  CHAT_PROVIDER_MATCH_THRESHOLD: "0.3",
  ...extra,
});

type Process = ChatProcess & { handle: DatabaseHandle };

/** A fresh PostgreSQL database, migrated and seeded, with `count` processes on it (not started). */
async function processesOnPostgres(count: number, env: Record<string, string> = {}) {
  const { url, drop } = await createPostgresDatabase();
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const processes: Process[] = [];
  for (let i = 0; i < count; i++) {
    const handle = await openDatabase({ url });
    if (i === 0) {
      await runMigrations(handle);
      await seed(handle.db);
    }
    processes.push({ handle, ...(await createChatService(handle, config)) });
  }
  return {
    url,
    processes,
    close: async () => {
      for (const p of processes) await p.stop();
      for (const p of processes) await p.handle.close();
      await drop();
    },
  };
}

const postInput = (title: string, body: string) => ({
  title,
  content: `<p>${body}</p>`,
  category: "Risk Management",
  imageUrl: null,
  status: "published" as const,
});

const topSource = async (chat: ChatAssistant, question: string) => (await chat.replies.retrieveLocal(question)).matches[0]?.source;

describe.runIf(hasPostgres)("two processes on one PostgreSQL database (offline engine)", () => {
  let site: Awaited<ReturnType<typeof processesOnPostgres>>;
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    site = await processesOnPostgres(2);
    [a, b] = site.processes;
    await Promise.all([a.chat.start(), b.chat.start()]);
  });
  afterAll(async () => {
    await site?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a post published, edited and deleted through one process is found, changed and gone in the other's chat", async () => {
    const question = "do you insure alpaca farms against volcanic ash damage";
    expect((await b.chat.replies.retrieveLocal(question)).matches).toEqual([]);
    const reindexedA = vi.spyOn(a.chat.knowledge.index, "reindexBlogPost");
    const reindexedB = vi.spyOn(b.chat.knowledge.index, "reindexBlogPost");

    const input = postInput(
      "Insuring Alpaca Farms Against Volcanic Ash Damage",
      "Volcanic ash damage can ruin the barns of alpaca farms. Our agency insures alpaca farms against volcanic ash cleanup under a farm property form.",
    );
    const created = await createPost(a.handle.db, input, "admin@agency.example");
    if (!created.ok) throw new Error(JSON.stringify(created));
    const id = created.post._id;
    await expect.poll(() => topSource(b.chat, question), { timeout: 5000 }).toBe(`blog:${id}:0`);
    expect((await b.chat.replies.localAnswer(question, "Other")).content).toMatch(/farm property form/);
    // The writing process hears its own change the same way, once.
    await expect.poll(() => topSource(a.chat, question), { timeout: 5000 }).toBe(`blog:${id}:0`);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    expect(reindexedA).toHaveBeenCalledTimes(1);
    expect(reindexedB).toHaveBeenCalledTimes(1);

    const edited = await updatePost(a.handle.db, id, {
      ...input,
      content:
        "<p>Volcanic ash damage can ruin the barns of alpaca farms. Alpaca farms are insured against volcanic ash cleanup under an inland marine rider since this spring.</p>",
    });
    expect(edited.ok).toBe(true);
    await expect
      .poll(async () => (await b.chat.replies.localAnswer(question, "Other")).content, { timeout: 5000 })
      .toMatch(/inland marine rider/);
    expect((await b.chat.replies.localAnswer(question, "Other")).content).not.toMatch(/farm property form/);

    expect(await deletePost(a.handle.db, id)).toBe(true);
    await expect.poll(async () => (await b.chat.replies.retrieveLocal(question)).matches.length, { timeout: 5000 }).toBe(0);
    await expect.poll(async () => (await a.chat.replies.retrieveLocal(question)).matches.length, { timeout: 5000 }).toBe(0);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    const [{ n }] = await b.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledge)
      .where(like(knowledge.source, `blog:${id}:%`));
    expect(n).toBe(0);
    expect(reindexedA).toHaveBeenCalledTimes(2);
    expect(reindexedB).toHaveBeenCalledTimes(2);
  });

  it("re-reads the posts when the notification connection comes back, catching up with changes it could not hear", async () => {
    const question = "do you cover hot air balloon festivals against goose strikes";
    expect((await b.chat.replies.retrieveLocal(question)).matches).toEqual([]);
    // Written without a notification, as if announced while the connection was down.
    const [row] = await a.handle.db
      .insert(blogPosts)
      .values({
        title: "Hot Air Balloon Festivals and Goose Strikes",
        slug: "hot-air-balloon-festivals-and-goose-strikes",
        content:
          "<p>Goose strikes can tear the envelopes of hot air balloon festivals. We cover hot air balloon festivals against goose strikes.</p>",
        category: "Risk Management",
        status: "published",
      })
      .returning({ id: blogPosts.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await b.chat.replies.retrieveLocal(question)).matches).toEqual([]);

    const listeners = await a.handle.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    expect(listeners.rows).toHaveLength(2);
    await a.handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    await expect.poll(() => topSource(b.chat, question), { timeout: 10_000 }).toBe(`blog:${row.id}:0`);
    await expect.poll(() => topSource(a.chat, question), { timeout: 10_000 }).toBe(`blog:${row.id}:0`);

    // Listening again: the next change is heard as usual.
    const later = await createPost(
      a.handle.db,
      postInput("Goose Strike Claims", "After a goose strike, photograph the balloon envelope before repairs start."),
      null,
    );
    if (!later.ok) throw new Error(JSON.stringify(later));
    await expect
      .poll(() => topSource(b.chat, "what should I photograph after a goose strike on my balloon envelope"), { timeout: 10_000 })
      .toBe(`blog:${later.post._id}:0`);
  });

  it("answers with the agency's saved profile on every process within seconds, without a restart", async () => {
    await Promise.all([a.chat.start(), b.chat.start()]);
    const phone = async (chat: ChatAssistant) => (await chat.replies.localAnswer("what's your phone number", "Other")).content;
    expect(await phone(b.chat)).toContain("(512) 555-0142");
    const indexed = vi.spyOn(b.chat.knowledge.index, "resyncContent");
    // Saved through process A's database handle: B hears it by NOTIFY alone.
    await saveProfile(a.handle.db, { ...defaultProfile, phone: "(737) 555-0199", licensedStates: ["Ohio", "Texas"] }, null);
    await expect.poll(() => phone(b.chat), { timeout: 10_000 }).toContain("(737) 555-0199");
    await expect.poll(() => phone(a.chat), { timeout: 10_000 }).toContain("(737) 555-0199");
    expect((await b.chat.replies.localAnswer("are you licensed in Utah?", "Other")).content).toMatch(
      /^We're not licensed in Utah\. We write coverage in 2 states: Ohio and Texas\./,
    );
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    expect(indexed).toHaveBeenCalledTimes(1);
    // The shared rows hold the new text once, whichever process wrote them.
    const rows = await a.handle.db.select({ content: knowledge.content }).from(knowledge).where(eq(knowledge.source, "agency:contact"));
    expect(rows).toEqual([{ content: expect.stringContaining("(737) 555-0199") }]);
    await saveProfile(a.handle.db, defaultProfile, null);
    await expect.poll(() => phone(b.chat), { timeout: 10_000 }).toContain("(512) 555-0142");
  });
});

describe.runIf(hasPostgres)("the AI provider's embeddings with two processes on one PostgreSQL database", () => {
  let provider: Provider;
  let site: Awaited<ReturnType<typeof processesOnPostgres>>;
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    provider = await startProvider();
    site = await processesOnPostgres(2, providerEnv(provider));
    [a, b] = site.processes;
  });
  afterAll(async () => {
    await site?.close();
    await provider?.close();
  });

  it("embeds each item once for both processes starting together, the second taking the stored vectors", async () => {
    await Promise.all([a.chat.start(), b.chat.start()]);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    expect(a.chat.knowledge.index.isReady(MODEL)).toBe(true);
    expect(b.chat.knowledge.index.isReady(MODEL)).toBe(true);
    const items = a.chat.knowledge.index.allItems();
    expect(items.length).toBeGreaterThan(100);
    expect(provider.embedded).toHaveLength(items.length);
    expect(new Set(provider.embedded).size).toBe(provider.embedded.length);
    // Both search with every item's vector (PostgreSQL without pgvector searches in the application).
    for (const chat of [a.chat, b.chat]) {
      const vectors = chat.knowledge.index.vectorsOf(MODEL);
      expect(items.every((i) => vectors.has(i.source))).toBe(true);
    }
  });

  it("embeds a new or edited post once in total, and both processes search it with the provider's vectors", async () => {
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    const before = provider.embedded.length;
    const input = postInput("Ferry Operators and Dock Collisions", "Ferry operators face dock collision claims every winter.");
    const created = await createPost(a.handle.db, input, null);
    if (!created.ok) throw new Error(JSON.stringify(created));
    const source = `blog:${created.post._id}:0`;
    const both = () => [a.chat, b.chat].every((chat) => chat.knowledge.index.vectorsOf(MODEL).has(source));
    await expect.poll(both, { timeout: 10_000 }).toBe(true);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    expect(provider.embedded.slice(before)).toEqual([expect.stringContaining("dock collision claims every winter")]);

    const edited = await updatePost(b.handle.db, created.post._id, {
      ...input,
      content: "<p>Ferry operators face dock collision claims every spring tide.</p>",
    });
    expect(edited.ok).toBe(true);
    const updated = (chat: ChatAssistant) => chat.knowledge.index.item(source)?.content.includes("spring tide") ?? false;
    await expect.poll(() => updated(a.chat) && updated(b.chat), { timeout: 10_000 }).toBe(true);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    expect(provider.embedded.slice(before)).toHaveLength(2);
    expect(provider.embedded.at(-1)).toContain("spring tide");
    expect(a.chat.knowledge.index.vectorsOf(MODEL).get(source)).toEqual(b.chat.knowledge.index.vectorsOf(MODEL).get(source));
    const [row] = await a.handle.db
      .select({ embedding: knowledge.embedding })
      .from(knowledge)
      .where(and(eq(knowledge.model, MODEL), eq(knowledge.source, source)));
    expect(b.chat.knowledge.index.vectorsOf(MODEL).get(source)).toEqual(row.embedding);
  });
});

describe.runIf(hasPostgres)("the day's token budget with two processes on one PostgreSQL database", () => {
  let provider: Provider;
  let site: Awaited<ReturnType<typeof processesOnPostgres>>;
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    provider = await startProvider();
    site = await processesOnPostgres(2, providerEnv(provider, { CHAT_SESSION_TOKEN_BUDGET: "0", CHAT_DAILY_TOKEN_BUDGET: "200" }));
    [a, b] = site.processes;
    await Promise.all([a.chat.start(), b.chat.start()]);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
  });
  afterAll(async () => {
    await site?.close();
    await provider?.close();
  });

  const intake = (n: number) => ({
    name: `Visitor ${n}`,
    email: `visitor${n}@budget.example`,
    phone: `(512) 555-${1000 + n}`,
    insuranceType: "Commercial Trucking" as const,
  });

  it("adds up both processes' spending in the table, and both hand over once the day's budget is used", async () => {
    const sessionA = await a.chat.createSession(intake(1), {});
    const sessionB = await b.chat.createSession(intake(2), {});
    const first = await a.chat.send(sessionA.id, "what are your office hours");
    const second = await b.chat.send(sessionB.id, "do you cover cargo");
    expect([first?.engine, second?.engine]).toEqual(["provider", "provider"]);
    // Each answer: 1 token to embed the question, 30 for the answer.
    expect(await a.chat.budget.today()).toBe(62);
    expect(await b.chat.budget.today()).toBe(62);
    const [day] = await a.handle.db.select().from(chatTokenDays);
    expect(day.tokens).toBe(62);

    // Spending at the same time from both: no increment is lost.
    await Promise.all([
      a.chat.send(sessionA.id, "are you open on saturday"),
      b.chat.send(sessionB.id, "what is a BOP"),
      a.chat.send(sessionA.id, "how fast is a quote"),
      b.chat.send(sessionB.id, "do you write policies in Texas"),
    ]);
    await Promise.all([a.chat.settled(), b.chat.settled()]);
    const sessions = await a.handle.db.select({ tokens: chatSessions.tokensUsed }).from(chatSessions);
    const spent = sessions.reduce((sum, s) => sum + s.tokens, 0);
    expect(spent).toBeGreaterThanOrEqual(200);
    expect(await a.chat.budget.today()).toBe(spent);
    expect(await b.chat.budget.today()).toBe(spent);

    const calls = provider.embedded.length;
    const lastA = await a.chat.send(sessionA.id, "what does general liability cover");
    const lastB = await b.chat.send(sessionB.id, "what does general liability cover");
    expect(lastA).toMatchObject({ engine: "budget", reply: { content: chatBudgetHandOff(defaultSite) } });
    expect(lastB).toMatchObject({ engine: "budget", reply: { content: chatBudgetHandOff(defaultSite) } });
    expect(provider.embedded.length).toBe(calls);
  });
});

describe.each(databaseKinds)("one process on %s", (kind) => {
  let provider: Provider;
  let handle: DatabaseHandle;
  let chat: ChatAssistant;
  let stopChat: () => Promise<void>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    provider = await startProvider();
    const db = await databaseEnv(kind);
    cleanup = db.cleanup;
    handle = await openDatabase(db.env.DATABASE_URL ? { url: db.env.DATABASE_URL } : { dataDir: db.env.DATA_DIR });
    await runMigrations(handle);
    await seed(handle.db);
    ({ chat, stop: stopChat } = await createChatService(handle, loadConfig({ NODE_ENV: "test", ...providerEnv(provider) })));
    await chat.start();
    await chat.settled();
  });
  afterAll(async () => {
    await stopChat?.();
    await handle?.close();
    await cleanup?.();
    await provider?.close();
  });

  it("re-indexes a changed post once and embeds it once, and counts the day's tokens in the table", async () => {
    expect(provider.embedded).toHaveLength(chat.knowledge.index.allItems().length);
    const reindexed = vi.spyOn(chat.knowledge.index, "reindexBlogPost");
    const before = provider.embedded.length;
    const created = await createPost(
      handle.db,
      postInput("Vineyard Frost Claims", "Vineyard frost claims need the grower's harvest records."),
      null,
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const source = `blog:${created.post._id}:0`;
    await expect.poll(() => chat.knowledge.index.vectorsOf(MODEL).has(source), { timeout: 5000 }).toBe(true);
    await chat.settled();
    // A second delivery of the same change would arrive by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await chat.settled();
    expect(reindexed).toHaveBeenCalledTimes(1);
    expect(provider.embedded.slice(before)).toEqual([expect.stringContaining("harvest records")]);

    const session = await chat.createSession(
      { name: "Visitor", email: "visitor@one.example", phone: "(512) 555-0100", insuranceType: "Other" },
      {},
    );
    const sent = await chat.send(session.id, "what are your office hours");
    expect(sent?.engine).toBe("provider");
    expect(await chat.budget.today()).toBe(31);
    const rows = await handle.db.select().from(chatTokenDays);
    expect(rows).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), tokens: 31 }]);
  });

  it("stores a summary only while it covers every message: one made before a later message never overwrites", async () => {
    const session = await chat.createSession(
      { name: "Marta Quinn", email: "marta@quinn-farms.example", phone: "(512) 555-0101", insuranceType: "Other" },
      {},
    );
    await handle.db.insert(chatMessages).values({ sessionId: session.id, role: "user", content: "Do you cover hay barns?" });
    const summaryOf = async () => (await handle.db.select().from(chatSessions).where(eq(chatSessions.id, session.id)))[0].summary;
    const stored = await summaryOf();
    // Another process stores a message while this one is summarising what it read before.
    const read = chat.sessions.messages.bind(chat.sessions);
    const late = vi.spyOn(chat.sessions, "messages").mockImplementationOnce(async (id: string) => {
      const rows = await read(id);
      await handle.db.insert(chatMessages).values({ sessionId: id, role: "user", content: "And grain bins?" });
      return rows;
    });
    const stale = await chat.replies.summarise(session.id);
    expect(late).toHaveBeenCalledTimes(1);
    expect(stale).not.toBe("");
    expect(await summaryOf()).toBe(stored);
    // The summary made after the last message is stored.
    const fresh = await chat.replies.summarise(session.id);
    expect(fresh).not.toBe("");
    expect(await summaryOf()).toBe(fresh);
  });
});

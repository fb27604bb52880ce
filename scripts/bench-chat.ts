/**
 * `npm run bench:chat`: how fast the chat assistant's offline engine finds the passage that answers a
 * question when the knowledge base holds 5,000 passages. The site's own passages (about 520) are
 * topped up with published blog posts written from the site's own sentences, shuffled, so the extra
 * passages use the same words and compete with the real ones. Then every question of the question set
 * (tests/fixtures/chat-questions.ts) is asked over and over, and the time of the retrieval alone and of
 * the whole offline answer (retrieval and the answer's sentences) is reported as p50, p95 and p99.
 *
 *   npm run bench:chat                       5,000 passages, 20 rounds of the question set
 *   BENCH_PASSAGES=20000 npm run bench:chat  another size
 *
 * tests/measured/chat-retrieval-speed.test.ts holds the same timings to their limits in `npm test`,
 * with the passages in memory (`fillerPosts`) rather than stored.
 */
import { pathToFileURL } from "node:url";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { seed } from "#db/seed";
import { defaultSite } from "../app/content/site-profile";
import { loadConfig } from "../app/env.server";
import { createPost } from "../app/features/blog/posts.server";
import { ChatAssistant } from "../app/features/chat/chat.server";
import { retrieveLocal } from "../app/features/chat/retrieval.server";
import { contentKnowledge } from "../app/features/chat/site-knowledge.server";
import { SiteStore, seedSiteContent } from "../app/features/settings/site.server";
import { siteQuestions } from "../tests/fixtures/chat-questions";

export type ChatBench = {
  passages: number;
  questions: number;
  retrieval: { p50: number; p95: number; p99: number };
  answer: { p50: number; p95: number; p99: number };
  indexSeconds: number;
};

/** A small deterministic random number generator (mulberry32), so every run seeds the same posts. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** Posts of 10 passages each (an introduction and 9 sections), from the site's sentences in a shuffled order. */
export function fillerPosts(count: number): { title: string; content: string }[] {
  const next = random(2026);
  const sentences = contentKnowledge(defaultSite)
    .flatMap((i) => i.content.split(/(?<=[.!?])\s+/))
    .filter((s) => s.length > 20);
  const titles = contentKnowledge(defaultSite).map((i) => i.title);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
  const paragraph = () => `<p>${[pick(sentences), pick(sentences), pick(sentences)].join(" ")}</p>`;
  return Array.from({ length: count }, (_, n) => ({
    title: `Field notes ${n + 1}: ${pick(titles)}`,
    content: [paragraph(), ...Array.from({ length: 9 }, () => `<h2>${pick(titles)}</h2>${paragraph()}`)].join(""),
  }));
}

export async function benchChat({ passages = 5000, rounds = 20 }: { passages?: number; rounds?: number } = {}): Promise<ChatBench> {
  const handle = await openDatabase({ dataDir: "memory://" });
  await runMigrations(handle);
  await seed(handle.db);
  await seedSiteContent(handle.db);
  const config = loadConfig({ NODE_ENV: "test" });
  const site = await SiteStore.open(handle.db);
  const chat = new ChatAssistant({ database: handle, config, ai: null, site });
  try {
    // The site's own passages first, to know how many posts make up the rest.
    await chat.start();
    const own = chat.knowledge.index.allItems().length;
    const posts = Math.max(0, Math.ceil((passages - own) / 10));
    for (const post of fillerPosts(posts)) {
      const created = await createPost(handle.db, { ...post, category: "Risk Management", imageUrl: null, status: "published" }, null);
      if (!created.ok) throw new Error(`a benchmark post was refused: ${JSON.stringify(created)}`);
    }
    const started = performance.now();
    await chat.knowledge.resyncBlog();
    await chat.settled();
    const indexSeconds = (performance.now() - started) / 1000;
    const index = chat.knowledge.index;
    const total = index.allItems().length;

    const questions = siteQuestions.map((q) => q.question);
    const options = { threshold: config.CHAT_MATCH_THRESHOLD, count: config.CHAT_MATCH_COUNT };
    // One round unmeasured: the engine's first calls compile.
    for (const q of questions) chat.replies.localAnswer(q, "Other");
    const retrieval: number[] = [];
    const answer: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of questions) {
        let t = performance.now();
        retrieveLocal(index, q, options);
        retrieval.push(performance.now() - t);
        t = performance.now();
        chat.replies.localAnswer(q, "Other");
        answer.push(performance.now() - t);
      }
    }
    return { passages: total, questions: retrieval.length, retrieval: summary(retrieval), answer: summary(answer), indexSeconds };
  } finally {
    await chat.stop();
    await site.stop();
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--help")) {
    console.log(`Usage: npm run bench:chat

Times the chat assistant's offline retrieval with 5,000 knowledge passages (BENCH_PASSAGES for another
size): p50, p95 and p99 of the retrieval alone and of the whole offline answer, over 20 rounds of the
question set in tests/fixtures/chat-questions.ts.`);
    process.exit(0);
  }
  const result = await benchChat({ passages: Number(process.env.BENCH_PASSAGES ?? 5000) });
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`passages: ${result.passages} (indexed in ${result.indexSeconds.toFixed(1)} s); questions asked: ${result.questions}`);
  console.log(`retrieval:      p50 ${ms(result.retrieval.p50)}, p95 ${ms(result.retrieval.p95)}, p99 ${ms(result.retrieval.p99)}`);
  console.log(`offline answer: p50 ${ms(result.answer.p50)}, p95 ${ms(result.answer.p95)}, p99 ${ms(result.answer.p99)}`);
}

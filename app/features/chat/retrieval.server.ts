/**
 * Finding the knowledge items that answer a question: the spec's `match_content(query_embedding,
 * match_threshold, match_count)`. Cosine similarity runs in the database with pgvector's `<=>` where
 * the extension is installed (PGlite always), and in the application from the same stored vectors
 * where it is not (Debian's PostgreSQL); both give the same ranking (tests/integration/chat-retrieval).
 *
 * - With the provider's embeddings: the items whose cosine similarity to the question is above the
 *   threshold, best first, at most `count`.
 * - With the offline engine: every item's relevance (0..1, local-engine.server.ts) from its BM25
 *   coverage of the question and the cosine of the hashed n-gram vectors, in memory; same threshold
 *   and count.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { KnowledgeIndex } from "./knowledge.server";
import { analyse, cosine, embedLocal, LOCAL_MODEL, relevance } from "./local-engine.server";
import type { KnowledgeItem, Line } from "./site-knowledge.server";

export type Match = KnowledgeItem & { similarity: number };

/** Similarities are compared at this precision, so single-precision rounding never reorders items. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;

const isZero = (v: number[]) => v.every((x) => x === 0);

const vectorLiteral = (v: number[]) => `[${v.map((x) => Math.fround(x)).join(",")}]`;

export type SearchMode = "pgvector" | "application";

/**
 * One model's rows, fenced off (a materialized CTE) before any distance is computed: the models'
 * vectors differ in length, and pgvector refuses to compare vectors of different dimensions.
 */
const ofModel = (model: string) => sql`select source, embedding_vec from knowledge where model = ${model} and embedding_vec is not null`;

/** Cosine similarity of `embedding` to every stored row of `model`, by source. */
export async function vectorSimilarities(
  db: Database,
  index: KnowledgeIndex,
  { model, embedding, mode }: { model: string; embedding: number[]; mode: SearchMode },
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (isZero(embedding)) return result;
  if (mode === "pgvector") {
    const rows = await db.execute<{ source: string; similarity: number }>(
      sql`with rows as materialized (${ofModel(model)}) select source, 1 - (embedding_vec <=> ${vectorLiteral(embedding)}::vector) as similarity from rows`,
    );
    for (const r of rows.rows) if (index.item(r.source)) result.set(r.source, round(Number(r.similarity)));
    return result;
  }
  const query = embedding.map((x) => Math.fround(x));
  for (const [source, vector] of index.vectorsOf(model)) if (index.item(source)) result.set(source, round(cosine(query, vector)));
  return result;
}

/**
 * match_content: the rows of `model` more similar to `embedding` than `threshold`, best first, at
 * most `count`. With pgvector the database orders and cuts; otherwise the application does.
 */
export async function matchContent(
  db: Database,
  index: KnowledgeIndex,
  { model, embedding, threshold, count, mode }: { model: string; embedding: number[]; threshold: number; count: number; mode: SearchMode },
): Promise<Match[]> {
  if (isZero(embedding)) return [];
  let ranked: { source: string; similarity: number }[];
  if (mode === "pgvector") {
    const q = vectorLiteral(embedding);
    const rows = await db.execute<{ source: string; similarity: number }>(sql`
      with rows as materialized (${ofModel(model)})
      select source, 1 - (embedding_vec <=> ${q}::vector) as similarity
      from rows
      where 1 - (embedding_vec <=> ${q}::vector) > ${threshold}
      order by embedding_vec <=> ${q}::vector, source
      limit ${count * 2}`);
    ranked = rows.rows.map((r) => ({ source: r.source, similarity: round(Number(r.similarity)) }));
  } else {
    const sims = await vectorSimilarities(db, index, { model, embedding, mode });
    ranked = [...sims].filter(([, s]) => s > threshold).map(([source, similarity]) => ({ source, similarity }));
  }
  return ranked
    .sort((a, b) => b.similarity - a.similarity || (a.source < b.source ? -1 : 1))
    .flatMap((r) => {
      const item = index.item(r.source);
      return item ? [{ ...item, similarity: r.similarity }] : [];
    })
    .slice(0, count);
}

/**
 * Ranking only (never the threshold): between near-equal items, a question-and-answer or one of the
 * agency's facts answers better than a passage, and the visitor's chosen line of business wins.
 */
const KIND_PRIOR: Record<KnowledgeItem["kind"], number> = {
  faq: 0.03,
  fact: 0.03,
  topic: 0,
  risk: -0.02,
  article: -0.02,
  legal: -0.03,
  review: -0.08,
  highlight: -0.04,
};
const LINE_PRIOR = 0.02;

/**
 * "What is a waiver of subrogation?": between near-equal items, the one that asks what something is or
 * means (a definition) answers better than one that only mentions it.
 */
const DEFINITION_QUESTION = /^\s*(?:what(?:'s|\s+is|\s+are|\s+does|\s+do)\b|define\b|meaning of\b)/i;
const DEFINITION_PRIOR = 0.06;

export type LocalRetrieval = { matches: Match[]; best: Match | null };

/** What the offline search reads of the knowledge index: its items, their BM25 statistics and their offline vectors. */
export type SearchableIndex = Pick<KnowledgeIndex, "lexical" | "allItems" | "vectorsOf">;

/** Each vector's length, computed once (the cached vectors never change; a change stores a new array). */
const norms = new WeakMap<number[], number>();
function normOf(v: number[]): number {
  let n = norms.get(v);
  if (n === undefined) {
    n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
    norms.set(v, n);
  }
  return n;
}

/**
 * The cosine of the question's offline vector to every item's, from the index's cached vectors. The
 * question's vector is sparse (a few dozen of LOCAL_DIMENSIONS are set), so only those are multiplied:
 * a search over 5,000 items takes about a millisecond, with no round trip to the database.
 */
function localSimilarities(index: SearchableIndex, question: number[]): Map<string, number> {
  const result = new Map<string, number>();
  const dims: number[] = [];
  const weights: number[] = [];
  let qNorm = 0;
  for (let i = 0; i < question.length; i++) {
    if (question[i] === 0) continue;
    const w = Math.fround(question[i]);
    dims.push(i);
    weights.push(w);
    qNorm += w * w;
  }
  if (qNorm === 0) return result;
  qNorm = Math.sqrt(qNorm);
  for (const [source, vector] of index.vectorsOf(LOCAL_MODEL)) {
    let dot = 0;
    for (let k = 0; k < dims.length; k++) dot += weights[k] * vector[dims[k]];
    if (dot === 0) continue;
    const norm = normOf(vector);
    if (norm > 0) result.set(source, round(dot / (qNorm * norm)));
  }
  return result;
}

/**
 * The offline engine's search: relevance of every item, the best `count` at or above `threshold`
 * (ties and near-ties go to the visitor's chosen line of business), and the best item whatever its
 * score (for diagnostics and the hand-off decision). It runs in memory on every database.
 */
export function retrieveLocal(
  index: SearchableIndex,
  question: string,
  { threshold, count, line }: { threshold: number; count: number; line?: Line },
): LocalRetrieval {
  const analysis = analyse(question);
  if (analysis.terms.length === 0) return { matches: [], best: null };
  const coverage = index.lexical.coverage(analysis.groups);
  const sims = localSimilarities(index, embedLocal(analysis));
  const definition = DEFINITION_QUESTION.test(question);
  const scored: { item: KnowledgeItem; similarity: number; rank: number }[] = [];
  for (const item of index.allItems()) {
    const c = coverage.get(item.source);
    const s = sims.get(item.source) ?? 0;
    if (!c && s <= 0) continue;
    const similarity = round(relevance(c, s));
    const prior =
      KIND_PRIOR[item.kind] +
      (line && item.line === line ? LINE_PRIOR : 0) +
      (definition && DEFINITION_QUESTION.test(item.title) ? DEFINITION_PRIOR : 0);
    scored.push({ item, similarity, rank: similarity + prior });
  }
  scored.sort((a, b) => b.rank - a.rank || (a.item.source < b.item.source ? -1 : 1));
  const toMatch = (s: (typeof scored)[number]): Match => ({ ...s.item, similarity: s.similarity });
  return {
    matches: scored
      .filter((s) => s.similarity >= threshold)
      .slice(0, count)
      .map(toMatch),
    best: scored[0] ? toMatch(scored[0]) : null,
  };
}

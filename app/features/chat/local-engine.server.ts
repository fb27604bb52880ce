/**
 * The offline chat engine: no model, no download, no network. It reads the agency's own content and
 * answers with the most relevant sentences of the best matching item.
 *
 * - Text analysis: lower case without accents, the trade vocabulary (app/content/chat-vocabulary.ts)
 *   folded into concept tokens ("18 wheeler", "semi", "big rig" -> _truck; "warehouse" -> _comprop;
 *   "GL" -> _gl ...), stop words dropped, a light suffix stemmer.
 * - Embeddings: hashed feature vectors (LOCAL_DIMENSIONS wide, signed hashing, L2-normalised) of the
 *   terms, term bigrams and character trigrams of each word, so typos and word forms still meet.
 *   These are the vectors stored in `knowledge.embedding` for the model LOCAL_MODEL.
 * - Lexical score: BM25 term saturation, turned into "coverage": the IDF-weighted share of the
 *   question's terms the item contains (each term counts at most once), 0..1.
 * - Relevance (0..1): a weighted mean of coverage and the vector cosine (scaled so a cosine of
 *   COSINE_FULL counts as 1). CHAT_MATCH_THRESHOLD applies to this number; 0.7 means "most of what
 *   the question asks about, in an item that reads like it". docs/decisions/014 has the calibration.
 */
import { linesWeDoNotWrite, otherLanguageWords, ownLineConcepts, tradeVocabulary } from "~/content/chat-vocabulary";
import { usStates } from "~/content/quote-options";
import type { SiteFacts } from "~/content/site-facts";

export const LOCAL_MODEL = "local-v1";
export const LOCAL_DIMENSIONS = 1024;

/** Relevance = COVERAGE_WEIGHT * coverage + (1 - COVERAGE_WEIGHT) * min(1, cosine / COSINE_FULL). */
export const COVERAGE_WEIGHT = 0.7;
export const COSINE_FULL = 0.4;
/** Coverage = (1 - TITLE_WEIGHT) * coverage of the whole item + TITLE_WEIGHT * coverage of its title. */
export const TITLE_WEIGHT = 0.25;

const BM25_K1 = 1.2;
const BM25_B = 0.75;

// ---- analysis ----

const STOPWORDS = new Set(
  `a an the and or but if of to in on at by for with about from as is are was were be been being am do does did doing done
  have has had having i me my mine myself we us our ours you your yours u ur ya yall he she it its they them their this that
  these those what whats which who whom whose when where why how can could would should will shall may might must need needs
  want wants wanna get gets got getting just so than too very also any some all no not there here please pls plz hi hello hey
  thanks thank ok okay much many more most other such into out up over under again then once only own each both few yes yeah
  im ive id dont doesnt know tell like give let one really actually kind sort lot lots something anything thing
  things still even well way sure guys guy hmm gonna wondering wonder question ask asking help special specific particular
  certain separate company companies agency agencies two three four five six seven eight nine ten`.split(/\s+/),
);

const IRREGULAR: Record<string, string> = {
  coverage: "cover",
  coverages: "cover",
  covered: "cover",
  covering: "cover",
  covers: "cover",
  insurance: "insur",
  insured: "insur",
  insure: "insur",
  insuring: "insur",
  insures: "insur",
};

export function stem(word: string): string {
  if (word.startsWith("_") || /\d/.test(word) || word.length <= 3) return word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  let s = word;
  if (s.endsWith("ies") && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (s.endsWith("s") && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  for (const suffix of ["ments", "ment", "ings", "ing", "edly", "ed"]) {
    if (s.endsWith(suffix) && s.length - suffix.length >= 3) {
      s = s.slice(0, -suffix.length);
      break;
    }
  }
  if (s.endsWith("e") && s.length > 3) s = s.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss|zz)$/.test(s)) s = s.slice(0, -1);
  return s;
}

/** Lower case, accents stripped, contractions and numbers in one form. */
export function normalise(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[\u2018\u2019`´]/g, "'")
      .replace(/[\u2013\u2014]/g, " - ")
      .replace(/\b(\w+)n't\b/g, "$1 not")
      .replace(/\b(\w+)'(?:re|ve|ll|d|m)\b/g, "$1")
      .replace(/\b(\w+)'s\b/g, "$1")
      // $1,000,000 -> 1000000; $1M, 1 million, 750k -> digits
      .replace(/(\d),(?=\d{3}\b)/g, "$1")
      // A number starts where no digit or point stands before it: each run of digits is tried once, not from every digit.
      .replace(/(?<![\d.])\$?(\d+(?:\.\d+)?)\s*(?:m\b|mm\b|million\b)/g, (_, n: string) => String(Math.round(Number(n) * 1_000_000)))
      .replace(/(?<![\d.])\$?(\d+(?:\.\d+)?)\s*(?:k\b|thousand\b)/g, (_, n: string) => String(Math.round(Number(n) * 1_000)))
      .replace(/\$(\d)/g, "$1")
      // MCS-90, BMC-91X, DP-3, HO-6 -> mcs90, bmc91x, dp3, ho6
      .replace(/\b([a-z]{1,4})-(\d{1,3}[a-z]?)\b/g, "$1$2")
  );
}

export type Analysis = {
  /** Stemmed terms and concept tokens, in order. */
  terms: string[];
  /**
   * The same terms as the question asks for them: one entry per word or concept, and one for each
   * vocabulary entry with alternatives ("food truck": any of _restaurant, _gl, _commauto answers it).
   */
  groups: string[][];
  /** The words as written (for character n-grams). */
  words: string[];
};

export function analyse(text: string): Analysis {
  // "|" joins a vocabulary entry's alternatives ("_restaurant|_gl|_commauto"); a visitor's own is a space.
  let s = normalise(text).replace(/\|/g, " ");
  for (const [pattern, token] of tradeVocabulary) s = s.replace(pattern, token);
  const raw = s
    .replace(/[^a-z0-9_|]+/g, " ")
    .split(" ")
    .filter(Boolean);
  const terms: string[] = [];
  const words: string[] = [];
  const groups: string[][] = [];
  for (const w of raw) {
    if (w.includes("|")) {
      const alternatives = w.split("|").filter((t) => t.startsWith("_"));
      if (alternatives.length === 0) continue;
      terms.push(...alternatives);
      groups.push(alternatives);
      continue;
    }
    if (STOPWORDS.has(w)) continue;
    // Single letters and digits ("3 months", "24/7") say little about which item answers.
    if (w.length < 2) continue;
    const term = stem(w);
    terms.push(term);
    groups.push([term]);
    if (!w.startsWith("_") && w.length >= 4) words.push(w);
  }
  return { terms, words, groups };
}

// ---- embeddings ----

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The offline engine's vector of a text (unit length; all zeros for a text without content words). */
export function embedLocal(text: string | Analysis): number[] {
  const { terms, words } = typeof text === "string" ? analyse(text) : text;
  const features = new Map<string, number>();
  const add = (f: string, w: number) => features.set(f, (features.get(f) ?? 0) + w);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    add(`t:${t}`, t.startsWith("_") ? 1.5 : 1);
    if (i + 1 < terms.length) add(`b:${t}|${terms[i + 1]}`, 0.5);
  }
  for (const w of words) {
    const padded = `<${w}>`;
    const grams = padded.length - 2;
    for (let i = 0; i < grams; i++) add(`c:${padded.slice(i, i + 3)}`, 0.8 / Math.sqrt(grams));
  }
  const v = new Array<number>(LOCAL_DIMENSIONS).fill(0);
  for (const [f, w] of features) {
    const h = fnv1a(f);
    v[h % LOCAL_DIMENSIONS] += (h & 0x80000000 ? -1 : 1) * Math.sqrt(w);
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm > 0 ? v.map((x) => x / norm) : v;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

// ---- lexical index ----

/** `context` (e.g. the line of business of a product-page passage) is searched but never shown. */
export type LexicalDoc = { source: string; title: string; content: string; context?: string };

type IndexedDoc = { source: string; tf: Map<string, number>; title: Set<string>; length: number };

export type Coverage = { full: number; title: number };

/**
 * Words of nearly every question to an insurance agency ("do you offer", "insurance", "cover"): they
 * say what kind of question it is, not what it is about, so they weigh less in the coverage.
 */
const GENERIC_TERMS = new Set(["_offer", "insur", "cover", "policy", "need", "handl", "use"]);
const GENERIC_WEIGHT = 0.4;

/**
 * The terms of items indexed recently, by their text: the index is rebuilt whole at every change (a
 * post saved, the profile edited), and analysing every item again was most of that work. Analysis is
 * a pure function of the text, so a changed item is simply a new entry; the oldest are dropped past
 * the limit (a few times a large site's item count).
 */
const analysedDocs = new Map<string, { title: string[]; terms: string[] }>();
const ANALYSED_DOCS_LIMIT = 5_000;

function docTerms(item: LexicalDoc): { title: string[]; terms: string[] } {
  const key = `${item.title}\u0000${item.context ?? ""}\u0000${item.content}`;
  const known = analysedDocs.get(key);
  if (known) return known;
  const title = analyse(item.title).terms;
  const analysed = { title, terms: [...title, ...analyse(item.context ?? "").terms, ...analyse(item.content).terms] };
  analysedDocs.set(key, analysed);
  if (analysedDocs.size > ANALYSED_DOCS_LIMIT) {
    const oldest = analysedDocs.keys().next();
    if (!oldest.done) analysedDocs.delete(oldest.value);
  }
  return analysed;
}

/** How long the analysis of the knowledge items runs before it lets requests in (analyseInSlices). */
const SLICE_MS = 8;

/**
 * Analyses the items a slice at a time, giving the event loop back between slices, so that the
 * server answers requests while the index of a whole site (about 200 ms of work on a 2-core machine)
 * is built at start; the index then finds every item analysed.
 */
export async function analyseInSlices(items: LexicalDoc[]): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    docTerms(item);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/**
 * BM25 statistics over the knowledge items; answers how much of a question each item covers, in its
 * whole text and in its title alone (a FAQ's question is the best summary of its answer).
 */
export class LexicalIndex {
  private readonly docs: IndexedDoc[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;
  readonly size: number;

  constructor(items: LexicalDoc[]) {
    this.docs = items.map((item) => {
      const { title, terms } = docTerms(item);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { source: item.source, tf, title: new Set(title), length: terms.length };
    });
    this.size = this.docs.length;
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  /** Whether any item holds the term (a word of the site's own text). */
  knows(term: string): boolean {
    return this.df.has(term);
  }

  idf(term: string): number {
    const n = this.df.get(term) ?? 0;
    const idf = Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
    // A word the site never uses (a typo, chat slang) still counts, but less than a rare real term.
    return n === 0 ? idf * 0.5 : idf;
  }

  /** Each item's coverage of the question's terms, 0..1 (items with none of them are left out). */
  coverage(groups: string[][]): Map<string, Coverage> {
    const unique = [...new Map(groups.map((g) => [g.join("|"), g])).values()];
    // A group weighs as its rarest alternative; generic words weigh less.
    const weights = unique.map((g) => Math.max(...g.map((t) => this.idf(t) * (GENERIC_TERMS.has(t) ? GENERIC_WEIGHT : 1))));
    const total = weights.reduce((s, w) => s + w, 0);
    const result = new Map<string, Coverage>();
    if (total === 0) return result;
    for (const doc of this.docs) {
      let full = 0;
      let inTitle = 0;
      for (let i = 0; i < unique.length; i++) {
        let best = 0;
        for (const term of unique[i]) {
          const tf = doc.tf.get(term);
          if (!tf) continue;
          if (doc.title.has(term)) {
            // Named in the title: the item is about it, however long its text.
            best = 2;
            break;
          }
          best = Math.max(best, (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * doc.length) / this.avgLength)));
        }
        if (best === 2) {
          full += weights[i];
          inTitle += weights[i];
        } else if (best > 0) full += weights[i] * Math.min(1, best);
      }
      if (full === 0) continue;
      // The title's match as an F1 of the question's terms it holds and its own terms the question holds:
      // "What does general liability cover?" fits "what does GL cover" better than "Does general liability
      // cover my employees if they get hurt at work?" does.
      const recall = inTitle / total;
      const titleWeight = [...doc.title].reduce((s, t) => s + this.idf(t), 0);
      const precision = titleWeight > 0 ? Math.min(1, inTitle / titleWeight) : 0;
      const title = recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0;
      result.set(doc.source, { full: full / total, title });
    }
    return result;
  }
}

export function relevance(coverage: Coverage | undefined, cosineSimilarity: number): number {
  const lexical = coverage ? (1 - TITLE_WEIGHT) * coverage.full + TITLE_WEIGHT * coverage.title : 0;
  return COVERAGE_WEIGHT * lexical + (1 - COVERAGE_WEIGHT) * Math.min(1, Math.max(0, cosineSimilarity) / COSINE_FULL);
}

// ---- answers ----

/** Stands in for an abbreviation's dot while a text is split into sentences. */
const PROTECTED_DOT = "\u0000";
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the stand-in above, chosen because the site's text never holds it.
const PROTECTED_DOTS = /\u0000/g;

/** Sentences of a text; abbreviations common in the content (e.g., U.S.) do not end one. */
export function sentences(text: string): string[] {
  const protectedText = text.replace(/\b(e\.g|i\.e|etc|vs|U\.S|No)\.(?=\s)/g, (m) => m.replace(/\./g, PROTECTED_DOT));
  return protectedText
    .split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9$])/)
    .map((s) => s.replace(PROTECTED_DOTS, ".").trim())
    .filter(Boolean);
}

const MAX_ANSWER_CHARS = 420;

const YES_NO_QUESTION = /^(?:do|does|did|is|are|was|were|can|could|will|would|should|shall|has|have|had|am|may|might|must)\b/i;

/**
 * The one or two sentences of `content` that answer `question` best, in their original order. A
 * short opening verdict ("No.", "Usually, yes.") is kept in front of the sentence it introduces.
 */
export function extractAnswer(question: string, item: { title: string; content: string }, index?: LexicalIndex): string {
  const parts = sentences(item.content);
  if (parts.length <= 1) return item.content.trim();
  const q = analyse(question);
  const qVector = embedLocal(q);
  const unique = [...new Set(q.terms)];
  const idf = (t: string) => (index ? index.idf(t) : 1);
  const total = unique.reduce((s, t) => s + idf(t), 0) || 1;
  const overlapWith = (terms: Set<string>) => unique.reduce((s, t) => s + (terms.has(t) ? idf(t) : 0), 0) / total;
  // When the question is the item's own question, its first sentence is the direct answer.
  const opening = 0.08 + 0.5 * overlapWith(new Set(analyse(item.title).terms));
  // "How much ...", "what limits ...": the sentences with the figures.
  const wantsAmount = /\bhow (?:much|many|long|soon)\b|\b(?:minimum|maximum|limits?|amount|percentage|deductible)\b/i.test(question);
  const scored = parts.map((sentence, position) => {
    const a = analyse(sentence);
    const overlap = overlapWith(new Set(a.terms));
    const amount = wantsAmount && /\$\s?\d|\d+\s?(?:%|percent|minutes?|hours?|days?|years?|units?|million)/i.test(sentence) ? 0.25 : 0;
    const score = overlap + 0.3 * Math.max(0, cosine(qVector, embedLocal(a))) + (position === 0 ? opening : 0) + amount;
    return { sentence, position, score };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.position - b.position);
  const best = ranked[0];
  const chosen = [best];
  const verdict = scored[0];
  const previous = scored[best.position - 1];
  if (best.position > 0 && verdict.sentence.length < 45 && YES_NO_QUESTION.test(question.trim())) {
    // "No." / "Usually, yes." answers a yes-or-no question; it stays in front of its reason.
    chosen.push(verdict);
  } else if (
    previous &&
    /^(?:it|its|this|that|they|these|those|both|neither)\b/i.test(best.sentence) &&
    previous.sentence.length + best.sentence.length <= MAX_ANSWER_CHARS
  ) {
    // "It doesn't cover ..." needs the sentence that says what "it" is.
    chosen.push(previous);
  } else {
    const second = ranked.find((s) => s !== best && Math.abs(s.position - best.position) === 1 && s.score >= best.score * 0.6);
    const next = scored[best.position + 1];
    const candidate = second ?? (best.sentence.length < 90 ? next : undefined);
    if (candidate && best.sentence.length + candidate.sentence.length <= MAX_ANSWER_CHARS) chosen.push(candidate);
  }
  return chosen
    .sort((a, b) => a.position - b.position)
    .map((s) => s.sentence)
    .join(" ");
}

// ---- small talk and facts the engine answers directly ----

const GREETING = /^(?:hi|hello|hey|howdy|hiya|good (?:morning|afternoon|evening)|yo)\b[\s!.,]*(?:there[\s!.,]*)?$/i;
const THANKS =
  /^(?:thanks?(?: you)?|thank u|thx|ty|great|perfect|awesome|ok(?:ay)?|cool|got it|that helps|appreciate it)(?:[\s,!.]+(?:so much|a lot|very much|again|for (?:the|your) help|that helps))*[\s!.]*$/i;
const HUMAN =
  /\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a|an|someone|somebody|a real|real)?\s*(?:human|person|agent|representative|rep|someone|somebody|people)\b|\breal person\b|\bhuman agent\b/i;

export type SmallTalk = "greeting" | "thanks" | "human";

/** Small talk is short; a longer message is a question (and the patterns below see only a bounded input). */
const SMALL_TALK_MAX_LENGTH = 200;

export function smallTalk(question: string): SmallTalk | null {
  const q = question.trim();
  if (q.length > SMALL_TALK_MAX_LENGTH) return null;
  if (HUMAN.test(q)) return "human";
  if (GREETING.test(q)) return "greeting";
  if (THANKS.test(q)) return "thanks";
  return null;
}

/** Questions are checked for these only up to this length (the patterns see a bounded input). */
const LINE_CHECK_MAX_LENGTH = 400;

/**
 * The line of insurance the agency does not write that the question asks about ("do you sell life
 * insurance"), or null: also null when the question names one of the agency's own lines ("do my tenants
 * need renters insurance" is a landlord's question).
 */
export function lineWeDoNotWrite(question: string): string | null {
  if (question.length > LINE_CHECK_MAX_LENGTH) return null;
  const q = normalise(question);
  const line = linesWeDoNotWrite.find((l) => l.pattern.test(q));
  if (!line) return null;
  if (analyse(question).terms.some((t) => ownLineConcepts.has(t))) return null;
  return line.name;
}

/** Letters of scripts other than Latin (Cyrillic, Greek, Arabic, Hebrew, the CJK and Indic scripts, Hangul, Thai ...). */
const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/**
 * Whether the question is written in another language than English: mostly letters of another script,
 * or at least two everyday words of one of the languages in app/content/chat-vocabulary.ts with fewer
 * English words (stop words and words of the site's own text, `known`) than foreign ones.
 */
export function isOtherLanguage(question: string, known: (term: string) => boolean): boolean {
  const text = question.slice(0, LINE_CHECK_MAX_LENGTH);
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  const other = (text.match(LETTER)?.length ?? 0) - latin;
  if (other > 0 && other >= latin) return true;
  const words = normalise(text)
    .replace(/[^a-z]+/g, " ")
    .split(" ")
    .filter((w) => w.length >= 2);
  if (words.length < 2) return false;
  let english = 0;
  for (const w of words) if (STOPWORDS.has(w) || known(stem(w))) english++;
  return Object.values(otherLanguageWords).some((vocabulary) => {
    const foreign = words.filter((w) => vocabulary.has(w) && !STOPWORDS.has(w)).length;
    return foreign >= 2 && foreign > english;
  });
}

const STATE_CONTEXT =
  /\b(?:licen[cs]ed?|licen[cs]es?|operate|operating|write|writing|do business|available|serve|service|offer|insure|cover|work)\b/i;

/** "Are you licensed in Ohio?" -> a yes or no from the site's licensed-state list; null when no state is named. */
export function stateLicensingAnswer(question: string, site: SiteFacts): string | null {
  if (!STATE_CONTEXT.test(question)) return null;
  const text = ` ${question
    .toLowerCase()
    .replace(/[^a-z ]+/g, " ")
    .replace(/\s+/g, " ")} `;
  const named: string[] = usStates.filter((state) => text.includes(` ${state.toLowerCase()} `));
  // "West Virginia" also contains "Virginia".
  const states = named.filter((s) => !named.some((other) => other !== s && other.toLowerCase().includes(s.toLowerCase())));
  if (states.length === 0) return null;
  const { licensedStates, licensedStateCount, residentState } = site;
  const licensed = states.filter((s) => licensedStates.includes(s));
  const not = states.filter((s) => !licensedStates.includes(s));
  const list = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);
  const parts: string[] = [];
  if (licensed.length) {
    const resident = licensed.includes(residentState) ? ` (${residentState} is our resident license)` : "";
    parts.push(
      `Yes, ${list(licensed)} ${licensed.length === 1 ? "is" : "are"} among the ${licensedStateCount} states we're licensed in${resident}, so we can write coverage there.`,
    );
  }
  if (not.length) {
    parts.push(
      `We're not licensed in ${list(not)}. We write coverage in ${licensedStateCount} states: ${list(licensedStates)}. A licensed agent at ${site.agency.phone.primary.display} can tell you what we can do for operations that reach other states.`,
    );
  }
  return parts.join(" ");
}

// ---- summary ----

/** The offline summary: who the visitor is and the last questions they asked (no model needed). */
export function offlineSummary(visitor: { name: string; insuranceType: string }, userMessages: string[]): string {
  const clip = (s: string) => {
    const one = s.replace(/\s+/g, " ").trim();
    return one.length > 120 ? `${one.slice(0, 117).trimEnd()}...` : one;
  };
  const recent = userMessages.slice(-3).map((m) => `"${clip(m)}"`);
  const asked = recent.length ? ` Recent questions: ${recent.join("; ")}.` : "";
  return `${visitor.name} asked about ${visitor.insuranceType === "Other" ? "insurance" : visitor.insuranceType} in ${userMessages.length} message${userMessages.length === 1 ? "" : "s"}.${asked}`;
}

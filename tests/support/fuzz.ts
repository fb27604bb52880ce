/**
 * What the property-based fuzz suite (tests/integration/fuzz.test.ts) sends and how it reads the
 * answers: a raw HTTP client (paths, headers and bodies go out byte for byte, unlike fetch, which
 * normalises them), arbitraries for hostile input, and the checks every answer must pass.
 *
 * Large or deep values are generated as small recipes (Big, Raw) that fast-check prints by name,
 * so a counterexample stays readable instead of holding 100 KB of text.
 */
import { type IncomingHttpHeaders, request } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";

// ---- the run's settings ----

const intSetting = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
};

/** The seed every property starts from: fixed, so a failure replays; FUZZ_SEED picks another. */
export const FUZZ_SEED = intSetting("FUZZ_SEED", 20_250_607);
/** Cases per property; FUZZ_RUNS raises it for a deeper search. */
export const FUZZ_RUNS = intSetting("FUZZ_RUNS", 100);
/** Longest acceptable answer time of one request, in milliseconds (FUZZ_BUDGET_MS). */
export const FUZZ_BUDGET_MS = intSetting("FUZZ_BUDGET_MS", 500);
/** A request still unanswered after this long is a hang. */
const HANG_MS = 10_000;

/** fast-check's parameters: the seed, the runs, and FUZZ_PATH to replay one reported failure. */
export const fuzzParameters = (): fc.Parameters<unknown> => ({
  seed: FUZZ_SEED,
  numRuns: FUZZ_RUNS,
  // Shrinking replays requests; past this it reports the smallest failing case found so far (a
  // property that passes runs well within it: about 2 s on this machine when idle).
  interruptAfterTimeLimit: 60_000,
  ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
});

// ---- recipes for values too large to print ----

/** A long string: `unit` repeated to `length` characters. */
export class Big {
  constructor(
    readonly unit: string,
    readonly length: number,
  ) {}
  get text(): string {
    return this.unit.repeat(Math.ceil(this.length / this.unit.length));
  }
  [fc.toStringMethod]() {
    return `Big(${JSON.stringify(this.unit)} x ${this.length})`;
  }
}

/** JSON text placed as it is (deep nesting, odd literals, special keys), printed by its label. */
export class Raw {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return `Raw(${this.label})`;
  }
}

/** An object written entry by entry: duplicate keys stay duplicated. */
export class Entries {
  constructor(readonly entries: [string, unknown][]) {}
  [fc.toStringMethod]() {
    return `Entries(${fc.stringify(this.entries)})`;
  }
}

/** JSON text of a generated value (Big, Raw and Entries included). */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Big) return JSON.stringify(value.text);
  if (value instanceof Entries) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") return jsonText(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? "null";
}

// ---- hostile text ----

/** Strings that break naive code: unicode edge cases, control characters, injection classics. */
export const EDGE_STRINGS = [
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "a\uDC00b",
  "\u202E", // right-to-left override
  "\u202Dabc\u202C",
  "\u2066\u2069",
  "\u200D", // zero-width joiner
  "\u200B",
  "\uFEFF",
  "e\u0301\u0301\u0301\u0301",
  "Z\u0351\u0352\u0357\u035B\u0346a\u0336l\u0334g\u0338o",
  "\u0000",
  "a\u0000b",
  "\r\n",
  "\r",
  "\n\n\n",
  "\t",
  "\u0007\u0008\u001B[31m",
  "\u007F\u0085\u009F",
  "\u2028\u2029",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "\u{1F600}",
  "\u{10FFFF}",
  "\uFFFD\uFFFE\uFFFF",
  "İıß\uFB00",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; drop table leads; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}{{7*7}}#{7*7}",
  "%s%n%x%d",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%2e%2e%2f",
  "\\",
  '"',
  "''",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "[object Object]",
  "__proto__",
  "constructor",
  " ",
  "",
];

const edgeString = fc.constantFrom(...EDGE_STRINGS);
/** Any UTF-16 code units, lone surrogates and control characters included. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 30 });
/** A mix of the above with ordinary and full-unicode text. */
export const hostileText = fc
  .array(fc.oneof(edgeString, codeUnits, fc.string({ unit: "binary", maxLength: 20 }), fc.string({ maxLength: 20 })), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(""));

/** Long strings, up to and over the 100 KB JSON body limit. */
export const bigText = fc
  .record({
    unit: fc.constantFrom("a", "é", "😀", "\u0000", " ", "a@b.", "1", "<b>x</b>", "\uD800", "ab\u0301", "-", "\u202E"),
    length: fc.constantFrom(201, 2_001, 5_001, 20_000, 60_000, 99_000, 100_000, 150_000),
  })
  .map(({ unit, length }) => new Big(unit, length));

/** Values whose shape alone trips careless code: deep nesting, special keys, odd numbers, long arrays. */
export const trickyJson = fc.oneof(
  fc.constantFrom(
    new Raw("[".repeat(10_000) + "]".repeat(10_000), "10,000 nested arrays"),
    new Raw(`${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`, "5,000 nested objects"),
    new Raw(`${"[".repeat(200)}"x"${"]".repeat(200)}`, "200 nested arrays around a string"),
    new Raw('{"toString":1}', "object whose toString is a number"),
    new Raw('{"toString":{},"valueOf":{}}', "object without a usable toString or valueOf"),
    new Raw('{"__proto__":{"isAdmin":true,"toString":1}}', "__proto__ key"),
    new Raw('{"constructor":{"prototype":{"isAdmin":true}}}', "constructor.prototype key"),
    new Raw('{"length":1e9}', "object with a length"),
    new Raw("1e999", "a number too large for a double"),
    new Raw("-0", "minus zero"),
    new Raw("123456789012345678901234567890", "an integer past 2^53"),
    new Raw("0.000000000000000000000000000001", "a tiny number"),
    new Raw('"\\ud800"', "an escaped lone surrogate"),
    new Raw('"\\u0000"', "an escaped NUL"),
    new Raw("[null]", "[null]"),
    new Raw("{}", "{}"),
    new Raw("[]", "[]"),
  ),
  fc.integer({ min: 1_000, max: 30_000 }).map((n) => new Raw(`[${Array(n).fill('"a"').join(",")}]`, `an array of ${n} strings`)),
);

/** Any JSON value of any type, wrong types for every field included. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom("", " ", "true", "false", "null", "0", "Yes", "No", "on", "[]", "{}"),
    hostileText,
    bigText,
    trickyJson,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), edgeString), tie("value"), { maxKeys: 4 }),
  ),
})).value;

// ---- request bodies ----

const fieldOp = (keys: string[], textKeys: string[]) =>
  fc.oneof(
    // The field's own valid text with an edge case inside it: it passes the length and format
    // rules, so the edge case travels on to storage, mail and the back office.
    ...(textKeys.length
      ? [
          {
            weight: 4,
            arbitrary: fc.record({
              op: fc.constant("inject" as const),
              key: fc.constantFrom(...textKeys),
              edge: edgeString,
              at: fc.double({ min: 0, max: 1, noNaN: true }),
            }),
          },
        ]
      : []),
    { weight: 6, arbitrary: fc.record({ op: fc.constant("set" as const), key: fc.constantFrom(...keys), value: anyValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant("set" as const),
        key: fc.constantFrom("extra", "__proto__", "constructor", "toString", "", "website", "_id", "id", "status"),
        value: anyValue,
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), key: fc.constantFrom(...keys) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("duplicate" as const), key: fc.constantFrom(...keys), value: anyValue }) },
  );

/**
 * A valid body with one to four fields replaced by values of any type, deleted, duplicated, or
 * given an edge case inside their valid text.
 */
export function mutatedBody(template: Record<string, unknown>): fc.Arbitrary<Entries> {
  const keys = Object.keys(template);
  const textKeys = keys.filter((k) => typeof template[k] === "string" && template[k] !== "");
  return fc.array(fieldOp(keys, textKeys), { minLength: 1, maxLength: 4 }).map((ops) => {
    let entries: [string, unknown][] = Object.entries(template);
    for (const change of ops) {
      if (change.op === "inject") {
        entries = entries.map(([k, v]): [string, unknown] => {
          if (k !== change.key || typeof v !== "string") return [k, v];
          const at = Math.floor(v.length * change.at);
          return [k, v.slice(0, at) + change.edge + v.slice(at)];
        });
      } else if (change.op === "delete") entries = entries.filter(([k]) => k !== change.key);
      else if (change.op === "duplicate") entries.push([change.key, change.value]);
      else {
        const at = entries.findIndex(([k]) => k === change.key);
        if (at >= 0) entries[at] = [change.key, change.value];
        else entries.push([change.key, change.value]);
      }
    }
    return new Entries(entries);
  });
}

/** Ways to break JSON text: cut it, add to it, wrap it. */
const breakage = fc.oneof(
  fc
    .double({ min: 0, max: 0.999, noNaN: true })
    .map((at) => ({ label: `truncated at ${Math.round(at * 100)}%`, apply: (t: string) => t.slice(0, Math.floor(t.length * at)) })),
  fc
    .constantFrom("}", "]", ",", "garbage", '{"a":1}', "\u0000", "\uFEFF", "//", "/* */", "NaN", "\n\n{", "undefined")
    .map((tail) => ({ label: `trailing ${JSON.stringify(tail)}`, apply: (t: string) => t + tail })),
  fc.constant({ label: "byte order mark", apply: (t: string) => `\uFEFF${t}` }),
  fc.constant({ label: "single quotes", apply: (t: string) => t.replaceAll('"', "'") }),
  fc.constant({ label: "unquoted keys", apply: (t: string) => t.replace(/"(\w+)":/g, "$1:") }),
  fc.constant({ label: "trailing comma", apply: (t: string) => t.replace(/}$/, ",}") }),
  fc.constant({ label: "JSONP", apply: (t: string) => `callback(${t})` }),
);

export type Body = { text: string | Buffer; label: string };

/** Bodies for a JSON endpoint whose valid body is `template`. */
export function jsonBodies(template: Record<string, unknown>): fc.Arbitrary<Body> {
  const valid = jsonText(template);
  return fc.oneof(
    { weight: 8, arbitrary: mutatedBody(template).map((e) => ({ text: jsonText(e), label: fc.stringify(e) })) },
    { weight: 2, arbitrary: anyValue.map((v) => ({ text: jsonText(v), label: `top-level ${fc.stringify(v)}` })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(new Entries(Object.entries(template))), mutatedBody(template)), breakage)
        .map(([e, b]) => ({ text: b.apply(jsonText(e)), label: `${b.label}: ${fc.stringify(e)}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("", " ", "null", "true", "0", '""', "[]", "{", "}", "{}", "\uFEFF{}", '{"a":1,"a":2}', "{,}", "[1,]")
        .map((text) => ({ text, label: `literal ${JSON.stringify(text)}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 300 })
        .map((bytes) => ({ text: Buffer.from(bytes), label: `bytes ${Buffer.from(bytes).toString("hex").slice(0, 120)}` })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        text: new URLSearchParams(Object.entries(template).map(([k, v]) => [k, String(v)])).toString(),
        label: "the body form-encoded",
      }),
    },
    { weight: 1, arbitrary: fc.constant({ text: valid, label: "the valid body" }) },
  );
}

/** Edge cases a lenient text rule lets through and storage, mail or display must still cope with. */
export const STORAGE_EDGES = ["\uD800", "\uDC00", "\u0000", "\u202E", "👩‍👩‍👧‍👦", "e\u0301\u0301\u0301", "\u2028"];
/** Text fields of one body given each storage edge (the first ones: long forms repeat the same rules). */
const EDGE_FIELDS_PER_BODY = 12;

/**
 * Cases run before the random ones, so the classic failures are always tried: each storage edge
 * inside each text field of the valid body, and every field at once as a 10,000-deep array or as
 * an object without a usable toString (code that calls String() on a field fails on either).
 */
export function edgeBodies(template: Record<string, unknown>): Body[] {
  const bodies: Body[] = [];
  const entries = Object.entries(template);
  const textFields = entries.filter(([, v]) => typeof v === "string" && v !== "").slice(0, EDGE_FIELDS_PER_BODY);
  for (const [key, value] of textFields as [string, string][]) {
    for (const edge of STORAGE_EDGES) {
      const body = new Entries(
        entries.map(([k, v]): [string, unknown] => (k === key ? [k, `${value.slice(0, 3)}${edge}${value.slice(3)}`] : [k, v])),
      );
      bodies.push({ text: jsonText(body), label: fc.stringify(body) });
    }
  }
  for (const odd of [
    new Raw("[".repeat(10_000) + "]".repeat(10_000), "10,000 nested arrays"),
    new Raw('{"toString":1,"valueOf":{}}', "no usable toString"),
  ]) {
    const body = new Entries(entries.map(([k]): [string, unknown] => [k, odd]));
    bodies.push({ text: jsonText(body), label: `every field ${odd.label}` });
  }
  return bodies;
}

/** Content-Type headers: mostly JSON, sometimes wrong, odd or absent. */
export const jsonContentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "application/json; charset=utf-16",
      "application/json;;;",
      "application/jsonp",
      "application/json, text/plain",
      "text/plain",
      "text/html",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/xml",
      "*/*",
      "",
      "\u00e9/\u00e9",
      undefined,
    ),
  },
);

/** Origin, Sec-Fetch-Site, X-Forwarded-For and User-Agent, usually absent, sometimes hostile. */
export const clientHeaders = fc.record(
  {
    origin: fc.constantFrom("null", "https://evil.example", "http://127.0.0.1", "garbage", "http://[::1", "file://"),
    "sec-fetch-site": fc.constantFrom("cross-site", "same-origin", "none", "\u00ff"),
    "x-forwarded-for": fc.constantFrom("", ",,,", "1.2.3.4, 5.6.7.8", "not an ip", "::1", "a".repeat(1000), "999.999.999.999", "\u00e9"),
    "user-agent": fc.constantFrom("", "a".repeat(2000), "\u00e9\u00ff", "<script>", "Mozilla/5.0"),
    referer: fc.constantFrom("javascript:alert(1)", "http://x", "", "a".repeat(3000)),
    "accept-encoding": fc.constantFrom("gzip", "br", "identity;q=0", "*"),
  },
  { requiredKeys: [] },
);

// ---- paths and query strings ----

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;

/** Percent-encodes everything but unreserved characters (lone surrogates go out as U+FFFD, as a browser sends them). */
export function encodeLoose(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : hex(byte);
  }
  return out;
}

/** Path segments with tricks in them, already in the form they take in a URL. */
export function idSegments(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "..%2F..%2Fetc%2Fpasswd",
        "..%2f..%2f..%2fetc%2fpasswd",
        "%2e%2e%2f%2e%2e%2f",
        "..%5C..%5Cwindows",
        "%00",
        "abc%00def",
        "%",
        "%zz",
        "%E0%A4%A",
        "%ED%A0%80", // an encoded lone surrogate: not UTF-8
        "%C0%AE%C0%AE%2F", // overlong dots
        "%FF%FE",
        "%EF%BF%BF",
        "%0D%0ASet-Cookie:%20x=1",
        "%22%3E%3Cscript%3E",
        "'%20OR%201=1",
        ";",
        "null",
        "undefined",
        "0",
        "-1",
        "1e309",
        "NaN",
        "%5Bobject%20Object%5D",
        "%20",
        "%09",
        "000000000000000000000000",
        "507f1f77bcf86cd799439011",
        "00000000-0000-0000-0000-000000000000",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        "{00000000-0000-0000-0000-000000000000}",
        "00000000000000000000000000000000",
        "export.csv",
        "admin",
        "__proto__",
        "constructor",
      ),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileText.map(encodeLoose) },
    { weight: 1, arbitrary: fc.integer({ min: 201, max: 6_000 }).map((n) => "a".repeat(n)) },
    ...(realIds.length
      ? [
          {
            weight: 2,
            arbitrary: fc
              .tuple(fc.constantFrom(...realIds), fc.constantFrom("", "%00", "%20", "x", ".", "%2F..", "%0A", "A", "-", "~"))
              .map(([id, tail]) => (tail === "A" ? id.toUpperCase() : id + tail)),
          },
        ]
      : []),
  );
}

const queryKey = fc.constantFrom(
  "q",
  "tag",
  "search",
  "page",
  "limit",
  "status",
  "id",
  "sort",
  "cursor",
  "q[]",
  "tag[0]",
  "__proto__",
  "",
  "%00",
  "%zz",
  "utm_source",
);
const queryValue = fc.oneof(
  hostileText.map(encodeLoose),
  fc.constantFrom("", "%", "%zz", "%ED%A0%80", "%00", "+", "a+b", "-1", "1e309", "999999999999999999999", "true", "%5B%5D"),
  fc.integer({ min: 1, max: 3_000 }).map((n) => "x".repeat(n)),
);

/** A query string, parameters repeated as often as not; "" for none. */
export const queryStrings = fc.oneof(
  { weight: 1, arbitrary: fc.constant("") },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(queryKey, fc.option(queryValue, { nil: undefined })), { minLength: 1, maxLength: 8 })
      .map((pairs) => `?${pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join("&")}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("?", "?&&&", "?==", "?=x", "?q", "?q=1&q=2&q=3&tag=a&tag=b", "?%", "?&q=%E0%A4%A&tag=%00") },
);

// ---- multipart bodies for /api/uploads ----

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

type Part = { name?: string; filename?: string; type?: string; data: Buffer };

const partData = fc.oneof(
  fc.constantFrom(PDF, PNG, JPEG, Buffer.alloc(0), Buffer.from("<html><script>alert(1)</script></html>"), Buffer.from("%PDF")),
  fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b)),
);

function parts(slots: readonly string[]): fc.Arbitrary<Part[]> {
  const slotPart = fc
    .oneof(
      fc.constantFrom(...slots),
      hostileText,
      fc.integer({ min: 100, max: 4_000 }).map((n) => "s".repeat(n)),
    )
    .map((value): Part => ({ name: "slot", data: Buffer.from(value) }));
  const filePart = fc
    .record({
      name: fc.oneof(
        { weight: 4, arbitrary: fc.constant("file") },
        { weight: 1, arbitrary: fc.constantFrom("files", "File", "file[]", "", "upload", "slot", "document", "fi\u0000le") },
      ),
      filename: fc.option(
        fc.oneof(
          fc.constantFrom(
            "loss-runs.pdf",
            "../../etc/passwd",
            "..\\..\\boot.ini",
            "a\u0000b.pdf",
            "",
            ".htaccess",
            "CON",
            "%2e%2e%2f.pdf",
            "x.pdf.exe",
          ),
          hostileText,
          fc.integer({ min: 200, max: 3_000 }).map((n) => `${"n".repeat(n)}.pdf`),
        ),
        { nil: undefined },
      ),
      type: fc.option(fc.constantFrom("application/pdf", "image/png", "text/html", "application/x-msdownload", "", "\u00e9"), {
        nil: undefined,
      }),
      data: partData,
    })
    .map((p): Part => p);
  const oddPart = fc.record({ data: partData }).map((p): Part => p); // no name at all
  return fc.array(fc.oneof({ weight: 3, arbitrary: slotPart }, { weight: 4, arbitrary: filePart }, { weight: 1, arbitrary: oddPart }), {
    maxLength: 4,
  });
}

/** Multipart uploads, well formed or not: boundaries missing or wrong, parts truncated, no file, several files. */
export function uploadRequests(slots: readonly string[]): fc.Arbitrary<{ contentType: string | undefined; body: Buffer; label: string }> {
  return fc
    .record({
      boundary: fc.constantFrom("fuzzboundary", "x", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "a".repeat(70), "a b", "\u00e9"),
      header: fc.constantFrom("ok", "ok", "ok", "quoted", "none", "empty", "other", "mixed", "json", "absent", "bare", "long"),
      parts: parts(slots),
      closing: fc.constantFrom("ok", "ok", "missing", "no-crlf"),
      truncate: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined, freq: 4 }),
      preamble: fc.constantFrom("", "", "garbage before\r\n", "\r\n\r\n"),
    })
    .map(({ boundary, header, parts, closing, truncate, preamble }) => {
      const chunks: Buffer[] = [Buffer.from(preamble)];
      for (const p of parts) {
        let disposition = "Content-Disposition: form-data";
        if (p.name !== undefined) disposition += `; name="${p.name}"`;
        if (p.filename !== undefined) disposition += `; filename="${p.filename}"`;
        chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n${p.type !== undefined ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
        chunks.push(p.data, Buffer.from("\r\n"));
      }
      if (closing === "ok") chunks.push(Buffer.from(`--${boundary}--\r\n`));
      if (closing === "no-crlf") chunks.push(Buffer.from(`--${boundary}--`));
      let body = Buffer.concat(chunks);
      if (truncate !== undefined) body = body.subarray(0, Math.floor(body.length * truncate));
      const contentType = {
        ok: `multipart/form-data; boundary=${boundary}`,
        quoted: `multipart/form-data; boundary="${boundary}"`,
        none: "multipart/form-data",
        empty: "multipart/form-data; boundary=",
        other: "multipart/form-data; boundary=somethingelse",
        mixed: `multipart/mixed; boundary=${boundary}`,
        json: "application/json",
        absent: undefined,
        bare: `multipart/form-data;boundary=${boundary};charset=utf-16`,
        long: `multipart/form-data; boundary=${"b".repeat(200)}`,
      }[header];
      const described = parts.map(
        (p) =>
          `${p.name ?? "(no name)"}${p.filename !== undefined ? `[${JSON.stringify(p.filename.slice(0, 40))}]` : ""}:${p.data.length}B`,
      );
      return {
        contentType: contentType === undefined ? undefined : Buffer.from(contentType, "utf8").toString("latin1"),
        body,
        label: `${header} header, parts ${described.join(" ")}, closing ${closing}${truncate !== undefined ? `, cut at ${Math.round(truncate * 100)}%` : ""}`,
      };
    });
}

/** Cookie headers of a visitor who is not signed in: none, garbage, forged or oversized session tokens. */
export const strangerCookies = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(
      fc.constantFrom("admin_session", "__Host-admin_session", "admin_session ", "ADMIN_SESSION"),
      fc.oneof(
        fc.constantFrom("", "null", "undefined", "%", "%E0%A4%A", "%00", "a;b", '"quoted"', "\u00e9\u00ff", "0".repeat(64), "f".repeat(43)),
        fc
          .string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((n) => String.fromCharCode(n)), maxLength: 80 })
          .filter((s) => !s.includes(";")),
        fc.integer({ min: 100, max: 4_000 }).map((n) => "t".repeat(n)),
      ),
    )
    .map(([name, value]) => `${name}=${value}`),
  fc.constantFrom("admin_session=a; admin_session=b", "=; ;;", "a=1; admin_session", "admin_session=x; __Host-admin_session=y"),
);

// ---- the raw client ----

export type Sent = { method: string; path: string; headers?: Record<string, string | undefined>; body?: string | Buffer };
/** `headBytes`: the size of the request line and headers as sent. */
export type Answer = { status: number; headers: IncomingHttpHeaders; text: string; ms: number; headBytes: number };

/**
 * Node's HTTP parser refuses a request whose line and headers pass 16 KB (--max-http-header-size)
 * with a bare 431 before any application code runs; only such a request may get that answer.
 */
const MAX_HEAD_BYTES = 16 * 1024;

/** The body as sent, before the Content-Encoding the server applied (the fuzz may ask for one). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || body.length === 0) return body;
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "deflate") return inflateSync(body);
  throw new Error(`unknown Content-Encoding ${encoding}`);
}

/**
 * Sends the request; when the answer is over the time budget, sends it once more and keeps the faster
 * answer, so a pause of a busy machine is not taken for slow code (slow code is slow twice).
 */
export async function sendTimed(base: string, sent: Sent): Promise<Answer> {
  const first = await send(base, sent);
  if (first.ms <= FUZZ_BUDGET_MS) return first;
  const second = await send(base, sent);
  return second.ms < first.ms ? second : first;
}

/**
 * Sends exactly this request (no path normalisation, no added headers but Host and Content-Length),
 * on a connection of its own: a connection the server dropped shows up as an error of this request.
 */
export function send(base: string, sent: Sent): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent.headers ?? {})) if (value !== undefined) headers[name] = value;
  const body = sent.body === undefined ? undefined : Buffer.isBuffer(sent.body) ? sent.body : Buffer.from(sent.body, "utf8");
  if (body !== undefined) headers["content-length"] = String(body.length);
  const headBytes =
    Buffer.byteLength(`${sent.method} ${sent.path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n`) +
    Object.entries(headers).reduce((n, [name, value]) => n + Buffer.byteLength(`${name}: ${value}\r\n`, "latin1"), 0);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: url.hostname, port: url.port, method: sent.method, path: sent.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const ms = performance.now() - started;
        try {
          const text = decoded(Buffer.concat(chunks), res.headers["content-encoding"]).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms, headBytes });
        } catch (error) {
          reject(new Error(`the ${res.headers["content-encoding"]} body of a ${res.statusCode} answer does not decode: ${error}`));
        }
      });
      res.on("error", reject);
    });
    req.setTimeout(HANG_MS, () => req.destroy(new Error(`no answer within ${HANG_MS} ms: the server hangs`)));
    req.on("error", reject);
    req.end(body);
  });
}

// ---- the checks ----

/** The slowest answers seen, for the suite's closing report. */
export class Timings {
  private readonly worst: { ms: number; what: string }[] = [];
  record(ms: number, what: string) {
    this.worst.push({ ms, what });
    this.worst.sort((a, b) => b.ms - a.ms);
    this.worst.length = Math.min(this.worst.length, 5);
  }
  report(): string {
    return this.worst.map((w) => `${w.ms.toFixed(0)} ms  ${w.what}`).join("\n");
  }
}

/** What a request was, short enough to read in a failure message. */
export function describeRequest(sent: Sent, label = ""): string {
  const path = sent.path.length > 160 ? `${sent.path.slice(0, 160)}... (${sent.path.length} chars)` : sent.path;
  const type = sent.headers?.["content-type"];
  const short = label.length > 300 ? `${label.slice(0, 300)}...` : label;
  return `${sent.method} ${path}${type !== undefined ? ` [${type}]` : ""}${short ? ` ${short}` : ""}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A stack frame ("at fn (file:1:2)"), a source position, or the server's own folder. */
const STACK_TRACE = new RegExp(`\\n\\s+at \\S.*:\\d+:\\d+|\\.[cm]?[jt]sx?:\\d+:\\d+|node_modules[\\\\/]|${escapeRegExp(process.cwd())}`);

export class FuzzFailure extends Error {}

function fail(what: string, problem: string, answer: Answer): never {
  throw new FuzzFailure(`${problem}\n  request: ${what}\n  answer: ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** Whether this is Node's own answer to an oversized request head (see MAX_HEAD_BYTES). */
export const headTooLarge = (answer: Answer) => answer.status === 431 && answer.headBytes > MAX_HEAD_BYTES - 512;

/** No 5xx, no stack trace, within the time budget. */
export function checkAnyAnswer(what: string, answer: Answer, timings: Timings) {
  timings.record(answer.ms, `${answer.status} ${what.slice(0, 200)}`);
  if (answer.status >= 500) fail(what, `answered ${answer.status}`, answer);
  if (STACK_TRACE.test(answer.text)) fail(what, "the answer shows a stack trace or a file path", answer);
  if (answer.ms > FUZZ_BUDGET_MS) fail(what, `answered in ${answer.ms.toFixed(0)} ms, over the ${FUZZ_BUDGET_MS} ms budget`, answer);
}

/** An /api answer: the checks above, a status from `allowed`, JSON, and errors as { success: false, message }. */
export function checkApiAnswer(what: string, answer: Answer, allowed: readonly number[], timings: Timings, { head = false } = {}) {
  checkAnyAnswer(what, answer, timings);
  if (headTooLarge(answer)) return;
  if (!allowed.includes(answer.status)) fail(what, `status ${answer.status} is not one of ${allowed.join(", ")}`, answer);
  if (head) return;
  if (!/^application\/json\b/.test(String(answer.headers["content-type"] ?? ""))) {
    fail(what, `answered ${answer.headers["content-type"] ?? "no content type"}, not JSON`, answer);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    fail(what, "the answer is not valid JSON", answer);
  }
  if (answer.status >= 400) {
    const error = body as { success?: unknown; message?: unknown; errors?: unknown };
    if (
      error === null ||
      typeof error !== "object" ||
      error.success !== false ||
      typeof error.message !== "string" ||
      error.message === ""
    ) {
      fail(what, "an error answer without { success: false, message }", answer);
    }
    if (error.errors !== undefined && (error.errors === null || typeof error.errors !== "object" || Array.isArray(error.errors))) {
      fail(what, "errors is not an object of per-field messages", answer);
    }
  }
}

/**
 * The server's logger (pino). Production and tests write one JSON object per line to stdout; development
 * (`npm run dev`) prints pino-pretty's readable lines when that package (a devDependency) is installed, and JSON
 * lines when it is not, so a production install never needs it.
 *
 * Every line is cleaned before it is written, whatever the call site passed and at any depth (arrays, nested
 * objects, errors and their causes included), so a careless field cannot leak:
 * - secrets become "[redacted]": any key naming a password, secret, token, API key, cookie, authorization
 *   header or credentials (matched case-insensitively, ignoring "-" and "_": accessToken, x-api-key, set-cookie);
 * - a chat session id is removed (sessionId, chat_session_id, or the id of a `session` object): it is the only
 *   key to a visitor's transcript;
 * - email addresses are masked at every level, keeping the first character and the domain
 *   (dana@whitfield-roofing.example -> d***@whitfield-roofing.example), in any string of the fields, in values
 *   interpolated into the message and in a message taken from an error; the agency's own addresses
 *   (`visibleEmails`) stay readable. A value under an email key (email, contactEmail) is masked even when it does
 *   not look like an address, and a recipient field (to, from, replyTo, cc, address) keeps only its masked
 *   addresses, not the display name. A message written at the call site is the code's own constant text and is
 *   kept as written: visitor data goes in fields.
 * Request ids, levels, messages and error types, messages and stacks are kept.
 */
import { createRequire } from "node:module";
import pino, { type DestinationStream, type LogFn } from "pino";
import type { PrettyOptions } from "pino-pretty";

export type Logger = pino.Logger;
export type LogEnvironment = "development" | "production" | "test";

export type LoggerOptions = {
  /** Which output to use: pretty in development (when pino-pretty is installed), JSON lines otherwise. */
  environment?: LogEnvironment;
  /** Where lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
  /** The agency's own addresses (its inbox, the sender), left unmasked; entries may carry a display name. */
  visibleEmails?: readonly (string | undefined)[];
};

export const REDACTED = "[redacted]";
/** pino's level of warnings: they and errors reach a buffered output at once. */
const WRITTEN_AT_ONCE = 40;

// ---- what a key says about its value ----

/** Normalised key (lower case, letters and digits only) -> how its value is treated. */
type KeyKind = "plain" | "secret" | "drop" | "session" | "email" | "recipient";

const SECRET_KEY =
  /password|passwd|passphrase|secret|cookie|authorization|credential|apikey|privatekey|accesskey|aikey$|token$|tokenhash$|signature$|^pass$|^pwd$|^auth$/;
const RECIPIENT_KEYS = new Set([
  "to",
  "from",
  "replyto",
  "cc",
  "bcc",
  "address",
  "toaddress",
  "fromaddress",
  "recipient",
  "recipients",
  "sender",
]);

const keyKinds = new Map<string, KeyKind>();
const KEY_CACHE_LIMIT = 2000;

function keyKind(key: string): KeyKind {
  let kind = keyKinds.get(key);
  if (kind) return kind;
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (k.endsWith("sessionid")) kind = "drop";
  else if (SECRET_KEY.test(k)) kind = "secret";
  else if (k.endsWith("session") || k.endsWith("sessions")) kind = "session";
  else if (k.endsWith("email") || k.endsWith("emails") || k.endsWith("emailaddress")) kind = "email";
  else if (RECIPIENT_KEYS.has(k)) kind = "recipient";
  else kind = "plain";
  if (keyKinds.size < KEY_CACHE_LIMIT) keyKinds.set(key, kind);
  return kind;
}

// ---- email addresses ----

/** A character of an address's local part (ASCII letters, digits, . _ % + - and any non-ASCII letter). */
function isLocalChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 46 ||
    code === 95 ||
    code === 37 ||
    code === 43 ||
    code === 45 ||
    code > 127
  );
}

function isDomainChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 46 || code === 45 || code > 127
  );
}

type Found = { start: number; end: number; local: string; domain: string };

/**
 * Every address in `text`, with "@" or its URL-encoded form "%40" (a path such as /conversations/dana%40x.example).
 * One pass: each scan stops at the previous "@" backwards and the next one forwards, so the work is linear.
 */
function findEmails(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  let floor = 0;
  while (from < text.length) {
    const plain = text.indexOf("@", from);
    const encoded = text.indexOf("%40", from);
    const at = plain < 0 ? encoded : encoded < 0 ? plain : Math.min(plain, encoded);
    if (at < 0) break;
    const sepEnd = at === encoded ? at + 3 : at + 1;
    let start = at;
    while (start > floor && isLocalChar(text.charCodeAt(start - 1))) start--;
    let end = sepEnd;
    while (end < text.length && isDomainChar(text.charCodeAt(end))) end++;
    while (end > sepEnd && (text[end - 1] === "." || text[end - 1] === "-")) end--;
    const domain = text.slice(sepEnd, end);
    const dot = domain.indexOf(".");
    if (start < at && dot > 0 && dot < domain.length - 1) {
      found.push({ start, end, local: text.slice(start, at), domain });
      floor = end;
      from = end;
    } else {
      from = sepEnd;
    }
  }
  return found;
}

function maskedEmail(e: Found): string {
  return `${String.fromCodePoint(e.local.codePointAt(0) ?? 42)}***@${e.domain}`;
}

/** The agency's own addresses (lower case), left readable. */
type Cleaner = { visible: ReadonlySet<string> };

function isVisible(e: Found, ctx: Cleaner): boolean {
  return ctx.visible.size > 0 && ctx.visible.has(`${e.local}@${e.domain}`.toLowerCase());
}

/** `text` with each address's local part masked (the agency's own addresses left as they are). */
function maskEmails(text: string, ctx: Cleaner): string {
  if (!text.includes("@") && !text.includes("%40")) return text;
  const found = findEmails(text);
  if (found.length === 0) return text;
  let out = "";
  let last = 0;
  for (const e of found) {
    if (isVisible(e, ctx)) continue;
    out += text.slice(last, e.start) + maskedEmail(e);
    last = e.end;
  }
  return out + text.slice(last);
}

/** A recipient field keeps only its (masked) addresses: "Dana W <dana@x.example>" -> "d***@x.example". */
function maskRecipient(text: string, ctx: Cleaner): string {
  const found = findEmails(text);
  if (found.length === 0) return text;
  return found.map((e) => (isVisible(e, ctx) ? `${e.local}@${e.domain}` : maskedEmail(e))).join(", ");
}

/** Under an email key, a value that holds no address is still the visitor's input: mask it whole. */
function maskEmailField(text: string, ctx: Cleaner): string {
  const found = findEmails(text);
  if (found.length === 0) return text.length === 0 ? text : `${String.fromCodePoint(text.codePointAt(0) ?? 42)}***`;
  return maskRecipient(text, ctx);
}

// ---- the walk ----

const MAX_DEPTH = 12;
const MAX_NODES = 5000;
const MAX_ARRAY_ITEMS = 200;

type Walk = Cleaner & { nodes: number; ancestors: Set<object> };

function cleanString(value: string, kind: KeyKind, ctx: Cleaner): string {
  if (kind === "email") return maskEmailField(value, ctx);
  if (kind === "recipient") return maskRecipient(value, ctx);
  return maskEmails(value, ctx);
}

function cleanValue(value: unknown, kind: KeyKind, depth: number, walk: Walk): unknown {
  // A bare value under a session key (`session: "…"`, `sessions: ["…"]`) is a session id.
  if (kind === "session" && (typeof value === "string" || typeof value === "number")) return undefined;
  if (typeof value === "string") return cleanString(value, kind, walk);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (walk.ancestors.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (++walk.nodes > MAX_NODES) return "[truncated]";

  let source: unknown = value;
  if (value instanceof Error) source = pino.stdSerializers.err(value);
  else if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
    source = (value as { toJSON: () => unknown }).toJSON();
    if (typeof source !== "object" || source === null) return cleanValue(source, kind, depth, walk);
  }

  walk.ancestors.add(value);
  try {
    if (Array.isArray(source)) {
      const items = source.length > MAX_ARRAY_ITEMS ? source.slice(0, MAX_ARRAY_ITEMS) : source;
      const out = items.map((item) => cleanValue(item, kind, depth + 1, walk));
      if (source.length > MAX_ARRAY_ITEMS) out.push(`[${source.length - MAX_ARRAY_ITEMS} more]`);
      return out;
    }
    return cleanObject(source as Record<string, unknown>, depth + 1, walk, kind === "session");
  } finally {
    walk.ancestors.delete(value);
  }
}

function cleanObject(source: Record<string, unknown>, depth: number, walk: Walk, inSession: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const kind = keyKind(key);
    if (kind === "drop") continue;
    // The id of a session object ({ session: { id } }) is a session id too.
    if (inSession && (key === "id" || key === "_id")) continue;
    const value = source[key];
    if (kind === "secret") {
      out[key] = value === undefined || value === null || value === "" ? value : REDACTED;
    } else {
      const cleaned = cleanValue(value, kind, depth, walk);
      if (cleaned !== undefined) out[key] = cleaned;
    }
  }
  return out;
}

/** A log line's fields, cleaned (see the module comment). Never throws: logging must not fail a request. */
export function cleanLogFields(fields: object, visibleEmails: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const walk: Walk = { visible: visibleEmails, nodes: 0, ancestors: new Set([fields]) };
  try {
    return cleanObject(fields as Record<string, unknown>, 0, walk, false);
  } catch {
    return { logFieldsDropped: "the fields of this line could not be read" };
  }
}

/**
 * A call's message is the call site's own constant text and is kept as written (a hint may show an example
 * address). What can carry visitor data is cleaned: values interpolated into it ("%s", "%o"), and the message
 * pino would otherwise copy from a logged error as it is.
 */
function cleanLogArgs(args: unknown[], visible: ReadonlySet<string>): unknown[] {
  const [first, second] = args;
  const ctx: Cleaner = { visible };
  if (typeof first === "object" && first !== null && typeof second !== "string") {
    const err =
      first instanceof Error
        ? first
        : (first as { err?: unknown; msg?: unknown }).msg === undefined
          ? (first as { err?: unknown }).err
          : undefined;
    const message = typeof err === "object" && err !== null ? (err as { message?: unknown }).message : undefined;
    return typeof message === "string" ? [first, maskEmails(message, ctx)] : args;
  }
  const template = typeof first === "string" ? 0 : 1;
  if (args.length <= template + 1) return args;
  return args.map((arg, i) => {
    if (i <= template) return arg;
    if (typeof arg === "string") return maskEmails(arg, ctx);
    return typeof arg === "object" && arg !== null ? cleanLogFields(arg, visible) : arg;
  });
}

function visibleSet(entries: readonly (string | undefined)[] = []): Set<string> {
  const set = new Set<string>();
  for (const entry of entries) {
    if (!entry) continue;
    for (const e of findEmails(entry)) set.add(`${e.local}@${e.domain}`.toLowerCase());
  }
  return set;
}

// ---- output ----

type PrettyFactory = (options: PrettyOptions) => DestinationStream;

const requireHere = createRequire(import.meta.url);

/** pino-pretty is a devDependency: absent from a production install. */
function loadPinoPretty(): PrettyFactory | undefined {
  try {
    return requireHere("pino-pretty") as PrettyFactory;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/**
 * The request log's line, one per answer: `{"level":30,"time":…,"reqId":…,"method":…,"path":…,"status":…,"ms":…,"msg":"request"}`,
 * what `logger.info({ reqId, method, path, status, ms }, "request")` writes, put together here without
 * the general cleaning walk, as its fields are known: a request id (a UUID, or the client's own of
 * letters, digits, "-", "_" and "="), a method Node's parser accepted, a path already written masked
 * (lib/logged-path.ts), and two numbers. A path with an email address in it goes through the logger
 * as any line does, to be masked.
 */
export function logRequest(
  logger: Logger,
  line: { reqId: string; method: string; path: string; status: number; ms: number },
  level: "info" | "debug" = "info",
): void {
  if (!logger.isLevelEnabled(level)) return;
  const { reqId, method, path, status, ms } = line;
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  if (!stream || path.includes("@") || path.includes("%40")) {
    logger[level]({ reqId, method, path, status, ms }, "request");
    return;
  }
  stream.write(
    `{"level":${logger.levels.values[level]},"time":${Date.now()},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
}

export type LogOutput = { format: "pretty" | "json"; stream: DestinationStream | undefined };

/**
 * Readable lines in development when pino-pretty is installed; JSON lines otherwise (production, tests, or a
 * development machine without devDependencies). `stream` undefined means pino's own stdout destination.
 */
export function logOutput(
  environment: LogEnvironment,
  destination?: DestinationStream,
  loadPretty: () => PrettyFactory | undefined = loadPinoPretty,
): LogOutput {
  if (environment === "development") {
    const pretty = loadPretty();
    if (pretty) {
      const stream = pretty({
        translateTime: "SYS:HH:MM:ss.l",
        // Synchronous to stdout, so the last lines before a crash or an exit are shown.
        ...(destination ? { destination, colorize: false } : { sync: true }),
      });
      return { format: "pretty", stream };
    }
  }
  return { format: "json", stream: destination ?? bufferedStdout() };
}

/** How long a line may wait in the buffer on a quiet server. */
const STDOUT_FLUSH_MS = 250;
/** Lines are written once this many bytes wait (about twenty request lines). */
const STDOUT_BUFFER_BYTES = 4096;

/**
 * Standard output, written in pieces of about 4 KB rather than a system call per line: under load the
 * request log's writes were a tenth of the server's work on a stored page. Lines are gathered here and
 * handed to pino's own synchronous destination (which deals with a busy pipe) a piece at a time. A line
 * waits at most a quarter of a second; warnings and errors are written at once (`createLogger`), and
 * whatever waits is written when the process exits, a crash included.
 */
class BufferedStdout implements DestinationStream {
  private lines: string[] = [];
  private size = 0;
  private readonly out = pino.destination({ dest: 1, sync: true });

  constructor() {
    setInterval(() => this.flushSync(), STDOUT_FLUSH_MS).unref();
    process.on("exit", () => this.flushSync());
  }

  write(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= STDOUT_BUFFER_BYTES) this.flushSync();
  }

  flushSync(): void {
    if (this.size === 0) return;
    const text = this.lines.join("");
    this.lines = [];
    this.size = 0;
    this.out.write(text);
  }
}

/** One per process, whichever loggers write to it. */
let stdout: BufferedStdout | undefined;

function bufferedStdout(): BufferedStdout {
  stdout ??= new BufferedStdout();
  return stdout;
}

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const environment = options.environment ?? "production";
  const visible = visibleSet(options.visibleEmails);
  const output = logOutput(environment, options.destination);
  const flushable = output.stream && "flushSync" in output.stream ? (output.stream as { flushSync(): void }) : undefined;
  const logger = pino(
    {
      level,
      base: undefined,
      formatters: {
        log: (fields) => cleanLogFields(fields, visible),
      },
      serializers: {
        // Errors were serialised (type, message, stack, causes) and cleaned by the formatter above.
        err: (value: unknown) => value,
      },
      hooks: {
        logMethod(args: Parameters<LogFn>, method, level) {
          method.apply(this, cleanLogArgs(args as unknown[], visible) as Parameters<LogFn>);
          if (level >= WRITTEN_AT_ONCE && flushable) flushable.flushSync();
        },
      },
    },
    output.stream as DestinationStream,
  );
  // pino writes a child's bindings as they are (its bindings formatter sees only the root's): clean them here.
  // Children inherit this `child` from the root, so grandchildren are covered too.
  const child = logger.child;
  logger.child = function cleanChild(this: Logger, bindings, childOptions) {
    return child.call(this, cleanLogFields(bindings, visible), childOptions);
  } as Logger["child"];
  if (environment === "development" && output.format === "json")
    logger.info("pino-pretty is not installed: development logs are JSON lines");
  return logger;
}

/**
 * The text of an .eml file, header by header and part by part, as a reader sees it. A mail's words are
 * not in the file as they were written: quoted-printable breaks a long line in the middle of an
 * address ("erin.=\nerase@example.com"), a subject with an accent is encoded word by word, a part may
 * be base64. `rewriteEml` decodes each header and each text part, hands it to `edit`, and writes back
 * in its own encoding only what `edit` changed; every other byte of the file stays as it was.
 *
 * The file is handled as latin1 (one character per byte), so bytes that are not UTF-8 survive a
 * rewrite unchanged; a part's text is decoded from those bytes by its own charset.
 */

/** A text handed to `edit`: a header (its name, lower-case) or a text part's content. */
export type EmlText = { header: string } | { part: string };

/** Raised when a part whose charset cannot be written back would have to change. */
export class UnwritableMailError extends Error {}

/** Headers that describe the file's structure, not what the mail says. */
const STRUCTURAL = new Set(["content-type", "content-transfer-encoding", "mime-version", "message-id", "date", "content-disposition"]);

type Codecs = {
  qp: typeof import("nodemailer/lib/qp");
  mime: typeof import("nodemailer/lib/mime-funcs");
};

let codecs: Promise<Codecs> | undefined;
/** Nodemailer's encoders, loaded with the first rewrite (the server loads Nodemailer only when needed). */
function loadCodecs(): Promise<Codecs> {
  codecs ??= Promise.all([import("nodemailer/lib/qp"), import("nodemailer/lib/mime-funcs")]).then(([qp, mime]) => ({ qp, mime }));
  return codecs;
}

const bytes = (latin1: string) => Buffer.from(latin1, "latin1");
const isUtf8 = (charset: string) => charset === "" || charset === "utf-8" || charset === "utf8" || charset === "us-ascii";

function decodeCharset(data: Buffer, charset: string): string {
  if (isUtf8(charset)) return data.toString("utf8");
  try {
    return new TextDecoder(charset).decode(data);
  } catch {
    return data.toString("utf8");
  }
}

/** RFC 2047 encoded words decoded; the white space between two adjacent ones is not part of the text. */
export function decodeHeaderValue(value: string): string {
  const word = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;
  let out = "";
  let last = 0;
  // Adjacent words of one charset are decoded together: a character's bytes may be split between them.
  let charset: string | null = null;
  let pending: Buffer[] = [];
  const flush = () => {
    if (charset !== null) out += decodeCharset(Buffer.concat(pending), charset);
    charset = null;
    pending = [];
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (charset === null || !/^[ \t\r\n]*$/.test(between)) {
      flush();
      out += decodeCharset(bytes(between), "utf-8");
    }
    const wordCharset = m[1].toLowerCase().split("*")[0];
    const data =
      m[2].toLowerCase() === "b"
        ? Buffer.from(m[3], "base64")
        : bytes(m[3].replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
    if (charset !== wordCharset) flush();
    charset = wordCharset;
    pending.push(data);
    last = m.index + m[0].length;
  }
  flush();
  return out + decodeCharset(bytes(value.slice(last)), "utf-8");
}

function decodeQuotedPrintable(body: string): Buffer {
  return bytes(body.replace(/=\r?\n/g, "").replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
}

/** A header's parameter (`boundary`, `charset`), unquoted. */
function parameter(value: string, name: string): string {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return (m?.[1] ?? m?.[2] ?? "").trim();
}

type Field = { name: string; raw: string };

function splitHead(head: string): Field[] {
  const fields: Field[] = [];
  for (const line of head.split(/(?<=\n)/)) {
    const last = fields.at(-1);
    if (last && /^[ \t]/.test(line)) last.raw += line;
    else
      fields.push({
        name: line
          .slice(0, Math.max(0, line.indexOf(":")))
          .trim()
          .toLowerCase(),
        raw: line,
      });
  }
  return fields;
}

const unfold = (raw: string) =>
  raw
    .slice(raw.indexOf(":") + 1)
    .replace(/\r?\n(?=[ \t])/g, "")
    .replace(/\r?\n$/, "")
    .trim();

/** One entity (the whole mail, or one part of a multipart one) with `edit` applied to its texts. */
async function rewriteEntity(raw: string, edit: (text: string, where: EmlText) => string, nl: string): Promise<string> {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const gap = split ? split[0] : "";
  const body = split ? raw.slice(split.index + gap.length) : "";
  const fields = splitHead(head);
  let contentType = "";
  let encoding = "";
  let newHead = "";
  for (const field of fields) {
    const value = unfold(field.raw);
    if (field.name === "content-type") contentType = value;
    if (field.name === "content-transfer-encoding") encoding = value.toLowerCase();
    if (!field.name || STRUCTURAL.has(field.name)) {
      newHead += field.raw;
      continue;
    }
    const text = decodeHeaderValue(value);
    const edited = edit(text, { header: field.name });
    if (edited === text) {
      newHead += field.raw;
      continue;
    }
    const { mime } = await loadCodecs();
    const label = field.raw.slice(0, field.raw.indexOf(":"));
    const encoded = /^[\x20-\x7e]*$/.test(edited) ? edited : mime.encodeWords(edited, "Q", 52);
    const ending = /\r?\n$/.exec(field.raw)?.[0] ?? "";
    newHead += mime.foldLines(`${label}: ${encoded}`, 76).replace(/\r?\n/g, nl) + ending;
  }
  const type = (/^([^;\s]+)/.exec(contentType)?.[1] ?? "text/plain").toLowerCase();
  let newBody = body;
  if (type.startsWith("multipart/")) {
    const boundary = parameter(contentType, "boundary");
    if (boundary) newBody = await rewriteParts(body, boundary, edit, nl);
  } else if (type.startsWith("text/") && split) {
    newBody = await rewriteText(body, type, encoding, parameter(contentType, "charset").toLowerCase(), edit, nl);
  }
  return newHead + gap + newBody;
}

async function rewriteParts(body: string, boundary: string, edit: (text: string, where: EmlText) => string, nl: string) {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A delimiter line, with the line break before it (which belongs to the delimiter, not to the part).
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?=\\r?\\n|$)`, "g");
  let out = "";
  let last = 0;
  let inPart = false;
  for (let m = delimiter.exec(body); m; m = delimiter.exec(body)) {
    const segment = body.slice(last, m.index);
    out += inPart ? await rewritePart(segment, edit, nl) : segment;
    out += m[0];
    last = m.index + m[0].length;
    inPart = !m[1];
    if (m[1]) break;
  }
  const rest = body.slice(last);
  return out + (inPart ? await rewritePart(rest, edit, nl) : rest);
}

async function rewritePart(segment: string, edit: (text: string, where: EmlText) => string, nl: string) {
  const lead = /^\r?\n/.exec(segment)?.[0] ?? "";
  return lead + (await rewriteEntity(segment.slice(lead.length), edit, nl));
}

async function rewriteText(
  body: string,
  type: string,
  encoding: string,
  charset: string,
  edit: (text: string, where: EmlText) => string,
  nl: string,
): Promise<string> {
  const data =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : bytes(body);
  const text = decodeCharset(data, charset);
  const edited = edit(text, { part: type });
  if (edited === text) return body;
  if (!isUtf8(charset)) throw new UnwritableMailError(`a ${charset} part cannot be written back`);
  const utf8 = Buffer.from(edited, "utf8");
  const ending = /\r?\n$/.test(body) ? nl : "";
  if (encoding === "base64") {
    return (utf8.toString("base64").match(/.{1,76}/g) ?? []).join(nl) + ending;
  }
  if (encoding === "quoted-printable") {
    const { qp } = await loadCodecs();
    return qp.wrap(qp.encode(utf8), 76).replace(/\r?\n/g, nl);
  }
  return utf8.toString("latin1");
}

/**
 * `raw` (the file's bytes as latin1) with `edit` applied to the decoded text of every header but the
 * structural ones and of every text part. Throws UnwritableMailError when a changed part is in a
 * charset other than UTF-8 or ASCII (what the file transport never writes).
 */
export function rewriteEml(raw: string, edit: (text: string, where: EmlText) => string): Promise<string> {
  return rewriteEntity(raw, edit, raw.includes("\r\n") ? "\r\n" : "\n");
}

/** Every header and text part of `raw`, decoded: for reading a mail as its recipient would. */
export async function emlTexts(raw: string): Promise<{ text: string; where: EmlText }[]> {
  const texts: { text: string; where: EmlText }[] = [];
  await rewriteEml(raw, (text, where) => {
    texts.push({ text, where });
    return text;
  });
  return texts;
}

/**
 * The body of a form the browser posted itself (no scripts): URL-encoded, or multipart when it carries
 * a file, read up to a byte limit, so a route action never holds more than a form of its kind can weigh.
 */
import busboy from "busboy";

/** The media type a browser sends for a `<form method="post">` without enctype. */
export const isUrlEncodedForm = (request: Request) =>
  request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";

/** The body as a URL-encoded form, read up to `limit` bytes; null when it is longer. */
export async function readForm(request: Request, limit: number): Promise<URLSearchParams | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** The media type a browser sends for a `<form method="post" enctype="multipart/form-data">` (a file input). */
export const isMultipartForm = (request: Request) =>
  request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() === "multipart/form-data";

/** A file a form carried: its name as sent (for display only), the type the browser claimed, its bytes. */
export type PostedFile = {
  filename: string;
  claimedType: string;
  bytes: Buffer;
  /** Over the field's limit: `bytes` holds only its first `maxBytes`. */
  tooLarge: boolean;
};

/**
 * A multipart form read into memory: its text fields, and its files by field name (only the fields
 * named in `files`, each kept up to its own limit; an empty file input is left out). The body as a
 * whole is read up to `maxTextBytes` plus twice every file's limit, so a file somewhat over its limit
 * is answered with the field's error rather than refused unread; null when the body is larger than
 * that or a text field is over `maxTextBytes`, "malformed" when it is not multipart a parser can read.
 */
export async function readMultipartForm(
  request: Request,
  maxTextBytes: number,
  files: Record<string, { maxBytes: number }>,
): Promise<{ params: URLSearchParams; files: Record<string, PostedFile> } | null | "malformed"> {
  const fileBytes = Object.values(files).reduce((sum, f) => sum + f.maxBytes, 0);
  const limit = maxTextBytes + 2 * fileBytes + 64 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { fieldSize: maxTextBytes, fields: 200, files: Object.keys(files).length + 4, parts: 220, fieldNameSize: 200 },
      defParamCharset: "utf8",
    });
  } catch {
    return "malformed";
  }
  const params = new URLSearchParams();
  const received: Record<string, PostedFile> = {};
  let outcome: null | "malformed" | undefined;
  let failed = false;
  const done = new Promise<void>((resolve) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) outcome ??= null;
      else params.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const allowed = Object.hasOwn(files, name) ? files[name].maxBytes : -1;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        const kept = Math.max(0, Math.min(chunk.length, allowed - size));
        if (kept > 0) chunks.push(kept === chunk.length ? chunk : chunk.subarray(0, kept));
        size += chunk.length;
      });
      stream.on("end", () => {
        if (allowed < 0 || (!info.filename && size === 0)) return;
        received[name] = {
          filename: info.filename ?? "",
          claimedType: info.mimeType,
          bytes: Buffer.concat(chunks),
          tooLarge: size > allowed,
        };
      });
    });
    parser.on("filesLimit", () => (outcome ??= "malformed"));
    parser.on("fieldsLimit", () => (outcome ??= "malformed"));
    parser.on("partsLimit", () => (outcome ??= "malformed"));
    parser.on("error", () => {
      outcome ??= "malformed";
      failed = true;
      resolve();
    });
    parser.on("close", () => resolve());
  });
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      size += value.byteLength;
      if (size > limit || failed) {
        await reader.cancel();
        parser.destroy();
        return failed ? "malformed" : null;
      }
      // Back-pressure: wait while the parser's buffer is full (or until it fails).
      if (!parser.write(value)) {
        await new Promise((resolve) => {
          parser.once("drain", resolve);
          parser.once("error", resolve);
          parser.once("close", resolve);
        });
      }
    }
  }
  if (failed) return "malformed";
  parser.end();
  await done;
  if (outcome !== undefined) return outcome;
  return { params, files: received };
}

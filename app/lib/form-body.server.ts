/**
 * The body of a form the browser posted itself (no scripts): URL-encoded, read up to a byte limit,
 * so a route action never holds more than a form of its kind can weigh.
 */

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

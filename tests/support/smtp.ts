/** A real SMTP server in this process that keeps what it receives. */
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string | null; subject: string | null };

/** One MIME part's body decoded by its Content-Transfer-Encoding (base64, quoted-printable, or as sent). */
function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The content of a received message's first part of `type` (the message itself when it is not multipart). */
function firstPart(raw: string, type: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) return "";
  const headers = raw.slice(0, split.index);
  const body = raw.slice(split.index + split[0].length);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!/^content-type:\s*multipart\//im.test(headers) || !boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const text = firstPart(part.replace(/^\r?\n/, ""), type);
    const partHeaders = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/)[0];
    if (new RegExp(`^content-type:\\s*${type}`, "im").test(partHeaders) || /^content-type:\s*multipart\//im.test(partHeaders)) {
      if (text) return text;
    }
  }
  return "";
}

/** The text/plain content of a received message (the first such part of a multipart one). */
export function plainText(raw: string): string {
  return firstPart(raw, "text/plain");
}

/** The text/html content of a received message (the first such part of a multipart one). */
export function htmlPart(raw: string): string {
  return firstPart(raw, "text/html");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export async function startSmtp(port?: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw.split(/\r?\n\r?\n/)[0])?.[1]?.trim() ?? null;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header("Message-ID"),
          subject: header("Subject"),
        });
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

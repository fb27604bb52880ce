import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { htmlPart, plainText } from "../../../tests/support/smtp";
import { decodeHeaderValue, emlTexts, rewriteEml, UnwritableMailError } from "./eml.server";

const address = "erin.erase@example.com";
const replace = (text: string) => text.replace(/erin\.erase@example\.com/gi, "[erased]");

/** A mail exactly as the file transport writes one (Nodemailer's stream transport, Unix line ends). */
async function eml(options: Record<string, unknown>, newline: "unix" | "windows" = "unix"): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  const info = (await transport.sendMail({
    from: '"Agency" <mail@agency.example>',
    to: { name: "", address: "inbox@agency.example" },
    messageId: "<fixed@agency.example>",
    date: new Date("2026-01-02T03:04:05Z"),
    headers: { "X-Mail-Kind": "agency_notification" },
    ...options,
  })) as unknown as { message: Buffer };
  return info.message.toString("latin1");
}

const long = `Her address is ${address.toUpperCase()}, and this line goes on long enough for quoted-printable to break it somewhere: ${address}.`;

describe("reading an .eml file", () => {
  it("decodes quoted-printable lines broken inside an address, and a subject encoded word by word", async () => {
    const raw = await eml({
      subject: `Nouvelle demande de José Müller-Lüdenscheidt à propos de ${address} et de sa flotte`,
      text: `Bonjour José,\n${long}\n`,
      html: `<p>Héllo <a href="mailto:${address}">${address}</a> ${"x".repeat(60)} ${address}</p>`,
    });
    // As written, the address is not whole in the file: a search of the bytes would miss it.
    expect(raw.split(address).length - 1).toBeLessThan(5);
    const texts = await emlTexts(raw);
    const subject = texts.find((t) => "header" in t.where && t.where.header === "subject");
    expect(subject?.text).toBe(`Nouvelle demande de José Müller-Lüdenscheidt à propos de ${address} et de sa flotte`);
    const text = texts.find((t) => "part" in t.where && t.where.part === "text/plain")?.text;
    expect(text).toBe(`Bonjour José,\n${long}\n`);
    expect(texts.find((t) => "part" in t.where && t.where.part === "text/html")?.text).toContain(`mailto:${address}">${address}</a>`);
  });

  it("decodes base64 parts and adjacent encoded words that split a character's bytes", async () => {
    const raw = await eml({ subject: "Hello", text: `Write to ${address} — thanks`, textEncoding: "base64" });
    expect(raw).toMatch(/Content-Transfer-Encoding: base64/i);
    expect((await emlTexts(raw)).map((t) => t.text)).toContain(`Write to ${address} — thanks`);
    // "é" is C3 A9: its two bytes in two words.
    expect(decodeHeaderValue("=?UTF-8?Q?Jos=C3?= =?UTF-8?Q?=A9?= and =?utf-8?B?w6k=?= plain")).toBe("José and é plain");
  });
});

describe("rewriting an .eml file", () => {
  it("leaves every byte as it was when nothing changes", async () => {
    const raw = await eml({ subject: `About ${address}`, text: long, html: `<p>${long}</p>` });
    expect(await rewriteEml(raw, (t) => t)).toBe(raw);
    const windows = await eml({ subject: "Hi", text: long }, "windows");
    expect(windows).toContain("\r\n");
    expect(await rewriteEml(windows, (t) => t)).toBe(windows);
  });

  it("replaces the address in the subject, the text and the HTML, in each one's own encoding, and keeps the rest", async () => {
    const raw = await eml({
      replyTo: { name: "", address: "olga@example.net" },
      subject: `Nouvelle demande à propos de ${address}`,
      text: `Bonjour José,\n${long}\n`,
      html: `<p>Héllo <a href="mailto:${address}">${address}</a> ${"x".repeat(60)} ${address}</p>`,
    });
    const out = await rewriteEml(raw, replace);
    expect(out.toLowerCase()).not.toContain("erase@example");
    expect(out).toContain("Message-ID: <fixed@agency.example>");
    expect(out).toMatch(/^Reply-To: olga@example\.net$/m);
    expect(out).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    const texts = await emlTexts(out);
    expect(texts.find((t) => "header" in t.where && t.where.header === "subject")?.text).toBe("Nouvelle demande à propos de [erased]");
    // What any reader of the file finds (the test SMTP server's own decoder) is the redacted text.
    expect(plainText(out)).toBe(replace(plainText(raw)));
    expect(plainText(out)).toContain(`Bonjour José,\n${replace(long)}\n`);
    expect(htmlPart(out)).toContain('<a href="mailto:[erased]">[erased]</a>');
    // Quoted-printable lines stay within the limit.
    expect(out.split("\n").every((line) => line.length <= 78)).toBe(true);
  });

  it("rewrites a base64 part as base64", async () => {
    const raw = await eml({ subject: "Hello", text: `Write to ${address} — thanks`, textEncoding: "base64" });
    const out = await rewriteEml(raw, replace);
    expect(out).toMatch(/Content-Transfer-Encoding: base64/i);
    expect((await emlTexts(out)).map((t) => t.text)).toContain("Write to [erased] — thanks");
  });

  it("will not write back a changed part in a charset other than UTF-8", async () => {
    const raw = `To: someone@example.com\nSubject: Hi\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nCaf=E9 ${address}\n`;
    expect((await emlTexts(raw)).map((t) => t.text)).toContain(`Café ${address}\n`);
    await expect(rewriteEml(raw, replace)).rejects.toBeInstanceOf(UnwritableMailError);
  });
});

import { describe, expect, it } from "vitest";
import { displayFileName } from "./file-name";
import { detectFileType, detectImageType, MAGIC_BYTES_LENGTH } from "./magic-bytes";
import { fileTooLargeMessage, formatLimit, limitInWords } from "./messages";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((ch) => ch.charCodeAt(0)) : [v])));

describe("detectFileType", () => {
  it.each([
    ["a PDF", bytes("%PDF-1.7\n%"), "application/pdf"],
    ["a PDF of exactly its signature", bytes("%PDF-"), "application/pdf"],
    ["a JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, "JFIF"), "image/jpeg"],
    ["a JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, "Exif"), "image/jpeg"],
    ["a PNG", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, "IHDR"), "image/png"],
  ])("recognises %s", (_what, head, type) => {
    expect(detectFileType(head)).toBe(type);
  });

  it.each([
    ["text that claims to be a PDF", bytes("This is not a PDF")],
    ["a PDF signature that is not at the start", bytes(" %PDF-1.7")],
    ["a lower-case pdf signature", bytes("%pdf-1.7")],
    ["a truncated PDF signature", bytes("%PDF")],
    ["a truncated PNG signature", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a)],
    ["a PNG signature with one byte wrong", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0b)],
    ["two bytes of a JPEG", bytes(0xff, 0xd8)],
    ["a GIF", bytes("GIF89a")],
    ["a ZIP (docx, xlsx)", bytes("PK", 3, 4, 20, 0)],
    ["a Windows executable", bytes("MZ", 0x90, 0)],
    ["an HTML page", bytes("<!doctype html>")],
    ["an SVG", bytes("<svg xmlns=")],
    ["nothing", bytes()],
  ])("refuses %s", (_what, head) => {
    expect(detectFileType(head)).toBeUndefined();
  });

  it("needs no more than the longest signature", () => {
    expect(MAGIC_BYTES_LENGTH).toBe(8);
  });
});

describe("fileTooLargeMessage", () => {
  it("states the default limit the way the form does", () => {
    expect(fileTooLargeMessage(1024 ** 3)).toBe("File size must be less than 1GB");
  });
  it.each([
    [5 * 1024 ** 2, "5MB"],
    [1024 ** 2, "1MB"],
    [1.5 * 1024 ** 2, "1.5MB"],
    [2 * 1024 ** 3, "2GB"],
    [1024 ** 3 - 1, "1023.9MB"],
    [500 * 1024, "500KB"],
    [500, "500 bytes"],
  ])("phrases %i bytes as %s", (limit, text) => {
    expect(formatLimit(limit)).toBe(text);
    expect(fileTooLargeMessage(limit)).toBe(`File size must be less than ${text}`);
  });
  it.each([
    [1024 ** 3, "1 GB"],
    [5 * 1024 ** 2, "5 MB"],
    [1.5 * 1024 ** 2, "1.5 MB"],
    [500, "500 bytes"],
  ])("says %i bytes in a sentence as %s", (limit, text) => {
    expect(limitInWords(limit)).toBe(text);
  });
});

describe("displayFileName", () => {
  it.each([
    ["CDL - front.pdf", "CDL - front.pdf"],
    ["C:\\fakepath\\registration.png", "registration.png"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["bad\u0000name\r\n.pdf", "badname .pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["  lots   of\tspace .pdf  ", "lots of space .pdf"],
    [".hidden.pdf", "hidden.pdf"],
    ["Lo\u0308ss runs.pdf", "Löss runs.pdf"],
  ])("shows %j as %j", (given, shown) => {
    expect(displayFileName(given, "application/pdf")).toBe(shown);
  });

  it("names a nameless file by its type", () => {
    expect(displayFileName("", "image/png")).toBe("document.png");
    expect(displayFileName(undefined, "application/pdf")).toBe("document.pdf");
    expect(displayFileName("\u202E/", "image/jpeg")).toBe("document.jpg");
  });

  it("shortens a very long name and keeps its extension", () => {
    const shown = displayFileName(`${"a".repeat(500)}.pdf`, "application/pdf");
    expect(shown.length).toBe(200);
    expect(shown.endsWith("a.pdf")).toBe(true);
  });
});

describe("detectImageType", () => {
  it.each([
    ["a JPEG", bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, "Exif"), "image/jpeg"],
    ["a PNG", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), "image/png"],
    ["a WebP", bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "), "image/webp"],
    ["a GIF 89a", bytes("GIF89a", 1, 0), "image/gif"],
    ["a GIF 87a", bytes("GIF87a", 1, 0), "image/gif"],
    ["an AVIF", bytes(0, 0, 0, 0x1c, "ftypavif"), "image/avif"],
    ["an AVIF sequence", bytes(0, 0, 0, 0x1c, "ftypavis"), "image/avif"],
  ])("recognises %s", (_what, head, type) => {
    expect(detectImageType(head)).toBe(type);
  });

  it.each([
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["a HEIC photo", bytes(0, 0, 0, 0x18, "ftypheic")],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt ")],
    ["a PDF", bytes("%PDF-1.7\n%")],
    ["text", bytes("hello, world")],
    ["nothing", bytes()],
  ])("refuses %s", (_what, head) => {
    expect(detectImageType(head)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { displayFileName, downloadFileName } from "./file-name";

describe("downloadFileName", () => {
  it.each([
    // The visitor's extension gives way to the one of the detected type.
    ["invoice.html", "application/pdf", "invoice.pdf"],
    ["scan.pdf", "image/png", "scan.png"],
    ["photo.exe", "image/jpeg", "photo.jpg"],
    ["Loss Runs 2024.HTM", "application/pdf", "Loss Runs 2024.pdf"],
    // A matching extension is kept as the visitor wrote it.
    ["cdl-front.pdf", "application/pdf", "cdl-front.pdf"],
    ["Registration.PDF", "application/pdf", "Registration.PDF"],
    ["cab.jpeg", "image/jpeg", "cab.jpeg"],
    ["cab.JPG", "image/jpeg", "cab.JPG"],
    ["truck.png", "image/png", "truck.png"],
    // No extension, or a dot that does not start one: the type's extension is added.
    ["CDL", "image/jpeg", "CDL.jpg"],
    ["loss runs v1.2", "application/pdf", "loss runs v1.2.pdf"],
    ["Ortega Freight Inc.", "application/pdf", "Ortega Freight Inc.pdf"],
    ["", "image/png", "document.png"],
    // A recorded type that is not an accepted one (a row altered by hand).
    ["invoice.html", "text/html", "invoice.bin"],
  ] as const)("%s detected as %s downloads as %s", (name, type, expected) => {
    expect(downloadFileName(name, type)).toBe(expected);
  });

  it("keeps a long name within the display limit", () => {
    const name = displayFileName(`${"a".repeat(300)}.html`, "application/pdf");
    const download = downloadFileName(name, "application/pdf");
    expect(download.endsWith("a.pdf")).toBe(true);
    expect(download.length).toBeLessThanOrEqual(200);
  });
});

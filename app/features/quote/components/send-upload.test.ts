import { describe, expect, it } from "vitest";
import { fileTooLargeMessage, unsupportedTypeMessage } from "~/features/uploads/messages";
import { refusal } from "./send-upload";

const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;

describe("the browser's check of a document, against the server's limit", () => {
  it("refuses a file over the limit it is given, with that limit's message, and takes one at the limit", () => {
    expect(refusal(file("loss-runs.pdf", "application/pdf", 5 * 1024 ** 2 + 1), 5 * 1024 ** 2)).toBe(fileTooLargeMessage(5 * 1024 ** 2));
    expect(refusal(file("loss-runs.pdf", "application/pdf", 5 * 1024 ** 2), 5 * 1024 ** 2)).toBeUndefined();
    expect(refusal(file("cdl.png", "image/png", 2 * 1024 ** 3), 3 * 1024 ** 3)).toBeUndefined();
  });

  it("refuses a type outside the list whatever its size", () => {
    expect(refusal(file("notes.txt", "text/plain", 10), 1024)).toBe(unsupportedTypeMessage);
  });
});

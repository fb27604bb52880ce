/**
 * Checking and sending one document. Loaded when the visitor first uses the form (it is not needed
 * to show the page), so it adds nothing to the page's first-load JavaScript.
 */
import { fileTooLargeMessage, unsupportedTypeMessage } from "~/features/uploads/messages";
import { quoteMessages } from "../messages";

/**
 * Spec 000 section 9: pdf, jpg, jpeg, png, at most 1 GB each, or the server's UPLOAD_MAX_BYTES, which the page
 * carries (`maxBytes`). The server checks again (and the bytes).
 */
const EXTENSION = /\.(pdf|jpe?g|png)$/i;
const TYPES = ["application/pdf", "image/jpeg", "image/png", ""];

/** Why the browser refuses this file before sending it, if it does. */
export function refusal(file: File, maxBytes: number): string | undefined {
  if (!EXTENSION.test(file.name) || !TYPES.includes(file.type)) return unsupportedTypeMessage;
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  return undefined;
}

function failure(xhr: XMLHttpRequest, maxBytes: number): string {
  try {
    const data = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof data.message === "string" && data.message) return data.message;
  } catch {
    // Not JSON (a proxy's error page): fall back on the status.
  }
  return xhr.status === 413 ? fileTooLargeMessage(maxBytes) : quoteMessages.uploadFailed;
}

type Callbacks = { progress: (fraction: number) => void; done: (id: string) => void; fail: (message: string) => void };

/**
 * POST /api/uploads, one file with its slot, by XMLHttpRequest (fetch reports no upload progress).
 * Returns the request, so a removal can abort it.
 */
export function sendUpload(slot: string, file: File, maxBytes: number, on: Callbacks): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.upload.onprogress = (event) => {
    // Held below 100% until the server has stored the file and answered.
    if (event.lengthComputable && event.total > 0) on.progress(Math.min(0.99, event.loaded / event.total));
  };
  xhr.onload = () => {
    let id: unknown;
    try {
      id = (JSON.parse(xhr.responseText) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (xhr.status >= 200 && xhr.status < 300 && typeof id === "string") on.done(id);
    else on.fail(failure(xhr, maxBytes));
  };
  xhr.onerror = () => on.fail(quoteMessages.uploadFailed);
  xhr.open("POST", "/api/uploads");
  xhr.setRequestHeader("Accept", "application/json");
  const body = new FormData();
  // The slot first: the server reads the fields in order and streams the file to storage.
  body.append("slot", slot);
  body.append("file", file, file.name);
  xhr.send(body);
  return xhr;
}

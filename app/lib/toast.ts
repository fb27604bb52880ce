/**
 * Toasts: the one toaster (components/toaster.tsx) shows what a form's answer says in place and what
 * an action's redirect carries as a flash toast (app/lib/toast.server.ts, read by the root loader).
 * Sonner's code and its toaster are loaded on the first toast, so pages carry none of it in their
 * first-load JavaScript: a toast only ever follows a visitor's action. When Sonner cannot be loaded
 * (offline, or the site was updated since the page was opened), the message still shows, in a plain
 * live region.
 */
const sonner = () => import("sonner");

/** A toast as a redirect carries it to the next page. */
export type Toast = { type: "success" | "error"; title: string; description?: string };

const TITLE_MAX = 500;
const DESCRIPTION_MAX = 1000;

/** A toast as read back from a cookie: null unless it has the shape and sizes a toast has. */
export function asToast(value: unknown): Toast | null {
  if (value === null || typeof value !== "object") return null;
  const { type, title, description } = value as Record<string, unknown>;
  if (type !== "success" && type !== "error") return null;
  if (typeof title !== "string" || title === "" || title.length > TITLE_MAX) return null;
  if (description !== undefined && (typeof description !== "string" || description.length > DESCRIPTION_MAX)) return null;
  return description === undefined ? { type, title } : { type, title, description };
}

let mounted: Promise<void> | undefined;
let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
/** The root's Toaster, once it is on the page: mounts Sonner when called. */
let activate: (() => void) | undefined;
let requested = false;

/** Called by the Toaster when it is on the page; a toast asked for earlier mounts Sonner at once. */
export function registerToaster(mount: () => void): () => void {
  activate = mount;
  if (requested) mount();
  return () => {
    if (activate === mount) activate = undefined;
  };
}

/** Called by the Toaster once Sonner's toaster is on the page and listening. */
export function toasterMounted(): void {
  settle?.resolve();
}

/** Called by the Toaster when Sonner could not be loaded; the next toast tries again. */
export function toasterFailed(error: unknown): void {
  settle?.reject(error);
  mounted = undefined;
}

function whenMounted(): Promise<void> {
  mounted ??= new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
    requested = true;
    activate?.();
  });
  return mounted;
}

const CLOSE_LABEL = "Close";

/** The message without Sonner: a fixed, announced box that removes itself. */
function plainToast(kind: "success" | "error", message: string, description?: string): void {
  const box = document.createElement("div");
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.dataset.plainToast = kind;
  box.textContent = message;
  if (description) {
    const line = document.createElement("div");
    line.textContent = description;
    box.appendChild(line);
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = CLOSE_LABEL;
    close.style.cssText = "margin-top:8px;font-weight:600;text-decoration:underline;background:none;border:0;padding:0;cursor:pointer";
    close.addEventListener("click", () => box.remove());
    box.appendChild(close);
  }
  box.style.cssText =
    "position:fixed;top:16px;right:16px;z-index:9999;max-width:356px;padding:14px 16px;border-radius:8px;background:#fff;color:#0f172a;box-shadow:0 4px 12px rgba(0,0,0,.15);font:14px/1.4 system-ui,sans-serif;border:1px solid #e2e8f0";
  document.body.appendChild(box);
  // A message with a second sentence (when to expect the call) stays until the visitor closes it.
  if (!description) setTimeout(() => box.remove(), 6000);
}

async function show(kind: "success" | "error", message: string, description?: string): Promise<void> {
  try {
    const [{ toast }] = await Promise.all([
      sonner(),
      Promise.race([whenMounted(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("toaster did not mount")), 5000))]),
    ]);
    // A second sentence says when to expect the call: it stays until the visitor closes it.
    toast[kind](message, description ? { description, duration: Number.POSITIVE_INFINITY, closeButton: true } : undefined);
  } catch {
    plainToast(kind, message, description);
  }
}

/** A success toast; `description`, when given, is a second sentence under the message. */
export function notifySuccess(message: string, description?: string | null): void {
  void show("success", message, description ?? undefined);
}

export function notifyError(message: string): void {
  void show("error", message);
}

/** A flash toast, as the root loader hands it over. */
export function showToast(toast: Toast): void {
  void show(toast.type, toast.title, toast.description);
}

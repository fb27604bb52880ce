/**
 * Toasts. Sonner's code and its toaster are loaded on the first toast, so pages carry none of it
 * in their first-load JavaScript: a toast only ever follows a visitor's action.
 */
const sonner = () => import("sonner");

/** The window event that asks the root's Toaster to mount Sonner. */
export const TOASTER_EVENT = "agency:toaster";

let requested = false;
let mounted: Promise<void> | undefined;
let markMounted: (() => void) | undefined;

/** True once a toast has been asked for (the Toaster mounts Sonner from then on). */
export function toasterRequested(): boolean {
  return requested;
}

/** Called by the Toaster once Sonner's toaster is on the page and listening. */
export function toasterMounted(): void {
  markMounted?.();
}

function whenMounted(): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    markMounted = resolve;
    requested = true;
    window.dispatchEvent(new Event(TOASTER_EVENT));
  });
  return mounted;
}

async function show(kind: "success" | "error", message: string): Promise<void> {
  const [{ toast }] = await Promise.all([sonner(), whenMounted()]);
  toast[kind](message);
}

export function notifySuccess(message: string): void {
  void show("success", message);
}

export function notifyError(message: string): void {
  void show("error", message);
}

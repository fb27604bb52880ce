/**
 * Toasts. Sonner's code is loaded on demand (the Toaster itself mounts when the page is idle),
 * so pages carry none of it in their first-load JavaScript.
 */
const sonner = () => import("sonner");

export function notifySuccess(message: string): void {
  void sonner().then(({ toast }) => toast.success(message));
}

export function notifyError(message: string): void {
  void sonner().then(({ toast }) => toast.error(message));
}

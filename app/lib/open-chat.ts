/**
 * "Live Chat" buttons open the chat widget through one window event. The widget listens for it
 * and calls preventDefault() to say it handled it; when no widget answered (not loaded, or
 * failed), the caller shows its fallback.
 */
export const OPEN_CHAT_EVENT = "agency:open-chat";

/** Asks the chat widget to open; true when a widget took the request. */
export function requestOpenChat(): boolean {
  const event = new Event(OPEN_CHAT_EVENT, { cancelable: true });
  return !window.dispatchEvent(event);
}

/** Whether a key press is typing into something (a field, a list, an editor), not a shortcut. Browser-side. */
export function typingInto(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Work a page needs only once the visitor does something: it runs on the first interaction with the
 * page (a pointer move, touch, key, scroll), or FALLBACK_MS after the load event for a visitor who
 * has not touched anything, whichever comes first, and once. So the page's load, and what Lighthouse
 * measures of it (docs/decisions/071-work-after-the-first-interaction.md), carries none of it. Used for
 * the chat widget's code (features/chat/widget/chat-launcher.tsx) and for the whole stylesheet and
 * icon sprite (root.tsx). Returns a function that cancels what has not run yet.
 */
const INTERACTIONS = ["pointermove", "pointerdown", "keydown", "touchstart", "scroll", "wheel"] as const;
const FALLBACK_MS = 10_000;

export function afterFirstInteraction(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each way in removes every other, so `run` runs once.
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener("load", later);
    for (const name of INTERACTIONS) window.removeEventListener(name, start);
  };
  function start() {
    stop();
    run();
  }
  function later() {
    timer = setTimeout(start, FALLBACK_MS);
  }
  for (const name of INTERACTIONS) window.addEventListener(name, start, { passive: true });
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later);
  return stop;
}

/**
 * A form sent before the page has hydrated.
 *
 * A form sent by React as JSON (the trucking quote) has no `action` of its own: before the page's
 * scripts have run the browser would submit it instead, a GET to the page itself with the visitor's
 * details in the address and nothing stored. `HOLD_SUBMITS` (an inline script in the document's head)
 * holds such a submission; `releaseHeldSubmit` sends it through React once the page has hydrated.
 * Forms with their own `action` (the blog search, and every form on a route action, app/lib/form.ts)
 * are posted by the browser itself.
 */
export const HOLD_SUBMITS =
  'addEventListener("submit",function(e){var f=e.target;if(!window.__hydrated&&f&&f.getAttribute&&!f.getAttribute("action")){e.preventDefault();e.stopPropagation();window.__heldSubmit=[f,e.submitter||null]}},true);';

type HeldWindow = Window & { __hydrated?: boolean; __heldSubmit?: [HTMLFormElement, HTMLElement | null] };

/** Marks the page hydrated and sends the submission held until now, if its form is still there. */
export function releaseHeldSubmit() {
  const w = window as HeldWindow;
  w.__hydrated = true;
  const held = w.__heldSubmit;
  w.__heldSubmit = undefined;
  if (!held) return;
  const [form, submitter] = held;
  if (!form.isConnected) return;
  const button =
    submitter && "form" in submitter && (submitter as HTMLButtonElement).form === form ? (submitter as HTMLButtonElement) : undefined;
  form.requestSubmit(button);
}

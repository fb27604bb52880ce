import { type ReactNode, useEffect, useRef } from "react";
import { Icon } from "./icon";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first field to type in, not the close button. */
const firstField = (dialog: HTMLDialogElement) =>
  Array.from(dialog.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')).find(
    (el) => el.offsetParent !== null,
  );

/** The attributes of a button that opens (`show-modal`) or closes (`close`) a dialog by itself, without scripts. */
export const dialogCommand = (dialogId: string, command: "show-modal" | "close") =>
  // Invoker Commands: React passes these lowercase attributes through as they are.
  ({ commandfor: dialogId, command }) as Record<string, string>;

/** Whether the browser carries out a button's `commandfor`/`command` itself (Safari before 26.2 and Firefox before 144 do not). */
const nativeCommands = () => typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;

/** Moves the focus to the first field, unless a field of the dialog has it already. */
function focusFirstField(dialog: HTMLDialogElement) {
  const active = document.activeElement;
  if (active && active !== dialog && dialog.contains(active) && active.matches("input, select, textarea")) return;
  firstField(dialog)?.focus();
}

/**
 * A modal dialog on the native <dialog>: the rest of the page is inert while it is open, Escape, a
 * click on the backdrop and the close button close it, Tab and Shift+Tab stay inside it, the first
 * field takes the focus when it opens, and focus returns to the control that opened it.
 *
 * Controlled (`open`), React opens and closes it. With an `id`, buttons carrying
 * `dialogCommand(id, "show-modal")` open it: the browser does that by itself, before the page's scripts
 * have run or without them (in a browser without Invoker Commands, this component does it once the
 * scripts run), and this component follows what the dialog does (its toggle and close events). With
 * `defaultOpen` it is in the page's HTML already open (the answer to a form posted without scripts, or
 * a page asked for with the dialog open), shown over the page until scripts make it modal; `openedBy`
 * names the control focus returns to when it closes.
 */
export function Modal({
  id,
  open,
  defaultOpen,
  openedBy,
  onClose,
  title,
  titleId,
  children,
  closeLabel = "Close",
}: {
  id?: string;
  open?: boolean;
  defaultOpen?: boolean;
  /** The id of the control that opened a dialog that is in the page's HTML already open. */
  openedBy?: string;
  onClose?: () => void;
  title: ReactNode;
  titleId: string;
  children: ReactNode;
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openedByRef = useRef(openedBy);

  // Follow the dialog, however it was opened or closed (a command button, Escape, the page's code).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Shown without scripts (not modal): make it modal now that scripts run.
    if (dialog.open && !dialog.matches(":modal")) {
      if (openedByRef.current) opener.current = document.getElementById(openedByRef.current);
      dialog.close();
      dialog.showModal();
      focusFirstField(dialog);
    }
    // The button that opened it (a close button is no opener: focus goes back to where the dialog came from).
    const onCommand = (event: Event) => {
      const { source, command } = event as Event & { source?: Element | null; command?: string };
      if (command === "show-modal" && source instanceof HTMLElement) opener.current = source;
    };
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") focusFirstField(dialog);
    };
    const onClosed = () => {
      // Closed and opened again at once (made modal above): no close.
      if (dialog.open) return;
      onCloseRef.current?.();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
    // Without Invoker Commands, the page's code does what the dialog's command buttons ask.
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest("button[commandfor]") : null;
      if (!(button instanceof HTMLButtonElement) || !dialog.id || button.getAttribute("commandfor") !== dialog.id) return;
      const command = button.getAttribute("command");
      if (command === "show-modal" && !dialog.open) {
        opener.current = button;
        dialog.showModal();
        focusFirstField(dialog);
      } else if (command === "close" && dialog.open) {
        dialog.close();
      }
    };
    const polyfill = !nativeCommands();
    dialog.addEventListener("command", onCommand);
    dialog.addEventListener("toggle", onToggle);
    dialog.addEventListener("close", onClosed);
    if (polyfill) document.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("command", onCommand);
      dialog.removeEventListener("toggle", onToggle);
      dialog.removeEventListener("close", onClosed);
      if (polyfill) document.removeEventListener("click", onClick);
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || open === undefined) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      focusFirstField(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      id={id}
      open={defaultOpen || undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={onKeyDown}
      className="m-auto max-h-[100dvh] w-full max-w-lg overflow-y-auto rounded-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/70 [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:ring-1 [&:not(:modal)]:ring-slate-300 sm:max-h-[92dvh] sm:rounded-xl"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold text-brand-900">
            {title}
          </h2>
          <button
            type="button"
            {...(id ? dialogCommand(id, "close") : {})}
            onClick={() => ref.current?.close()}
            className="-m-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label={closeLabel}
          >
            <Icon name="x" className="h-6 w-6" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

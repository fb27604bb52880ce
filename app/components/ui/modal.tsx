import { type ReactNode, useEffect, useRef } from "react";
import { Icon } from "./icon";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: the rest of the page is inert while it is open, Escape
 * and the close button close it, Tab and Shift+Tab stay inside it, and focus returns to the
 * control that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  titleId,
  children,
  closeLabel = "Close",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  titleId: string;
  children: ReactNode;
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input, select, textarea")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
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
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: close through state, so React and the dialog agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-auto max-h-[100dvh] w-full max-w-lg overflow-y-auto rounded-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/70 sm:max-h-[92dvh] sm:rounded-xl"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold text-brand-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
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

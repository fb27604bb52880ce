import { useEffect, useRef } from "react";
import { Modal } from "~/components/ui/modal";
import { typingInto } from "~/lib/keys";
import { inboxMessages } from "../messages";

/** The list's rows, in order. */
const rowsOf = () => Array.from(document.querySelectorAll<HTMLElement>("[data-lead-row]"));

/** The row holding the focus, if any. */
const currentRow = () =>
  document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>("[data-lead-row]") : null;

/**
 * The inbox's keys, as in Gmail and Linear: `j` and `k` move the focus to the next and previous lead's link
 * (so `Enter` opens it, as it does any link), `x` ticks or clears the lead, `a` assigns it to the signed-in
 * account, `?` shows the list. They act on the row that has the focus; typing in a field is never taken
 * for a shortcut, and every action stays a control reachable with Tab.
 */
export function useListKeys(actions: { onToggle: (id: string) => void; onAssignToMe: (id: string) => void; onHelp: () => void }) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typingInto(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const rows = rowsOf();
      const row = currentRow();
      const at = row ? rows.indexOf(row) : -1;
      const focusRow = (index: number) => rows[index]?.querySelector<HTMLElement>("[data-lead-link]")?.focus();
      switch (event.key) {
        case "j":
          focusRow(Math.min(at + 1, rows.length - 1));
          break;
        case "k":
          focusRow(at <= 0 ? 0 : at - 1);
          break;
        case "x":
          if (!row?.dataset.leadRow) return;
          latest.current.onToggle(row.dataset.leadRow);
          break;
        case "a":
          if (!row?.dataset.leadRow) return;
          latest.current.onAssignToMe(row.dataset.leadRow);
          break;
        case "?":
          latest.current.onHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** The list of the inbox's keys, in a dialog. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = inboxMessages.shortcuts;
  return (
    <Modal open={open} onClose={onClose} title={text.title} titleId="shortcuts-title">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="shortcuts">
        {text.keys.map(({ key, does }) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-slate-900">{key}</kbd>
            </dt>
            <dd className="text-slate-700">{does}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

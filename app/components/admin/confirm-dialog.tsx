import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";

/** "Are you sure...?" with Cancel and a destructive confirm button. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Delete",
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={onCancel} title={title} titleId="confirm-dialog-title">
      <p className="mt-4 text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClass("outline")} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClass("primary", "bg-red-700 hover:bg-red-800")} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

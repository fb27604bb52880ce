import { useState } from "react";
import { notifyError, notifySuccess } from "~/lib/notify";
import { adminApi } from "./api";

/**
 * Delete with confirmation, as the back office's lists do it: `ask(record)` opens the confirm dialog;
 * confirming sends DELETE, removes the record from the loaded list and shows the success toast, or
 * keeps it and shows the failure toast. Spread `dialog` onto `<ConfirmDialog>`.
 */
export function useConfirmedDelete<T extends { _id: string }, R = unknown>(options: {
  /** The record's API address, e.g. `/api/jobs/{id}`. */
  path: (record: T) => string;
  /** `setData` from `useAdminData` for the list the record is in. */
  setData: (update: (current: T[] | undefined) => T[] | undefined) => void;
  /** The success toast: a fixed text, or one taken from the server's answer. */
  success: string | ((response: R) => string);
  failure: string;
}) {
  const [pending, setPending] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    const record = pending;
    if (!record || deleting) return;
    setDeleting(true);
    try {
      const response = await adminApi<R>(options.path(record), { method: "DELETE" });
      options.setData((current) => current?.filter((r) => r._id !== record._id));
      notifySuccess(typeof options.success === "string" ? options.success : options.success(response));
    } catch {
      notifyError(options.failure);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  return {
    ask: setPending,
    dialog: { open: pending !== null, busy: deleting, onConfirm: () => void confirm(), onCancel: () => !deleting && setPending(null) },
  };
}

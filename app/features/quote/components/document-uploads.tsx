import { formatFileSize } from "~/features/uploads/messages";
import type { Uploads } from "./use-uploads";

/** A `<progress>` in the site's colours (Chromium and Firefox draw their own otherwise). */
export const progressClass =
  "h-2 w-full appearance-none overflow-hidden rounded bg-slate-200 [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700";

type Slot = { slot: string; label: string; hint?: string };

/** The three document slots: add files to each, see each file's progress, remove any of them. */
export function DocumentUploads({ slots, accept, uploads }: { slots: Slot[]; accept: string; uploads: Uploads }) {
  return (
    <div className="space-y-6">
      {slots.map(({ slot, label, hint }) => {
        const id = `quote-upload-${slot}`;
        const error = uploads.slotErrors[slot];
        const files = uploads.items.filter((item) => item.slot === slot);
        return (
          <div key={slot} className="rounded-lg border border-slate-200 p-4" data-slot={slot}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {label}
            </label>
            {hint && (
              <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
                {hint}
              </p>
            )}
            <input
              id={id}
              type="file"
              multiple
              accept={accept}
              aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                uploads.add(slot, event.currentTarget.files);
                // Lets the same file be picked again after a removal or a failure.
                event.currentTarget.value = "";
              }}
              className="mt-2 block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800 disabled:opacity-60"
            />
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden" data-testid={`error-${id}`}>
              {error ?? ""}
            </p>
            {files.length > 0 && (
              <ul className="mt-3 space-y-2" aria-label={`${label} files`}>
                {files.map((file) => {
                  const percent = Math.round(file.progress * 100);
                  return (
                    <li key={file.key} className="rounded-md bg-slate-50 px-3 py-2 text-sm">
                      <div className="flex items-center justify-between gap-3">
                        <span className="min-w-0 truncate font-medium text-slate-800">{file.name}</span>
                        <span className="flex shrink-0 items-center gap-3 text-slate-600">
                          {formatFileSize(file.size)} · {file.status === "done" ? "Uploaded" : `${percent}%`}
                          <button
                            type="button"
                            onClick={() => uploads.remove(file.key)}
                            aria-label={`Remove ${file.name}`}
                            className="rounded px-2 py-1 font-semibold text-red-700 underline hover:bg-red-50 disabled:opacity-60"
                          >
                            Remove
                          </button>
                        </span>
                      </div>
                      <progress
                        max={100}
                        value={percent}
                        aria-label={`Upload progress: ${file.name}`}
                        className={`mt-2 ${progressClass}`}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

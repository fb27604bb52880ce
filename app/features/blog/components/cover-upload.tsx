import { useId, useRef, useState } from "react";
import { blogAdminMessages } from "../admin-messages";
import { mediaUrl, parseMediaUrl } from "../media";
import { ACCEPTED_IMAGES, uploadPostImage } from "../upload-image";

const t = blogAdminMessages.form;

/**
 * Beside the post form's image address: an upload of the cover image. The stored image's address
 * (/media/<hash>-<width>.webp) is put in the address field, as if typed, so the form, its checks and
 * its draft treat it as any address; a preview shows it. Without scripts the field takes an address
 * only.
 */
export function CoverUpload({ fieldId }: { fieldId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "done"; url: string } | { kind: "refused"; message: string }>({
    kind: "idle",
  });
  const statusId = useId();

  const setField = (value: string) => {
    const field = document.getElementById(fieldId) as HTMLInputElement | null;
    if (!field) return;
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  };

  const send = async (file: File) => {
    setState({ kind: "sending" });
    const answer = await uploadPostImage(file);
    if (!answer.ok) return setState({ kind: "refused", message: answer.message });
    setField(answer.image.url);
    setState({ kind: "done", url: answer.image.url });
  };

  const media = state.kind === "done" ? parseMediaUrl(state.url) : null;
  return (
    <div className="-mt-3 flex flex-wrap items-center gap-3">
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="cover-image-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void send(file);
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={state.kind === "sending"}
        aria-describedby={statusId}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
      >
        {state.kind === "sending" ? t.uploadingImage : t.uploadImage}
      </button>
      {media && (
        <img
          src={mediaUrl(media.hash, media.widths[0], "webp")}
          alt={t.imagePreview}
          width={160}
          height={90}
          className="h-12 w-auto rounded border border-slate-200 object-cover"
        />
      )}
      <p
        id={statusId}
        role={state.kind === "refused" ? "alert" : "status"}
        className={`text-sm ${state.kind === "refused" ? "font-medium text-red-700" : "text-slate-700"}`}
        data-testid="cover-image-status"
      >
        {state.kind === "refused" ? state.message : state.kind === "done" ? t.imageUploaded : ""}
      </p>
    </div>
  );
}

import { buttonClass } from "~/components/ui/button";
import { useAdminTimes } from "~/lib/admin-format";
import { blogAdminMessages } from "../admin-messages";
import type { PostDraft } from "../post-drafts";

const t = blogAdminMessages.draft;

/**
 * The offer of a draft kept in this browser, at the top of the post form: when it was kept, with
 * Restore and Discard; then what was done with it. The status region is on the page from the start
 * (empty), so screen readers announce the offer when it appears.
 */
export function DraftNotice({
  offered,
  outcome,
  onRestore,
  onDiscard,
}: {
  offered: PostDraft | null;
  /** What became of the last offer, said once it is gone. */
  outcome: "restored" | "discarded" | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { shortTime } = useAdminTimes();
  return (
    // Empty, it takes no room in the form (but stays on the page, for the announcement).
    <div className={offered ? "rounded-md border border-amber-300 bg-amber-50 px-4 py-3" : outcome ? undefined : "sr-only"}>
      <div role="status" className={offered ? "text-sm text-amber-950" : "text-sm text-slate-700"}>
        {offered ? (
          <>
            <p className="font-semibold">{t.offered(shortTime(offered.keptAt))}</p>
            <p className="mt-1">{t.explain}</p>
          </>
        ) : outcome ? (
          <p>{t[outcome]}</p>
        ) : null}
      </div>
      {offered && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" onClick={onRestore} className={buttonClass("primary")}>
            {t.restore}
          </button>
          <button type="button" onClick={onDiscard} className={buttonClass("outline")}>
            {t.discard}
          </button>
        </div>
      )}
    </div>
  );
}

import { Link } from "react-router";
import { type Paged, pagingMessages } from "~/lib/paging";

export type PagerTexts = { pagination: string; newer: string; older: string; pageOf: (page: number, count: number) => string };

/** "Showing 51–100 of 812 submissions" above a list a page at a time (nothing while it is empty). */
export function ListCount({ list, noun }: { list: Paged<unknown>; noun: { one: string; many: string } }) {
  if (list.items.length === 0) return null;
  const first = (list.page - 1) * list.pageSize + 1;
  return (
    <p className="mb-3 text-sm text-slate-600" data-testid="list-count">
      {pagingMessages.showing(first, first + list.items.length - 1, list.total, noun)}
    </p>
  );
}

/**
 * Newer / "Page 2 of 9" / Older under a list a page at a time, as links (they work without scripts and
 * can be opened in a new tab); nothing when the list fits on one page.
 */
export function Pager({
  page,
  pageCount,
  href,
  texts = pagingMessages,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  texts?: PagerTexts;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={texts.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-brand-700 underline" rel="prev">
          {texts.newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{texts.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="font-medium text-brand-700 underline" rel="next">
          {texts.older}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

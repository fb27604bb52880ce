import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SEARCH_MAX_LENGTH, searchMessages } from "~/lib/search";

/**
 * A back-office list's search box: a GET form, so the search lives in the address (bookmarked, shared,
 * Back works) and works without scripts. `/` anywhere in the back office puts the cursor in it.
 */
export function SearchBox({ action, q, label, id = "search-q" }: { action: string; q: string; label: string; id?: string }) {
  return (
    <search aria-label={label} className="mb-4 block">
      {/* Keyed by the search: Back and Clear show the address's search, not what was last typed. */}
      <Form method="get" action={action} key={q} className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-96">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <input
            id={id}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={searchMessages.placeholder}
            autoComplete="off"
            data-search-box="list"
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
        <button type="submit" className={buttonClass("outline", "py-2")}>
          {searchMessages.submit}
        </button>
        {q && (
          <Link to={action} className="py-2 text-sm font-medium text-brand-700 underline">
            {searchMessages.clear}
          </Link>
        )}
      </Form>
    </search>
  );
}

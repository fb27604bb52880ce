import { useMemo, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { filterPosts, type PostSummary, toggleTag } from "../mapping";
import { blogMessages as m } from "../messages";
import { PostCard } from "./post-card";

/** Shown while this page's data is being fetched in the browser (a revalidation, or /blog opened again). */
function Spinner() {
  return (
    <div data-testid="blog-loading" className="flex items-center justify-center py-24 text-slate-600">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{m.loading}</span>
    </div>
  );
}

/**
 * The browser's props for the list and an address's query (?q=, ?tag=: the last tag wins): the page's
 * and the part rendered for an address alone (./browser-part.server.tsx) take them from here.
 */
export function browserProps(posts: PostSummary[], tags: string[], params: URLSearchParams) {
  return { posts, tags, initialQuery: params.get("q") ?? "", initialTag: params.getAll("tag").at(-1) || null };
}

/**
 * Search and tag filter over the list the server rendered. The filter runs in the browser; without
 * JavaScript the same form submits ?q= and ?tag= and the server renders the filtered list.
 */
export function BlogBrowser({
  posts,
  tags,
  initialQuery,
  initialTag,
}: {
  posts: PostSummary[];
  tags: string[];
  initialQuery: string;
  initialTag: string | null;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [tag, setTag] = useState<string | null>(initialTag && tags.includes(initialTag) ? initialTag : null);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/blog");
  const visible = useMemo(() => filterPosts(posts, { query, tag }), [posts, query, tag]);

  return (
    <div>
      {/* "block" for browsers older than <search>, which would lay it out inline. */}
      <search aria-label={m.searchLabel} className="block">
        <form
          method="get"
          action="/blog"
          onSubmit={(e) => e.preventDefault()}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <label htmlFor="blog-search" className="block text-sm font-semibold text-brand-900">
            {m.searchLabel}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              id="blog-search"
              type="search"
              name="q"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={m.searchPlaceholder}
              autoComplete="off"
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600"
            />
            <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {m.searchButton}
            </button>
          </div>
          {/* Without JavaScript, the selected tag travels with a search; a tag button's own value comes after it and wins. */}
          {tag && <input type="hidden" name="tag" value={tag} />}
          {tags.length > 0 && (
            <fieldset aria-label={m.tagsLabel} className="mt-4 flex min-w-0 flex-wrap gap-2">
              {tags.map((t) => {
                const active = t === tag;
                return (
                  <button
                    key={t}
                    type="submit"
                    name="tag"
                    value={active ? "" : t}
                    aria-pressed={active}
                    onClick={(e) => {
                      e.preventDefault();
                      setTag((current) => toggleTag(current, t));
                    }}
                    className={`rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors ${
                      active
                        ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                        : "border-slate-300 bg-white text-brand-800 hover:border-brand-600 hover:bg-brand-50"
                    }`}
                  >
                    {t}
                  </button>
                );
              })}
            </fieldset>
          )}
        </form>
      </search>

      <p className="sr-only" role="status" aria-live="polite">
        {loading ? m.loading : m.results(visible.length)}
      </p>

      <div className="mt-10" aria-busy={loading}>
        {loading ? (
          <Spinner />
        ) : visible.length > 0 ? (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-grid">
            {visible.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center" data-testid="blog-empty">
            <h2 className="text-xl font-semibold text-brand-900">{m.noResults}</h2>
            <p className="mt-2 text-slate-600">{m.noResultsHint}</p>
          </div>
        )}
      </div>
    </div>
  );
}

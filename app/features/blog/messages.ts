/**
 * The public blog's texts. The first group is the spec's, verbatim (spec 000 sections 2, 3 and 8;
 * spec 001 section 2); the rest are ours. Browser-safe and tiny.
 */
export const blogMessages = {
  noResults: "No articles found",
  noResultsHint: "Try adjusting your search or filter criteria",
  notFound: "Post not found",
  returnToBlog: "Return to Blog",
  adminNotFound: "Blog post not found",
  backToBlog: "Back to Blog",
  expertRole: "Insurance Expert",
  defaultAuthor: "Admin",

  listTitle: "Insurance Insights",
  listEyebrow: "Blog",
  listIntro: "Plain-language guides to commercial insurance for contractors, truckers, property owners and small businesses.",
  searchLabel: "Search articles",
  searchPlaceholder: "Search by title, topic or tag",
  searchButton: "Search",
  tagsLabel: "Filter by tag",
  allTags: "All",
  loading: "Loading articles...",
  notFoundHint: "It may have been moved or unpublished, or the address may be mistyped.",
  draftNotice: "Draft: only signed-in admins can see this post until it is published.",
  shareLabel: "Share this article",
  minRead: (minutes: number) => `${minutes} min read`,
  results: (count: number) => (count === 1 ? "1 article" : `${count} articles`),
} as const;

/**
 * The agency's stored profile in React: the root loader hands the request's facts (computed on the
 * server, so no browser loads the code that derives them) to `SiteProvider` in the root layout, and
 * every component reads the facts it prints with `useSite()`; `meta` functions take the root loader's
 * with `siteFromMatches`. Loaders use `requestSite(context)` (site.server.ts).
 */
import { createContext, type ReactNode, useContext } from "react";
import type { SiteFacts } from "~/content/site-facts";

const SiteContext = createContext<SiteFacts | null>(null);

export function SiteProvider({ site, children }: { site: SiteFacts; children: ReactNode }) {
  return <SiteContext value={site}>{children}</SiteContext>;
}

/** The facts, or null where the root loader failed (its error page). */
export function useOptionalSite(): SiteFacts | null {
  return useContext(SiteContext);
}

/** The facts of the profile this page was rendered with. */
export function useSite(): SiteFacts {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite() is called outside the root layout's SiteProvider");
  return site;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** In a `meta` function: the facts of the profile the root loader gave this page. */
export function siteFromMatches(matches: readonly MatchLike[]): SiteFacts {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: SiteFacts } | undefined;
  if (!data?.site) throw new Error("the root loader's facts are missing");
  return data.site;
}

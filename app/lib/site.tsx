/**
 * The agency's stored profile in React: the root layout puts the request's profile (its loader data)
 * in `SiteProvider`, and every component reads the facts it prints with `useSite()`. Outside a provider
 * (a component rendered alone in a test) the first-run defaults apply.
 */
import { createContext, type ReactNode, useContext } from "react";
import { type AgencyProfile, defaultSite, type SiteFacts, siteFacts } from "~/content/site-profile";

const SiteContext = createContext<SiteFacts>(defaultSite);

export function SiteProvider({ profile, children }: { profile: AgencyProfile | null | undefined; children: ReactNode }) {
  return <SiteContext value={profile ? siteFacts(profile) : defaultSite}>{children}</SiteContext>;
}

/** The facts of the profile this page was rendered with. */
export function useSite(): SiteFacts {
  return useContext(SiteContext);
}

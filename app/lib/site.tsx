/**
 * The agency's stored profile in React: the root layout puts the request's profile (its loader data)
 * in `SiteProvider`, and every component reads the facts it prints with `useSite()`. Outside a provider
 * (a component rendered alone in a test) the first-run defaults apply. Loaders take the request's
 * facts with `requestSite(context)`, and `meta` functions the root loader's with `siteFromMatches`.
 */
import { createContext, type ReactNode, useContext } from "react";
import { type AgencyProfile, defaultSite, e164Phone, type SiteFacts, siteFacts } from "~/content/site-profile";

const SiteContext = createContext<SiteFacts>(defaultSite);

export function SiteProvider({ profile, children }: { profile: AgencyProfile | null | undefined; children: ReactNode }) {
  return <SiteContext value={profile ? siteFacts(profile) : defaultSite}>{children}</SiteContext>;
}

/** The facts of the profile this page was rendered with. */
export function useSite(): SiteFacts {
  return useContext(SiteContext);
}

/**
 * A loader's or action's facts: the snapshot its request took. The build prerenders without a request
 * context, with the first-run defaults.
 */
export function requestSite(context: { site?: { facts: SiteFacts } } | null | undefined): SiteFacts {
  return context?.site?.facts ?? defaultSite;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** In a `meta` function: the facts of the profile the root loader gave this page. */
export function siteFromMatches(matches: readonly MatchLike[]): SiteFacts {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: AgencyProfile } | undefined;
  return data?.site ? siteFacts(data.site) : defaultSite;
}

/** The public settings the server's environment gives, as far as the profile can override them. */
type Overridable = { gaMeasurementId: string | null; whatsappNumber: string | null };

/**
 * The Google Analytics id and WhatsApp number in effect: the profile's when the agency set one in
 * Settings, else the environment's (GA_MEASUREMENT_ID, WHATSAPP_NUMBER). The WhatsApp number is in
 * international form, digits only, as wa.me links take it.
 */
export function effectiveSettings<C extends Overridable>(config: C, site: SiteFacts): C {
  const whatsapp = site.agency.whatsapp.trim();
  const digits = whatsapp ? (e164Phone(whatsapp) ?? whatsapp).replace(/\D/g, "") : "";
  return {
    ...config,
    gaMeasurementId: site.agency.gaMeasurementId || config.gaMeasurementId,
    whatsappNumber: digits || config.whatsappNumber,
  };
}

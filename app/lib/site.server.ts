/**
 * The stored profile on the server side of a route: a loader's or action's facts, and the public
 * settings it overrides. Kept out of lib/site.tsx so that browsers never load the defaults.
 */

import type { SiteFacts } from "~/content/site-facts";
import { defaultSite, e164Phone } from "~/content/site-profile";

/**
 * A loader's or action's facts: the snapshot its request took. The build prerenders without a request
 * context, with the first-run defaults.
 */
export function requestSite(context: { site?: { facts: SiteFacts } } | null | undefined): SiteFacts {
  return context?.site?.facts ?? defaultSite;
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

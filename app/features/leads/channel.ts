/**
 * The channel a lead came through (docs/decisions/058-lead-channels.md), decided once at arrival from what
 * the visit carried: the campaign's UTM parameters, an ad network's click id on the page's address, and the
 * referring site of the visit's landing page. Staff-added leads and chat intakes have channels of their own.
 */

import { CLICK_IDS } from "~/lib/visit-tags";

export const leadChannels = ["paid", "email", "social", "organic", "referral", "direct", "chat", "phone", "walk_in"] as const;
export type LeadChannel = (typeof leadChannels)[number];

export const channelLabels: Record<LeadChannel, string> = {
  paid: "Paid ads",
  email: "Email",
  social: "Social",
  organic: "Organic search",
  referral: "Referral",
  direct: "Direct",
  chat: "Chat",
  phone: "Phone",
  walk_in: "Walk-in",
};

/** utm_medium values that mean a paid click (Google's and Meta's own names included). */
const PAID_MEDIUMS = new Set([
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid_search",
  "paid-search",
  "paidsocial",
  "paid_social",
  "paid-social",
  "cpm",
  "cpv",
  "display",
  "banner",
  "retargeting",
]);
const EMAIL_MEDIUMS = new Set(["email", "e-mail", "e_mail", "newsletter"]);
const SOCIAL_MEDIUMS = new Set(["social", "social-network", "social_network", "social-media", "social_media", "sm"]);

/** Hosts of search engines (a visit from one without a campaign is organic search). */
const SEARCH_HOSTS = [
  /(^|\.)google\.[a-z.]+$/,
  /(^|\.)bing\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)search\.yahoo\.com$/,
  /(^|\.)yahoo\.com$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)yandex\.[a-z.]+$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)startpage\.com$/,
  /(^|\.)qwant\.com$/,
  /(^|\.)aol\.com$/,
];
/** Hosts of social networks, their link shorteners included. */
const SOCIAL_HOSTS = [
  /(^|\.)facebook\.com$/,
  /(^|\.)fb\.com$/,
  /(^|\.)instagram\.com$/,
  /(^|\.)linkedin\.com$/,
  /^lnkd\.in$/,
  /^t\.co$/,
  /(^|\.)twitter\.com$/,
  /(^|\.)x\.com$/,
  /(^|\.)youtube\.com$/,
  /(^|\.)tiktok\.com$/,
  /(^|\.)nextdoor\.com$/,
  /(^|\.)reddit\.com$/,
  /(^|\.)pinterest\.com$/,
  /(^|\.)threads\.net$/,
];
/** Hosts of webmail, whose links carry no campaign. */
const EMAIL_HOSTS = [/^mail\.google\.com$/, /(^|\.)outlook\.(live|office)\.com$/, /^mail\.yahoo\.com$/];

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The path of an address (no query, no fragment), or null. */
export function pathOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, "http://site.invalid").pathname.slice(0, 500);
  } catch {
    return null;
  }
}

export type ArrivalVisit = {
  /** The lead's type and source (staff-added leads carry Phone, Walk-in or Referral; chat intakes their own type). */
  leadType: string;
  source: string;
  referrer?: string | null;
  pageUrl?: string | null;
  utm?: Record<string, string> | null;
  /** The site's own address: a referrer on it is no referral. */
  siteUrl: string;
};

/** The channel of a lead, by the first rule that applies (decision 058). */
export function leadChannel(visit: ArrivalVisit): LeadChannel {
  if (visit.leadType === "staff_added") {
    if (visit.source === "Walk-in") return "walk_in";
    if (visit.source === "Referral") return "referral";
    return "phone";
  }
  if (visit.leadType.startsWith("chat")) return "chat";
  const medium = visit.utm?.utm_medium?.trim().toLowerCase() ?? "";
  if (PAID_MEDIUMS.has(medium) || medium.startsWith("paid")) return "paid";
  if (EMAIL_MEDIUMS.has(medium)) return "email";
  if (SOCIAL_MEDIUMS.has(medium)) return "social";
  const page = (() => {
    try {
      return visit.pageUrl ? new URL(visit.pageUrl, "http://site.invalid") : null;
    } catch {
      return null;
    }
  })();
  if (page && CLICK_IDS.some((id) => page.searchParams.has(id))) return "paid";
  const host = hostOf(visit.referrer);
  const own = hostOf(visit.siteUrl);
  if (host && host !== own && host !== hostOf(visit.pageUrl)) {
    // Webmail first: mail.google.com and mail.yahoo.com are no searches.
    if (EMAIL_HOSTS.some((h) => h.test(host))) return "email";
    if (SEARCH_HOSTS.some((h) => h.test(host))) return "organic";
    if (SOCIAL_HOSTS.some((h) => h.test(host))) return "social";
    return "referral";
  }
  // A campaign named without a medium we know (utm_source=newsletter, a QR code on a truck): counted as referral.
  if (visit.utm?.utm_source) return "referral";
  return "direct";
}

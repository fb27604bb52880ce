/**
 * Page metadata: "{page title} | {agency name}" titles, descriptions, canonical URLs from
 * SITE_URL, Open Graph and Twitter cards, and JSON-LD (breadcrumbs, FAQ pages, the agency).
 * The agency's name and details are the stored profile's, as the root loader gave them.
 */
import type { MetaDescriptor } from "react-router";
import type { FaqItem } from "~/content/home";
import { type SiteFacts, WEEKDAY_NAMES, WEEKDAYS } from "~/content/site-facts";
import { siteFromMatches } from "./site";

export const DEFAULT_SITE_URL = "http://localhost:3000";
export type ShareImage = { path: string; width: number; height: number; alt?: string };
export const DEFAULT_SHARE_IMAGE: ShareImage = { path: "/og-image.png", width: 1200, height: 630 };

/** "{title} | {agency name}", with the facts the page renders with. */
export function pageTitle(title: string, site: SiteFacts): string {
  return `${title} | ${site.agency.name}`;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** SITE_URL as the root loader published it. */
export function siteUrlFrom(matches: MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { publicConfig?: { siteUrl?: string } } | undefined;
  return data?.publicConfig?.siteUrl ?? DEFAULT_SITE_URL;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...crumbs].map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(siteUrl, c.path),
    })),
  };
}

export function faqJsonLd(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The office hours as schema.org OpeningHoursSpecification: one entry per set of hours, with the weekdays that keep them. */
function openingHours(site: SiteFacts) {
  const specs: { "@type": "OpeningHoursSpecification"; dayOfWeek: string[]; opens: string; closes: string }[] = [];
  for (const day of WEEKDAYS) {
    const hours = site.agency.hours.days[day];
    if (!hours) continue;
    const same = specs.find((s) => s.opens === hours.opens && s.closes === hours.closes);
    if (same) same.dayOfWeek.push(WEEKDAY_NAMES[day]);
    else specs.push({ "@type": "OpeningHoursSpecification", dayOfWeek: [WEEKDAY_NAMES[day]], opens: hours.opens, closes: hours.closes });
  }
  return specs;
}

/** The agency as schema.org InsuranceAgency, on every page. */
export function agencyJsonLd(site: SiteFacts, siteUrl: string) {
  const { agency } = site;
  const a = agency.address;
  const sameAs = agency.social.map((s) => s.url);
  return {
    "@context": "https://schema.org",
    "@type": "InsuranceAgency",
    "@id": `${siteUrl}/#agency`,
    name: agency.name,
    url: `${siteUrl}/`,
    logo: agency.logo ? `${siteUrl}${agency.logo}` : `${siteUrl}/favicon.svg`,
    image: `${siteUrl}${DEFAULT_SHARE_IMAGE.path}`,
    telephone: agency.phone.primary.e164,
    email: agency.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    openingHoursSpecification: openingHours(site),
    areaServed: site.licensedStates.map((name) => `${name}, US`),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export type SeoInput = {
  title: string;
  description: string;
  /** The page's own path, e.g. "/about". */
  path: string;
  /** Inner pages: the trail after Home, for BreadcrumbList. */
  breadcrumb?: Crumb[];
  faqs?: FaqItem[];
  image?: ShareImage;
  type?: "website" | "article";
  jsonLd?: object[];
  noindex?: boolean;
};

export function seo(matches: MatchLike[], input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const site = siteFromMatches(matches);
  const url = absoluteUrl(siteUrl, input.path);
  const title = pageTitle(input.title, site);
  const image = input.image ?? DEFAULT_SHARE_IMAGE;
  const imageUrl = image.path.startsWith("http") ? image.path : `${siteUrl}${image.path}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.agency.name },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (image.alt) meta.push({ property: "og:image:alt", content: image.alt }, { name: "twitter:image:alt", content: image.alt });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  if (input.breadcrumb) meta.push({ "script:ld+json": breadcrumbJsonLd(siteUrl, input.breadcrumb) });
  if (input.faqs?.length) meta.push({ "script:ld+json": faqJsonLd(input.faqs) });
  for (const data of input.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

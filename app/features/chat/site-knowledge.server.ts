/**
 * What the chat assistant knows: one item per passage of every public page, built from the same
 * content modules the pages render, with the agency's current facts and stored lists, and the page
 * each passage is on (the answer links to it). The blog's published posts and the open positions come
 * from the database. docs/decisions/040-assistant-knowledge.md lists the sources.
 *
 * Sources are stable names of where a text lives ("product:hoa:faq:1", "job:{id}:0"), whatever the
 * stored profile says; the first part of a source ("product:", "job:") is the scope a change re-reads.
 */
import type { Database } from "#db/client";
import { aboutCopy } from "~/content/about";
import { builtInPostsFor } from "~/content/blog-posts";
import { careersCopy, careersOpenings } from "~/content/careers";
import { homeCopy, homeServices } from "~/content/home";
import type { LandingSlug } from "~/content/landing-pages";
import { landingPagesFor } from "~/content/landing-pages.copy";
import { type Inline, inlineToPlainText, type LegalDocument, legalDocuments } from "~/content/legal";
import type { chatInsuranceTypes } from "~/content/options";
import { fillPlaceholders } from "~/content/placeholders";
import { type ProductSlug, productPagesFor } from "~/content/products";
import { quoteCopy, quoteDocumentsIntro } from "~/content/quote";
import { serviceCards, servicesCopy } from "~/content/services";
import { fullAddress, perSite, type SiteFacts } from "~/content/site-facts";
import { teamIntro } from "~/content/team";
import { companyLine, type TestimonialText } from "~/content/testimonials";
import { listPosts } from "~/features/blog/posts.server";
import { listJobs } from "~/features/jobs/jobs.server";
import { landingForms } from "~/features/leads/landing-forms";
import { htmlToText } from "~/lib/html-text";
import { chatFaqs } from "./faqs";
import { officeHoursLong } from "./messages";

/**
 * faq: a question and its answer; fact: the agency's own details; topic: a titled passage; risk: what
 * going without a coverage costs (answers "what if" more than "what is"); article: a blog section;
 * legal: a passage of the privacy policy or the terms; review: a client's words (social proof, never
 * the source of a fact when anything else answers); highlight: a landing page's one-line hero tile.
 */
export type KnowledgeKind = "faq" | "fact" | "topic" | "risk" | "article" | "legal" | "review" | "highlight";

/** A line of business, named by its product page's slug. */
export type Line = ProductSlug;

/** The public page a passage is on: the answer's "More on this" link. */
export type PageLink = { path: string; title: string };

/** `context` (the product line a passage belongs to) is searched and embedded with the item but never shown. */
export type KnowledgeItem = {
  source: string;
  title: string;
  content: string;
  kind: KnowledgeKind;
  page: PageLink;
  line?: Line;
  context?: string;
};

const landingLine: Record<LandingSlug, Line> = {
  trucking: "commercial-trucking",
  contractors: "contractors",
  "general-liability": "general-liability",
  "commercial-property": "commercial-property",
  hoa: "hoa",
  "investment-property": "investment-property",
};

const insuranceTypeLine: Record<(typeof chatInsuranceTypes)[number], Line | undefined> = {
  "Contractors Insurance": "contractors",
  "General Liability": "general-liability",
  "Commercial Property": "commercial-property",
  "Commercial Trucking": "commercial-trucking",
  "HOA Insurance": "hoa",
  "Investment Property": "investment-property",
  Other: undefined,
};

/** The line of business a chat's insurance type names (none for "Other"). */
export function lineOfInsuranceType(insuranceType: string): Line | undefined {
  return insuranceTypeLine[insuranceType as keyof typeof insuranceTypeLine];
}

/** The pages every answer links to, by path; a product or landing page's title is its own. */
export const pages = {
  home: { path: "/", title: "Home" },
  faq: { path: "/#faq", title: "Frequently asked questions" },
  about: { path: "/about", title: "About Us" },
  services: { path: "/services", title: "Services" },
  contact: { path: "/contact", title: "Contact Us" },
  team: { path: "/team", title: "Our Team" },
  testimonials: { path: "/testimonials", title: "Testimonials" },
  careers: { path: "/careers", title: "Careers" },
  quote: { path: "/quote", title: "Commercial Trucking Insurance Quote" },
  privacy: { path: "/privacy-policy", title: "Privacy Policy" },
  terms: { path: "/terms-and-conditions", title: "Terms and Conditions" },
} as const satisfies Record<string, PageLink>;

const list = (xs: readonly string[]) => (xs.length === 1 ? xs[0] : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);

/** "By appointment" -> "by appointment" mid-sentence; a day's hours ("9:00 AM - 1:00 PM") stay as they are. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const sentence = (text: string) => (/[.!?:]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The agency's own details: contact, hours, licensed states, the promises. */
function agencyFacts(site: SiteFacts): KnowledgeItem[] {
  const { agency, promises } = site;
  const secondPhone = agency.phone.secondary ? ` or ${agency.phone.secondary.display}` : "";
  const weekend = (day: "saturday" | "sunday", label: string) => (agency.hours.days[day] ? label : lowerFirst(label));
  const fact = (source: string, title: string, content: string, page: PageLink): KnowledgeItem => ({
    source: `agency:${source}`,
    kind: "fact",
    title,
    content,
    page,
  });
  return [
    fact(
      "contact",
      "Phone number, email and office address",
      `You can call ${agency.name} at ${agency.phone.primary.display}${secondPhone}, or email ${agency.email}. Our office is at ${fullAddress(site)}. You can also reach a licensed agent on WhatsApp from this chat.`,
      pages.contact,
    ),
    fact(
      "hours",
      "Office hours and when we are open",
      `Our office hours are ${officeHoursLong(site)}. Saturday: ${weekend("saturday", agency.hours.saturday)}; Sunday: ${weekend("sunday", agency.hours.sunday)}. Claims and emergencies can be reported ${promises.claimsSupport}, and certificates of insurance are available ${promises.claimsSupport}.`,
      pages.contact,
    ),
    fact(
      "licensed-states",
      "Which states we are licensed in",
      `${agency.name} is licensed to write commercial insurance in ${site.licensedStateCount} states: ${list(site.licensedStates)}. ${site.residentState} is our resident license.`,
      pages.about,
    ),
    fact(
      "quotes",
      "How fast quotes and callbacks are",
      `A licensed agent contacts you within ${promises.contactMinutes} minutes of a quote request during office hours, and most quotes come back in about ${promises.quoteMinutes} minutes. Many quotes are ready the same day.`,
      pages.contact,
    ),
    fact(
      "payment",
      "$0 down payment options and payment plans",
      "Eligible policies can start with $0 down, and payment plans are available. A licensed agent will tell you which options your carrier offers when you get your quote.",
      pages.services,
    ),
    fact(
      "certificates",
      "Same-day certificates of insurance and 24/7 certificate access",
      `We issue certificates of insurance the same day once coverage is bound, with the additional insured and waiver wording your policy supports, and you have ${promises.claimsSupport} access to your certificates.`,
      pages.services,
    ),
    fact(
      "carriers",
      "How many insurance companies (carriers) we work with",
      `As an independent agency we work with ${promises.carriers} carriers, including specialty markets for trucking and hard-to-place risks, so we compare coverage and price for your business instead of offering one company's policy.`,
      pages.about,
    ),
    fact("about", `About ${agency.name}`, aboutCopy(site).mission.paragraphs[0], pages.about),
  ];
}

/** The home page, /about, /services and /careers: the agency's own pages. */
function agencyPages(site: SiteFacts): KnowledgeItem[] {
  const items: KnowledgeItem[] = [];
  const { agency } = site;
  const home = homeCopy(site);
  items.push({
    source: "home:hero",
    kind: "topic",
    title: home.hero.title,
    content: `${home.hero.subtitle} ${home.hero.eyebrow}.`,
    page: pages.home,
  });
  for (const [i, card] of home.whyChooseUs.entries()) {
    items.push({ source: `home:why:${i}`, kind: "topic", title: card.title, content: card.description, page: pages.home });
  }
  for (const [i, card] of homeServices.entries()) {
    const page = card.link ? { path: card.link, title: card.title } : pages.home;
    items.push({ source: `home:service:${i}`, kind: "topic", title: card.title, content: card.description, page });
  }

  const about = aboutCopy(site);
  for (const [i, p] of about.mission.paragraphs.slice(1).entries()) {
    items.push({ source: `about:mission:${i + 1}`, kind: "topic", title: "How we work", content: p, page: pages.about });
  }
  items.push({
    source: "about:why",
    kind: "topic",
    title: `Why choose ${agency.name}`,
    content: about.whyChooseUs.map((s) => `${s}.`).join(" "),
    page: pages.about,
  });

  for (const [i, card] of serviceCards.entries()) {
    items.push({ source: `service:${i}`, kind: "topic", title: card.title, content: card.description, page: pages.services });
  }
  const services = servicesCopy(site);
  for (const [i, tier] of services.tiers.entries()) {
    const included = tier.features.filter((f) => !f.startsWith("!"));
    items.push({
      source: `services:tier:${i}`,
      kind: "topic",
      title: `The ${tier.name} program`,
      content: `${tier.description} It includes: ${included.join("; ")}.`,
      page: pages.services,
    });
  }
  for (const [i, study] of services.caseStudies.entries()) {
    items.push({
      source: `services:case:${i}`,
      kind: "topic",
      title: `Case study: ${study.title}`,
      content: `${study.challenge} ${study.solution}`,
      page: pages.services,
    });
  }

  const careers = careersCopy(site);
  items.push({
    source: "careers:intro",
    kind: "topic",
    title: `${careers.intro.title} at ${agency.name} (careers)`,
    content: careers.intro.paragraphs.join(" "),
    page: pages.careers,
  });
  for (const [i, value] of careers.values.entries()) {
    items.push({
      source: `careers:value:${i}`,
      kind: "topic",
      title: `Working here: ${value.title}`,
      content: value.description,
      page: pages.careers,
    });
  }
  return items;
}

/**
 * /quote: how the trucking quote works and what to have at hand, with the largest document the server takes
 * (`uploadLimit` in words, "1 GB" by default: UPLOAD_MAX_BYTES), as the form itself says.
 */
export function quoteKnowledge(site: SiteFacts, uploadLimit: string): KnowledgeItem[] {
  const { page, documents: copy } = quoteCopy(site);
  const documents = { ...copy, intro: quoteDocumentsIntro(uploadLimit) };
  const context = "Commercial Trucking Insurance quote";
  return [
    {
      source: "quote:overview",
      kind: "topic",
      title: "Requesting a commercial trucking insurance quote online",
      content: `${page.subtitle} ${page.formIntro}`,
      page: pages.quote,
      line: "commercial-trucking",
      context,
    },
    {
      source: "quote:checklist",
      kind: "fact",
      title: "Documents and information to have ready for a trucking quote",
      content: `For a trucking quote, have these at hand: ${page.checklist.join("; ")}. ${documents.intro}`,
      page: pages.quote,
      line: "commercial-trucking",
      context,
    },
    {
      source: "quote:documents",
      kind: "topic",
      title: "Uploading documents (CDLs, registrations, loss runs) with a trucking quote request",
      content: `You can upload your drivers' CDLs, vehicle registrations and 3 years of loss runs on the quote request form. ${documents.intro} ${documents.withoutScripts[1]}`,
      page: pages.quote,
      line: "commercial-trucking",
      context,
    },
  ];
}

/** The six product pages (/insurance/{slug}). */
function productKnowledge(site: SiteFacts): KnowledgeItem[] {
  const items: KnowledgeItem[] = [];
  for (const page of productPagesFor(site)) {
    const line = page.slug;
    const base = `product:${page.slug}`;
    const context = page.serviceType;
    const link = { path: `/insurance/${page.slug}`, title: page.pageTitle };
    const add = (kind: KnowledgeKind, source: string, title: string, content: string, withContext = true) =>
      items.push({ source: `${base}:${source}`, kind, line, title, content, page: link, ...(withContext ? { context } : {}) });
    add("topic", "overview", `We offer ${page.serviceType}`, `${page.hero.title}. ${page.hero.description}`, false);
    for (const [i, c] of page.coverage.entries()) add("topic", `coverage:${i}`, c.title, c.description);
    for (const [i, c] of page.benefits.entries()) add("topic", `benefit:${i}`, c.title, c.description);
    for (const [i, c] of page.risks.entries()) add("risk", `risk:${i}`, c.title, c.description);
    for (const [i, f] of page.faqs.entries()) add("faq", `faq:${i}`, f.question, f.answer);
  }
  return items;
}

/** The six landing pages (/{line}-insurance). */
function landingKnowledge(site: SiteFacts): KnowledgeItem[] {
  const items: KnowledgeItem[] = [];
  const productPages = productPagesFor(site);
  for (const page of landingPagesFor(site)) {
    const line = landingLine[page.slug];
    const base = `landing:${page.slug}`;
    const context = productPages.find((p) => p.slug === line)?.serviceType;
    const link = { path: `/${page.slug}-insurance`, title: page.pageTitle };
    const add = (kind: KnowledgeKind, source: string, title: string, content: string) =>
      items.push({ source: `${base}:${source}`, kind, line, context, title, content, page: link });
    add("topic", "overview", page.headline, page.tagline);
    for (const [i, tile] of page.heroTiles.entries()) add("highlight", `tile:${i}`, tile.title, sentence(tile.text));
    const types = page.layout === "business" ? page.types.items : page.coveredTypes.items;
    for (const [i, t] of types.entries()) add("topic", `type:${i}`, t.title, t.description);
    for (const [i, c] of page.whyChoose.cards.entries()) add("topic", `why:${i}`, c.title, c.description);
    if (page.layout === "business") add("fact", "checklist", page.checklist.heading, `${page.checklist.items.map(sentence).join(" ")}`);
    add("topic", "help", page.help.heading, page.help.text);
    const asks = landingForms[page.slug].fields.map(
      (f) => `${f.label}${f.options.length ? ` (${f.options.join(", ")})` : ""}${f.required ? "" : ", if you like"}`,
    );
    add(
      "fact",
      "quote",
      `What the ${context ?? page.pageTitle} quote request asks`,
      `The quote form on this page asks for your name, phone number and email, then: ${asks.join("; ")}. A licensed agent contacts you within ${site.promises.contactMinutes} minutes during office hours.`,
    );
    for (const [i, f] of page.faqs.entries()) add("faq", `faq:${i}`, f.question, f.answer);
  }
  return items;
}

const blockText = (blocks: LegalDocument["sections"][number]["blocks"]) =>
  blocks
    .map((b) =>
      b.type === "p" ? inlineToPlainText(b.content) : b.items.map((item: Inline[]) => sentence(inlineToPlainText(item))).join(" "),
    )
    .join(" ");

/** The privacy policy's and the terms' sections (what is collected, kept and for how long; texts; the chat). */
function legalKnowledge(site: SiteFacts): KnowledgeItem[] {
  const { privacyPolicy, termsAndConditions } = legalDocuments(site);
  const items: KnowledgeItem[] = [];
  for (const [document, page, name] of [
    [privacyPolicy, pages.privacy, "privacy"],
    [termsAndConditions, pages.terms, "terms"],
  ] as const) {
    for (const section of document.sections) {
      if (section.id === "contact-us" || section.id === "contact") continue;
      items.push({
        source: `${name}:${section.id}`,
        kind: "legal",
        title: section.heading,
        context: document.title,
        content: blockText(section.blocks),
        page,
      });
    }
  }
  return items;
}

/**
 * Every item of the pages built from app/content with the agency's facts, computed once per facts
 * object (the quote page's, the stored lists, the blog and the jobs are added by their own builders).
 */
export const contentKnowledge: (site: SiteFacts) => KnowledgeItem[] = perSite((site) => [
  ...agencyFacts(site),
  ...agencyPages(site),
  ...chatFaqs(site).map(
    (f, i): KnowledgeItem => ({
      source: `faq:chat:${i}`,
      kind: "faq",
      title: f.question,
      content: f.answer,
      page: i === 0 ? pages.services : pages.faq,
    }),
  ),
  ...productKnowledge(site),
  ...landingKnowledge(site),
  ...legalKnowledge(site),
]);

/** The team, testimonials and home page FAQ as the back office keeps them. */
export type StoredLists = {
  team: readonly { name: string; role: string; bio: string }[];
  faqs: readonly { question: string; answer: string }[];
  testimonials: readonly Pick<TestimonialText, "name" | "role" | "business" | "place" | "quote">[];
};

/** The stored lists as knowledge, their placeholders filled. */
export function listKnowledge(lists: StoredLists, site: SiteFacts): KnowledgeItem[] {
  const intro = teamIntro(site);
  return [
    {
      source: "team:intro",
      kind: "fact",
      title: `Our team: who works at ${site.agency.name}`,
      content: `${intro.subtitle} The team: ${list(lists.team.map((m) => `${m.name} (${m.role})`))}.`,
      page: pages.team,
    },
    ...lists.team.map(
      (m, i): KnowledgeItem => ({
        source: `team:${i}`,
        kind: "fact",
        title: `Our team: ${m.name}, ${m.role}`,
        content: fillPlaceholders(m.bio, site),
        page: pages.team,
      }),
    ),
    ...lists.faqs.map(
      (f, i): KnowledgeItem => ({
        source: `faq:home:${i}`,
        kind: "faq",
        title: fillPlaceholders(f.question, site),
        content: fillPlaceholders(f.answer, site),
        page: pages.faq,
      }),
    ),
    ...lists.testimonials.map(
      (t, i): KnowledgeItem => ({
        source: `review:${i}`,
        kind: "review",
        title: `Client reviews and testimonials: ${t.name}, ${t.role}${companyLine(t) ? ` at ${companyLine(t)}` : ""}`,
        content: `"${fillPlaceholders(t.quote, site)}"`,
        page: pages.testimonials,
      }),
    ),
  ];
}

/** The source prefixes of items ("agency:", "faq:" ...): the scope a change of the facts re-reads. */
export function contentScope(items: KnowledgeItem[]): string[] {
  return [...new Set(items.map((i) => `${i.source.slice(0, i.source.indexOf(":"))}:`))];
}

// ---- blog ----

const MAX_CHUNK_CHARS = 1400;

/** A text split between sentences into chunks of at most MAX_CHUNK_CHARS (a longer sentence is a chunk of its own). */
function chunks(sentences: string[]): string[] {
  const out: string[] = [];
  let chunk = "";
  for (const s of sentences) {
    if (chunk && chunk.length + s.length > MAX_CHUNK_CHARS) {
      out.push(chunk.trim());
      chunk = "";
    }
    chunk += `${s} `;
  }
  if (chunk.trim()) out.push(chunk.trim());
  return out;
}

/**
 * A post as knowledge: one item per section (the introduction, then each h2), long sections split
 * between paragraphs. Sources are "blog:{post id}:{n}".
 */
export function blogPostKnowledge(post: { id: string; slug: string; title: string; content: string }): KnowledgeItem[] {
  const sections: { heading: string; html: string }[] = [];
  const parts = post.content.split(/<h2\b[^>]*>([\s\S]*?)<\/h2>/i);
  sections.push({ heading: post.title, html: parts[0] ?? "" });
  for (let i = 1; i < parts.length; i += 2) sections.push({ heading: `${post.title}: ${htmlToText(parts[i])}`, html: parts[i + 1] ?? "" });

  const page = { path: `/blog/${post.slug}`, title: post.title };
  const items: KnowledgeItem[] = [];
  for (const section of sections) {
    const paragraphs = section.html
      .split(/<\/(?:p|li|h3|ul|ol)>/i)
      .map((p) => htmlToText(p))
      .filter(Boolean)
      .map(sentence);
    for (const content of chunks(paragraphs)) {
      items.push({ source: `blog:${post.id}:${items.length}`, kind: "article", title: section.heading, content, page });
    }
  }
  return items;
}

/** The built-in articles (as the agency's facts word them) and the published posts of the database. */
export async function blogKnowledge(db: Database, site: SiteFacts): Promise<KnowledgeItem[]> {
  const stored = await listPosts(db, { includeDrafts: false });
  return [
    ...builtInPostsFor(site).flatMap((p) => blogPostKnowledge({ id: p.id, slug: p.slug, title: p.title, content: p.content })),
    ...stored.flatMap((p) => blogPostKnowledge({ id: p._id, slug: p.slug, title: p.title, content: p.content })),
  ];
}

export const blogSourcePrefix = (postId: string) => `blog:${postId}:`;

// ---- open positions ----

export const JOB_SCOPE = "job:";

/** The open positions of /careers (the back office's Job Listings): what is open, then each position. */
export async function jobKnowledge(db: Database, site: SiteFacts): Promise<KnowledgeItem[]> {
  const jobs = await listJobs(db);
  const title = `Job openings and open positions at ${site.agency.name}`;
  const items: KnowledgeItem[] = [
    {
      source: "job:openings",
      kind: "fact",
      title,
      content: jobs.length
        ? `We are hiring: ${list(jobs.map((j) => `${j.title} (${j.type}, ${j.workType}, ${j.location})`))}. ${careersOpenings.intro}`
        : `${careersOpenings.none} ${site.agency.email}.`,
      page: pages.careers,
    },
  ];
  for (const job of jobs) {
    const text = job.description.replace(/\s+/g, " ").trim();
    for (const [n, content] of chunks(text.split(/(?<=[.!?])\s+/)).entries()) {
      items.push({
        source: `job:${job._id}:${n}`,
        kind: "topic",
        title: `Open position: ${job.title} (${job.type}, ${job.workType}, ${job.location})`,
        context: "Careers and job openings",
        content,
        page: pages.careers,
      });
    }
  }
  return items;
}

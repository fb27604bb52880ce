import type { Locator, Page } from "@playwright/test";
import { aboutCopy } from "../../app/content/about";
import { closingCopy } from "../../app/content/closing";
import { homeCopy, homeServices } from "../../app/content/home";
import { serviceCards, servicesCopy } from "../../app/content/services";
import { defaultSite } from "../../app/content/site-profile";
import { teamIntro } from "../../app/content/team";
import { featuredTestimonial, homeFaqs, homeReviews, teamMembers, testimonials } from "../support/content";
import { expect, expectNoAxeViolations, test } from "./support";

/** The test server starts with the first-run profile: its pages state these facts. */
const { agency, licensedStates, promises, residentState, trackRecord } = defaultSite;
const { mission: aboutMission, statesIntro: aboutStatesIntro, values: aboutValues, whyChooseUs: aboutWhyChooseUs } = aboutCopy(defaultSite);
const homeClosing = closingCopy(defaultSite);
const { hero: homeHero, whyChooseUs: homeWhyChooseUs } = homeCopy(defaultSite);
const { caseStudies, tiers } = servicesCopy(defaultSite);

/** SITE_URL's default: canonical links do not depend on the port the test server runs on. */
const SITE_URL = "http://localhost:3000";

const contentPages = [
  { path: "/", title: `Commercial Insurance in ${agency.address.city}, ${agency.address.region}`, jsonLd: "FAQPage" },
  { path: "/services", title: "Commercial Insurance Services", jsonLd: "BreadcrumbList" },
  { path: "/testimonials", title: "Client Testimonials", jsonLd: "BreadcrumbList" },
  { path: "/team", title: "Our Team", jsonLd: "BreadcrumbList" },
  { path: "/about", title: "About Us", jsonLd: "BreadcrumbList" },
] as const;

/** The page's opening banner: the section holding the h1. */
function hero(page: Page): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
}

/** The closing call-to-action banner, found by its heading. */
function closingBanner(page: Page): Locator {
  return page.getByRole("region", { name: homeClosing.title });
}

async function expectClosingBanner(page: Page) {
  const banner = closingBanner(page);
  await expect(banner.getByRole("heading", { level: 2 })).toHaveText(homeClosing.title);
  await expect(banner.getByRole("link", { name: `Call ${agency.phone.primary.display}` })).toHaveAttribute(
    "href",
    `tel:${agency.phone.primary.e164}`,
  );
  await expect(banner.locator('a[href="/contact"]')).toHaveCount(1);
}

test.describe("home page", () => {
  test("hero states the quote promise and offers a call and an instant quote", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const banner = hero(page);
    await expect(banner.getByRole("heading", { level: 1 })).toHaveText(homeHero.title);
    expect(homeHero.subtitle).toContain(`about ${promises.quoteMinutes} minutes`);
    await expect(banner.getByText(homeHero.subtitle)).toBeVisible();
    await expect(banner.getByRole("link", { name: `Call ${agency.phone.primary.display}` })).toHaveAttribute(
      "href",
      `tel:${agency.phone.primary.e164}`,
    );
    await expect(banner.getByRole("link", { name: "Get Instant Quote" })).toHaveAttribute("href", "/quote");
  });

  test("shows four services, four reasons, three reviews, seven questions and a closing banner", async ({ page }) => {
    await page.goto("/");

    const services = page.getByTestId("service-card");
    await expect(services).toHaveCount(homeServices.length);
    expect(homeServices).toHaveLength(4);
    for (const [i, card] of homeServices.entries()) {
      await expect(services.nth(i).getByRole("heading", { level: 3 })).toHaveText(card.title);
      await expect(services.nth(i).getByRole("link", { name: card.title })).toHaveAttribute("href", card.link!);
    }

    const reasons = page.getByTestId("why-card");
    expect(homeWhyChooseUs).toHaveLength(4);
    await expect(reasons).toHaveCount(homeWhyChooseUs.length);
    await expect(reasons.getByRole("heading", { level: 3 })).toHaveText(homeWhyChooseUs.map((c) => c.title));

    const reviews = page.getByTestId("review-card");
    expect(homeReviews).toHaveLength(3);
    await expect(reviews).toHaveCount(homeReviews.length);
    for (const [i, review] of homeReviews.entries()) {
      await expect(reviews.nth(i).getByRole("img", { name: `Rated ${review.rating} out of 5` })).toBeVisible();
      await expect(reviews.nth(i).getByRole("heading", { level: 3 })).toHaveText(review.name);
      await expect(reviews.nth(i)).toContainText(review.message);
    }
    expect(homeReviews.every((r) => r.rating === 5)).toBe(true);
    await expect(page.getByRole("link", { name: "Read more client reviews" })).toHaveAttribute("href", "/testimonials");

    const faqSection = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faqSection.getByRole("heading", { level: 2 })).toHaveText("Frequently asked questions");
    expect(homeFaqs).toHaveLength(7);
    await expect(faqSection.locator("summary")).toHaveText(homeFaqs.map((f) => f.question));

    await expectClosingBanner(page);
  });

  test("the FAQ accordion opens one answer at a time, by mouse and keyboard", async ({ page }) => {
    await page.goto("/");
    const faq = page.getByTestId("faq");
    const questions = faq.locator("summary");
    const answer = (i: number) => faq.getByText(homeFaqs[i].answer);
    const expectOpen = async (open: number | null) => {
      for (let i = 0; i < homeFaqs.length; i++) {
        if (i === open) {
          await expect(faq.locator("details").nth(i)).toHaveAttribute("open", "");
          await expect(answer(i)).toBeVisible();
        } else {
          await expect(faq.locator("details").nth(i)).not.toHaveAttribute("open");
          await expect(answer(i)).toBeHidden();
        }
      }
    };

    await expect(questions).toHaveCount(homeFaqs.length);
    await expectOpen(null);
    // The questions are each a heading inside its summary.
    await expect(faq.getByRole("heading", { level: 3 })).toHaveText(homeFaqs.map((f) => f.question));

    await questions.nth(0).click();
    await expectOpen(0);
    await questions.nth(3).click();
    await expectOpen(3);
    await questions.nth(3).click();
    await expectOpen(null);

    await questions.nth(1).focus();
    await page.keyboard.press("Enter");
    await expectOpen(1);
    await page.keyboard.press("Enter");
    await expectOpen(null);
    await page.keyboard.press("Space");
    await expectOpen(1);
    await questions.nth(6).focus();
    await page.keyboard.press("Space");
    await expectOpen(6);
    await page.keyboard.press("Space");
    await expectOpen(null);
  });
});

test.describe("services page", () => {
  test("shows six services, three tiers, two case studies and a call to action", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const cards = page.getByTestId("service-card");
    expect(serviceCards).toHaveLength(6);
    await expect(cards).toHaveCount(serviceCards.length);
    for (const [i, card] of serviceCards.entries()) {
      await expect(cards.nth(i).getByRole("link", { name: card.title })).toHaveAttribute("href", card.link!);
    }

    const tierCards = page.getByTestId("tier");
    expect(tiers.map((t) => t.name)).toEqual(["Basic", "Professional", "Enterprise"]);
    await expect(tierCards).toHaveCount(3);
    await expect(tierCards.getByRole("heading", { level: 3 })).toHaveText(tiers.map((t) => t.name));
    expect(tiers.filter((t) => t.recommended).map((t) => t.name)).toEqual(["Professional"]);
    for (const [i, tier] of tiers.entries()) {
      const card = tierCards.nth(i);
      if (tier.recommended) await expect(card.getByText("Recommended", { exact: true })).toBeVisible();
      else await expect(card.getByText("Recommended", { exact: true })).toHaveCount(0);

      const expected = tier.features.map((f) => (f.startsWith("!") ? `Not included: ${f.slice(1)}` : `Included: ${f}`));
      await expect(card.getByRole("listitem")).toHaveText(expected);
      // The "!" marker never reaches the page.
      await expect(card.getByRole("list")).not.toContainText("!");
    }
    // Basic excludes four features, so the marking is actually exercised.
    expect(tiers[0].features.filter((f) => f.startsWith("!"))).toHaveLength(4);

    const studies = page.getByTestId("case-study");
    expect(caseStudies).toHaveLength(2);
    await expect(studies).toHaveCount(caseStudies.length);
    for (const [i, study] of caseStudies.entries()) {
      const card = studies.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(study.title);
      for (const text of [
        study.client,
        study.industry,
        study.challenge,
        study.solution,
        study.testimonial.quote,
        study.testimonial.author,
        study.testimonial.role,
      ]) {
        await expect(card).toContainText(text);
      }
      await expect(card.getByRole("heading", { name: "Results" }).locator("xpath=following-sibling::ul[1]/li")).toHaveText(study.results);
      await expect(card.locator("figure blockquote")).toContainText(study.testimonial.quote);
    }

    await expectClosingBanner(page);
  });
});

test.describe("testimonials page", () => {
  test("shows the featured quote, six five-star reviews and the track record", async ({ page }) => {
    await page.goto("/testimonials");
    const featured = hero(page).getByTestId("featured-testimonial");
    await expect(featured.locator("blockquote")).toContainText(featuredTestimonial.quote);
    await expect(featured.locator("figcaption")).toContainText(featuredTestimonial.name);
    await expect(featured.locator("figcaption")).toContainText(featuredTestimonial.company);

    const cards = page.getByTestId("testimonial-card");
    expect(testimonials).toHaveLength(6);
    await expect(cards).toHaveCount(testimonials.length);
    for (const [i, t] of testimonials.entries()) {
      const card = cards.nth(i);
      expect(t.rating).toBe(5);
      await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(t.name);
      await expect(card.locator("figcaption")).toContainText(`${t.role}, ${t.company}`);
      await expect(card.locator("blockquote")).toContainText(t.message);
    }

    const record = page.getByTestId("track-record");
    expect(trackRecord.map((r) => r.value)).toEqual(["500+", "98%", "24/7", "15+"]);
    await expect(record.locator("dd")).toHaveText(trackRecord.map((r) => r.value));
    await expect(record.locator("dt")).toHaveText(trackRecord.map((r) => r.label));

    await expectClosingBanner(page);
  });
});

test.describe("team page", () => {
  test("shows three members with email, phone and LinkedIn links named after them", async ({ page }) => {
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(teamIntro(defaultSite).title);
    await expect(hero(page)).toContainText(teamIntro(defaultSite).subtitle);

    const members = page.getByTestId("team-member");
    expect(teamMembers).toHaveLength(3);
    await expect(members).toHaveCount(teamMembers.length);
    for (const [i, m] of teamMembers.entries()) {
      const card = members.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(m.name);
      await expect(card).toContainText(m.role);
      await expect(card).toContainText(m.bio);
      // The initials avatar is decorative.
      await expect(card.getByText(m.initials, { exact: true })).toHaveAttribute("aria-hidden", "true");

      await expect(card.getByRole("link", { name: `Email ${m.name}` })).toHaveAttribute("href", `mailto:${m.email}`);
      const digits = m.phone.replace(/\D/g, "");
      await expect(card.getByRole("link", { name: `Call ${m.name}` })).toHaveAttribute("href", `tel:+1${digits}`);
      const linkedin = card.getByRole("link", { name: `${m.name} on LinkedIn` });
      await expect(linkedin).toHaveAttribute("href", m.linkedin);
      await expect(linkedin).toHaveAttribute("target", "_blank");
      await expect(linkedin).toHaveAttribute("rel", /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
      await expect(card.getByRole("link")).toHaveCount(3);
    }
  });
});

test.describe("about page", () => {
  test("shows the mission, six reasons, three values, the licensed states and calls to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 2, name: aboutMission.title })).toBeVisible();
    for (const paragraph of aboutMission.paragraphs) await expect(page.getByText(paragraph)).toBeVisible();

    const reasons = page.getByTestId("about-why").getByRole("listitem");
    expect(aboutWhyChooseUs).toHaveLength(6);
    await expect(reasons).toHaveText(aboutWhyChooseUs);

    expect(aboutValues.map((v) => v.title)).toEqual(["Integrity", "Excellence", "Security"]);
    await expect(page.getByTestId("value-card").getByRole("heading", { level: 3 })).toHaveText(aboutValues.map((v) => v.title));

    const statesSection = page.getByRole("region", { name: "Where we are licensed" });
    await expect(statesSection.getByText(aboutStatesIntro)).toBeVisible();
    const states = statesSection.getByTestId("licensed-states").getByRole("listitem");
    expect(licensedStates).toHaveLength(17);
    await expect(states).toHaveCount(licensedStates.length);
    await expect(states.filter({ hasText: "Resident License" })).toHaveCount(1);
    await expect(states.filter({ hasText: "Resident License" })).toContainText(residentState);
    expect(residentState).toBe("Texas");
    await expect(statesSection.getByText(`Licensed in ${licensedStates.length} states`)).toBeVisible();

    await expect(hero(page).locator('a[href="/contact"]')).toHaveCount(1);
    await expectClosingBanner(page);
  });
});

test.describe("page metadata", () => {
  for (const p of contentPages) {
    test(`${p.path} has its title, canonical link, description, Open Graph and ${p.jsonLd}`, async ({ page }) => {
      await page.goto(p.path);
      const title = `${p.title} | ${agency.name}`;
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", p.path === "/" ? `${SITE_URL}/` : `${SITE_URL}${p.path}`);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThanOrEqual(140);
      expect(description?.length ?? 0).toBeLessThanOrEqual(160);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);

      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = blocks.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
      expect(types).toContain(p.jsonLd);
      if (p.jsonLd === "FAQPage") {
        const faq = blocks.map((t) => JSON.parse(t)).find((d) => d["@type"] === "FAQPage");
        expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(homeFaqs.map((f) => f.question));
      } else {
        const crumbs = blocks.map((t) => JSON.parse(t)).find((d) => d["@type"] === "BreadcrumbList");
        expect(crumbs.itemListElement.at(-1).item).toBe(`${SITE_URL}${p.path}`);
      }
    });
  }
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test.describe(`accessibility (${viewport.name})`, () => {
    for (const p of contentPages) {
      test(`${p.path} has no axe violations`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(p.path);
        await expectNoAxeViolations(page);
      });
    }
  });
}

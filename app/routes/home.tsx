import { Link } from "react-router";
import { ReviewCard } from "~/components/pages/review-card";
import { FeatureCards, ServiceCards } from "~/components/pages/service-cards";
import { buttonClass, CallButton } from "~/components/ui/button";
import { CtaBanner } from "~/components/ui/cta-banner";
import { FaqAccordion } from "~/components/ui/faq-accordion";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { closingCopy } from "~/content/closing";
import { homeCopy, homeServices } from "~/content/home";
import { defaultSnapshot } from "~/features/settings/site.server";
import { faqView, testimonialsIn } from "~/features/settings/site-lists";
import { seo } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/home";

/**
 * The stored lists the home page shows: its reviews (testimonials placed on the home page) and its
 * FAQ, with the request's facts filled in (the first-run lists at build time, which has no request).
 */
export function loader({ context }: Route.LoaderArgs) {
  const snapshot = context?.site ?? defaultSnapshot;
  return {
    reviews: testimonialsIn(snapshot, "home", snapshot.facts),
    faqs: snapshot.faqs.map((f) => faqView(f, snapshot.facts)),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { agency, licensedStateCount, promises } = siteFromMatches(matches);
  return seo(matches, {
    title: `Commercial Insurance in ${agency.address.city}, ${agency.address.region}`,
    description: `Trucking, contractors, general liability and commercial property insurance from ${promises.carriers} carriers, licensed in ${licensedStateCount} states. Most quotes back in about ${promises.quoteMinutes} minutes.`,
    path: "/",
    faqs: loaderData?.faqs ?? [],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { agency, licensedStateCount, promises } = site;
  const { hero: homeHero, whyChooseUs: homeWhyChooseUs } = homeCopy(site);
  const homeClosing = closingCopy(site);
  const heroPoints = [
    `${promises.carriers} carriers compared`,
    `Licensed in ${licensedStateCount} states`,
    `${promises.claimsSupport} claims support`,
  ];
  return (
    <>
      <PageHero
        eyebrow={homeHero.eyebrow}
        title={homeHero.title}
        subtitle={
          <>
            <p>{homeHero.subtitle}</p>
            <ul className="mt-6 flex flex-col gap-2 text-base text-white sm:flex-row sm:flex-wrap sm:gap-x-6">
              {heroPoints.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <Icon name="check" className="h-5 w-5 shrink-0 text-accent-400" />
                  {point}
                </li>
              ))}
            </ul>
          </>
        }
        background={
          <>
            <div className="absolute inset-0 bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900" />
            <Icon name="shield" className="absolute top-1/2 -right-16 h-[30rem] w-[30rem] -translate-y-1/2 text-white/10" />
          </>
        }
      >
        <CallButton variant="light" />
        <Link to="/quote" className={buttonClass("accent")}>
          Get Instant Quote
          <Icon name="arrow-right" className="h-5 w-5" />
        </Link>
      </PageHero>

      <Section id="services" title="Commercial insurance we write">
        <ServiceCards cards={homeServices} />
        <p className="mt-10 text-center">
          <Link to="/services" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            See all our insurance services
          </Link>
        </p>
      </Section>

      <Section id="why-choose-us" title={`Why businesses choose ${agency.shortName}`} tone="muted">
        <FeatureCards cards={homeWhyChooseUs} testId="why-card" />
      </Section>

      {loaderData.reviews.length > 0 && (
        <Section id="reviews" title="What our clients say">
          <ul className="grid gap-6 md:grid-cols-3">
            {loaderData.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <p className="mt-10 text-center">
            <Link to="/testimonials" className={buttonClass("outline")}>
              Read more client reviews
              <Icon name="arrow-right" className="h-5 w-5" />
            </Link>
          </p>
        </Section>
      )}

      {loaderData.faqs.length > 0 && (
        <Section id="faq" title="Frequently asked questions" tone="muted">
          <FaqAccordion items={loaderData.faqs} headingLevel={3} />
        </Section>
      )}

      <CtaBanner title={homeClosing.title} text={homeClosing.text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}

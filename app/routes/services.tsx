import { Link } from "react-router";
import { ServiceCards } from "~/components/pages/service-cards";
import { buttonClass, CallButton } from "~/components/ui/button";
import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { closingCopy } from "~/content/closing";
import { type CaseStudy, serviceCards, servicesCopy, type Tier } from "~/content/services";
import { seo } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/services";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const { promises } = site;
  const tierNames = servicesCopy(site).tiers.map((t) => t.name);
  return seo(matches, {
    title: "Commercial Insurance Services",
    description: `Trucking, contractors, liability, property, HOA and investment property insurance from ${promises.carriers} carriers, in ${tierNames.slice(0, -1).join(", ")} and ${tierNames.at(-1)} coverage tiers.`,
    path: "/services",
    breadcrumb: [{ name: "Services", path: "/services" }],
  });
}

/** A leading "!" marks a feature the tier does not include. */
function parseFeature(feature: string): { text: string; included: boolean } {
  return feature.startsWith("!") ? { text: feature.slice(1), included: false } : { text: feature, included: true };
}

function TierCard({ tier }: { tier: Tier }) {
  const headingId = `tier-${tier.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="tier"
      className={`relative flex h-full flex-col rounded-2xl bg-white p-6 sm:p-8 ${tier.recommended ? "border-2 border-brand-700 shadow-lg lg:-my-4 lg:py-12" : "border border-slate-200 shadow-sm"}`}
    >
      {tier.recommended && (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-accent-400 px-4 py-1 text-sm font-semibold whitespace-nowrap text-brand-900 shadow-sm">
          Recommended
        </p>
      )}
      <h3 id={headingId} className="text-2xl font-bold text-brand-900">
        {tier.name}
      </h3>
      <p className="mt-3 text-slate-600">{tier.description}</p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-slate-200 pt-6">
        {tier.features.map(parseFeature).map(({ text, included }) => (
          <li key={text} className={`flex gap-3 ${included ? "text-slate-800" : "text-slate-600"}`}>
            {included ? (
              <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            ) : (
              <Icon name="x" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
            )}
            <span>
              <span className="sr-only">{included ? "Included: " : "Not included: "}</span>
              {text}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/quote" className={buttonClass(tier.recommended ? "primary" : "outline", "mt-8 w-full")}>
        Get a quote<span className="sr-only"> for the {tier.name} tier</span>
      </Link>
    </article>
  );
}

function CaseStudyCard({ study, index }: { study: CaseStudy; index: number }) {
  const headingId = `case-study-${index}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="case-study"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-200 bg-brand-50 px-6 py-6 sm:px-8">
        <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold text-brand-800">Client:</dt>
            <dd className="text-slate-700">{study.client}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold text-brand-800">Industry:</dt>
            <dd className="text-slate-700">{study.industry}</dd>
          </div>
        </dl>
        <h3 id={headingId} className="mt-3 text-xl font-bold text-brand-900 sm:text-2xl">
          {study.title}
        </h3>
      </div>
      <div className="grid gap-8 px-6 py-8 sm:px-8 lg:grid-cols-2">
        <div className="space-y-6">
          <div>
            <h4 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">The challenge</h4>
            <p className="mt-2 leading-relaxed text-slate-700">{study.challenge}</p>
          </div>
          <div>
            <h4 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Our solution</h4>
            <p className="mt-2 leading-relaxed text-slate-700">{study.solution}</p>
          </div>
        </div>
        <div className="space-y-6">
          <div>
            <h4 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Results</h4>
            <ul className="mt-3 space-y-3">
              {study.results.map((result) => (
                <li key={result} className="flex gap-3 text-slate-800">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  <span>{result}</span>
                </li>
              ))}
            </ul>
          </div>
          <figure className="rounded-xl bg-brand-900 p-6 text-white">
            <Icon name="quote" className="h-6 w-6 text-accent-400" />
            <blockquote className="mt-3 leading-relaxed">
              <p>&ldquo;{study.testimonial.quote}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-4 text-sm text-slate-200">
              <span className="font-semibold text-white">{study.testimonial.author}</span>, {study.testimonial.role}
            </figcaption>
          </figure>
        </div>
      </div>
    </article>
  );
}

export default function Services() {
  const site = useSite();
  const { hero: servicesHero, tiers, caseStudies } = servicesCopy(site);
  const homeClosing = closingCopy(site);
  return (
    <>
      <PageHero eyebrow="Our services" title={servicesHero.title} subtitle={servicesHero.subtitle}>
        <Link to="/quote" className={buttonClass("accent")}>
          Get Instant Quote
          <Icon name="arrow-right" className="h-5 w-5" />
        </Link>
        <CallButton variant="outline-light" />
      </PageHero>

      <Section id="lines" title="Insurance for every part of your business">
        <ServiceCards cards={serviceCards} columns="lg:grid-cols-3" />
      </Section>

      <Section id="tiers" title="Coverage packages" tone="muted">
        <ul className="grid items-stretch gap-10 lg:grid-cols-3 lg:gap-6">
          {tiers.map((tier) => (
            <li key={tier.name}>
              <TierCard tier={tier} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="case-studies" title="Case studies">
        <ul className="space-y-10">
          {caseStudies.map((study, i) => (
            <li key={study.title}>
              <CaseStudyCard study={study} index={i} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner title={homeClosing.title} text={homeClosing.text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}

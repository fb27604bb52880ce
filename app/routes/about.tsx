import { Link } from "react-router";
import { FeatureCards } from "~/components/pages/service-cards";
import { buttonClass, CallButton } from "~/components/ui/button";
import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import { LicensedStatesGrid } from "~/components/ui/licensed-states";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { aboutCopy } from "~/content/about";
import { closingCopy } from "~/content/closing";
import { seo } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  const { agency, licensedStateCount, promises } = siteFromMatches(matches);
  return seo(matches, {
    title: "About Us",
    description: `${agency.name} is an independent commercial insurance agency in ${agency.address.city}, ${agency.address.region}, licensed in ${licensedStateCount} states and working with ${promises.carriers} carriers.`,
    path: "/about",
    breadcrumb: [{ name: "About Us", path: "/about" }],
  });
}

export default function About() {
  const site = useSite();
  const { agency, trackRecord } = site;
  const { mission: aboutMission, whyChooseUs: aboutWhyChooseUs, values: aboutValues, statesIntro: aboutStatesIntro } = aboutCopy(site);
  const homeClosing = closingCopy(site);
  return (
    <>
      <PageHero eyebrow={`About ${agency.name}`} title="About Us" subtitle={agency.tagline}>
        <Link to="/contact" className={buttonClass("accent")}>
          Contact Us
          <Icon name="arrow-right" className="h-5 w-5" />
        </Link>
        <CallButton variant="outline-light" />
      </PageHero>

      <section id="mission" aria-labelledby="mission-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight text-brand-900">
              {aboutMission.title}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
              {aboutMission.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start lg:col-span-2">
            {trackRecord.map((item) => (
              <div key={item.label} className="flex flex-col-reverse rounded-xl bg-brand-50 p-5 text-center">
                <dt className="mt-1 text-sm font-medium text-slate-700">{item.label}</dt>
                <dd className="text-3xl font-bold text-brand-700">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section id="why-choose-us" title="Why choose us" tone="muted">
        <ul className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2" data-testid="about-why">
          {aboutWhyChooseUs.map((item) => (
            <li key={item} className="flex gap-3 rounded-xl bg-white p-5 text-slate-800 shadow-sm ring-1 ring-slate-200">
              <Icon name="circle-check" className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="values" title="Our values">
        <FeatureCards cards={aboutValues} testId="value-card" columns="lg:grid-cols-3" />
      </Section>

      <Section id="licensed-states" title="Where we are licensed" intro={aboutStatesIntro} tone="muted">
        <div className="mx-auto max-w-5xl">
          <LicensedStatesGrid />
        </div>
      </Section>

      <CtaBanner title={homeClosing.title} text={homeClosing.text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}

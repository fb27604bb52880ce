import { FeaturedTestimonial } from "~/components/pages/featured-testimonial";
import { ReviewCard } from "~/components/pages/review-card";
import { CtaBanner } from "~/components/ui/cta-banner";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { closingCopy } from "~/content/closing";
import { defaultSnapshot } from "~/features/settings/site.server";
import { testimonialsIn } from "~/features/settings/site-lists";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/testimonials";

/**
 * The stored testimonials of this page: the first featured one (the quote that opens it) and the
 * cards, quotes filled with the request's facts (the first-run ones at build time, which has no request).
 */
export function loader({ context }: Route.LoaderArgs) {
  const snapshot = context?.site ?? defaultSnapshot;
  const site = snapshot.facts;
  return {
    featured: testimonialsIn(snapshot, "featured", site)[0] ?? null,
    cards: testimonialsIn(snapshot, "testimonials", site),
    description: `Reviews from truckers, contractors, HOAs and landlords insured by ${site.agency.name}: ${site.promises.satisfaction} client satisfaction across ${site.promises.clients} commercial clients.`,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo(matches, {
    title: "Client Testimonials",
    description: loaderData?.description ?? "",
    path: "/testimonials",
    breadcrumb: [{ name: "Testimonials", path: "/testimonials" }],
  });
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { featured, cards } = loaderData;
  const site = useSite();
  const { trackRecord } = site;
  return (
    <>
      <PageHero
        eyebrow="Client testimonials"
        title="What our clients say"
        subtitle={featured && <FeaturedTestimonial testimonial={featured} />}
      />

      <Section id="reviews" title="Reviews from business owners we insure">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {cards.map((testimonial) => (
            <li key={testimonial.id}>
              <ReviewCard review={testimonial} testId="testimonial-card" />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="track-record" title="Our track record" tone="muted">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4" data-testid="track-record">
          {trackRecord.map((item) => (
            <div key={item.label} className="flex flex-col-reverse rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="mt-2 font-medium text-slate-700">{item.label}</dt>
              <dd className="text-4xl font-bold tracking-tight text-brand-700">{item.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <CtaBanner title={closingCopy(site).title} text={closingCopy(site).text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}

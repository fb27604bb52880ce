import { ReviewCard } from "~/components/pages/review-card";
import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { agency, promises, trackRecord } from "~/content/agency";
import { closingCopy } from "~/content/closing";
import { featuredTestimonial, testimonials } from "~/content/testimonials";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/testimonials";

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Client Testimonials",
    description: `Reviews from truckers, contractors, HOAs and landlords insured by ${agency.name}: ${promises.satisfaction} client satisfaction across ${promises.clients} commercial clients.`,
    path: "/testimonials",
    breadcrumb: [{ name: "Testimonials", path: "/testimonials" }],
  });
}

export default function Testimonials() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow="Client testimonials"
        title="What our clients say"
        subtitle={
          <figure data-testid="featured-testimonial" className="border-l-4 border-accent-400 pl-5">
            <Icon name="quote" className="h-8 w-8 text-accent-400" />
            <blockquote className="mt-3 text-xl leading-relaxed text-white sm:text-2xl">
              <p>&ldquo;{featuredTestimonial.quote}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-5 text-base text-slate-200">
              <span className="block font-semibold text-white">{featuredTestimonial.name}</span>
              {featuredTestimonial.role}, {featuredTestimonial.company}
            </figcaption>
          </figure>
        }
      />

      <Section id="reviews" title="Reviews from business owners we insure">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
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

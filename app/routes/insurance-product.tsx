import { data } from "react-router";
import { QuoteScrollLink } from "~/components/product/quote-scroll-link";
import { CallButton } from "~/components/ui/button";
import { FaqAccordion } from "~/components/ui/faq-accordion";
import { Icon, type IconName } from "~/components/ui/icon";
import { LicensedStatesGrid } from "~/components/ui/licensed-states";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { type ProductItem, productBySlug } from "~/content/products";
import { mailtoHref } from "~/content/site-facts";
import { SideQuoteForm } from "~/features/leads/components/side-quote-form";
import { formMessages } from "~/features/leads/messages";
import { sideQuoteFormSchema } from "~/features/leads/schema";
import { PUBLIC_FORM_BYTES, submitLead, trappedNotice, visitContext } from "~/features/leads/submit.server";
import { productQuote, type SubmitLeadBody } from "~/features/leads/submit-lead-schema";
import { formClientAction, keepDataAfterForms } from "~/lib/form";
import { accept, formHeaders, postForm } from "~/lib/post.server";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { requestSite } from "~/lib/site.server";
import type { Route } from "./+types/insurance-product";

/**
 * The copy reaches the page through the loader, so it is in the HTML and not in a JavaScript chunk;
 * it states the facts of the request's profile.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const page = productBySlug(requestSite(context), params.slug);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

/** The side quote form: a product-page quote with the page's service type, stored as POST /api/submit-lead stores it. */
export function action({ request, context, params }: Route.ActionArgs) {
  const page = productBySlug(context.site.facts, params.slug);
  if (!page) throw data(null, { status: 404 });
  const { success } = formMessages.sideQuote;
  return postForm(
    request,
    context,
    {
      form: "side-quote",
      schema: sideQuoteFormSchema,
      maxBytes: PUBLIC_FORM_BYTES,
      access: "public",
      rateLimit: "forms",
      honeypot: () => accept(success, trappedNotice(context)),
    },
    async ({ value, formData }) => {
      const body = {
        ...productQuote,
        serviceType: page.serviceType,
        ...value,
        submissionDate: new Date().toISOString(),
      } as SubmitLeadBody;
      const { callBackNotice } = await submitLead(context, body, visitContext(request, context, formData));
      return accept(success, callBackNotice);
    },
  );
}

export const clientAction = formClientAction;
export const shouldRevalidate = keepDataAfterForms;
export const headers = formHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = `/insurance/${page.slug}`;
  return [
    ...seo(matches, {
      title: page.pageTitle,
      description: page.metaDescription,
      path,
      breadcrumb: [
        { name: "Services", path: "/services" },
        { name: page.pageTitle, path },
      ],
      faqs: page.faqs,
    }),
  ];
}

function ItemGrid({ items, icon, tone }: { items: ProductItem[]; icon: IconName; tone: "brand" | "warn" }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <Icon name={icon} className={`mt-0.5 h-6 w-6 shrink-0 ${tone === "warn" ? "text-red-700" : "text-brand-600"}`} />
          <div>
            <h3 className="font-semibold text-brand-900">{item.title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-700">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProductSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="py-12">
      <h2 id={`${id}-heading`} className="text-3xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export default function InsuranceProduct({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { agency, promises } = useSite();
  return (
    <>
      <PageHero
        eyebrow={page.serviceType}
        title={page.hero.title}
        subtitle={page.hero.description}
        background={
          <img
            src={`/illustrations/${page.slug}.svg`}
            alt=""
            width={1600}
            height={900}
            className="h-full w-full object-cover object-bottom"
            fetchPriority="high"
          />
        }
      >
        <QuoteScrollLink targetId="quote-form">Get Instant Quote</QuoteScrollLink>
        <CallButton variant="outline-light" label="Call Us Now" />
      </PageHero>

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-3 lg:gap-10">
        <div className="lg:col-span-2">
          <ProductSection id="coverage" title="Coverage Details">
            <ItemGrid items={page.coverage} icon="shield" tone="brand" />
          </ProductSection>
          <ProductSection id="benefits" title="Key Benefits">
            <ItemGrid items={page.benefits} icon="circle-check" tone="brand" />
          </ProductSection>
          <ProductSection id="risks" title="Risks of Being Uninsured">
            <ItemGrid items={page.risks} icon="alert" tone="warn" />
          </ProductSection>
          <ProductSection id="faq" title="Frequently Asked Questions">
            <FaqAccordion items={page.faqs} />
          </ProductSection>
        </div>

        <aside
          id="quote-form"
          tabIndex={-1}
          aria-labelledby="quote-form-heading"
          data-service-type={page.serviceType}
          className="scroll-mt-24 py-12 outline-none"
        >
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-lg lg:sticky lg:top-24">
            <h2 id="quote-form-heading" className="text-xl font-bold text-brand-900">
              Get a {page.serviceType} Quote
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Tell us what you need and a licensed agent contacts you within {promises.contactMinutes} minutes during office hours. Prefer
              email? Write to{" "}
              <a href={mailtoHref(agency.email)} className="font-medium text-brand-700 underline">
                {agency.email}
              </a>
              .
            </p>
            <div className="mt-5">
              <SideQuoteForm serviceType={page.serviceType} />
            </div>
          </div>
        </aside>
      </div>

      <Section
        id="licensed-states"
        title="Licensed States"
        tone="muted"
        intro={`${agency.name} writes ${page.serviceType.toLowerCase()} wherever we hold a license.`}
      >
        <LicensedStatesGrid />
      </Section>
    </>
  );
}

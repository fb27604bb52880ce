import { data, useActionData } from "react-router";
import { FormAnswerNotice } from "~/components/form/form-answer";
import { buttonClass, CallButton } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { dialogCommand, Modal } from "~/components/ui/modal";
import { Section } from "~/components/ui/section";
import type { BusinessLandingPage, LandingPage, LandingSlug, LandingTile, PropertyLandingPage } from "~/content/landing-pages";
import { withPhone } from "~/content/site-facts";
import { LandingQuoteForm } from "~/features/leads/components/landing-quote-form";
import { landingFormSchema, landingForms } from "~/features/leads/landing-forms";
import { landingLeadTypes } from "~/features/leads/lead-types";
import { formMessages } from "~/features/leads/messages";
import { PUBLIC_FORM_BYTES, submitLead, trappedNotice, visitContext } from "~/features/leads/submit.server";
import type { SubmitLeadBody } from "~/features/leads/submit-lead-schema";
import { formClientAction, isFormAnswer, keepDataAfterForms } from "~/lib/form";
import { useOpenChat } from "~/lib/open-chat";
import { accept, formHeaders, postForm } from "~/lib/post.server";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { requestSite } from "~/lib/site.server";
import { notifyError } from "~/lib/toast";
import type { Route } from "./+types/landing";

const text = formMessages.landingQuote;
/** The quote modal, opened by the page's buttons through the browser's own dialog commands. */
const QUOTE_DIALOG = "quote-dialog";

/**
 * The landing page a request is for: /hoa-insurance (or its data request, /hoa-insurance.data or
 * /hoa-insurance/_.data) is "hoa"; its copy states the facts of the request's profile.
 */
async function pageOf(request: Request, context: Route.LoaderArgs["context"] | undefined) {
  const { landingBySlug } = await import("~/content/landing-pages.copy");
  const slug = new URL(request.url).pathname
    .replace(/(\/_)?\.data$/, "")
    .replace(/^\//, "")
    .replace(/-insurance\/?$/, "");
  const page = landingBySlug(requestSite(context), slug);
  if (!page) throw data(null, { status: 404 });
  return page;
}

/** The copy reaches the page through the loader, so it is in the HTML and not in a JavaScript chunk. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await pageOf(request, context) };
}

/** The quote modal's form: a lead of the page's type, stored as POST /api/submit-lead stores it. */
export async function action({ request, context }: Route.ActionArgs) {
  const page = await pageOf(request, context);
  const { leadType } = landingForms[page.slug as LandingSlug];
  return postForm(
    request,
    context,
    {
      form: "landing-quote",
      schema: await landingFormSchema(leadType),
      maxBytes: PUBLIC_FORM_BYTES,
      access: "public",
      rateLimit: "forms",
      honeypot: () => accept(text.success, trappedNotice(context)),
    },
    async ({ value, formData }) => {
      const { submissionType, source } = landingLeadTypes[leadType];
      // The values are the lead type's own schema's (landingFormSchema): with its fixed fields they are its API body.
      const body = { ...value, leadType, submissionType, source, submissionDate: new Date().toISOString() } as unknown as SubmitLeadBody;
      const { callBackNotice } = await submitLead(context, body, visitContext(request, context, formData));
      return accept(text.success, callBackNotice);
    },
  );
}

export const clientAction = formClientAction;
export const shouldRevalidate = keepDataAfterForms;
export const headers = formHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = `/${page.slug}-insurance`;
  return seo(matches, {
    title: page.pageTitle,
    description: page.metaDescription,
    path,
    breadcrumb: [{ name: page.pageTitle, path }],
    faqs: page.faqs,
  });
}

/** Opens the quote modal: the browser does it itself, so the first tap works before the page's scripts have run. */
function OpenQuoteButton({ label, variant = "accent" }: { label: string; variant?: "accent" | "light" }) {
  return (
    <button type="button" {...dialogCommand(QUOTE_DIALOG, "show-modal")} className={buttonClass(variant)} aria-haspopup="dialog">
      {label}
    </button>
  );
}

function LiveChatButton() {
  const openChat = useOpenChat();
  const site = useSite();
  return (
    <button
      type="button"
      className={buttonClass("outline")}
      onClick={() => {
        if (!openChat()) notifyError(withPhone(site, formMessages.liveChatUnavailable));
      }}
    >
      <Icon name="users" className="h-5 w-5" />
      Live Chat
    </button>
  );
}

function Hero({ page, notice }: { page: LandingPage; notice: React.ReactNode }) {
  return (
    <section aria-labelledby="landing-heading" className="relative isolate overflow-hidden bg-brand-900 text-white">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(250,204,21,0.18),transparent_55%)]"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        {notice}
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-accent-400 ring-1 ring-white/20">
          <Icon name="badge" className="h-4 w-4" />
          {page.badge}
        </p>
        <h1 id="landing-heading" className="mt-5 max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">
          {page.headline}
        </h1>
        <p className="mt-6 max-w-3xl text-lg text-slate-200">{page.tagline}</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {page.heroTiles.map((tile) => (
            <li key={tile.title} className="rounded-lg bg-white/10 p-4 ring-1 ring-white/15">
              <Icon name={tile.icon} className="h-6 w-6 text-accent-400" />
              <p className="mt-2 font-semibold">{tile.title}</p>
              <p className="mt-1 text-sm text-slate-300">{tile.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-4">
          <CallButton variant="light" />
          <OpenQuoteButton label={text.openHero} />
        </div>
      </div>
    </section>
  );
}

function TileGrid({ items, columns }: { items: LandingTile[]; columns: "3" | "5" }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === "5" ? "lg:grid-cols-5" : "lg:grid-cols-3"}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Icon name={item.icon} className="h-8 w-8 text-brand-600" />
          <h3 className="mt-4 text-lg font-semibold text-brand-900">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-700">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

function CoveredTypes({ page }: { page: PropertyLandingPage }) {
  return (
    <Section id="covered-types" title={page.coveredTypes.heading} intro={page.coveredTypes.intro} tone="muted">
      <TileGrid items={page.coveredTypes.items} columns="5" />
    </Section>
  );
}

function BusinessTypes({ page }: { page: BusinessLandingPage }) {
  return (
    <>
      <Section id="coverage-types" title={page.types.heading} intro={page.types.intro} tone="muted">
        <TileGrid items={page.types.items} columns="3" />
      </Section>
      <section aria-labelledby="checklist-heading" className="bg-white py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="checklist-heading" className="text-3xl font-bold tracking-tight text-brand-900">
              {page.checklist.heading}
            </h2>
            <div className="mt-6 flex flex-wrap gap-4">
              <CallButton variant="primary" />
            </div>
          </div>
          <ul className="space-y-3">
            {page.checklist.items.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <Icon name="circle-check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function Faqs({ page }: { page: LandingPage }) {
  return (
    <Section id="faq" title="Common Questions" tone="muted">
      <dl className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        {page.faqs.map((faq) => (
          <div key={faq.question} className="rounded-xl border border-slate-200 bg-white p-6">
            <dt className="font-semibold text-brand-900">{faq.question}</dt>
            <dd className="mt-2 text-sm leading-6 text-slate-700">{faq.answer}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const closeQuote = () => (document.getElementById(QUOTE_DIALOG) as HTMLDialogElement | null)?.close();

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { agency, licensedStateCount, promises } = useSite();
  // A quote posted without scripts: its success is told at the top of the page; a refusal reopens the modal with the errors.
  const actionData = useActionData<typeof action>();
  const posted = isFormAnswer(actionData) ? actionData : undefined;

  return (
    <>
      <Hero
        page={page}
        notice={
          posted?.ok && (
            <div className="mb-8 max-w-3xl text-slate-900">
              <FormAnswerNotice answer={posted} />
            </div>
          )
        }
      />
      {page.layout === "property" ? <CoveredTypes page={page} /> : <BusinessTypes page={page} />}

      <Section id="why-choose" title={page.whyChoose.heading} intro={page.whyChoose.intro}>
        <TileGrid items={page.whyChoose.cards} columns="3" />
      </Section>

      <section aria-labelledby="quote-banner-heading" className="bg-brand-800 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
          <h2 id="quote-banner-heading" className="text-3xl font-bold tracking-tight">
            {page.banner.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{page.banner.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <CallButton variant="light" />
            <OpenQuoteButton label={text.openBanner} />
          </div>
        </div>
      </section>

      <Faqs page={page} />

      <section aria-labelledby="help-heading" className="bg-white py-16">
        <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 px-6 py-10 text-center shadow-sm">
          <h2 id="help-heading" className="text-2xl font-bold text-brand-900">
            {text.helpHeading}
          </h2>
          <p className="mt-3 font-semibold text-slate-800">{page.help.heading}</p>
          <p className="mt-2 text-slate-700">{page.help.text}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-4">
            <CallButton variant="primary" />
            <LiveChatButton />
          </div>
          <p className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-slate-600" data-testid="availability">
            <Icon name="clock" className="h-4 w-4" />
            {agency.hours.availability}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Licensed in {licensedStateCount} states · {promises.carriers} carriers · {promises.claimsSupport} claims support
          </p>
        </div>
      </section>

      <Modal id={QUOTE_DIALOG} defaultOpen={posted !== undefined && !posted.ok} title={text.title} titleId="quote-modal-title">
        <ul className="mt-4 space-y-2">
          {text.reassurances.map((line) => (
            <li key={line} className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <Icon name="check" className="h-4 w-4 text-brand-600" />
              {line}
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <LandingQuoteForm slug={page.slug as LandingSlug} onSubmitted={closeQuote} />
        </div>
      </Modal>
    </>
  );
}

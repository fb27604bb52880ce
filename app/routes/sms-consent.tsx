import { Link } from "react-router";
import { InlineText } from "~/components/ui/inline-text";
import { PageHero } from "~/components/ui/page-hero";
import { legalPaths, smsConsent } from "~/content/sms-consent";
import { SmsConsentForm } from "~/features/leads/components/sms-consent-form";
import { formMessages } from "~/features/leads/messages";
import { smsConsentFormSchema } from "~/features/leads/schema";
import { PUBLIC_FORM_BYTES, submitSmsConsent, visitContext } from "~/features/leads/submit.server";
import { formClientAction } from "~/lib/form";
import { accept, formHeaders, postForm } from "~/lib/post.server";
import { seo } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/sms-consent";

/** The consent form, stored as POST /api/sms-consent stores it. */
export function action({ request, context }: Route.ActionArgs) {
  const { success } = formMessages.smsConsent;
  return postForm(
    request,
    context,
    {
      form: "sms-consent",
      // The wording (and so its version) this request's profile shows.
      schema: smsConsentFormSchema(context.site.facts),
      maxBytes: PUBLIC_FORM_BYTES,
      access: "public",
      rateLimit: "forms",
      honeypot: () => accept(success),
    },
    async ({ value, formData }) => {
      await submitSmsConsent(context, value, visitContext(request, context, formData));
      return accept(success);
    },
  );
}

export const clientAction = formClientAction;
export const headers = formHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const consent = smsConsent(siteFromMatches(matches));
  return seo(matches, {
    title: consent.pageTitle,
    description: consent.metaDescription,
    path: "/sms-consent",
    breadcrumb: [{ name: consent.pageTitle, path: "/sms-consent" }],
  });
}

export default function SmsConsentPage() {
  const site = useSite();
  const { agency } = site;
  const consent = smsConsent(site);
  return (
    <>
      <PageHero eyebrow="Text messages" title={consent.pageTitle} subtitle={consent.pageIntro} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="consent-form-heading" className="lg:col-span-3">
          <h2 id="consent-form-heading" className="text-2xl font-bold text-brand-900">
            Give Your Consent
          </h2>
          <p className="mt-2 text-slate-600">All fields are required. You can opt out at any time by replying STOP.</p>
          <div id="sms-consent-form" className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <SmsConsentForm />
          </div>
        </section>
        <aside aria-labelledby="agreeing-heading" className="lg:col-span-2">
          <div className="rounded-lg bg-slate-50 p-6">
            <h2 id="agreeing-heading" className="text-lg font-semibold text-brand-900">
              What you are agreeing to
            </h2>
            <p className="mt-3 text-sm leading-6 text-slate-700">
              <InlineText parts={consent.checkboxLabel} />
            </p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              <li>
                <strong>STOP</strong> ends all texts from {agency.name}.
              </li>
              <li>
                <strong>HELP</strong> replies with how to reach us: {agency.phone.primary.display}.
              </li>
            </ul>
            <p className="mt-4 text-sm text-slate-700">
              Read our{" "}
              <Link to={legalPaths.privacyPolicy} className="font-medium text-brand-700 underline">
                Privacy Policy
              </Link>{" "}
              and{" "}
              <Link to={legalPaths.termsAndConditions} className="font-medium text-brand-700 underline">
                Terms and Conditions
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}

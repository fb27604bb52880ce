import { Link } from "react-router";
import { buttonClass, CallButton } from "~/components/ui/button";
import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { clockLabel, fullAddress, mailtoHref, perSite, type SiteFacts, telHref, WEEKDAY_NAMES, type Weekday } from "~/content/site-facts";
import { legalPaths } from "~/content/sms-consent";
import { ContactForm } from "~/features/leads/components/contact-form";
import { formMessages } from "~/features/leads/messages";
import { contactFormSchema } from "~/features/leads/schema";
import { PUBLIC_FORM_BYTES, submitContact, trappedNotice, visitContext } from "~/features/leads/submit.server";
import { formClientAction } from "~/lib/form";
import { accept, formHeaders, postForm } from "~/lib/post.server";
import { seo } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/contact";

/** The contact form, posted by the browser itself or by the form once scripts run: stored as POST /api/contacts stores it. */
export function action({ request, context }: Route.ActionArgs) {
  const { success } = formMessages.contact;
  return postForm(
    request,
    context,
    {
      form: "contact",
      schema: contactFormSchema,
      maxBytes: PUBLIC_FORM_BYTES,
      access: "public",
      rateLimit: "forms",
      honeypot: () => accept(success, trappedNotice(context)),
    },
    async ({ value, formData }) => {
      const { callBackNotice } = await submitContact(context, value, visitContext(request, context, formData));
      return accept(success, callBackNotice);
    },
  );
}

export const clientAction = formClientAction;
export const headers = formHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { agency, promises } = siteFromMatches(matches);
  return seo(matches, {
    title: "Contact Us",
    description: `Call, email or message ${agency.name} in ${agency.address.city}, ${agency.address.region}. Office hours ${agency.hours.openShort}; we reply within ${promises.contactMinutes} minutes.`,
    path: "/contact",
    breadcrumb: [{ name: "Contact Us", path: "/contact" }],
  });
}

/** The business hours as the page lists them: Monday to Friday, days of equal hours together, then Saturday and Sunday. */
const businessHours = perSite(({ agency }: SiteFacts) => {
  const weekdays: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];
  const runs: { first: Weekday; last: Weekday; time: string }[] = [];
  for (const day of weekdays) {
    const hours = agency.hours.days[day];
    const time = hours ? `${clockLabel(hours.opens)} - ${clockLabel(hours.closes)}` : "Closed";
    const last = runs.at(-1);
    if (last?.time === time) last.last = day;
    else runs.push({ first: day, last: day, time });
  }
  return [
    ...runs.map((run) => ({
      day: run.first === run.last ? WEEKDAY_NAMES[run.first] : `${WEEKDAY_NAMES[run.first]} - ${WEEKDAY_NAMES[run.last]}`,
      time: run.time,
    })),
    { day: "Saturday", time: agency.hours.saturday },
    { day: "Sunday", time: agency.hours.sunday },
  ];
});

export default function Contact() {
  const site = useSite();
  const { agency, promises } = site;
  const phones = [agency.phone.primary, ...(agency.phone.secondary ? [agency.phone.secondary] : [])];
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Talk to a commercial insurance agent"
        subtitle={`Call, email or send a message. During office hours a licensed agent gets back to you within ${promises.contactMinutes} minutes.`}
      >
        <CallButton variant="accent" />
        <a href={mailtoHref(agency.email)} className={buttonClass("outline-light")}>
          <Icon name="mail" className="h-5 w-5" />
          Email {agency.email}
        </a>
      </PageHero>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3">
        <div className="space-y-6">
          <section aria-labelledby="location-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="location-heading" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
              <Icon name="map" className="h-5 w-5 text-brand-600" /> Our Office
            </h2>
            <address className="mt-3 not-italic text-slate-700">
              {agency.name}
              <br />
              {fullAddress(site)}
            </address>
            <p className="mt-3 space-y-1 text-slate-700">
              {phones.map((phone) => (
                <a key={phone.e164} href={telHref(phone.e164)} className="flex items-center gap-2 font-medium text-brand-700 underline">
                  <Icon name="phone" className="h-4 w-4" /> {phone.display}
                </a>
              ))}
              <a href={mailtoHref(agency.email)} className="flex items-center gap-2 font-medium text-brand-700 underline">
                <Icon name="mail" className="h-4 w-4" /> {agency.email}
              </a>
            </p>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
              <Icon name="clock" className="h-5 w-5 text-brand-600" /> Business Hours
            </h2>
            <dl className="mt-3 space-y-2 text-slate-700" data-testid="business-hours">
              {businessHours(site).map((h) => (
                <div key={h.day} className="flex justify-between gap-4">
                  <dt className="font-medium">{h.day}</dt>
                  <dd>{h.time}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-slate-600">Claims can be reported around the clock: call {agency.phone.primary.display}.</p>
          </section>
        </div>

        <section aria-labelledby="message-heading" className="lg:col-span-2">
          <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="message-heading" className="text-2xl font-bold text-brand-900">
              Send Us a Message
            </h2>
            <p className="mt-2 text-slate-600">Tell us about your business and what you need covered. Fields marked * are required.</p>
            <div id="contact-form" className="mt-6">
              <ContactForm />
            </div>
            <p className="mt-6 text-sm text-slate-600">
              We handle your details as our{" "}
              <Link to={legalPaths.privacyPolicy} className="font-medium text-brand-700 underline">
                Privacy Policy
              </Link>{" "}
              describes, under our{" "}
              <Link to={legalPaths.termsAndConditions} className="font-medium text-brand-700 underline">
                Terms and Conditions
              </Link>
              .
            </p>
          </div>
        </section>
      </div>

      <CtaBanner
        title="Ready for a quote?"
        text={`Tell us about your trucks, crews or buildings and we will shop ${promises.carriers} carriers for you.`}
        link={{ to: "/quote", label: "Get Instant Quote" }}
      />
    </>
  );
}

import { useState } from "react";
import { useActionData, useSearchParams } from "react-router";
import { FormAnswerNotice } from "~/components/form/form-answer";
import { buttonClass, CallButton } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Modal } from "~/components/ui/modal";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { careersCopy, careersOpenings } from "~/content/careers";
import { mailtoHref, type SiteFacts } from "~/content/site-facts";
import { careerMessages } from "~/features/jobs/careers-messages";
import { APPLICATION_FORM, ApplicationForm } from "~/features/jobs/components/application-form";
import { listJobs, submitApplication } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import { applicationSchema, type JobRecord } from "~/features/jobs/schema";
import { PUBLIC_FORM_BYTES, visitContext } from "~/features/leads/submit.server";
import { formClientAction, isFormAnswer, keepDataAfterForms } from "~/lib/form";
import { accept, formHeaders, postForm, refuse } from "~/lib/post.server";
import { seo, siteUrlFrom } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { VisitTagsHandle } from "~/lib/visit-tags";
import type { Route } from "./+types/careers";

/** The address parameter naming the opening whose application form is open (`/careers?apply={id}`). */
const APPLY_PARAM = "apply";
const APPLY_DIALOG = "apply-dialog";

/** Each opening's Apply form carries the address's campaign parameters on (`campaignParams`). */
export const handle: VisitTagsHandle = { readsVisitTags: true };

/** Rendered per request: the openings come from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: await listJobs(context.db) };
}

/** The application form: stored as POST /api/applications stores it, counted against the same limit. */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: APPLICATION_FORM,
      schema: applicationSchema,
      maxBytes: PUBLIC_FORM_BYTES,
      access: "public",
      rateLimit: "applications",
      honeypot: () => accept(careerMessages.success),
    },
    async ({ value, formData }) => {
      const { ip, userAgent } = visitContext(request, context, formData);
      const application = await submitApplication(context, value, { ip, userAgent });
      return application ? accept(careerMessages.success) : refuse(404, jobMessages.api.notFound);
    },
  );
}

export const clientAction = formClientAction;
export const shouldRevalidate = keepDataAfterForms;
export const headers = formHeaders;

const employmentType: Record<JobRecord["type"], string> = { "Full-time": "FULL_TIME", "Part-time": "PART_TIME", Internship: "INTERN" };

/** schema.org JobPosting, so search engines can list the openings. */
function jobPostingJsonLd(job: JobRecord, siteUrl: string, { agency }: SiteFacts) {
  const [locality, region] = job.location.split(",").map((s) => s.trim());
  const place = {
    "@type": "Place",
    address: { "@type": "PostalAddress", addressLocality: locality, ...(region ? { addressRegion: region } : {}), addressCountry: "US" },
  };
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: job.createdAt.slice(0, 10),
    employmentType: employmentType[job.type],
    hiringOrganization: { "@type": "Organization", name: agency.name, sameAs: `${siteUrl}/` },
    ...(job.workType === "Remote"
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "US" } }
      : { jobLocation: place }),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const siteUrl = siteUrlFrom(matches);
  const site = siteFromMatches(matches);
  const { agency } = site;
  return seo(matches, {
    title: "Careers",
    description: `Open positions at ${agency.name}, an independent commercial insurance agency in ${agency.address.city}, ${agency.address.region}. See our current openings and apply online.`,
    path: "/careers",
    breadcrumb: [{ name: "Careers", path: "/careers" }],
    jsonLd: (loaderData?.jobs ?? []).map((job) => jobPostingJsonLd(job, siteUrl, site)),
  });
}

/** The id of an opening's Apply button (focus returns to it when its form closes). */
const applyButtonId = (job: JobRecord) => `apply-${job._id}`;

/**
 * The campaign parameters of the address (utm_*: at most ten, each bounded as the submission context bounds
 * them), carried along when Apply asks for the page again.
 */
const campaignParams = (params: URLSearchParams): [string, string][] =>
  [...params]
    .filter(([name]) => name.length <= 40 && /^utm_\w+$/.test(name))
    .slice(0, 10)
    .map(([name, value]) => [name, value.slice(0, 200)]);

function JobCard({ job, onApply, campaign }: { job: JobRecord; onApply: () => void; campaign: [string, string][] }) {
  const headingId = `job-${job._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="career-job"
    >
      <h3 id={headingId} className="text-xl font-semibold text-brand-900">
        {job.title}
      </h3>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Position details">
        <li className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{job.type}</li>
        <li className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{job.workType}</li>
        <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
          <Icon name="map" className="h-4 w-4" />
          {job.location}
        </li>
      </ul>
      <p className="mt-4 whitespace-pre-line text-slate-700">{job.description}</p>
      {/* Before the page's scripts run, or without them, the button asks the page again with this opening's
          form open; once they run, it opens the form in place. */}
      <form method="get" action="/careers" className="mt-auto pt-6">
        {campaign.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          id={applyButtonId(job)}
          type="submit"
          name={APPLY_PARAM}
          value={job._id}
          onClick={(event) => {
            event.preventDefault();
            onApply();
          }}
          className={buttonClass("primary")}
          aria-haspopup="dialog"
        >
          {careerMessages.apply}
          <span className="sr-only"> for {job.title}</span>
        </button>
      </form>
    </article>
  );
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  const site = useSite();
  const { agency } = site;
  const { hero: careersHero, intro: careersIntro, values: careersValues } = careersCopy(site);
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const posted = isFormAnswer(actionData) && actionData.form === APPLICATION_FORM ? actionData : undefined;
  /** The opening whose form the address asks for (an Apply pressed before the scripts ran, or without them). */
  const requested = posted?.ok ? null : (jobs.find((job) => job._id === searchParams.get(APPLY_PARAM)) ?? null);
  const [applyingTo, setApplyingTo] = useState<JobRecord | null>(requested);
  // An application posted without scripts: a refusal is shown in its open form; a success, or a refusal with no
  // form to show it in (the opening was closed meanwhile), at the top of the page.
  const notice = posted && (posted.ok || requested === null) ? posted : undefined;
  const campaign = campaignParams(searchParams);

  return (
    <>
      <PageHero eyebrow={careersHero.eyebrow} title={careersHero.title} subtitle={careersHero.subtitle}>
        {notice && (
          <div className="w-full max-w-3xl text-slate-900">
            <FormAnswerNotice answer={notice} />
          </div>
        )}
        <a href="#open-positions" className={buttonClass("accent")}>
          See open positions
          <Icon name="arrow-right" className="h-5 w-5" />
        </a>
      </PageHero>

      <section aria-labelledby="careers-intro-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <h2 id="careers-intro-heading" className="text-3xl font-bold tracking-tight text-brand-900">
              {careersIntro.title}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
              {careersIntro.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </div>
          <ul className="space-y-4 self-start lg:col-span-2">
            {careersValues.map((v) => (
              <li key={v.title} className="flex gap-4 rounded-xl bg-brand-50 p-5">
                <Icon name={v.icon} className="h-7 w-7 shrink-0 text-brand-700" />
                <div>
                  <h3 className="font-semibold text-brand-900">{v.title}</h3>
                  <p className="mt-1 text-slate-700">{v.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="open-positions" title={careersOpenings.title} intro={jobs.length > 0 ? careersOpenings.intro : undefined} tone="muted">
        {jobs.length === 0 ? (
          <div className="mx-auto max-w-3xl rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="no-openings">
            <p className="text-lg text-slate-700">
              {careersOpenings.none}{" "}
              <a href={mailtoHref(agency.email)} className="font-semibold text-brand-700 underline">
                {agency.email}
              </a>
              .
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-4">
              <a href={mailtoHref(agency.email)} className={buttonClass("primary")}>
                <Icon name="mail" className="h-5 w-5" />
                Email your resume
              </a>
              <CallButton variant="outline" />
            </div>
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {jobs.map((job) => (
              <JobCard key={job._id} job={job} campaign={campaign} onApply={() => setApplyingTo(job)} />
            ))}
          </div>
        )}
      </Section>

      <Modal
        id={APPLY_DIALOG}
        open={applyingTo !== null}
        defaultOpen={requested !== null}
        openedBy={requested ? applyButtonId(requested) : undefined}
        onClose={() => setApplyingTo(null)}
        title={applyingTo ? careerMessages.applyTitle(applyingTo.title) : ""}
        titleId="apply-title"
      >
        {applyingTo && (
          <>
            <p className="mt-2 text-slate-600">
              {applyingTo.type} · {applyingTo.workType} · {applyingTo.location}
            </p>
            <ApplicationForm key={applyingTo._id} jobId={applyingTo._id} onSuccess={() => setApplyingTo(null)} />
          </>
        )}
      </Modal>
    </>
  );
}

import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { LoadFailure } from "~/components/admin/list-parts";
import { ListCount, Pager } from "~/components/admin/pager";
import { SearchBox } from "~/components/admin/search-box";
import { buttonClass } from "~/components/ui/button";
import { localDateTime } from "~/features/admin/format";
import { applicationsPage, getJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import type { ApplicationRecord, ApplicationStatus, JobRecord } from "~/features/jobs/schema";
import { ADMIN_PAGE_SIZE, type Paged, pageAsked, pageHref } from "~/lib/paging";
import { requireAdmin } from "~/lib/post.server";
import { hereWithSearch, parseSearch, searchAsked, searchMessages } from "~/lib/search";
import type { Route } from "./+types/job-submissions";

const text = jobMessages.submissions;

/** Spec 001 section 4: yellow pending, blue reviewed, green accepted, red rejected. */
const badge: Record<ApplicationStatus, string> = {
  pending: "bg-yellow-100 text-yellow-800",
  reviewed: "bg-blue-100 text-blue-800",
  accepted: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const localDate = (iso: string) => new Date(iso).toLocaleDateString();

/**
 * A date in the admin's own locale and time zone. The server knows neither: its HTML (and the first
 * render in the browser, which must match it) shows the date in UTC, replaced by the local one at once.
 */
function LocalDate({ iso }: { iso: string }) {
  const [shown, setShown] = useState(() => ({ date: new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC" }), title: "" }));
  useEffect(() => setShown({ date: localDate(iso), title: localDateTime(iso) }), [iso]);
  return (
    <time dateTime={iso} title={shown.title || undefined}>
      {shown.date}
    </time>
  );
}

/** A cover letter clamped to three lines; a long one can be opened in place. */
function CoverLetter({ text: letter }: { text: string | null }) {
  const [open, setOpen] = useState(false);
  if (!letter) return <span className="text-slate-500 italic">{text.noCoverLetter}</span>;
  const long = letter.length > 180 || letter.split("\n").length > 3;
  return (
    <div>
      <p className={`whitespace-pre-line ${open ? "" : "line-clamp-3"}`}>{letter}</p>
      {long && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="mt-1 text-sm font-medium text-brand-700 underline"
        >
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}

type SubmissionsData = {
  /** Null for an unknown job, or when the applications could not be read (the screen says so, with Reload). */
  job: JobRecord | null;
  applications: Paged<ApplicationRecord> | null;
  /** The search, as typed ("" for none). */
  q: string;
};

/**
 * The job and the applications received for it, newest first and 50 a page (`?page=`), read as GET
 * /api/jobs/:id and GET /api/applications/job/:jobId read them. The screen changes nothing: no action.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = params.jobId.toLowerCase();
  const url = new URL(request.url);
  const q = searchAsked(url);
  try {
    const [job, applications] = await Promise.all([
      getJob(context.db, id),
      applicationsPage(context.db, id, pageAsked(url), ADMIN_PAGE_SIZE, parseSearch(q)),
    ]);
    const found = job && applications ? { job, applications, q } : { job: null, applications: null, q };
    return data<SubmissionsData>(found, { status: found.job ? 200 : 404 });
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, "admin job submissions: the applications could not be read");
    return data<SubmissionsData>({ job: null, applications: null, q }, { status: 500 });
  }
}

/** /admin/jobs/{jobId}/submissions: the applications received for one job, newest first. */
export default function JobSubmissions({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const list = loaderData.applications;
  const applications = list?.items ?? [];

  return (
    <AdminPage
      title={job ? text.title(job.title) : "Applications"}
      subtitle={job ? [job.type, job.workType, job.location].join(" · ") : undefined}
      actions={
        <Link to="/admin/jobs" className={buttonClass("outline")}>
          {jobMessages.edit.back}
        </Link>
      }
    >
      {!job ? (
        <LoadFailure message={text.loadFailure} retryLabel={text.reload} />
      ) : (
        <>
          <SearchBox action={`/admin/jobs/${job._id}/submissions`} q={loaderData.q} label={text.search} />
          {list && <ListCount list={list} noun={text.noun} />}
          <AdminTable
            caption={text.title(job.title)}
            columns={text.columns}
            empty={loaderData.q ? searchMessages.noMatch(loaderData.q) : text.empty}
            isEmpty={applications.length === 0}
          >
            {applications.map((a) => (
              <tr key={a._id} className="align-top">
                <td className="px-4 py-3 font-medium text-slate-900">{a.name}</td>
                <td className="px-4 py-3">
                  <a href={`mailto:${a.email}`} className="text-brand-700 underline">
                    {a.email}
                  </a>
                </td>
                <td className="max-w-md px-4 py-3 text-slate-700">
                  <CoverLetter text={a.coverLetter} />
                </td>
                <td className="px-4 py-3">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[a.status] ?? badge.pending}`}
                    data-status={a.status}
                  >
                    {capitalise(a.status)}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <LocalDate iso={a.createdAt} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      {job && list && (
        <Pager
          page={list.page}
          pageCount={list.pageCount}
          href={(page) => pageHref(hereWithSearch(`/admin/jobs/${job._id}/submissions`, loaderData.q), page)}
        />
      )}
    </AdminPage>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ScreenLoadError } from "~/components/admin/screen-load-error";
import { SearchBox } from "~/components/admin/search-box";
import { listChatbotConversations, listContactSubmissions } from "~/features/admin/back-office.server";
import { adminMessages } from "~/features/admin/messages";
import { searchApplications } from "~/features/jobs/jobs.server";
import { promiseSettings } from "~/features/leads/arrival.server";
import { leadView, listLeads } from "~/features/leads-inbox/inbox.server";
import { leadTypeLabel, statusLabels } from "~/features/leads-inbox/labels";
import { useAdminTimes } from "~/lib/admin-format";
import { requireAdmin } from "~/lib/post.server";
import { can } from "~/lib/roles";
import { hereWithSearch, parseSearch, searchAsked } from "~/lib/search";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/search";

const text = adminMessages.search;
/** The first matches of each list shown here; "See all" opens the list with the same search. */
const SHOWN = { leads: 10, contacts: 5, chats: 5, applications: 10 } as const;

/**
 * /admin/search?q=: the same search as each list's own box, over every list the account's role may open
 * (the role table decides: a section the role lacks is neither read nor shown).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const q = searchAsked(new URL(request.url));
  const terms = parseSearch(q);
  if (!terms) return { q, results: null };
  const { db } = context;
  const view = leadView(admin.id, promiseSettings(context.config, context.site.facts));
  const [leads, contacts, chats, applications] = await Promise.all([
    can(admin.role, "leads") ? listLeads(db, { q, limit: SHOWN.leads }, view) : null,
    can(admin.role, "contacts") ? listContactSubmissions(db, 1, SHOWN.contacts, terms) : null,
    can(admin.role, "chats") ? listChatbotConversations(db, 1, SHOWN.chats, terms) : null,
    can(admin.role, "jobs") ? searchApplications(db, terms, SHOWN.applications) : null,
  ]);
  return {
    q,
    results: {
      leads: leads && { total: leads.total, items: leads.items },
      contacts: contacts && { total: contacts.total, items: contacts.items },
      chats: chats && {
        total: chats.total,
        items: chats.items.map(({ _id, name, email, phone, updatedAt }) => ({ _id, name, email, phone, updatedAt })),
      },
      applications,
    },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The search could not be run: the failure text with Try Again, and a toast. */
export function ErrorBoundary() {
  return <ScreenLoadError title={text.title} message={text.failure} />;
}

function Section({
  id,
  title,
  total,
  allHref,
  children,
}: {
  id: string;
  title: string;
  total: number;
  allHref: string | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid={`search-${id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900">
          {title} <span className="text-sm font-medium text-slate-600">({text.count(total)})</span>
        </h2>
        {allHref && (
          <Link to={allHref} className="text-sm font-medium text-brand-700 underline">
            {text.seeAll(total, title.toLowerCase())}
          </Link>
        )}
      </div>
      <ul className="mt-3 divide-y divide-slate-100">{children}</ul>
    </section>
  );
}

const rowClass = "flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm";

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  const { shortTime } = useAdminTimes();
  const found = results && [results.leads, results.contacts, results.chats, results.applications].some((r) => r && r.total > 0);
  return (
    <AdminPage title={text.title}>
      <SearchBox action="/admin/search" q={q} label={text.label} id="search-all" />
      {!results && <p className="text-slate-600">{text.prompt}</p>}
      {results && !found && (
        <p role="status" className="text-slate-700">
          {text.nothing(q)}
        </p>
      )}
      {results && found && (
        <div className="grid gap-6" role="status" aria-label={text.title}>
          {results.leads && results.leads.total > 0 && (
            <Section
              id="leads"
              title={text.sections.leads}
              total={results.leads.total}
              allHref={results.leads.total > results.leads.items.length ? hereWithSearch("/admin/leads", q) : null}
            >
              {results.leads.items.map((lead) => (
                <li key={lead._id} className={rowClass}>
                  <Link to={`/admin/leads/${lead._id}`} className="font-mono font-semibold text-brand-700 underline">
                    {lead.reference}
                  </Link>
                  <span className="font-medium text-slate-900">{lead.name}</span>
                  <span className="text-slate-700">{lead.phone}</span>
                  <span className="text-slate-700">{lead.email}</span>
                  <span className="text-slate-600">
                    {leadTypeLabel(lead.leadType)} · {statusLabels[lead.status]} ·{" "}
                    <time dateTime={lead.receivedAt}>{shortTime(lead.receivedAt)}</time>
                  </span>
                </li>
              ))}
            </Section>
          )}
          {results.contacts && results.contacts.total > 0 && (
            <Section
              id="contacts"
              title={text.sections.contacts}
              total={results.contacts.total}
              allHref={hereWithSearch("/admin/contacts", q)}
            >
              {results.contacts.items.map((c) => (
                <li key={c._id} className={rowClass}>
                  <Link to={`/admin/leads/${c._id}`} className="font-medium text-brand-700 underline">
                    {c.fullName}
                  </Link>
                  <span className="text-slate-700">{c.phoneNumber}</span>
                  <span className="text-slate-700">{c.email}</span>
                  <span className="text-slate-600">
                    <time dateTime={c.createdAt}>{shortTime(c.createdAt)}</time>
                  </span>
                </li>
              ))}
            </Section>
          )}
          {results.chats && results.chats.total > 0 && (
            <Section
              id="chats"
              title={text.sections.chats}
              total={results.chats.total}
              allHref={hereWithSearch("/admin/chatbot-management", q)}
            >
              {results.chats.items.map((c) => (
                <li key={c._id} className={rowClass}>
                  <Link
                    to={`${hereWithSearch("/admin/chatbot-management", q)}&view=${encodeURIComponent(c._id)}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {c.name}
                  </Link>
                  <span className="text-slate-700">{c.phone}</span>
                  <span className="text-slate-700">{c.email}</span>
                  <span className="text-slate-600">
                    <time dateTime={c.updatedAt}>{shortTime(c.updatedAt)}</time>
                  </span>
                </li>
              ))}
            </Section>
          )}
          {results.applications && results.applications.total > 0 && (
            <Section id="applications" title={text.sections.applications} total={results.applications.total} allHref={null}>
              {results.applications.items.map((a) => (
                <li key={a._id} className={rowClass}>
                  <Link to={hereWithSearch(`/admin/jobs/${a.jobId}/submissions`, q)} className="font-medium text-brand-700 underline">
                    {a.name}
                  </Link>
                  <span className="text-slate-700">{a.email}</span>
                  <span className="text-slate-600">{text.appliedFor(a.jobTitle)}</span>
                </li>
              ))}
            </Section>
          )}
        </div>
      )}
    </AdminPage>
  );
}

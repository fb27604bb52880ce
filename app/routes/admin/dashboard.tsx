import { Link } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { Icon, type IconName } from "~/components/ui/icon";
import { adminMessages } from "~/features/admin/messages";
import { backupStatus } from "~/features/backup/backup.server";
import { BackupPanel, type BackupPanelData } from "~/features/backup/components/backup-panel";
import { promiseSettings } from "~/features/leads/arrival.server";
import { PromiseFigures } from "~/features/leads-inbox/components/promise-figures";
import { inboxSummary } from "~/features/leads-inbox/inbox.server";
import { inboxMessages } from "~/features/leads-inbox/messages";
import type { InboxSummary } from "~/features/leads-inbox/schema";
import { MailFailuresPanel } from "~/features/mail/components/mail-failures-panel";
import { listMailFailures, retryMail } from "~/features/mail/failures.server";
import { mailFailureMessages } from "~/features/mail/messages";
import { ComingUpPanel } from "~/features/renewals/components/coming-up-panel";
import { renewalMessages } from "~/features/renewals/messages";
import { comingUp, markRenewalHandled } from "~/features/renewals/renewals.server";
import type { ComingUpItem } from "~/features/renewals/schema";
import { mayOpen } from "~/lib/access";
import { agencyDay } from "~/lib/calendar-day";
import { accept, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { can } from "~/lib/roles";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/dashboard";
import { useAdmin } from "./layout";

/**
 * The lead figures (today's, and the promise kept over 7 and 30 days: the same as GET
 * /api/admin/summary), the renewals and X-dates coming up (GET /api/admin/coming-up) and the mail the
 * outbox could not deliver. "Login successful!" after a sign-in
 * is the flash toast the sign-in's redirect carries, shown by the root's toaster.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const settings = promiseSettings(context.config, context.site.facts);
  // The figures failing must not take the mail panel with them: the screen says they could not be loaded.
  let summary: InboxSummary | null = null;
  try {
    summary = await inboxSummary(context.db, settings);
  } catch (error) {
    context.logger.error({ err: error, reqId: context.requestId }, "dashboard lead figures failed");
  }
  // Renewals and X-dates in the next 90 days (docs/decisions/062); failing, the rest of the screen still shows.
  let renewals: ComingUpItem[] | null = null;
  try {
    renewals = await comingUp(context.db, agencyDay(context.site.facts.agency.hours.timezone));
  } catch (error) {
    context.logger.error({ err: error, reqId: context.requestId }, "dashboard renewals list failed");
  }
  return {
    summary,
    renewals,
    promise: { minutes: settings.slaMinutes, officeHours: settings.hours === "business" },
    mailFailures: await listMailFailures(context.db),
    // Backups hold the whole site: only the roles that make them see the panel.
    backups: can(admin.role, "backups") ? await backupPanel(context) : null,
  };
}

/** The backups panel's figures: the newest successful backup, and a failure newer than it. */
async function backupPanel(context: Route.LoaderArgs["context"]): Promise<BackupPanelData> {
  const destination = context.backups.destination;
  if (destination === null) return { destination, last: null, failure: null, running: false };
  const status = await backupStatus(context.db);
  return {
    destination,
    last: status.last && { at: status.last.at.toISOString(), bytes: status.last.bytes },
    failure: status.failure && { at: status.failure.at.toISOString(), error: status.failure.error },
    running: status.running,
  };
}

/** The mail panel's Retry form: one undelivered mail, by id. */
const retryForm = z.object({
  intent: z.literal("retry-mail"),
  id: z.guid(mailFailureMessages.invalidId),
});

/** The Coming up panel's Mark handled form: one entry of a lead (docs/decisions/062). */
const renewalHandledForm = z.object({
  intent: z.literal("renewal-handled"),
  id: z.guid(renewalMessages.invalidId),
  leadId: z.guid(renewalMessages.invalidLeadId),
});

const dashboardForm = z.discriminatedUnion("intent", [retryForm, renewalHandledForm], { error: mailFailureMessages.unknownIntent });

/** Which panel a form answer belongs to: the intent it carried (an accepted one says it in `data`). */
export type DashboardIntent = z.infer<typeof dashboardForm>["intent"];

/**
 * The dashboard's forms, posted by the browser itself with or without scripts, each answered in its
 * panel: the mail panel's Retry (intent=retry-mail, id: the mail is queued again, once however many
 * times Retry is pressed) and Coming up's Mark handled (intent=renewal-handled, id, leadId: the entry
 * leaves the list and the lead's timeline names who).
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm<typeof dashboardForm, "admin", { intent: DashboardIntent; id: string }>(
    request,
    context,
    { form: "dashboard", schema: dashboardForm, maxBytes: 4 * 1024, access: "admin" },
    async ({ value, admin }) => {
      if (value.intent === "renewal-handled") {
        const result = await markRenewalHandled(context.db, value.leadId, value.id, admin);
        if (result.outcome === "not_found") return refuse(404, renewalMessages.notFound);
        if (result.outcome === "already_handled") return refuse(409, renewalMessages.alreadyHandled);
        context.logger.info(
          { reqId: context.requestId, adminId: admin.id, leadId: value.leadId, renewalId: value.id },
          "renewal marked handled",
        );
        return accept(renewalMessages.handled(renewalMessages.kinds[result.renewal.kind], result.reference), null, {
          data: { intent: value.intent, id: value.id },
        });
      }
      const result = await retryMail(context.db, value.id, { admin, ip: context.clientIp });
      switch (result.status) {
        case "queued":
          context.mail.nudge();
          return accept(mailFailureMessages.queued, null, { data: { intent: value.intent, id: value.id } });
        case "not_found":
          return refuse(404, mailFailureMessages.notFound);
        default:
          return refuse(409, mailFailureMessages.notRetryable);
      }
    },
  );
}

/** The intent a dashboard form answer is for: from its data when accepted, from the values sent back when refused. */
function answerIntent(answer: unknown): DashboardIntent | null {
  if (!answer || typeof answer !== "object") return null;
  const { data, result } = answer as { data?: { intent?: unknown }; result?: { initialValue?: Record<string, unknown> | null } };
  const intent = data?.intent ?? result?.initialValue?.intent;
  return intent === "retry-mail" || intent === "renewal-handled" ? intent : null;
}

const cards: { title: string; description: string; icon: IconName; to?: string }[] = [
  {
    title: "Leads",
    description: "Every quote request, contact message and chat lead, with the clock on each callback.",
    icon: "clock",
    to: "/admin/leads",
  },
  {
    title: "Blog Management",
    description: "Write, edit and publish articles, or start a draft with AI.",
    icon: "document",
    to: "/admin/blog",
  },
  { title: "Contact Submissions", description: "Messages sent through the contact form.", icon: "mail", to: "/admin/contacts" },
  {
    title: "Chatbot Management",
    description: "Read the chat assistant's conversations with visitors.",
    icon: "users",
    to: "/admin/chatbot-management",
  },
  { title: "Jobs", description: "Post openings and read the applications they receive.", icon: "handshake", to: "/admin/jobs" },
  { title: "User Management", description: "Add and remove the staff who can sign in here.", icon: "lock", to: "/admin/users" },
  {
    title: "Settings",
    description: "Agency name, phones, office hours, holidays and licensed states, live on the site in seconds.",
    icon: "key",
    to: "/admin/settings",
  },
];

function Figure({ label, value, tone, to }: { label: string; value: number | undefined; tone: "brand" | "amber" | "red"; to: string }) {
  const colour = { brand: "text-brand-800", amber: "text-amber-800", red: "text-red-700" }[tone];
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-2 text-3xl font-bold ${colour}`} data-testid={`figure-${label}`}>
        {value ?? "–"}
      </p>
    </Link>
  );
}

/**
 * /admin/dashboard: today's lead figures, the promise kept, renewals and X-dates coming up, mail that
 * could not be delivered, the last backup, then a card per area of the back office.
 */
export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = useAdmin();
  const site = useSite();
  const figures = loaderData.summary;
  const intent = answerIntent(actionData);
  return (
    <AdminPage title={adminMessages.dashboard.title} subtitle={`Signed in as ${user.email}`}>
      <section aria-label="Leads at a glance" className="grid gap-4 sm:grid-cols-3">
        <Figure label="New leads today" value={figures?.newToday} tone="brand" to="/admin/leads" />
        <Figure label="Leads waiting" value={figures?.waiting} tone="amber" to="/admin/leads?status=new" />
        <Figure
          label={`Past the ${site.promises.contactMinutes}-minute promise`}
          value={figures?.overdue}
          tone="red"
          to="/admin/leads?status=new"
        />
      </section>
      {figures ? (
        <PromiseFigures summary={figures} minutes={loaderData.promise.minutes} officeHours={loaderData.promise.officeHours} />
      ) : (
        <p className="mt-3 text-sm text-red-700">{inboxMessages.promise.loadFailed}</p>
      )}

      <ComingUpPanel items={loaderData.renewals} result={intent === "renewal-handled" ? actionData : null} />

      <MailFailuresPanel failures={loaderData.mailFailures} result={intent === "renewal-handled" ? null : actionData} />

      {loaderData.backups && <BackupPanel data={loaderData.backups} />}

      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards
          .filter((card) => !card.to || mayOpen(user.role, card.to))
          .map((card) => {
            const body = (
              <>
                <Icon name={card.icon} className="h-7 w-7 text-brand-600" />
                <h2 className="mt-3 text-lg font-semibold text-brand-900">{card.title}</h2>
                <p className="mt-1 text-sm text-slate-600">{card.description}</p>
                {!card.to && (
                  <p className="mt-3 inline-block rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-700">
                    {adminMessages.dashboard.comingSoon}
                  </p>
                )}
              </>
            );
            return (
              <li key={card.title}>
                {card.to ? (
                  <Link
                    to={card.to}
                    className="block h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-300 hover:shadow"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="h-full rounded-xl border border-dashed border-slate-300 bg-white/60 p-6" aria-disabled="true">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
      </ul>
    </AdminPage>
  );
}

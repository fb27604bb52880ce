import { type ReactNode, useState } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { e164Phone } from "~/content/site-facts";
import { type LeadFmcsa, leadFmcsa } from "~/features/fmcsa/checks.server";
import { fmcsaMessages } from "~/features/fmcsa/messages";
import { recordRows } from "~/features/fmcsa/record-rows";
import { promiseSettings } from "~/features/leads/arrival.server";
import { channelLabels, type LeadChannel } from "~/features/leads/channel";
import { addLeadNote, assignableAdmins, leadTimeline } from "~/features/leads-inbox/activity.server";
import { AssigneeForm } from "~/features/leads-inbox/components/assignee-form";
import { LeadDetailsForm } from "~/features/leads-inbox/components/lead-details-form";
import { LeadStatusForm } from "~/features/leads-inbox/components/lead-status-form";
import { LeadTimeline } from "~/features/leads-inbox/components/lead-timeline";
import { NoteForm } from "~/features/leads-inbox/components/note-form";
import { OutcomeForm } from "~/features/leads-inbox/components/outcome-form";
import { OutcomeSummary } from "~/features/leads-inbox/components/outcome-summary";
import { useServerClock, WaitingClock } from "~/features/leads-inbox/components/waiting-clock";
import { getLead, updateLead } from "~/features/leads-inbox/inbox.server";
import { fieldLabel, fieldValue, leadTypeLabel, orderedFields, slotLabel } from "~/features/leads-inbox/labels";
import { changeLead } from "~/features/leads-inbox/lead-edit.server";
import { businessNameOf, detailsOf, leadDetailsFormSchema } from "~/features/leads-inbox/lead-edit-schema";
import { inboxMessages, leadUpdateMessage } from "~/features/leads-inbox/messages";
import { isOutcomeStatus, type OutcomeStatus, outcomeFormSchema, outcomeMessages } from "~/features/leads-inbox/outcome";
import { type LeadFormIntent, type LeadStatus, leadFormSchemas } from "~/features/leads-inbox/schema";
import { TextForm } from "~/features/sms/components/text-form";
import { smsMessages } from "~/features/sms/messages";
import { type LeadTextingView, textFormSchema } from "~/features/sms/schema";
import { leadTexting, sendStaffText, textStatuses } from "~/features/sms/texts.server";
import { telLink, useAdminTimes } from "~/lib/admin-format";
import { agencyDay } from "~/lib/calendar-day";
import { accept, firstError, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { can } from "~/lib/roles";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/lead-detail";

const text = inboxMessages.detail;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Lead", siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The FMCSA carrier check of a trucking lead: its flags, the record, and the packet's downloads (063). */
function CarrierCheck({ lead, fmcsa, packet }: { lead: { _id: string }; fmcsa: LeadFmcsa | null; packet: boolean }) {
  const f = fmcsaMessages.screen;
  // Without the FMCSA lookup (no FMCSA_WEB_KEY), the packet alone.
  return (
    <Section title={fmcsa ? f.heading : f.packetHeading}>
      <div data-testid="fmcsa-check" className="space-y-4">
        {fmcsa && fmcsa.status === "pending" && <p className="text-sm text-slate-600">{f.pending}</p>}
        {fmcsa && fmcsa.status === "failed" && <p className="text-sm text-slate-600">{f.failed}</p>}
        {fmcsa?.outcome === "not_found" && <p className="text-sm text-slate-600">{f.notFound(fmcsa.dotNumber)}</p>}
        {fmcsa?.outcome === "invalid" && <p className="text-sm text-slate-600">{f.invalid}</p>}
        {fmcsa?.record &&
          (fmcsa.flags.length ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
              <h3 className="text-sm font-semibold text-amber-900">{f.flagsHeading(fmcsa.flags.length)}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-950" data-testid="fmcsa-flag-list">
                {fmcsa.flags.map((flag) => (
                  <li key={flag.code} data-flag={flag.code}>
                    {flag.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-green-800">{f.noFlags}</p>
          ))}
        {fmcsa?.record && (
          <>
            <h3 className="text-sm font-semibold text-slate-800">{f.recordHeading}</h3>
            <Fields testId="fmcsa-record" items={recordRows(fmcsa.record)} />
          </>
        )}
        {packet && (
          <p className="flex flex-wrap gap-4">
            <a href={`/api/leads/${lead._id}/packet.pdf`} download className="text-sm font-medium text-brand-700 underline">
              {f.packetPdf}
            </a>
            <a href={`/api/leads/${lead._id}/packet.zip`} download className="text-sm font-medium text-brand-700 underline">
              {f.packetZip}
            </a>
          </p>
        )}
      </div>
    </Section>
  );
}

/** A definition list; empty values show "None" rather than vanishing, so a missing answer is visible. */
function Fields({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,16rem)_1fr]" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-sm break-words whitespace-pre-line text-slate-900">
            {value === "" || value === null || value === undefined ? <span className="text-slate-500">{text.none}</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The lead with its timeline (null for an unknown lead or an id that is none), the admins it can be
 * given to and the server's clock, once the session is checked on the server.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const signedInAdmin = await requireAdmin(request, context);
  const found = isUuid(params.id) ? await getLead(context.db, params.id) : null;
  const lead = found ? { ...found, activity: await leadTimeline(context.db, found) } : null;
  const admins = lead ? await assignableAdmins(context.db) : [];
  // A trucking lead's FMCSA carrier check (docs/decisions/063), and whether this role may take its packet (an export).
  const fmcsa = lead ? await leadFmcsa(context.db, lead._id) : null;
  const packet = lead?.leadType === "commercial_trucking_quote" && can(signedInAdmin.role, "exports");
  // Texting (docs/decisions/064): whether this lead may be texted, and where each text sent stands.
  const texting: LeadTextingView | null = lead
    ? {
        ...(await leadTexting(context.db, context.config, lead, e164Phone)),
        statuses: await textStatuses(
          context.db,
          lead.activity.flatMap((item) =>
            item.kind === "text_sent" && typeof item.detail.outboxId === "string" ? [item.detail.outboxId] : [],
          ),
        ),
      }
    : null;
  return data({ signedInAdmin, lead, admins, fmcsa, packet, texting, now: new Date().toISOString() }, { status: lead ? 200 : 404 });
}

/** The screen's forms: the inbox's (status, owner, note), the contact details (052) and the outcome (060). */
const screenForms = { ...leadFormSchemas, details: leadDetailsFormSchema, outcome: outcomeFormSchema, text: textFormSchema };
type ScreenForm = (typeof screenForms)[LeadFormIntent | "details" | "outcome" | "text"];

/** Only refuses: a form the screen does not have. */
const unknownForm = z.object({
  intent: z.enum(["status", "assign", "note", "details", "outcome", "text"], { error: inboxMessages.form.unknownIntent }),
}) as unknown as ScreenForm;
const leadForm = (formData: FormData) => {
  const intent = formData.get("intent");
  return typeof intent === "string" && Object.hasOwn(screenForms, intent) ? screenForms[intent as keyof typeof screenForms] : unknownForm;
};

/**
 * The screen's forms (intent=status, intent=assign, intent=note, intent=details, intent=outcome), posted by the browser
 * itself or by a fetcher once hydrated, through the same functions as PATCH /api/leads/:id and POST
 * /api/leads/:id/notes.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  const { id } = params;
  return postForm(
    request,
    context,
    {
      form: "lead",
      schema: leadForm,
      // A note of 5,000 characters URL-encoded (up to 9 bytes each) and two short fields.
      maxBytes: 64 * 1024,
      access: "admin",
      invalid: firstError,
    },
    async ({ value, admin }) => {
      const { intent } = value;
      if (!isUuid(id)) return refuse(404, inboxMessages.detail.notFound);
      if (value.intent === "details") {
        const result = await changeLead(context.db, id, { details: detailsOf(value) }, { admin, ip: context.clientIp });
        if (result.outcome === "not_found") return refuse(404, inboxMessages.detail.notFound);
        if (result.outcome === "no_business_name") {
          return refuse(400, inboxMessages.details.noBusinessName, { businessName: inboxMessages.details.noBusinessName });
        }
        if (result.outcome !== "updated") return refuse(400, inboxMessages.details.failed);
        context.logger.info(
          { reqId: context.requestId, adminId: admin.id, leadId: id, fields: result.changes.map((c) => c.field) },
          "lead details corrected",
        );
        const message = result.changes.length ? inboxMessages.details.saved : inboxMessages.details.unchanged;
        return accept(message, null, { data: { intent } });
      }
      if (value.intent === "outcome") {
        const today = agencyDay(promiseSettings(context.config, context.site.facts).office.timeZone);
        const change = { status: value.status, result: { fields: value.outcome, today } };
        const result = await updateLead(context.db, id, change, { admin, ip: context.clientIp });
        if (result.outcome === "not_found") return refuse(404, inboxMessages.detail.notFound);
        if (result.outcome === "invalid_outcome") {
          // The form's fields are named as the outcome's.
          const errors = Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k.replace(/^outcome\.?/, "") || "status", v]));
          return refuse(400, Object.values(errors)[0] ?? outcomeMessages.failed, errors);
        }
        if (result.outcome !== "updated") return refuse(400, outcomeMessages.failed);
        context.logger.info(
          {
            reqId: context.requestId,
            adminId: admin.id,
            leadId: id,
            status: result.lead.status,
            fields: result.outcomeChanges.map((c) => c.field),
          },
          "lead outcome recorded",
        );
        const message = result.outcomeChanges.length || result.statusChanged ? outcomeMessages.saved : outcomeMessages.unchanged;
        return accept(message, null, { data: { intent } });
      }
      if (value.intent === "text") {
        const sent = await sendStaffText(
          context.db,
          { config: context.config, site: context.site.facts },
          id,
          value.body,
          admin,
          e164Phone,
        );
        if (sent.outcome === "not_found") return refuse(404, inboxMessages.detail.notFound);
        if (sent.outcome === "off") return refuse(409, smsMessages.screen.off);
        if (sent.outcome === "no_phone") return refuse(409, smsMessages.screen.noPhone);
        if (sent.outcome === "refused") return refuse(409, smsMessages.screen.refused);
        context.mail.nudge();
        context.logger.info(
          { reqId: context.requestId, adminId: admin.id, leadId: id, held: Boolean(sent.heldUntil) },
          "text to a lead queued",
        );
        return accept(sent.heldUntil ? smsMessages.screen.quiet : smsMessages.screen.sent, null, { data: { intent } });
      }
      if (value.intent === "note") {
        const note = await addLeadNote(context.db, id, value.body, admin);
        if (!note) return refuse(404, inboxMessages.detail.notFound);
        context.logger.info({ reqId: context.requestId, adminId: admin.id, leadId: id }, "lead note added");
        return accept(inboxMessages.notes.added, null, { data: { intent } });
      }
      const change: { status?: LeadStatus; assigneeId?: string | null } =
        value.intent === "status" ? { status: value.status } : { assigneeId: value.assigneeId };
      const alerts = { config: context.config, site: context.site.facts };
      const result = await updateLead(context.db, id, change, { admin, ip: context.clientIp, alerts });
      if (result.outcome === "not_found") return refuse(404, inboxMessages.detail.notFound);
      if (result.outcome === "invalid_assignee") {
        return refuse(400, inboxMessages.assignment.invalidAdmin, { assigneeId: inboxMessages.assignment.invalidAdmin });
      }
      if (result.outcome !== "updated") return refuse(400, inboxMessages.statusFailed);
      context.logger.info(
        { reqId: context.requestId, adminId: admin.id, leadId: id, status: result.lead.status, assigneeId: result.lead.assigneeId },
        "lead updated",
      );
      return accept(leadUpdateMessage(change, result.lead), null, { data: { intent } });
    },
  );
}

/**
 * /admin/leads/:id: the status and the owner, the timeline with a note form, everything submitted,
 * the consent record, the documents and the follow-up data. Its forms work without scripts.
 */
export default function LeadDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, admins, texting } = loaderData;
  const now = useServerClock(loaderData.now);
  // Quoted, won or lost chosen in the status select: the outcome form asks for the rest and saves both.
  const [asked, setAsked] = useState<OutcomeStatus | null>(null);
  const { longTime, shortTime } = useAdminTimes();
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{longTime(iso)}</time> : null);

  const back = (
    <Link to="/admin/leads" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
      <span aria-hidden="true">←</span> {text.back}
    </Link>
  );

  if (!lead) {
    return (
      <AdminPage title={text.notFound}>
        <div className="space-y-6">{back}</div>
      </AdminPage>
    );
  }

  const consent = lead.consent;
  const utm =
    lead.utm && Object.keys(lead.utm).length
      ? Object.entries(lead.utm)
          .map(([k, v]) => `${k}=${v}`)
          .join("\n")
      : "";

  return (
    <AdminPage title={text.title(lead.reference)} subtitle={`${leadTypeLabel(lead.leadType)} · ${lead.source}`} actions={back}>
      <div className="grid gap-6">
        {/* On a phone or tablet, calling or writing back is the first thing to do: big buttons at the top. */}
        <div className="flex flex-wrap gap-3 lg:hidden" data-testid="lead-quick-contact">
          <a href={telLink(lead.phone)} className={buttonClass("primary", "min-h-11 grow")}>
            <Icon name="phone" className="h-5 w-5" />
            {text.call(lead.phone)}
          </a>
          {lead.email && (
            <a href={`mailto:${lead.email}`} className={buttonClass("outline", "min-h-11 grow")}>
              <Icon name="mail" className="h-5 w-5" />
              {text.sendEmail}
            </a>
          )}
        </div>
        {lead.notificationFailed && (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900" data-testid="notification-failed">
            <h2 className="font-semibold">{inboxMessages.notificationFailed.title}</h2>
            <p className="mt-1 text-sm">{inboxMessages.notificationFailed.detail}</p>
            <Link to="/admin/dashboard" className="mt-2 inline-block text-sm font-medium underline">
              {inboxMessages.notificationFailed.dashboardLink}
            </Link>
          </div>
        )}
        {actionData && (
          // The answer to a form posted without scripts (with scripts, a toast says it).
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`rounded-md border px-4 py-3 text-sm font-medium ${actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
          >
            {actionData.message}
          </p>
        )}
        <Section title={text.status}>
          <div className="flex flex-wrap items-end gap-6">
            <LeadStatusForm lead={lead} onAskOutcome={(status) => setAsked(status && isOutcomeStatus(status) ? status : null)} />
            <AssigneeForm lead={lead} admins={admins} result={actionData} />
            <div>
              <p className="text-sm font-medium text-slate-800">{lead.status === "new" ? text.waiting : text.firstResponse}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <WaitingClock lead={lead} now={now} />
                {lead.status === "new" && lead.dueAt && (
                  <span className="text-sm text-slate-700" data-testid="due-by">
                    {inboxMessages.clock.dueBy(shortTime(lead.dueAt))}
                  </span>
                )}
              </div>
            </div>
          </div>
        </Section>

        <Section title={outcomeMessages.title}>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <OutcomeSummary lead={lead} />
            <OutcomeForm lead={lead} asked={asked} result={actionData} />
          </div>
        </Section>

        <Section title={inboxMessages.timeline.title}>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="space-y-6">
              <NoteForm result={actionData} />
              {texting && (
                <section aria-labelledby="texts-title" className="space-y-3">
                  <h3 id="texts-title" className="font-semibold text-brand-900">
                    {smsMessages.screen.title}
                  </h3>
                  <TextForm texting={texting} result={actionData} />
                </section>
              )}
            </div>
            <LeadTimeline activity={lead.activity} textStatuses={texting?.statuses} />
          </div>
        </Section>

        <Section title={text.contact}>
          <Fields
            testId="contact-fields"
            items={[
              [text.name, lead.name],
              [
                text.email,
                // A lead added by staff may have no address.
                lead.email ? (
                  <a key="email" href={`mailto:${lead.email}`} className="text-brand-700 underline">
                    {lead.email}
                  </a>
                ) : (
                  ""
                ),
              ],
              [
                text.phone,
                <a key="phone" href={telLink(lead.phone)} className="text-brand-700 underline">
                  {lead.phone}
                </a>,
              ],
              [text.service, lead.service ?? ""],
              ...(lead.businessState
                ? [
                    [
                      text.businessState,
                      lead.outsideLicensedStates ? `${lead.businessState} (${text.outsideLicensedStates})` : lead.businessState,
                    ] as [string, ReactNode],
                  ]
                : []),
            ]}
          />
          <LeadDetailsForm
            lead={{ name: lead.name, phone: lead.phone, email: lead.email, businessName: businessNameOf(lead.payload) }}
            result={actionData}
          />
        </Section>

        <Section title={text.submitted}>
          <Fields
            testId="submitted-fields"
            items={orderedFields(lead.payload).map(([key, value]) => [fieldLabel(key), fieldValue(value)])}
          />
        </Section>

        {(loaderData.fmcsa || loaderData.packet) && <CarrierCheck lead={lead} fmcsa={loaderData.fmcsa} packet={loaderData.packet} />}

        <Section title={text.documents}>
          {lead.documents.length === 0 ? (
            <p className="text-sm text-slate-600">{text.noDocuments}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="documents">
              {lead.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                  <span className="text-sm text-slate-600">{slotLabel(doc.slot)}</span>
                  <a
                    href={`/api/leads/${lead._id}/documents/${doc.id}`}
                    download={doc.name}
                    className="text-sm font-medium text-brand-700 underline"
                    aria-label={text.download(doc.name)}
                  >
                    {doc.name}
                  </a>
                  <span className="text-sm text-slate-600">{formatBytes(doc.size)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={text.consent}>
          {consent ? (
            <Fields
              testId="consent-fields"
              items={[
                [text.consented, consent.consented ? text.yes : text.no],
                [text.consentVersion, consent.consentVersion],
                [text.consentText, consent.consentText],
                [text.consentTime, time(consent.createdAt)],
                [
                  text.consentHash,
                  <code key="hash" className="font-mono text-xs break-all">
                    {consent.recordHash}
                  </code>,
                ],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">{text.noConsent}</p>
          )}
        </Section>

        <Section title={text.followUp}>
          <Fields
            testId="follow-up-fields"
            items={[
              [text.received, time(lead.receivedAt)],
              [text.firstResponse, time(lead.firstResponseAt)],
              [text.ip, lead.ip ?? ""],
              [text.userAgent, lead.userAgent ?? ""],
              [text.channel, channelLabels[lead.channel as LeadChannel] ?? lead.channel],
              [text.referrer, lead.referrer ?? ""],
              [text.page, lead.pageUrl ?? ""],
              [text.utm, utm],
            ]}
          />
        </Section>
      </div>
    </AdminPage>
  );
}

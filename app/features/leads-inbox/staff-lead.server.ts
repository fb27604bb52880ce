/**
 * A lead added by a colleague for a call, a walk-in or a referral (docs/decisions/052), for the
 * /admin/leads/new screen and POST /api/leads alike: stored through the lead pipeline of the public
 * forms (one store, a reference, the promise times, round-robin, the agency's notification), already
 * answered, with its arrival naming the colleague and the source, and the note as its first timeline
 * note, all in one transaction; audited.
 */
import type { AppLoadContext } from "react-router";
import { leadActivity } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { recordAudit } from "~/features/audit/audit.server";
import { acceptStaffLead } from "~/features/leads/leads.server";
import { type Actor, authorOf, recordLeadActivity } from "./activity.server";
import { inboxMessages } from "./messages";
import type { StaffLeadValues } from "./staff-lead-schema";

const text = inboxMessages.newLead;

/** What adding a lead uses: the database, the settings, the mail sender to wake, and the profile the request was made under. */
export type StaffLeadServices = Pick<AppLoadContext, "db" | "config" | "logger" | "mail"> & { site: { facts: SiteFacts } };

export type AddedLead = { leadId: string; reference: string };

export async function addStaffLead(
  services: StaffLeadServices,
  values: StaffLeadValues,
  by: { admin: Actor; ip?: string | null; requestId?: string },
): Promise<AddedLead> {
  const { db } = services;
  const staff = await authorOf(db, by.admin);
  const f = text.mailFields;
  const result = await acceptStaffLead(
    { db, config: services.config, site: services.site.facts },
    { name: values.name, email: values.email, phone: values.phone, service: values.service, source: values.source },
    {
      subject: text.mailSubject(values.source, values.name),
      heading: text.mailHeading(staff.adminName, values.source, values.name),
      fields: [
        [f.name, values.name],
        [f.email, values.email],
        [f.phone, values.phone],
        [f.service, values.service],
        [f.source, values.source],
        [f.addedBy, `${staff.adminName} (${staff.adminEmail})`],
        [f.note, values.note],
      ],
    },
    async (tx, lead) => {
      // The arrival, by the colleague, at the lead's own time; then the note, after it.
      await tx.insert(leadActivity).values({
        leadId: lead.id,
        kind: "received",
        at: lead.receivedAt,
        ...staff,
        detail: { source: values.source, addedByStaff: true },
      });
      if (values.note) await recordLeadActivity(tx, { leadId: lead.id, kind: "note", author: by.admin, detail: { body: values.note } });
      await recordAudit(tx, {
        action: "lead_added",
        admin: by.admin,
        targetType: "lead",
        targetId: lead.id,
        detail: { reference: lead.reference, source: values.source },
        ip: by.ip ?? null,
      });
    },
  );
  const { reference, leadId } = result;
  if (!reference || !leadId) throw new Error("a stored lead has no reference");
  services.mail.nudge();
  services.logger.info({ reqId: by.requestId, adminId: by.admin.id, leadId, reference, source: values.source }, "lead added by staff");
  return { leadId, reference };
}

/**
 * Accepting a submission: the record, its consent record and its mail are written in one
 * transaction, and only after it commits does the caller answer "success".
 */
import { createHash, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { consentRecords, leads, type NewLead, uploads } from "#db/schema";
import { staffLead } from "~/content/admin-options";
import { quoteSections } from "~/content/quote";
import { trucking } from "~/content/quote-options";
import type { SiteFacts } from "~/content/site-facts";
import { e164Phone } from "~/content/site-facts";
import { smsConsent } from "~/content/sms-consent";
import { agencyInbox, type Config } from "~/env.server";
import { enqueueCarrierCheck } from "~/features/fmcsa/checks.server";
import { autoRepliesToday, enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { autoReplyMail, type MailDraft, notificationMail } from "~/features/mail/templates.server";
import { smsMessages } from "~/features/sms/messages";
import { queueStaffAlert, queueText } from "~/features/sms/texts.server";
import { formatFileSize } from "~/features/uploads/messages";
import { linkUploads } from "~/features/uploads/uploads.server";
import { arrivalColumns, promiseSettings, roundRobinAssignee } from "./arrival.server";
import { leadChannel, pathOf } from "./channel";
import { landingForms } from "./landing-forms";
import { formMessages } from "./messages";
import { callBackWhen, officeOf, officeOpen } from "./promise-clock";
import { type ContactValues, contactInsurance, type SmsConsentValues } from "./schema";
import { landingLeadTypes, type SubmitLeadBody } from "./submit-lead-schema";

export type SubmissionContext = {
  ip?: string | null;
  userAgent?: string | null;
  referrer?: string | null;
  pageUrl?: string | null;
  utm?: Record<string, string> | null;
};

type Deps = {
  db: Database;
  config: Config;
  /** The stored profile the submission is recorded and answered with (the request's snapshot). */
  site: SiteFacts;
  /** The arrival time of what is recorded (tests set it; the promise clock counts from it). */
  now?: () => Date;
};

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short reference a visitor can read over the phone, e.g. L-7K4M2P. */
export function newReference(prefix = "L"): string {
  let s = "";
  for (let i = 0; i < 6; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${s}`;
}

type ConsentInput = {
  sourceForm: string;
  name: string;
  email: string;
  phone: string;
  consented: boolean;
  /** The wording shown beside the checkbox (the profile's), stored with the record. */
  wording: { plainText: string; version: string };
  version?: string;
};

/** The consent record's fields and a SHA-256 over all of them, so later tampering shows. */
export function consentRecordValues(input: ConsentInput, context: SubmissionContext, createdAt: Date) {
  const values = {
    channel: "sms",
    sourceForm: input.sourceForm,
    name: input.name,
    email: input.email,
    phone: input.phone,
    consented: input.consented,
    consentText: input.wording.plainText,
    consentVersion: input.version ?? input.wording.version,
    pageUrl: context.pageUrl ?? null,
    ip: context.ip ?? null,
    userAgent: context.userAgent ?? null,
    createdAt: createdAt.toISOString(),
  };
  // Code-point order, the same on every machine whatever its locale.
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  return { ...values, createdAt, recordHash: createHash("sha256").update(canonical).digest("hex") };
}

/**
 * Auto-replies go to the address a visitor typed, which may not be theirs: an address gets at most this
 * many a day, so the site cannot be used to flood someone. The agency is notified of every submission.
 * Addresses arrive canonical (emailRule: one plain address, domain lower-cased) and are counted
 * whatever the case of their letters, so no other spelling of an address gets a budget of its own.
 */
export const AUTO_REPLIES_PER_ADDRESS_PER_DAY = 3;

type LinkedDocument = { slot: string; name: string; size: number };

/** The transaction a submission is written in, as a step of the plan is given it. */
export type SubmissionTx = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Plan = {
  lead?: Omit<NewLead, "reference" | "ip" | "userAgent" | "referrer" | "pageUrl" | "utm" | "consentRecordId">;
  /** What else the lead's arrival writes, in its transaction (a lead added by staff: its timeline entries). */
  within?: (tx: SubmissionTx, lead: { id: string; reference: string; receivedAt: Date }) => Promise<void>;
  consent?: ConsentInput;
  /** Uploaded documents the lead claims; an expired or unknown one rolls the whole submission back. */
  attachments?: { slot: string; id: string }[];
  mails: (ids: {
    reference?: string;
    receivedAt: Date;
    documents: LinkedDocument[];
    /** When the lead is due to be called back (absent without a lead). */
    dueAt?: Date;
    /** The sentence telling the visitor office hours stretch the promise, or null. */
    callBackNotice: string | null;
  }) => MailDraft[];
};

/** The time zone as the call-back sentence names it: "Central" for Central Time. */
const zoneWord = (site: SiteFacts) => site.agency.hours.zoneName.replace(/ Time$/, "");

/** When a new lead will be called back, and the sentence saying so when office hours stretch the promise. */
export function callBackPromise(config: Config, site: SiteFacts, receivedAt: Date): { dueAt: Date; notice: string | null } {
  const settings = promiseSettings(config, site);
  const { dueAt } = arrivalColumns(config, site, receivedAt);
  const office = officeOf(site);
  const when = callBackWhen(receivedAt, dueAt, settings.slaMinutes, office);
  return { dueAt, notice: when ? formMessages.callBack.notice(when, officeOpen(receivedAt, office), zoneWord(site)) : null };
}

/** Writes everything a submission produces, atomically. Retries once per reference collision. */
async function record(
  { db, config, site, now = () => new Date() }: Deps,
  plan: Plan,
  context: SubmissionContext,
): Promise<{ reference?: string; leadId?: string; consentRecordId?: string; dueAt?: Date; callBackNotice: string | null }> {
  for (let attempt = 0; ; attempt++) {
    const reference = plan.lead ? newReference() : undefined;
    const receivedAt = now();
    const promise = plan.lead ? callBackPromise(config, site, receivedAt) : undefined;
    const callBackNotice = promise?.notice ?? null;
    try {
      return await db.transaction(async (tx) => {
        let consentRecordId: string | undefined;
        if (plan.consent) {
          const [row] = await tx
            .insert(consentRecords)
            .values(consentRecordValues(plan.consent, context, receivedAt))
            .returning({ id: consentRecords.id });
          consentRecordId = row.id;
        }
        let leadId: string | undefined;
        if (plan.lead && reference) {
          const [row] = await tx
            .insert(leads)
            .values({
              ...plan.lead,
              reference,
              receivedAt,
              ip: context.ip ?? null,
              userAgent: context.userAgent ?? null,
              referrer: context.referrer ?? null,
              pageUrl: context.pageUrl ?? null,
              utm: context.utm && Object.keys(context.utm).length ? context.utm : null,
              consentRecordId: consentRecordId ?? null,
              channel: leadChannel({
                leadType: plan.lead.leadType,
                source: plan.lead.source,
                referrer: context.referrer,
                pageUrl: context.pageUrl,
                utm: context.utm,
                siteUrl: config.SITE_URL,
              }),
              landingPage: pathOf(context.pageUrl),
              ...arrivalColumns(config, site, receivedAt),
            })
            .returning({ id: leads.id });
          leadId = row.id;
          const assigneeId = await roundRobinAssignee(tx, leadId);
          if (assigneeId) {
            await tx.update(leads).set({ assigneeId }).where(eq(leads.id, leadId));
            await queueStaffAlert(tx, { config, site }, assigneeId, { id: leadId, reference, name: plan.lead.name }, "new_lead");
          }
          if (plan.within) await plan.within(tx, { id: leadId, reference, receivedAt });
        }
        let documents: LinkedDocument[] = [];
        if (leadId && plan.attachments?.length) {
          await linkUploads(tx, leadId, plan.attachments, {
            maxFiles: config.UPLOAD_LEAD_MAX_FILES,
            maxBytes: config.UPLOAD_LEAD_MAX_BYTES,
          });
          documents = await tx
            .select({ slot: uploads.slot, name: uploads.originalName, size: uploads.sizeBytes })
            .from(uploads)
            .where(eq(uploads.leadId, leadId))
            .orderBy(uploads.slot, uploads.createdAt);
        }
        for (const draft of plan.mails({ reference, receivedAt, documents, dueAt: promise?.dueAt, callBackNotice })) {
          if (draft.kind === "visitor_autoreply" && (await autoRepliesToday(tx, draft.to)) >= AUTO_REPLIES_PER_ADDRESS_PER_DAY) continue;
          await enqueueMail(tx, draft, { leadId, consentRecordId, domain: mailDomain(config) });
        }
        // The first minute (docs/decisions/064): who ticked the SMS box gets a text at once, through the outbox.
        if (plan.consent?.consented) {
          const body = reference
            ? smsMessages.instantReply(
                site.agency.name,
                reference,
                callBackNotice ?? smsMessages.callBackWithin(site.promises.contactMinutes),
              )
            : smsMessages.consentWelcome(site.agency.name);
          await queueText(
            tx,
            { config, site, now: receivedAt },
            { kind: "text_instant_reply", to: e164Phone(plan.consent.phone), body, leadId, consentRecordId, needsConsent: true },
          );
        }
        return { reference, leadId, consentRecordId, dueAt: promise?.dueAt, callBackNotice };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/**
 * A contact form message, in the form's own fields. The lead's payload keeps the spec's record
 * fields (fullName, phoneNumber, insuranceType as the text chosen or typed).
 */
export async function acceptContact(deps: Deps, values: ContactValues, context: SubmissionContext) {
  const { site } = deps;
  const inbox = agencyInbox(deps.config, site);
  const insuranceType = contactInsurance(values);
  const { name, email, phone, message, smsConsent: consented } = values;
  const wording = smsConsent(deps.site);
  return record(
    deps,
    {
      consent: { sourceForm: "contact_form", name, email, phone, consented, wording },
      lead: {
        leadType: "contact_form",
        submissionType: "Contact Form Submission",
        source: "Website Contact Form",
        name,
        email,
        phone,
        service: insuranceType,
        message,
        payload: { fullName: name, email, phoneNumber: phone, insuranceType, message, smsConsent: consented },
      },
      mails: ({ reference, receivedAt, callBackNotice }) => [
        notificationMail(site, {
          to: inbox,
          replyTo: email,
          subject: "Contact Form Submission",
          heading: `New message from ${name}`,
          reference,
          receivedAt,
          fields: [
            ["Name", name],
            ["Email", email],
            ["Phone", phone],
            ["Insurance Type", insuranceType],
            ["Message", message],
            ["SMS Consent", `${yesNo(consented)} (${wording.version})`],
          ],
        }),
        autoReplyMail(site, {
          to: email,
          name,
          subject: `Thank you for contacting ${site.agency.name}`,
          opening: `Thank you for contacting ${site.agency.name}. We have received your message.`,
          reference,
          callBackNotice,
        }),
      ],
    },
    context,
  );
}

export type SmsConsentBody = SmsConsentValues;

export async function acceptSmsConsent(deps: Deps, body: SmsConsentBody, context: SubmissionContext) {
  const { site } = deps;
  const inbox = agencyInbox(deps.config, site);
  const wording = smsConsent(site);
  return record(
    deps,
    {
      consent: {
        sourceForm: "sms_consent_form",
        name: body.name,
        email: body.email,
        phone: body.phone,
        consented: body.smsConsent,
        wording,
        version: body.consentVersion,
      },
      mails: ({ receivedAt }) => [
        notificationMail(site, {
          to: inbox,
          replyTo: body.email,
          subject: "SMS Consent Form Submission",
          heading: `SMS consent from ${body.name}`,
          receivedAt,
          fields: [
            ["Name", body.name],
            ["Email", body.email],
            ["Phone", body.phone],
            ["SMS Consent", yesNo(body.smsConsent)],
            ["Form Type", "SMS Consent Form"],
            ["Consent Version", body.consentVersion],
            ["Consent Text", wording.plainText],
            ["Page", context.pageUrl ?? ""],
          ],
        }),
        autoReplyMail(site, {
          to: body.email,
          name: body.name,
          subject: `Text message consent received - ${site.agency.name}`,
          opening: `Thank you for agreeing to receive text messages from ${site.agency.name} at ${body.phone}. Reply STOP to any message to opt out, or HELP for help.`,
        }),
      ],
    },
    context,
  );
}

/** The trucking quote's fields with the labels the form shows, in the form's order. */
const truckingLabels: Record<string, string> = {
  ...Object.fromEntries(quoteSections.flatMap((section) => section.fields.map((field) => [field.name, field.label]))),
  uploadedFiles: "Documents",
};

/** Each landing page's own fields with the labels its modal shows. */
const landingLabels: Record<string, Record<string, string>> = Object.fromEntries(
  Object.values(landingForms).map((form) => [form.leadType, Object.fromEntries(form.fields.map((field) => [field.name, field.label]))]),
);

const slotLabel = (slot: string) => trucking.uploadSlots.find((s) => s.slot === slot)?.label ?? slot;

const display = (value: unknown) => (Array.isArray(value) ? value.join(", ") : value === undefined || value === null ? "" : String(value));

type LeadDescription = {
  name: string;
  email: string;
  phone: string;
  service: string;
  message?: string;
  businessState?: string;
  subject: string;
  opening: string;
  fields: [string, string][];
};

/** What the leads inbox and the notification need from each leadType. */
function describeLead(body: SubmitLeadBody, site: SiteFacts): LeadDescription {
  const agency = site.agency;
  if (body.leadType === "commercial_trucking_quote") {
    const record = body as unknown as Record<string, unknown>;
    return {
      name: body.contactName,
      email: body.email,
      phone: body.phone,
      service: "Commercial Trucking",
      message: body.notes || undefined,
      businessState: body.businessState,
      subject: `Commercial Trucking Quote from ${body.legalBusinessName}`,
      opening: `Thank you for requesting a commercial trucking quote from ${agency.name}.`,
      fields: Object.entries(truckingLabels)
        .filter(([key]) => display(record[key]) !== "")
        .map(([key, label]) => [label, display(record[key])]),
    };
  }
  const contact: [string, string][] = [
    ["Name", body.name],
    ["Email", body.email],
    ["Phone", body.phone],
  ];
  const person = { name: body.name, email: body.email, phone: body.phone };
  if (body.leadType === "product_page_quote") {
    return {
      ...person,
      service: body.serviceType,
      message: body.message,
      subject: `Quote Request for ${body.serviceType}`,
      opening: `Thank you for requesting a ${body.serviceType} quote from ${agency.name}.`,
      fields: [...contact, ["Service Type", body.serviceType], ["Message", body.message]],
    };
  }
  const { line } = landingLeadTypes[body.leadType];
  // The page's own fields, labelled for the notification, in the order the modal asks for them.
  const record = body as Record<string, unknown>;
  const extra = Object.entries(landingLabels[body.leadType] ?? {})
    .filter(([key]) => typeof record[key] === "string" && record[key] !== "")
    .map(([key, label]) => [label, String(record[key])] as [string, string]);
  return {
    ...person,
    service: line,
    subject: `Quote Request for ${line}`,
    opening: `Thank you for requesting a ${line} quote from ${agency.name}.`,
    fields: [...contact, ...extra],
  };
}

export async function acceptLead(deps: Deps, body: SubmitLeadBody, context: SubmissionContext) {
  const { site } = deps;
  const inbox = agencyInbox(deps.config, site);
  const d = describeLead(body, site);
  const { website: _honeypot, pageUrl: _p, referrer: _r, utm: _u, ...payload } = body;
  // The slots that hold a document are the ones the lead's linked attachments fill (checked in the transaction).
  if (body.leadType === "commercial_trucking_quote") {
    (payload as Record<string, unknown>).uploadedFiles = trucking.uploadSlots
      .map((s) => s.slot)
      .filter((slot) => body.attachments.some((a) => a.slot === slot));
  }
  const outside = d.businessState ? !site.licensedStates.includes(d.businessState) : false;
  return record(
    deps,
    {
      lead: {
        leadType: body.leadType,
        submissionType: body.submissionType,
        source: body.source,
        name: d.name,
        email: d.email,
        phone: d.phone,
        service: d.service,
        message: d.message ?? null,
        payload,
        businessState: d.businessState ?? null,
        outsideLicensedStates: outside,
      },
      attachments: "attachments" in body ? body.attachments : undefined,
      // A trucking lead's carrier is looked up on FMCSA by the background worker, never in the request (063).
      within:
        body.leadType === "commercial_trucking_quote" && deps.config.FMCSA_WEB_KEY
          ? async (tx, lead) => {
              await enqueueCarrierCheck(tx, lead.id, body.dotNumber);
            }
          : undefined,
      mails: ({ reference, receivedAt, documents, callBackNotice }) => [
        notificationMail(site, {
          to: inbox,
          replyTo: d.email,
          subject: d.subject,
          heading: `${body.submissionType} from ${d.name}`,
          reference,
          receivedAt,
          fields: [
            ...d.fields,
            ...documents.map(
              (doc) => [`Document (${slotLabel(doc.slot)})`, `${doc.name}, ${formatFileSize(doc.size)}`] as [string, string],
            ),
          ],
          notes: outside ? [`Business state ${d.businessState} is outside the agency's licensed states.`] : undefined,
        }),
        autoReplyMail(site, {
          to: d.email,
          name: d.name,
          subject: `We received your quote request - ${site.agency.name}`,
          opening: d.opening,
          reference,
          callBackNotice,
        }),
      ],
    },
    context,
  );
}

/** A lead a colleague added in the back office (a call, a walk-in, a referral), as its form checked it. */
export type StaffLead = {
  name: string;
  /** "" when the person gave no address. */
  email: string;
  phone: string;
  service: string;
  source: string;
};

/**
 * A lead added by staff (docs/decisions/052): the same store, reference, promise times and round-robin
 * as a form's lead, but already answered (the colleague is talking to the person: status "contacted",
 * first response at arrival), the agency told by its notification and the person sent no
 * acknowledgement. `notification` is the mail's wording; `within` writes the lead's first timeline
 * entries in its transaction.
 */
export async function acceptStaffLead(
  deps: Deps,
  lead: StaffLead,
  notification: { subject: string; heading: string; fields: [string, string][] },
  within: NonNullable<Plan["within"]>,
) {
  const { site } = deps;
  const inbox = agencyInbox(deps.config, site);
  const now = deps.now ?? (() => new Date());
  const receivedAt = now();
  return record(
    { ...deps, now: () => receivedAt },
    {
      lead: {
        leadType: staffLead.leadType,
        submissionType: staffLead.submissionType,
        source: lead.source,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        service: lead.service,
        message: null,
        payload: { name: lead.name, email: lead.email, phone: lead.phone, service: lead.service, source: lead.source },
        status: "contacted",
        firstResponseAt: receivedAt,
        statusChangedAt: receivedAt,
      },
      within,
      mails: ({ reference, receivedAt: at }) => [
        notificationMail(site, {
          to: inbox,
          replyTo: lead.email || undefined,
          subject: notification.subject,
          heading: notification.heading,
          reference,
          receivedAt: at,
          fields: notification.fields,
        }),
      ],
    },
    {},
  );
}

/**
 * A text from a number no lead has (docs/decisions/064): a new contact in the inbox, status "new" on
 * the promise clock like a form's lead, the agency told by its notification. `within` writes the
 * text itself on the new lead's timeline, in its transaction.
 */
export async function acceptTextContact(deps: Deps, text: { phone: string; body: string }, within: NonNullable<Plan["within"]>) {
  const { site } = deps;
  const inbox = agencyInbox(deps.config, site);
  const words = smsMessages.replyMail;
  const name = words.newContactName(text.phone);
  return record(
    deps,
    {
      lead: {
        leadType: "text_message",
        submissionType: "Text Message",
        source: words.newContactSource,
        name,
        email: "",
        phone: text.phone,
        service: null,
        message: text.body,
        payload: { phone: text.phone, message: text.body },
      },
      within,
      mails: ({ reference, receivedAt }) => [
        notificationMail(site, {
          to: inbox,
          subject: words.newContactSubject,
          heading: name,
          reference,
          receivedAt,
          fields: [
            [words.from, text.phone],
            [words.message, text.body],
          ],
        }),
      ],
    },
    {},
  );
}

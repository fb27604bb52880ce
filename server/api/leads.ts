/**
 * The leads inbox's API, every route behind requireAdmin (docs/decisions/012-leads-inbox.md):
 *   GET   /api/leads                            the list, newest first, filtered and paged
 *   GET   /api/leads/export.csv                 the filtered list as CSV, all of it
 *   GET   /api/leads/pulse                      new leads waiting and the newest lead (the open list polls it)
 *   POST  /api/leads                            { name, phone, email?, service, source, note? }: a lead added by staff (052)
 *   GET   /api/leads/:id                        one lead with its consent record, documents and timeline
 *   PATCH /api/leads/:id                        { status?, assigneeId?, name?, phone?, email?, businessName?, outcome? }: the
 *                                               pipeline (first-response rule), the owner, corrected contact details (052)
 *                                               and the outcome (060)
 *   POST  /api/leads/:id/notes                  { body }: a note in the lead's timeline
 *   GET   /api/leads/:id/documents/:uploadId    a document, always as an attachment
 *   GET   /api/leads/:id/packet.pdf             a trucking lead's submission packet; .zip: with its documents (063)
 *   GET   /api/admin/summary                    the dashboard's figures
 */
import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { uploads } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { leadFmcsa } from "~/features/fmcsa/checks.server";
import { fmcsaMessages } from "~/features/fmcsa/messages";
import { packetPdf, packetZip } from "~/features/fmcsa/packet.server";
import { parseApiBody } from "~/features/leads/api-fields";
import { promiseSettings } from "~/features/leads/arrival.server";
import { addLeadNote, leadTimeline } from "~/features/leads-inbox/activity.server";
import { attachmentDisposition } from "~/features/leads-inbox/content-disposition";
import {
  countLeads,
  getLead,
  inboxSummary,
  leadDocument,
  leadsCsv,
  leadTypesPresent,
  leadView,
  listLeads,
} from "~/features/leads-inbox/inbox.server";
import { changeLead } from "~/features/leads-inbox/lead-edit.server";
import { detailsOf, leadPatchBodySchema } from "~/features/leads-inbox/lead-edit-schema";
import { inboxMessages, leadPatchMessage, leadUpdateMessage } from "~/features/leads-inbox/messages";
import { inboxPulse } from "~/features/leads-inbox/pulse.server";
import { LEAD_FILTER_NAMES, leadFiltersSchema, leadListQuerySchema, leadNoteBodySchema } from "~/features/leads-inbox/schema";
import { addStaffLead } from "~/features/leads-inbox/staff-lead.server";
import { staffLeadSchema } from "~/features/leads-inbox/staff-lead-schema";
import { securityNoticeMessages, sendSecurityNotice } from "~/features/mail/security-notice.server";
import { downloadFileName } from "~/features/uploads/file-name";
import { isUploadMimeType } from "~/features/uploads/magic-bytes";
import { agencyDay } from "~/lib/calendar-day";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost, firstError } from "../http";

const INVALID_QUERY = "Some filters are not valid.";
const INVALID_ID = "Invalid lead id.";
const LEAD_NOT_FOUND = "Lead not found";
const DOCUMENT_NOT_FOUND = "Document not found";

/**
 * The file as a web stream, once its first bytes have been read: a file missing from storage fails
 * here (answerable as an error) instead of after a 200 has gone out. Pulled as the client reads
 * (back-pressure); a client that goes away closes the file.
 */
async function openedStream(source: Readable): Promise<ReadableStream<Uint8Array>> {
  const chunks = source[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (error) {
    source.destroy();
    throw error;
  }
  let pending: IteratorResult<Buffer> | undefined = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pending ?? (await chunks.next());
      pending = undefined;
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    cancel() {
      source.destroy();
    },
  });
}

export function leadRoutes(services: AppServices) {
  const { config, db, logger, storage } = services;
  const admin = requireAdmin(services);
  const watching = requireAdmin(services, { touch: false });
  /** The signed-in account's view of the leads ("mine"), on the site's promise clock and calendar. */
  const view = (c: Context) => leadView(c.get("admin" as never)?.id ?? null, promiseSettings(config, services.site.current().facts));
  const validId = (c: Context, id: string) =>
    isUuid(id) ? undefined : apiError(c, 400, INVALID_ID, { id: "The lead id must be a UUID." });

  async function packet(c: Context, kind: "pdf" | "zip"): Promise<Response> {
    const id = c.req.param("id") ?? "";
    if (!isUuid(id)) return apiError(c, 404, LEAD_NOT_FOUND);
    const lead = await getLead(db, id);
    if (!lead) return apiError(c, 404, LEAD_NOT_FOUND);
    if (lead.leadType !== "commercial_trucking_quote") return apiError(c, 404, fmcsaMessages.packet.onlyTrucking);
    // The answers and documents are worth a packet without FMCSA_WEB_KEY too: it then has no FMCSA part.
    const type = kind === "pdf" ? "application/pdf" : "application/zip";
    const headers = {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${lead.reference}-packet.${kind}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store, no-transform",
    };
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    const stored = await db
      .select({ slot: uploads.slot, name: uploads.originalName, size: uploads.sizeBytes, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.leadId, id)))
      .orderBy(asc(uploads.slot), asc(uploads.createdAt));
    const check = await leadFmcsa(db, id);
    const documents = stored.map((d) => ({ slot: d.slot, name: d.name, size: Number(d.size), open: () => storage.open(d.storageKey) }));
    const pdf = await packetPdf({
      reference: lead.reference,
      receivedAt: new Date(lead.receivedAt),
      submissionType: lead.submissionType,
      source: lead.source,
      payload: (lead.payload ?? {}) as Record<string, unknown>,
      submission: { ip: lead.ip, userAgent: lead.userAgent, pageUrl: lead.pageUrl, referrer: lead.referrer },
      consent: lead.consent
        ? {
            version: lead.consent.consentVersion,
            text: lead.consent.consentText,
            consented: lead.consent.consented,
            at: new Date(lead.consent.createdAt),
            hash: lead.consent.recordHash,
          }
        : null,
      documents,
      fmcsa: check ? { record: check.record, flags: check.flags as never } : null,
      agencyName: services.site.current().facts.agency.name,
    });
    await recordAudit(db, {
      action: "lead_packet_exported",
      admin: c.get("admin" as never),
      targetType: "lead",
      targetId: id,
      detail: { leadId: id, format: kind, documents: kind === "zip" ? documents.length : 0 },
      ip: clientIp(c, config.TRUST_PROXY),
    });
    logger.info(
      { reqId: c.get("requestId" as never), adminId: (c.get("admin" as never) as { id: string }).id, leadId: id, kind },
      "lead packet exported",
    );
    if (kind === "pdf")
      return new Response(Buffer.from(pdf), { status: 200, headers: { ...headers, "Content-Length": String(pdf.byteLength) } });
    const zip = await packetZip(pdf, lead.reference, documents);
    zip.on("error", (error) => logger.error({ err: error, leadId: id }, "lead packet zip failed"));
    return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, { status: 200, headers });
  }

  return (
    new Hono()
      .get("/leads", admin, async (c) => {
        const parsed = parseApiBody(leadListQuerySchema, c.req.query());
        if (!parsed.ok) return apiError(c, 400, INVALID_QUERY, parsed.errors);
        const { items, total, nextCursor } = await listLeads(db, parsed.data, view(c));
        const types = await leadTypesPresent(db);
        return c.json({ success: true, data: items, total, nextCursor, types, now: new Date().toISOString() });
      })
      // Before "/leads/:id", which would otherwise take "export.csv" for an id.
      // A dangerous read: every lead leaves the site, so the password again (step-up) and every owner told.
      .get("/leads/export.csv", requireAdmin(services, { stepUp: true }), async (c) => {
        const parsed = parseApiBody(leadFiltersSchema, c.req.query());
        if (!parsed.ok) return apiError(c, 400, INVALID_QUERY, parsed.errors);
        // A HEAD asks what the answer would be: no rows leave, so nothing is recorded or mailed.
        if (c.req.method === "HEAD") return new Response(null, { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8" } });
        // Recorded as it starts: an export handed out is data that left, even if the download is cut short.
        const filters = parsed.data;
        const count = await countLeads(db, filters, view(c));
        const ip = clientIp(c, config.TRUST_PROXY);
        await recordAudit(db, {
          action: "leads_exported",
          admin: c.get("admin"),
          targetType: "leads",
          // Every filter of the view, null where none was set: the same shape for every export.
          detail: { filters: Object.fromEntries(LEAD_FILTER_NAMES.map((name) => [name, filters[name] ?? null])), rows: count },
          ip,
        });
        await sendSecurityNotice(
          { ...services, site: services.site.current() },
          { what: securityNoticeMessages.events.exported(c.get("admin").email, count), actor: c.get("admin"), ip },
        );
        const rows = leadsCsv(db, filters, view(c));
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const next = await rows.next();
              if (next.done) controller.close();
              else controller.enqueue(encoder.encode(next.value));
            } catch (error) {
              logger.error({ err: error, reqId: c.get("requestId" as never) }, "leads export failed");
              controller.error(error);
            }
          },
          async cancel() {
            await rows.return(undefined);
          },
        });
        logger.info({ reqId: c.get("requestId" as never), adminId: c.get("admin").id, filters: parsed.data }, "leads exported");
        return new Response(body, {
          status: 200,
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="leads-${agencyDay(services.site.current().facts.agency.hours.timezone)}.csv"`,
            "Cache-Control": "private, no-store",
          },
        });
      })
      // Before "/leads/:id" too. Polled by every open list: one cheap statement.
      // Polled by the open list on its own: not the admin's activity, so it never holds off the idle timeout.
      .get("/leads/pulse", watching, async (c) => c.json({ success: true, data: await inboxPulse(db) }))
      .get("/leads/:id", admin, async (c) => {
        const id = c.req.param("id");
        const bad = validId(c, id);
        if (bad) return bad;
        const lead = await getLead(db, id);
        if (!lead) return apiError(c, 404, LEAD_NOT_FOUND);
        const activity = await leadTimeline(db, lead);
        // A trucking lead's FMCSA record and flags (063); null when the lead has no carrier check.
        const check = await leadFmcsa(db, id);
        const fmcsa = check ? { status: check.status, outcome: check.outcome, record: check.record, flags: check.flags } : null;
        return c.json({ success: true, data: { ...lead, activity, fmcsa }, now: new Date().toISOString() });
      })
      // A lead added by staff: a call, a walk-in or a referral, through the lead pipeline (docs/decisions/052).
      .post(
        ...apiPost(
          services,
          "/leads",
          { admin: true, schema: staffLeadSchema, invalid: () => inboxMessages.newLead.invalid },
          async (c, { value }) => {
            const added = await addStaffLead({ ...services, site: services.site.current() }, value, {
              admin: c.get("admin"),
              ip: clientIp(c, config.TRUST_PROXY),
              requestId: c.get("requestId" as never),
            });
            const lead = await getLead(db, added.leadId);
            if (!lead) return apiError(c, 404, LEAD_NOT_FOUND);
            const activity = await leadTimeline(db, lead);
            return c.json({ success: true, message: inboxMessages.newLead.added(added.reference), data: { ...lead, activity } }, 201);
          },
        ),
      )
      .patch(
        ...apiPost(
          services,
          "/leads/:id",
          {
            admin: true,
            schema: leadPatchBodySchema,
            // The outcome's fields are named by their path, as the outcome's own checks name them.
            fields: { fields: {}, nested: ["outcome"] },
            invalid: (errors) => firstError(errors) ?? "Invalid status.",
          },
          async (c, { value }) => {
            const id = c.req.param("id");
            const bad = validId(c, id);
            if (bad) return bad;
            const details = detailsOf(value);
            const change = { status: value.status, assigneeId: value.assigneeId };
            const today = agencyDay(promiseSettings(config, services.site.current().facts).office.timeZone);
            const result = await changeLead(
              db,
              id,
              { ...change, details, result: value.outcome ? { fields: value.outcome, today } : undefined },
              { admin: c.get("admin"), ip: clientIp(c, config.TRUST_PROXY), alerts: { config, site: services.site.current().facts } },
            );
            if (result.outcome === "not_found") return apiError(c, 404, LEAD_NOT_FOUND);
            if (result.outcome === "invalid_outcome") return apiError(c, 400, Object.values(result.errors)[0], result.errors);
            if (result.outcome === "invalid_assignee") {
              return apiError(c, 400, inboxMessages.assignment.invalidAdmin, { assigneeId: inboxMessages.assignment.invalidAdmin });
            }
            if (result.outcome === "no_business_name") {
              return apiError(c, 400, inboxMessages.details.noBusinessName, { businessName: inboxMessages.details.noBusinessName });
            }
            const { lead } = result;
            logger.info(
              {
                reqId: c.get("requestId" as never),
                adminId: c.get("admin").id,
                leadId: id,
                status: lead.status,
                assigneeId: lead.assigneeId,
              },
              "lead updated",
            );
            const sent = Object.keys(details).length > 0;
            const outcome = { sent: value.outcome !== undefined, changed: result.outcomeChanges.length > 0 };
            const message =
              sent || outcome.sent
                ? leadPatchMessage(change, { sent, changed: result.changes.length > 0 }, lead, outcome)
                : leadUpdateMessage(change, lead);
            return c.json({ success: true, message, data: lead });
          },
        ),
      )
      .post(
        ...apiPost(
          services,
          "/leads/:id/notes",
          { admin: true, schema: leadNoteBodySchema, invalid: (errors) => firstError(errors) ?? inboxMessages.notes.empty },
          async (c, { value }) => {
            const id = c.req.param("id");
            const bad = validId(c, id);
            if (bad) return bad;
            const note = await addLeadNote(db, id, value.body, c.get("admin"));
            if (!note) return apiError(c, 404, LEAD_NOT_FOUND);
            logger.info({ reqId: c.get("requestId" as never), adminId: c.get("admin").id, leadId: id }, "lead note added");
            return c.json({ success: true, message: inboxMessages.notes.added, data: note }, 201);
          },
        ),
      )
      .get("/leads/:id/documents/:uploadId", admin, async (c) => {
        const id = c.req.param("id");
        const uploadId = c.req.param("uploadId");
        if (!isUuid(id) || !isUuid(uploadId)) return apiError(c, 404, DOCUMENT_NOT_FOUND);
        const doc = await leadDocument(db, id, uploadId);
        if (!doc) return apiError(c, 404, DOCUMENT_NOT_FOUND);
        // The type detected from the file's first bytes at upload, never the visitor's claim; the
        // download name carries its extension, so "invoice.html" holding a PDF saves as "invoice.pdf".
        const type = isUploadMimeType(doc.mimeType) ? doc.mimeType : "application/octet-stream";
        const headers = {
          "Content-Type": type,
          "Content-Length": String(doc.sizeBytes),
          "Content-Disposition": attachmentDisposition(downloadFileName(doc.originalName, type)),
          "X-Content-Type-Options": "nosniff",
          // no-transform: compress() leaves it alone, so Content-Length stays true (PDF/JPEG/PNG gain nothing anyway).
          "Cache-Control": "private, no-store, no-transform",
        };
        if (c.req.raw.method === "HEAD") return new Response(null, { status: 200, headers });
        let body: ReadableStream<Uint8Array>;
        try {
          body = await openedStream(storage.open(doc.storageKey));
        } catch (error) {
          logger.error(
            { err: error, reqId: c.get("requestId" as never), uploadId, storageKey: doc.storageKey },
            "document recorded but its file cannot be read",
          );
          return apiError(c, 404, "The document's file is missing from storage.");
        }
        try {
          await recordAudit(db, {
            action: "document_downloaded",
            admin: c.get("admin"),
            targetType: "lead",
            targetId: id,
            detail: { leadId: id, uploadId, slot: doc.slot },
            ip: clientIp(c, config.TRUST_PROXY),
          });
        } catch (error) {
          // No download goes out unrecorded; the opened file is closed.
          await body.cancel();
          throw error;
        }
        logger.info({ reqId: c.get("requestId" as never), adminId: c.get("admin").id, leadId: id, uploadId }, "lead document downloaded");
        return new Response(body, { status: 200, headers });
      })
      // The submission packet (docs/decisions/063): one lead's answers, FMCSA record and documents leave the
      // site, so it is an export (the exports permission), recorded as it starts.
      .get("/leads/:id/packet.pdf", admin, async (c) => packet(c, "pdf"))
      .get("/leads/:id/packet.zip", admin, async (c) => packet(c, "zip"))
      .get("/admin/summary", admin, async (c) =>
        c.json({ success: true, data: await inboxSummary(db, promiseSettings(config, services.site.current().facts)) }),
      )
  );
}

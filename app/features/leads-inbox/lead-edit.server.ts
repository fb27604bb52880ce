/**
 * Correcting a lead's contact details (docs/decisions/052): the name, phone and email columns, and the
 * business name of a lead that has one, each with its copies in the lead's payload, so the screen, the
 * export and the mails show one value. Each change is a timeline entry with the old and new values and
 * an audit entry naming the fields (not the values: the audit trail holds no visitor's data). Unchanged
 * values record nothing. With a status or an owner in the same request, everything is one transaction:
 * an owner refused leaves the details as they were.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { leads } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { type Actor, recordLeadActivity } from "./activity.server";
import { type LeadChange, type LeadChanger, type LeadUpdateResult, updateLead } from "./inbox.server";
import { BUSINESS_NAME_KEY, businessNameOf, type LeadDetailField, type LeadDetailsChange, leadDetailFields } from "./lead-edit-schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One corrected field, as the timeline keeps it. */
export type DetailChange = { field: LeadDetailField; from: string; to: string };

/** Where the payload keeps a copy of each detail, by the forms that wrote it. */
const PAYLOAD_KEYS: Record<LeadDetailField, string[]> = {
  name: ["name", "fullName", "contactName"],
  email: ["email"],
  phone: ["phone", "phoneNumber"],
  businessName: [BUSINESS_NAME_KEY],
};

export type LeadChangeResult =
  | (Extract<LeadUpdateResult, { outcome: "updated" }> & { changes: DetailChange[] })
  | Exclude<LeadUpdateResult, { outcome: "updated" }>
  | { outcome: "no_business_name" };

/** Thrown inside the transaction to roll back details already written when the rest is refused. */
class Refused extends Error {
  constructor(readonly result: Exclude<LeadChangeResult, { outcome: "updated" }>) {
    super(result.outcome);
  }
}

/** The details that differ from the lead's, written with their timeline and audit entries. */
async function applyDetails(
  tx: Tx,
  id: string,
  details: LeadDetailsChange,
  by: { admin: Actor; ip?: string | null },
): Promise<DetailChange[]> {
  const [row] = await tx
    .select({ reference: leads.reference, name: leads.name, email: leads.email, phone: leads.phone, payload: leads.payload })
    .from(leads)
    .where(eq(leads.id, id))
    .for("update");
  if (!row) throw new Refused({ outcome: "not_found" });
  const payload = row.payload ?? {};
  const current: Record<LeadDetailField, string | null> = {
    name: row.name,
    email: row.email,
    phone: row.phone,
    businessName: businessNameOf(payload),
  };
  if (details.businessName !== undefined && current.businessName === null) throw new Refused({ outcome: "no_business_name" });

  const changes: DetailChange[] = [];
  for (const field of leadDetailFields) {
    const to = details[field];
    const from = current[field];
    if (to !== undefined && from !== null && to !== from) changes.push({ field, from, to });
  }
  if (changes.length === 0) return changes;

  const nextPayload = { ...payload };
  const columns: Partial<Record<"name" | "email" | "phone", string>> = {};
  for (const { field, from, to } of changes) {
    if (field !== "businessName") columns[field] = to;
    // Only a copy that still holds the old value: a key of the same name holding something else stays.
    for (const key of PAYLOAD_KEYS[field]) if (nextPayload[key] === from) nextPayload[key] = to;
  }
  await tx
    .update(leads)
    .set({ ...columns, payload: nextPayload })
    .where(eq(leads.id, id));
  await recordAudit(tx, {
    action: "lead_details_changed",
    admin: by.admin,
    targetType: "lead",
    targetId: id,
    detail: { reference: row.reference, fields: changes.map((c) => c.field) },
    ip: by.ip ?? null,
  });
  await recordLeadActivity(tx, { leadId: id, kind: "details_changed", author: by.admin, detail: { changes } });
  return changes;
}

/**
 * A lead's contact details, status and owner, each optional, in one transaction; entries only for
 * what changed. Answers the lead as the list shows it, with the details that changed.
 */
export async function changeLead(
  db: Database,
  id: string,
  change: LeadChange & { details: LeadDetailsChange },
  by: LeadChanger,
): Promise<LeadChangeResult> {
  try {
    return await db.transaction(async (tx) => {
      const changes = await applyDetails(tx, id, change.details, by);
      // The status and the owner by the inbox's own rules, in a savepoint of this transaction; with
      // neither, it answers the lead as it now is.
      const { details: _details, ...rest } = change;
      const result = await updateLead(tx as unknown as Database, id, rest, by);
      if (result.outcome !== "updated") throw new Refused(result);
      return { ...result, changes };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

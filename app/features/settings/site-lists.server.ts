/**
 * Changes to the team, the testimonials and the FAQ. Each runs in one transaction with its audit entry
 * (who, which fields) and its announcement on `site_changes`, so every process reads the lists again
 * once it commits and drops its stored pages (site.server.ts SiteStore, server/main.ts). A photo is
 * checked and stored before the transaction; a change that fails leaves no photo behind, and a photo
 * no member uses any more is deleted after the change commits.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { faqs, teamMembers, testimonials } from "#db/schema";
import { type AuditEntry, recordAudit } from "~/features/audit/audit.server";
import type { SiteImage } from "~/lib/site-images";
import { isUuid } from "~/lib/uuid";
import { announceSiteChange } from "./site.server";
import { deleteSiteImage, type ImageStorage, storeTeamPhoto } from "./site-images.server";
import type { FaqRecord, ListName, TeamMemberRecord, TestimonialRecord } from "./site-lists";
import type { FaqInput, TeamMemberInput, TestimonialInput } from "./site-lists-schema";
import { faqRecord, teamRecord, testimonialRecord } from "./site-lists-store.server";

/** Who makes a change, for its audit entry. */
export type Actor = { admin: { id: string; email: string }; ip: string | null };

type AuditAction = AuditEntry["action"];
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Log = (level: "warn" | "error", data: object, message: string) => void;
/** What a change of the team needs: the database, the document storage for photos, and where to report a file left behind. */
export type TeamServices = { db: Database; storage: ImageStorage; log?: Log };

/** A name in an audit entry: the record's own (public on the site), shortened. */
const named = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The fields whose values differ. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]): string[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])).map(String);
}

async function audit(tx: Tx, actor: Actor, action: AuditAction, targetType: string, targetId: string, detail: Record<string, unknown>) {
  await recordAudit(tx, { action, admin: actor.admin, targetType, targetId, detail, ip: actor.ip });
}

const nextPosition = async (tx: Tx, table: "team_members" | "testimonials" | "faqs") => {
  const result = await tx.execute(sql`select coalesce(max(position), -1) + 1 as next from ${sql.identifier(table)}`);
  return Number((result.rows[0] as { next: number | string }).next);
};

// ---- the team ----

export async function getTeamMember(db: Pick<Database, "select">, id: string): Promise<TeamMemberRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id.toLowerCase()));
  return row ? teamRecord(row) : null;
}

const TEAM_AUDITED = ["name", "role", "bio", "email", "phone", "linkedin", "photo"] as const;

async function photoInUse(db: Pick<Database, "select">, image: SiteImage): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(sql`${teamMembers.photo}->>'name' = ${image.name}`)
    .limit(1);
  return row !== undefined;
}

/** Deletes a photo's files unless a member still shows it; a failure is reported, never thrown (the change is made). */
async function dropUnusedPhoto(services: TeamServices, image: SiteImage | null): Promise<void> {
  if (!image) return;
  try {
    if (!(await photoInUse(services.db, image))) await deleteSiteImage(services.storage, image);
  } catch (error) {
    services.log?.("warn", { err: error, image: image.name }, "a team photo no longer shown could not be deleted");
  }
}

/** Adds a member at the end of the team; `photo` is the uploaded file's bytes (checked: ImageRefused). */
export async function addTeamMember(
  services: TeamServices,
  input: TeamMemberInput,
  photo: Buffer | null,
  actor: Actor,
): Promise<TeamMemberRecord> {
  const image = photo ? await storeTeamPhoto(services.storage, photo) : null;
  try {
    return await services.db.transaction(async (tx) => {
      const position = await nextPosition(tx, "team_members");
      const [row] = await tx
        .insert(teamMembers)
        .values({ ...input, photo: image ?? undefined, position })
        .returning();
      const fields = [...TEAM_AUDITED].filter((f) => (f === "photo" ? image !== null : input[f] !== ""));
      await audit(tx, actor, "team_member_added", "team_member", row.id, { name: named(row.name), fields });
      await announceSiteChange(tx, "team");
      return teamRecord(row);
    });
  } catch (error) {
    await dropUnusedPhoto(services, image);
    throw error;
  }
}

/** The photo of a change: a new upload's bytes, "remove", or unchanged (undefined). */
export type PhotoChange = Buffer | "remove" | undefined;

/**
 * Changes a member's fields (those given) and photo. Answers the member as saved and the fields that
 * changed, or null when there is no such member.
 */
export async function changeTeamMember(
  services: TeamServices,
  id: string,
  changes: Partial<TeamMemberInput>,
  photo: PhotoChange,
  actor: Actor,
): Promise<{ member: TeamMemberRecord; fields: string[] } | null> {
  if (!isUuid(id)) return null;
  const image = Buffer.isBuffer(photo) ? await storeTeamPhoto(services.storage, photo) : null;
  let result: { member: TeamMemberRecord; fields: string[]; dropped: SiteImage | null } | null;
  try {
    result = await services.db.transaction(async (tx) => {
      const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id.toLowerCase())).for("update");
      if (!row) return null;
      const before = teamRecord(row);
      const after: TeamMemberRecord = { ...before, ...changes, photo: photo === "remove" ? null : (image ?? before.photo) };
      const fields = changedFields(before, after, TEAM_AUDITED);
      if (fields.length === 0) return { member: before, fields, dropped: null };
      const { id: _, photo: newPhoto, ...texts } = after;
      const [saved] = await tx
        .update(teamMembers)
        .set({ ...texts, photo: newPhoto ?? sql`null`, updatedAt: sql`now()` })
        .where(eq(teamMembers.id, row.id))
        .returning();
      await audit(tx, actor, "team_member_changed", "team_member", row.id, { name: named(saved.name), fields });
      await announceSiteChange(tx, "team");
      return { member: teamRecord(saved), fields, dropped: fields.includes("photo") ? before.photo : null };
    });
  } catch (error) {
    await dropUnusedPhoto(services, image);
    throw error;
  }
  if (!result) {
    await dropUnusedPhoto(services, image);
    return null;
  }
  await dropUnusedPhoto(services, result.dropped);
  return { member: result.member, fields: result.fields };
}

/** Deletes a member (and their photo's files, unless another member shows the same photo). Null when there is none. */
export async function deleteTeamMember(services: TeamServices, id: string, actor: Actor): Promise<TeamMemberRecord | null> {
  if (!isUuid(id)) return null;
  const deleted = await services.db.transaction(async (tx) => {
    const [row] = await tx.delete(teamMembers).where(eq(teamMembers.id, id.toLowerCase())).returning();
    if (!row) return null;
    await audit(tx, actor, "team_member_deleted", "team_member", row.id, { name: named(row.name) });
    await announceSiteChange(tx, "team");
    return teamRecord(row);
  });
  if (deleted) await dropUnusedPhoto(services, deleted.photo);
  return deleted;
}

// ---- testimonials ----

const TESTIMONIAL_FIELDS = ["name", "role", "business", "place", "quote", "rating", "placement"] as const;

export async function getTestimonial(db: Pick<Database, "select">, id: string): Promise<TestimonialRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id.toLowerCase()));
  return row ? testimonialRecord(row) : null;
}

export async function addTestimonial(db: Database, input: TestimonialInput, actor: Actor): Promise<TestimonialRecord> {
  return db.transaction(async (tx) => {
    const position = await nextPosition(tx, "testimonials");
    const [row] = await tx
      .insert(testimonials)
      .values({ ...input, position })
      .returning();
    const fields = TESTIMONIAL_FIELDS.filter((f) => input[f] !== "");
    await audit(tx, actor, "testimonial_added", "testimonial", row.id, { name: named(row.name), fields });
    await announceSiteChange(tx, "testimonials");
    return testimonialRecord(row);
  });
}

export async function changeTestimonial(
  db: Database,
  id: string,
  input: TestimonialInput,
  actor: Actor,
): Promise<{ testimonial: TestimonialRecord; fields: string[] } | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(testimonials).where(eq(testimonials.id, id.toLowerCase())).for("update");
    if (!row) return null;
    const before = testimonialRecord(row);
    const fields = changedFields(before, { ...before, ...input }, TESTIMONIAL_FIELDS);
    if (fields.length === 0) return { testimonial: before, fields };
    const [saved] = await tx
      .update(testimonials)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(testimonials.id, row.id))
      .returning();
    await audit(tx, actor, "testimonial_changed", "testimonial", row.id, { name: named(saved.name), fields });
    await announceSiteChange(tx, "testimonials");
    return { testimonial: testimonialRecord(saved), fields };
  });
}

export async function deleteTestimonial(db: Database, id: string, actor: Actor): Promise<TestimonialRecord | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(testimonials).where(eq(testimonials.id, id.toLowerCase())).returning();
    if (!row) return null;
    await audit(tx, actor, "testimonial_deleted", "testimonial", row.id, { name: named(row.name) });
    await announceSiteChange(tx, "testimonials");
    return testimonialRecord(row);
  });
}

// ---- the FAQ ----

const FAQ_FIELDS = ["question", "answer"] as const;

export async function getFaq(db: Pick<Database, "select">, id: string): Promise<FaqRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id.toLowerCase()));
  return row ? faqRecord(row) : null;
}

export async function addFaq(db: Database, input: FaqInput, actor: Actor): Promise<FaqRecord> {
  return db.transaction(async (tx) => {
    const position = await nextPosition(tx, "faqs");
    const [row] = await tx
      .insert(faqs)
      .values({ ...input, position })
      .returning();
    await audit(tx, actor, "faq_added", "faq", row.id, { question: named(row.question), fields: [...FAQ_FIELDS] });
    await announceSiteChange(tx, "faqs");
    return faqRecord(row);
  });
}

export async function changeFaq(
  db: Database,
  id: string,
  input: FaqInput,
  actor: Actor,
): Promise<{ faq: FaqRecord; fields: string[] } | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(faqs).where(eq(faqs.id, id.toLowerCase())).for("update");
    if (!row) return null;
    const before = faqRecord(row);
    const fields = changedFields(before, { ...before, ...input }, FAQ_FIELDS);
    if (fields.length === 0) return { faq: before, fields };
    const [saved] = await tx
      .update(faqs)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(faqs.id, row.id))
      .returning();
    await audit(tx, actor, "faq_changed", "faq", row.id, { question: named(saved.question), fields });
    await announceSiteChange(tx, "faqs");
    return { faq: faqRecord(saved), fields };
  });
}

export async function deleteFaq(db: Database, id: string, actor: Actor): Promise<FaqRecord | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(faqs).where(eq(faqs.id, id.toLowerCase())).returning();
    if (!row) return null;
    await audit(tx, actor, "faq_deleted", "faq", row.id, { question: named(row.question) });
    await announceSiteChange(tx, "faqs");
    return faqRecord(row);
  });
}

// ---- the order ----

const ORDERED = {
  team: { table: "team_members", label: "name", action: "team_member_moved", target: "team_member" },
  testimonials: { table: "testimonials", label: "name", action: "testimonial_moved", target: "testimonial" },
  faqs: { table: "faqs", label: "question", action: "faq_moved", target: "faq" },
} as const satisfies Record<ListName, { table: string; label: string; action: AuditAction; target: string }>;

type OrderRow = { id: string; position: number; label: string; placement?: string };

/**
 * Moves an entry one place up or down among those shown beside it (a testimonial among those of its
 * placement). Answers its name and whether it moved (not past either end), or null when there is none.
 * The list's rows are locked while the order is rewritten, so two moves at once both count.
 */
export async function moveListEntry(
  db: Database,
  list: ListName,
  id: string,
  direction: "up" | "down",
  actor: Actor,
): Promise<{ label: string; moved: boolean } | null> {
  if (!isUuid(id)) return null;
  const { table, label, action, target } = ORDERED[list];
  return db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select id, position, ${sql.identifier(label)} as label ${list === "testimonials" ? sql`, placement` : sql``}
          from ${sql.identifier(table)} order by position, created_at, id for update`,
    );
    const rows = (result.rows as OrderRow[]).map((r) => ({ ...r, position: Number(r.position) }));
    const at = rows.findIndex((r) => r.id === id.toLowerCase());
    if (at === -1) return null;
    const entry = rows[at];
    const step = direction === "up" ? -1 : 1;
    let other = at + step;
    while (other >= 0 && other < rows.length && rows[other].placement !== entry.placement) other += step;
    if (other < 0 || other >= rows.length) return { label: entry.label, moved: false };
    [rows[at], rows[other]] = [rows[other], rows[at]];
    for (const [position, row] of rows.entries()) {
      if (row.position === position) continue;
      await tx.execute(sql`update ${sql.identifier(table)} set position = ${position} where id = ${row.id}`);
    }
    await audit(tx, actor, action, target, entry.id, { [label]: named(entry.label), direction, fields: ["position"] });
    await announceSiteChange(tx, list);
    return { label: entry.label, moved: true };
  });
}

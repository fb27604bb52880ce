/**
 * The team page's people for API clients (admin only):
 *   GET    /api/admin/team        { success, message, data: [member...] } in the page's order
 *   POST   /api/admin/team        a member (name, role, bio, email, phone, linkedin) added at the end: 201
 *   PATCH  /api/admin/team/:id    the fields given, changed
 *   DELETE /api/admin/team/:id    the member and their photo
 * A member is `{ _id, position, name, role, bio, email, phone, linkedin, photo }`; `bio` as stored
 * (its `{placeholders}` unfilled), `photo` the address of its widest WebP or null (photos are uploaded
 * on the Team screen). Bad input is a 400 with `errors.<field>`; the Team screen saves through the
 * same functions, with the same audit entries and the same announcement to every process.
 */
import { Hono } from "hono";
import type { TeamMemberRecord } from "~/features/settings/site-lists";
import { addTeamMember, changeTeamMember, deleteTeamMember, getTeamMember } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { TEAM_FIELDS, type TeamMemberInput, teamMemberSchema } from "~/features/settings/site-lists-schema";
import { readSiteLists } from "~/features/settings/site-lists-store.server";
import { flattenIssues } from "~/lib/issues";
import { siteImageUrl } from "~/lib/site-images";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

const m = siteListMessages.team;

export type TeamMemberApiRecord = Omit<TeamMemberRecord, "id" | "photo"> & { _id: string; position: number; photo: string | null };

export function teamApiRecord(member: TeamMemberRecord, position: number): TeamMemberApiRecord {
  const { id, photo, ...fields } = member;
  const widest = photo ? photo.widths[photo.widths.length - 1] : 0;
  return { _id: id, position, ...fields, photo: photo ? siteImageUrl(photo, widest, "webp") : null };
}

export function teamRoutes(services: AppServices) {
  const { db, storage, logger, config } = services;
  const team = { db, storage, log: (level: "warn" | "error", data: object, message: string) => logger[level](data, message) };
  const actor = (c: Parameters<typeof clientIp>[0]) => ({ admin: c.get("admin"), ip: clientIp(c, config.TRUST_PROXY) });
  /** This process shows a change at once; the others when its announcement reaches them. */
  const published = async () => {
    await services.site.reload();
  };
  const positionOf = async (id: string) => (await readSiteLists(db)).team.findIndex((t) => t.id === id);

  return new Hono()
    .get("/admin/team", requireAdmin(services), async (c) => {
      const { team: members } = await readSiteLists(db);
      return c.json({ success: true, message: m.api.listed(members.length), data: members.map(teamApiRecord) });
    })
    .post(
      ...apiPost(services, "/admin/team", { admin: true, schema: teamMemberSchema, invalid: m.api.invalid }, async (c, { value }) => {
        const member = await addTeamMember(team, value, null, actor(c));
        await published();
        logger.info({ memberId: member.id, adminId: c.get("admin").id }, "team member added");
        return c.json({ success: true, message: m.api.created, data: teamApiRecord(member, await positionOf(member.id)) }, 201);
      }),
    )
    .patch(
      ...apiPost(services, "/admin/team/:id", { admin: true, body: true }, async (c, { body }) => {
        const id = c.req.param("id");
        const current = await getTeamMember(db, id);
        if (!current) return apiError(c, 404, m.api.notFound);
        const unknown = Object.keys(body).filter((key) => !(TEAM_FIELDS as readonly string[]).includes(key));
        if (unknown.length > 0) return apiError(c, 400, m.api.invalid, Object.fromEntries(unknown.map((k) => [k, m.fields.unknown(k)])));
        const { id: _, photo: __, ...stored } = current;
        const parsed = teamMemberSchema.safeParse({ ...stored, ...body });
        if (!parsed.success) return apiError(c, 400, m.api.invalid, flattenIssues(parsed.error.issues));
        const changes = Object.fromEntries(
          Object.keys(body).map((k) => [k, parsed.data[k as keyof TeamMemberInput]]),
        ) as Partial<TeamMemberInput>;
        const result = await changeTeamMember(team, current.id, changes, undefined, actor(c));
        if (!result) return apiError(c, 404, m.api.notFound);
        if (result.fields.length > 0) await published();
        logger.info({ memberId: current.id, adminId: c.get("admin").id, fields: result.fields }, "team member changed");
        return c.json({ success: true, message: m.api.updated, data: teamApiRecord(result.member, await positionOf(current.id)) });
      }),
    )
    .delete(
      ...apiPost(services, "/admin/team/:id", { admin: true }, async (c) => {
        const deleted = await deleteTeamMember(team, c.req.param("id"), actor(c));
        if (!deleted) return apiError(c, 404, m.api.notFound);
        await published();
        logger.info({ memberId: deleted.id, adminId: c.get("admin").id }, "team member deleted");
        return c.json({ success: true, message: m.api.deleted });
      }),
    );
}

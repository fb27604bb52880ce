/**
 * The team, testimonials and FAQ edited in the back office, on a running server and a real database:
 * the content files' copy seeded once as the first-run lists (the build's prerendered pages still
 * served while they are unchanged); GET/POST /api/admin/team and PATCH/DELETE /api/admin/team/:id with
 * their 400s per field; the Team, Testimonials and FAQ screens' forms as a browser posts them without
 * scripts (a photo in a multipart form, checked by its bytes, refused with the field's error and
 * nothing saved); every change an audit entry; a change live on this process at once and on every
 * other within seconds, rendered once and stored, nothing written under build/; placeholders that
 * follow the settings; photos served from the document storage with immutable caching.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { adminUsers, auditEvents, faqs, siteSettings, teamMembers, testimonials } from "#db/schema";
import { defaultProfile } from "../../app/content/site-profile";
import { defaultSnapshot, SiteStore, saveProfile, seedSiteContent } from "../../app/features/settings/site.server";
import { addFaq, changeTeamMember } from "../../app/features/settings/site-lists.server";
import { siteListMessages } from "../../app/features/settings/site-lists-messages";
import { LISTS_SEEDED_KEY } from "../../app/features/settings/site-lists-store.server";
import type { LocalFileStorage } from "../../app/features/uploads/storage.server";
import { postMessages } from "../../app/lib/post-messages";
import { buildDir } from "../../server/main";
import { RENDER_CACHE_HEADER } from "../../server/render-cache";
import { loadStaticManifest } from "../../server/static";
import copy from "../fixtures/people-copy.json";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { flashToast, htmlText as html, screenRequests, signInLocation } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type ApiMember = {
  _id: string;
  position: number;
  name: string;
  role: string;
  bio: string;
  email: string;
  phone: string;
  linkedin: string;
  photo: string | null;
};

const team = siteListMessages.team;
const MISSING = "00000000-0000-4000-8000-000000000000";

const newMember = {
  name: "Priya Natarajan",
  role: "Commercial Lines Account Manager",
  bio: "Priya has placed contractor accounts at {agencyName} for six years.",
  email: "priya@example.com",
  phone: "(512) 555-0177",
  linkedin: "https://www.linkedin.com/in/priya-natarajan",
};

async function eventually<T>(attempt: () => Promise<T | null | false>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A photograph-like JPEG: noise, so it is a real encode. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761 + width) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Every file under build/ with its size and modification time. */
async function buildFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const info = await stat(full);
        files.set(full, `${info.size}:${info.mtimeMs}`);
      }
    }
  };
  await walk(buildDir);
  return files;
}

describe.each(databaseKinds)("the team, testimonials and FAQ on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let builtFiles: Map<string, string>;

  const db = () => server.services.db;
  const { get, postForm } = screenRequests(() => ({ url: server.url, cookie }));
  const storageKeys = async () => (await readdir((server.services.storage as LocalFileStorage).dir).catch(() => [] as string[])).sort();
  const api = (method: string, path: string, body?: unknown, withCookie = true) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(withCookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** A screen's form with a file, as a browser posts it without scripts. */
  const postMultipart = (path: string, fields: Record<string, string>, photo?: { bytes: Buffer; name: string; type: string }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("photo", photo ? new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }) : new File([], ""));
    return fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers: { cookie, origin: server.url }, body });
  };
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { res, body: await res.text(), cache: res.headers.get(RENDER_CACHE_HEADER) };
  };
  const members = async () => db().select().from(teamMembers).orderBy(asc(teamMembers.position));
  const audits = async (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));

  beforeAll(async () => {
    builtFiles = await buildFiles();
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("seeds the content files' lists once, with the build's version, so the prerendered pages are served", async () => {
    const rows = await members();
    expect(rows.map((r) => r.name)).toEqual(copy.teamMembers.map((m) => m.name));
    expect(rows[0].bio).toContain("Daniel founded {agencyName} in {foundedYear}");
    expect(await db().select().from(testimonials)).toHaveLength(10);
    expect(await db().select().from(faqs)).toHaveLength(7);
    expect(server.services.site.current().version).toBe(defaultSnapshot.version);
    expect(loadStaticManifest(buildDir)?.siteVersion).toBe(defaultSnapshot.version);

    // Another start finds the marker and seeds nothing.
    await seedSiteContent(db());
    expect(await members()).toHaveLength(3);
    expect(await db().select().from(faqs)).toHaveLength(7);

    // The prerendered /team is the file the build wrote, not a render.
    const prerendered = await page("/team");
    expect(prerendered.cache).toBeNull();
    for (const m of copy.teamMembers) expect(prerendered.body).toContain(html(m.bio));
  });

  it("lists the team for an admin at GET /api/admin/team, and answers 401 without a session", async () => {
    expect((await api("GET", "/admin/team", undefined, false)).status).toBe(401);
    const res = await api("GET", "/admin/team");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; data: ApiMember[] };
    expect(body).toMatchObject({ success: true, message: team.api.listed(3) });
    expect(body.data.map((m) => [m.position, m.name, m.photo])).toEqual([
      [0, "Daniel Reyes", null],
      [1, "Maria Castillo", null],
      [2, "Jenna Brooks", null],
    ]);
    expect(body.data[2]).toMatchObject({
      email: "jenna@example.com",
      phone: "(512) 555-0171",
      bio: expect.stringContaining("{residentState}"),
    });
    expect((await api("POST", "/admin/team", newMember, false)).status).toBe(401);
    expect((await api("PATCH", `/admin/team/${body.data[0]._id}`, { role: "Owner" }, false)).status).toBe(401);
    expect((await api("DELETE", `/admin/team/${body.data[0]._id}`, undefined, false)).status).toBe(401);
  });

  it("refuses bad input with 400 and errors per field, saving nothing", async () => {
    const bad = await api("POST", "/admin/team", {
      ...newMember,
      name: "",
      email: "nope",
      linkedin: "https://example.com/priya",
      bio: "Hi {agencyname}, twelve chars",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      message: team.api.invalid,
      errors: {
        name: team.fields.name,
        email: team.fields.email,
        linkedin: team.fields.linkedin,
        bio: siteListMessages.placeholders.unknown(["agencyname"]),
      },
    });
    const [daniel] = await members();
    const patched = await api("PATCH", `/admin/team/${daniel.id}`, { phone: "12", photo: "x.jpg" });
    expect(patched.status).toBe(400);
    expect((await patched.json()).errors).toEqual({ photo: team.fields.unknown("photo") });
    expect((await (await api("PATCH", `/admin/team/${daniel.id}`, { phone: "12" })).json()).errors).toEqual({ phone: team.fields.phone });
    // Values of the wrong kind are the field's error, never a 500.
    const odd = await api("PATCH", `/admin/team/${daniel.id}`, { name: ["Daniel"], bio: { text: "x" }, role: null });
    expect(odd.status).toBe(400);
    expect((await odd.json()).errors).toEqual({ name: team.fields.name, role: team.fields.role, bio: team.fields.bio });
    const proto = await fetch(`${server.url}/api/admin/team/${daniel.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie },
      body: '{"__proto__": {"admin": true}}',
    });
    expect(proto.status).toBe(400);
    expect(Object.entries((await proto.json()).errors)).toEqual([["__proto__", team.fields.unknown("__proto__")]]);
    expect((await api("PATCH", `/admin/team/${MISSING}`, { role: "Owner" })).status).toBe(404);
    expect((await api("PATCH", "/admin/team/not-a-uuid", { role: "Owner" })).status).toBe(404);
    expect((await api("DELETE", `/admin/team/${MISSING}`)).status).toBe(404);
    expect(await members()).toHaveLength(3);
    expect(server.services.site.current().version).toBe(defaultSnapshot.version);
  });

  it("adds, changes and deletes through the API: live on /team at once, each change an audit entry naming its fields", async () => {
    const created = await api("POST", "/admin/team", newMember);
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: ApiMember };
    expect(data).toMatchObject({ ...newMember, position: 3, photo: null });
    const added = await page("/team");
    expect(added.cache).not.toBeNull();
    expect(added.body).toContain(html("Priya has placed contractor accounts at Hill Country Commercial Insurance for six years."));
    const [addedAudit] = await audits("team_member_added");
    expect(addedAudit).toMatchObject({ adminEmail: TEST_ADMIN.email, targetType: "team_member", targetId: data._id });
    expect(addedAudit.detail).toEqual({ name: newMember.name, fields: ["name", "role", "bio", "email", "phone", "linkedin"] });

    const patched = await api("PATCH", `/admin/team/${data._id}`, { role: "Senior Account Manager", email: "PRIYA@Example.com" });
    expect(patched.status).toBe(200);
    expect((await patched.json()).data).toMatchObject({ role: "Senior Account Manager", email: "PRIYA@example.com", bio: newMember.bio });
    expect((await page("/team")).body).toContain("Senior Account Manager");
    const [changedAudit] = await audits("team_member_changed");
    expect(changedAudit.detail).toEqual({ name: newMember.name, fields: ["role", "email"] });
    // The same values again: nothing changed, nothing recorded.
    expect((await api("PATCH", `/admin/team/${data._id}`, { role: "Senior Account Manager" })).status).toBe(200);
    expect(await audits("team_member_changed")).toHaveLength(1);

    expect((await api("DELETE", `/admin/team/${data._id}`)).status).toBe(200);
    expect((await api("DELETE", `/admin/team/${data._id}`)).status).toBe(404);
    expect((await page("/team")).body).not.toContain("Priya");
    expect(await audits("team_member_deleted")).toHaveLength(1);
    // The team is the first-run one again: the build's prerendered page is served again.
    expect(server.services.site.current().version).toBe(defaultSnapshot.version);
    expect((await page("/team")).cache).toBeNull();
  });

  it("shows a change made by another process on every page within seconds", async () => {
    // Another process: a second handle on the same PostgreSQL database (PGlite has one process: its own
    // handle, with no HTTP request, so only the notification tells the server), and a store of its own.
    const other: DatabaseHandle =
      kind === "postgres" ? await openDatabase({ url: server.services.config.DATABASE_URL! }) : server.services.database;
    const otherStore = await SiteStore.open(other.db);
    await otherStore.follow(other);
    try {
      await page("/");
      const [admin] = await db().select().from(adminUsers);
      const actor = { admin: { id: admin.id, email: admin.email }, ip: null };
      const maria = (await members())[1];
      await changeTeamMember(
        { db: other.db, storage: server.services.storage },
        maria.id,
        { role: "Fleet Accounts Lead" },
        undefined,
        actor,
      );
      await eventually(async () => (await page("/team")).body.includes("Fleet Accounts Lead"));
      const faq = await addFaq(
        other.db,
        { question: "Do you insure food trucks?", answer: "Yes, in every state where we are licensed." },
        actor,
      );
      const home = await eventually(async () => {
        const p = await page("/");
        return p.body.includes("Do you insure food trucks?") ? p : null;
      });
      expect(home.body).toContain("Yes, in every state where we are licensed.");
      // The other process's own store heard both too.
      await eventually(async () => otherStore.current().faqs.some((f) => f.id === faq.id));
    } finally {
      await otherStore.stop();
      if (other !== server.services.database) await other.close();
    }
  });

  it("adds a member with a photo from the Team screen's form (multipart, no scripts): the photo served and shown on /team", async () => {
    const before = await storageKeys();
    const photo = await jpeg(900, 900);
    const res = await postMultipart(
      "/admin/team/new",
      { ...newMember, name: "Omar Haddad", bio: "Omar handles our trucking filings." },
      {
        bytes: photo,
        name: "omar.jpg",
        type: "image/jpeg",
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/team");
    expect(flashToast(res)?.toast).toEqual({ type: "success", title: team.created });
    const omar = (await members()).find((m) => m.name === "Omar Haddad")!;
    expect(omar.photo).toMatchObject({ width: 900, height: 900, widths: [320, 640] });
    const name = omar.photo!.name;
    expect((await storageKeys()).filter((k) => !before.includes(k))).toEqual(
      [`${name}-320.avif`, `${name}-320.webp`, `${name}-640.avif`, `${name}-640.webp`].sort(),
    );

    const teamPage = (await page("/team")).body;
    expect(teamPage).toContain(`srcset="/site-images/${name}-320.avif 320w, /site-images/${name}-640.avif 640w"`);
    expect(teamPage).toContain(`srcset="/site-images/${name}-320.webp 320w, /site-images/${name}-640.webp 640w"`);
    expect(teamPage).toMatch(new RegExp(`<img src="/site-images/${name}-640.webp" width="900" height="900" alt(="")? [^>]*loading="lazy"`));

    const image = await fetch(`${server.url}/site-images/${name}-640.avif`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/avif");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = image.headers.get("etag")!;
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640);
    expect((await fetch(`${server.url}/site-images/${name}-640.avif`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await fetch(`${server.url}/site-images/${name}-1280.avif`)).status).toBe(404);
    expect((await fetch(`${server.url}/site-images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);

    // The list screen shows the photo, and the member's form its current photo and the card's preview.
    const list = await (await get("/admin/team")).text();
    expect(list).toContain("Omar Haddad");
    expect(list).toContain(`/site-images/${name}-320.webp`);
    const form = await (await get(`/admin/team/${omar.id}`)).text();
    expect(form).toContain('data-testid="preview"');
    expect(form).toContain(html("Omar handles our trucking filings."));
    expect(form).toContain("{agencyName}");
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
  });

  it("refuses a file that is not an image, or one over 5 MB, with the photo field's error, and saves nothing", async () => {
    const before = await storageKeys();
    const [daniel] = await members();
    const fields = {
      name: daniel.name,
      role: "Changed Role",
      bio: daniel.bio,
      email: daniel.email,
      phone: daniel.phone,
      linkedin: daniel.linkedin,
    };
    const notImage = await postMultipart(`/admin/team/${daniel.id}`, fields, {
      bytes: Buffer.from("%PDF-1.7 a document"),
      name: "me.jpg",
      type: "image/jpeg",
    });
    expect(notImage.status).toBe(400);
    const body = await notImage.text();
    expect(body).toContain(html(team.fields.photo));
    expect(body).toContain(html(postMessages.invalid));
    // The texts are kept in the form.
    expect(body).toContain('value="Changed Role"');

    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await postMultipart(
      "/admin/team/new",
      { ...newMember, name: "Too Large" },
      { bytes: big, name: "big.jpg", type: "image/jpeg" },
    );
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain(html(team.fields.photo));

    expect((await members()).find((m) => m.id === daniel.id)?.role).toBe(daniel.role);
    expect((await members()).some((m) => m.name === "Too Large")).toBe(false);
    expect(await storageKeys()).toEqual(before);
  });

  it("moves members up and down without scripts, and deletes one with their photo's files", async () => {
    const order = async () => (await members()).map((m) => m.name);
    const start = await order();
    const omar = (await members()).find((m) => m.name === "Omar Haddad")!;
    const up = await postForm("/admin/team", { intent: "move", id: omar.id, direction: "up" });
    expect(up.status).toBe(303);
    expect(flashToast(up)?.toast).toEqual({ type: "success", title: siteListMessages.moved("Omar Haddad", "up") });
    const moved = await order();
    expect(moved.indexOf("Omar Haddad")).toBe(start.indexOf("Omar Haddad") - 1);
    const teamPage = (await page("/team")).body;
    const nameAt = (n: string) => teamPage.indexOf(`>${n}</h3>`);
    expect(nameAt("Omar Haddad")).toBeLessThan(nameAt(moved[moved.indexOf("Omar Haddad") + 1]));
    const [movedAudit] = await audits("team_member_moved");
    expect(movedAudit.detail).toEqual({ name: "Omar Haddad", direction: "up", fields: ["position"] });

    const [first] = await members();
    const top = await postForm("/admin/team", { intent: "move", id: first.id, direction: "up" });
    expect(flashToast(top)?.toast).toEqual({ type: "error", title: siteListMessages.notMoved });
    expect(await order()).toEqual(moved);

    // Delete asks first on the page without scripts, then the confirmation posts.
    const asked = await (await get(`/admin/team?delete=${omar.id}`)).text();
    expect(asked).toContain(html(team.deleteConfirm));
    const files = (await storageKeys()).filter((k) => k.startsWith(omar.photo!.name));
    expect(files).toHaveLength(4);
    const deleted = await postForm("/admin/team", { intent: "delete", id: omar.id });
    expect(deleted.status).toBe(303);
    expect(flashToast(deleted)?.toast).toEqual({ type: "success", title: team.deleteSuccess });
    expect(await order()).not.toContain("Omar Haddad");
    expect((await storageKeys()).filter((k) => k.startsWith(omar.photo!.name))).toEqual([]);
    expect((await fetch(`${server.url}/site-images/${omar.photo!.name}-320.webp`)).status).toBe(404);
    expect((await postForm("/admin/team", { intent: "delete", id: omar.id })).status).toBe(404);
  });

  it("sends anyone without a session to sign in from every screen and form", async () => {
    const [daniel] = await members();
    for (const path of [
      "/admin/team",
      "/admin/team/new",
      `/admin/team/${daniel.id}`,
      "/admin/testimonials",
      "/admin/testimonials/new",
      "/admin/faqs",
      "/admin/faqs/new",
    ]) {
      const res = await get(path, false);
      expect(res.status, path).toBe(302);
      expect(signInLocation(res, path), path).toBe(true);
      const posted = await postForm(path, { intent: "delete", id: daniel.id, ...newMember }, {}, false);
      expect(posted.status, path).toBe(303);
    }
    expect((await members()).some((m) => m.id === daniel.id)).toBe(true);
  });

  it("adds a testimonial to the home page and edits the FAQ from their screens, placeholders filled on the page", async () => {
    const added = await postForm("/admin/testimonials/new", {
      name: "Lena Ortiz",
      role: "",
      business: "Ortiz Concrete",
      place: "Round Rock",
      quote: "They had our certificates out the same day, every time.",
      rating: "4",
      placement: "home",
    });
    expect(added.status).toBe(303);
    expect(flashToast(added)?.toast.title).toBe(siteListMessages.testimonials.created);
    const home = (await page("/")).body;
    expect(home).toContain("Lena Ortiz");
    expect(home).toContain(">Ortiz Concrete, Round Rock<");
    expect(home).toContain('aria-label="Rated 4 out of 5"');
    expect((await page("/testimonials")).body).not.toContain("Lena Ortiz");
    expect(await audits("testimonial_added")).toHaveLength(1);

    const [firstFaq] = await db().select().from(faqs).orderBy(asc(faqs.position));
    const refused = await postForm(`/admin/faqs/${firstFaq.id}`, {
      question: firstFaq.question,
      answer: "Call {phone} or {fax} any time.",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(siteListMessages.placeholders.unknown(["fax"])));
    const saved = await postForm(`/admin/faqs/${firstFaq.id}`, {
      question: firstFaq.question,
      answer: "Call {phone} during {officeHours}.",
    });
    expect(saved.status).toBe(303);
    expect((await page("/")).body).toContain("Call (512) 555-0142 during Monday - Friday, 9:00 AM - 5:00 PM.");
    const [faqAudit] = await audits("faq_changed");
    expect(faqAudit.detail).toEqual({ question: firstFaq.question, fields: ["answer"] });
  });

  it("keeps the placeholders true when Settings change", async () => {
    await saveProfile(db(), { ...defaultProfile, name: "Lone Star Risk Partners", phone: "(737) 555-0199" }, null);
    await server.services.site.reload();
    expect((await page("/team")).body).toContain("Daniel founded Lone Star Risk Partners in 2010");
    expect((await page("/")).body).toContain("Call (737) 555-0199 during");
    await saveProfile(db(), defaultProfile, null);
    await server.services.site.reload();
  });

  it("does not bring the defaults back to an agency that deleted every question; the home page leaves its FAQ out", async () => {
    for (const faq of await db().select().from(faqs))
      expect((await postForm("/admin/faqs", { intent: "delete", id: faq.id })).status).toBe(303);
    await seedSiteContent(db());
    expect(await db().select().from(faqs)).toEqual([]);
    expect((await db().select().from(siteSettings).where(eq(siteSettings.key, LISTS_SEEDED_KEY))).length).toBe(1);
    const home = (await page("/")).body;
    expect(home).not.toContain("Frequently asked questions");
    expect(home).not.toContain('"FAQPage"');
  });

  it("wrote nothing under build/", async () => {
    expect(await buildFiles()).toEqual(builtFiles);
  });
});

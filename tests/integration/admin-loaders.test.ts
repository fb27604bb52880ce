/**
 * The back office's leads, contacts and chat transcripts screens on the server: their HTML carries the
 * records for a signed-in admin and sends anyone else to sign in; the leads list's status form works
 * as a plain URL-encoded POST (no scripts) and refuses another site's post; Sign Out (POST
 * /admin/logout) ends the session as POST /api/auth/logout does.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads } from "#db/schema";
import { adminMessages } from "../../app/features/admin/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { pagingMessages } from "../../app/lib/paging";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, hoaLandingBody } from "../support/lead-fixtures";
import { root, startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const text = inboxMessages;
/** The HTML's text with React's escapes undone, for comparing with what was sent. */
const decoded = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const rowCount = (html: string) => html.match(/data-testid="lead-row"/g)?.length ?? 0;
/** The page's "Export CSV" form: where it posts, and the hidden fields it sends. */
const exportForm = (html: string) => {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find(([, , body]) => /name="intent" value="export"/.test(body));
  if (!form) return undefined;
  const action = /\saction="([^"]*)"/.exec(form[1])?.[1];
  const fields = Object.fromEntries(
    [...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(([, n, v]) => [n, v]),
  );
  return { action, method: /\smethod="([^"]*)"/.exec(form[1])?.[1], fields };
};

describe.each(databaseKinds)("back-office screens on loaders and actions on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let me: { id: string; email: string };

  const db = () => server.services.db;
  const get = (path: string, withCookie: string | null = cookie) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: withCookie ? { cookie: withCookie } : {} });
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}, withCookie: string | null = cookie) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(withCookie ? { cookie: withCookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const sendJson = async (path: string, body: unknown, withCookie: string | null = null) => {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(withCookie ? { cookie: withCookie } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res;
  };
  const leadByEmail = async (email: string) => {
    const [row] = await db()
      .select({ id: leads.id, reference: leads.reference, status: leads.status })
      .from(leads)
      .where(eq(leads.email, email));
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    me = await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("sends a visitor without a session to sign in from each screen, before any data is read", async () => {
    for (const path of ["/admin/leads", "/admin/leads?status=new&type=contact_form", "/admin/contacts", "/admin/chatbot-management"]) {
      for (const withCookie of [null, "admin_session=not-a-session"]) {
        const res = await get(path, withCookie);
        expect(res.status, path).toBe(302);
        // Sign in, and come back to this screen with its filters.
        expect(res.headers.get("location"), path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      }
    }
  });

  it("renders each screen's empty state on a store with nothing in it", async () => {
    const leadsPage = await get("/admin/leads");
    expect(leadsPage.status).toBe(200);
    expect(await leadsPage.text()).toContain(text.empty);
    expect(await (await get("/admin/contacts")).text()).toContain(adminMessages.contacts.empty);
    expect(await (await get("/admin/chatbot-management")).text()).toContain(adminMessages.chatbot.empty);
  });

  it("shows the product's version, package.json's, below every screen, in the page's own HTML", async () => {
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    for (const screen of ["/admin/dashboard", "/admin/leads", "/admin/contacts"]) {
      const html = await (await get(screen)).text();
      expect(html, screen).toMatch(
        new RegExp(`<footer[^>]*data-testid="admin-version"[^>]*>${adminMessages.footer.version(version).replaceAll(".", "\\.")}</footer>`),
      );
    }
  });

  it("renders the leads in the list's HTML, filtered, with the count and the view's export", async () => {
    await sendJson("/api/contacts", contactBody({ fullName: "Priya Loader-Natarajan", email: "priya@loaders.example" }));
    await sendJson("/api/contacts", contactBody({ fullName: "Ben Loader-Cho", email: "ben@loaders.example" }));
    await sendJson("/api/submit-lead", hoaLandingBody({ name: "Hana Loader-Okafor", email: "hana@loaders.example" }));
    const priya = await leadByEmail("priya@loaders.example");

    const all = decoded(await (await get("/admin/leads")).text());
    for (const name of ["Priya Loader-Natarajan", "Ben Loader-Cho", "Hana Loader-Okafor"]) expect(all).toContain(name);
    expect(all).toContain(priya.reference);
    expect(all).toContain(`href="/admin/leads/${priya.id}"`);
    expect(all).toContain(pagingMessages.showing(1, 3, 3, text.noun));
    // The export is a form (it may ask for the password again) that sends the browser to the API's file,
    // with the list's filters.
    const exportAll = exportForm(all);
    expect(exportAll).toEqual({ action: "/admin/leads", method: "post", fields: { intent: "export" } });
    const toFile = await post(exportAll!.action!, exportAll!.fields);
    expect(toFile.status).toBe(303);
    expect(toFile.headers.get("location")).toBe("/api/leads/export.csv");

    const contactsOnly = decoded(await (await get("/admin/leads?type=contact_form")).text());
    expect(contactsOnly).toContain("Priya Loader-Natarajan");
    expect(contactsOnly).not.toContain("Hana Loader-Okafor");
    const exportContacts = exportForm(contactsOnly);
    expect(exportContacts?.fields).toEqual({ intent: "export", type: "contact_form" });
    const toContacts = await post(exportContacts!.action!, exportContacts!.fields);
    expect(toContacts.status).toBe(303);
    expect(toContacts.headers.get("location")).toBe("/api/leads/export.csv?type=contact_form");
    expect(contactsOnly).toContain(text.clearFilters);

    expect(await (await get("/admin/leads?status=won")).text()).toContain(text.emptyFiltered);

    // A hand-edited address is not an error: filters that are not valid are ignored.
    const odd = await get("/admin/leads?status=bogus&type=Not%20A%20Type&page=lots&from=2026-02-30");
    expect(odd.status).toBe(200);
    const oddHtml = decoded(await odd.text());
    expect(rowCount(oddHtml)).toBe(3);
    expect(oddHtml).toContain(text.filters.invalid);
  });

  it("changes a lead's status from the list as a plain form post, with the audit and timeline entries of the API", async () => {
    const { id } = await leadByEmail("ben@loaders.example");
    const res = await post("/admin/leads?type=contact_form", { intent: "status", id, status: "contacted" });
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain(text.statusUpdated);
    // The page answered is the list again, read after the change.
    expect(html).toContain("Ben Loader-Cho");
    expect((await leadByEmail("ben@loaders.example")).status).toBe("contacted");
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead_status_changed"), eq(auditEvents.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: me.id, detail: { from: "new", to: "contacted" } });
    expect(await (await get("/admin/leads?status=contacted")).text()).toContain("Ben Loader-Cho");
  });

  it("refuses a status form that is wrong, without a session, or from another site", async () => {
    const { id } = await leadByEmail("priya@loaders.example");
    const wrongStatus = await post("/admin/leads", { intent: "status", id, status: "closed" });
    expect(wrongStatus.status).toBe(400);
    expect(await wrongStatus.text()).toContain(text.form.invalidStatus);
    expect((await post("/admin/leads", { intent: "delete", id })).status).toBe(400);
    expect((await post("/admin/leads", { intent: "status", id: "5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11", status: "won" })).status).toBe(404);
    expect((await post("/admin/leads", { intent: "status", id: "not-an-id", status: "won" })).status).toBe(404);

    const anonymous = await post("/admin/leads", { intent: "status", id, status: "won" }, {}, null);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fleads");
    // Another site's Origin is refused by React Router itself (400); without an Origin, the browser's
    // Sec-Fetch-Site reaches the action, which refuses it (403).
    const crossSite = await post("/admin/leads", { intent: "status", id, status: "won" }, { origin: "https://evil.example" });
    expect([400, 403]).toContain(crossSite.status);
    const fetchedCrossSite = await fetch(`${server.url}/admin/leads`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "status", id, status: "won" }).toString(),
    });
    expect(fetchedCrossSite.status).toBe(403);
    expect((await leadByEmail("priya@loaders.example")).status).toBe("new");
  });

  it("renders the contact form's submissions in the contacts screen's HTML", async () => {
    const html = decoded(await (await get("/admin/contacts")).text());
    expect(html).toContain("Priya Loader-Natarajan");
    expect(html).toContain("priya@loaders.example");
    expect(html).toContain(contactBody().message as string);
    expect(html).not.toContain(adminMessages.contacts.empty);
    // The HOA quote is a lead, not a contact-form submission.
    expect(html).not.toContain("Hana Loader-Okafor");
  });

  it("renders the chat transcripts' list, and the transcript the address names, in the chatbot screen's HTML", async () => {
    const visitor = { name: "Dwayne Loader-Harper", email: "dwayne@loaders.example", phone: "(512) 555-0133" };
    const created = await sendJson("/api/chatbot-conversations", visitor, cookie);
    const { data } = (await created.json()) as { data: { _id: string } };
    await sendJson(
      `/api/chatbot-conversations/${visitor.email}/message`,
      { role: "user", content: "Do you insure a single box truck?" },
      cookie,
    );
    await sendJson(`/api/chatbot-conversations/${visitor.email}/message`, { role: "ai", content: "Yes. Tell me its weight." }, cookie);

    const list = decoded(await (await get("/admin/chatbot-management")).text());
    expect(list).toContain(visitor.name);
    expect(list).toContain(visitor.email);
    expect(list).toContain(adminMessages.chatbot.view);
    expect(list).not.toContain(adminMessages.chatbot.empty);

    const listed = await (await fetch(`${server.url}/api/chatbot-conversations`, { headers: { cookie } })).json();
    const id = (listed.data as { _id: string; email: string }[]).find((c) => c.email === visitor.email)?._id ?? data._id;
    const open = decoded(await (await get(`/admin/chatbot-management?view=${id}`)).text());
    expect(open).toContain(adminMessages.chatbot.conversationTitle(visitor.name));
    expect(open).toContain("Do you insure a single box truck?");
    expect(open).toContain("Yes. Tell me its weight.");
    // An id that names no conversation opens nothing.
    const none = decoded(await (await get("/admin/chatbot-management?view=nothing")).text());
    expect(none).not.toContain(adminMessages.chatbot.conversationTitle(visitor.name));
  });

  it("signs out with a plain form post: the session ends, the cookie is cleared, the sign-out is audited", async () => {
    const session = await signIn(server.url);
    expect((await get("/admin/leads", session)).status).toBe(200);

    // A GET signs nobody out, and neither does another site's post.
    const visited = await get("/admin/logout", session);
    expect(visited.status).toBe(302);
    expect(visited.headers.get("location")).toBe("/admin/login");
    expect([400, 403]).toContain((await post("/admin/logout", {}, { origin: "https://evil.example" }, session)).status);
    const fetchedCrossSite = await fetch(`${server.url}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
    });
    expect(fetchedCrossSite.status).toBe(403);
    expect((await get("/admin/leads", session)).status).toBe(200);

    const before = (await db().select().from(auditEvents).where(eq(auditEvents.action, "sign_out"))).length;
    const out = await post("/admin/logout", {}, {}, session);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/admin/login");
    const cleared = out.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));
    expect(cleared).toMatch(/^(__Host-)?admin_session=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toMatch(/HttpOnly/i);

    // The old cookie no longer works, on the screens or the API.
    const after = await get("/admin/leads", session);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fleads");
    expect((await get("/api/auth/user", session)).status).toBe(401);
    const audited = await db().select().from(auditEvents).where(eq(auditEvents.action, "sign_out"));
    expect(audited).toHaveLength(before + 1);
    expect(audited.at(-1)).toMatchObject({ adminId: me.id });

    // The other session is untouched.
    expect((await get("/admin/leads")).status).toBe(200);
  });
});

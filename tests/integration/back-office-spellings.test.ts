/**
 * Every spelling of the back office's address React Router would open ("/Admin/leads", "/%61dmin/login")
 * is sent to "/admin/..." before anything renders: the back office is only ever shown under the path its
 * protections know, so no analytics script runs there, its CSP allows none, and no copy is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)("back-office spellings on %s", (kind) => {
  let server: Server;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { GA_MEASUREMENT_ID: "G-TEST12345" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  /** The back office's protections on a page: no analytics in the markup or the CSP, and no-store. */
  async function expectProtected(res: Response, label: string) {
    const html = await res.text();
    expect(html, label).toContain("<html");
    expect(html, label).not.toContain("googletagmanager");
    expect(html, label).not.toContain("gtag(");
    expect(res.headers.get("content-security-policy") ?? "", label).not.toMatch(/google/);
    expect(res.headers.get("cache-control"), label).toBe("no-store");
  }

  it("sends each other spelling of the first segment to /admin with a 301, the rest and the query as they came", async () => {
    const token = "AbCdEf-gHiJkL_mNoPqRsTuVwXyZ0123456789abcde";
    const cases: [string, string][] = [
      ["/Admin/leads", "/admin/leads"],
      ["/ADMIN/login", "/admin/login"],
      ["/%61dmin/login", "/admin/login"],
      ["/aDmIn", "/admin"],
      ["/Admin/leads.data", "/admin/leads.data"],
      ["/Admin.data", "/admin.data"],
      // An invitation's token is case-sensitive: only the first segment changes.
      [`/Admin/invite/${token}?from=mail`, `/admin/invite/${token}?from=mail`],
      ["/ADMIN/Leads?status=new&q=R%C3%A9my", "/admin/Leads?status=new&q=R%C3%A9my"],
    ];
    for (const [path, location] of cases) {
      for (const method of ["GET", "HEAD"]) {
        const res = await send(path, { method });
        expect(res.status, `${method} ${path}`).toBe(301);
        expect(res.headers.get("location"), `${method} ${path}`).toBe(location);
        await res.arrayBuffer();
      }
    }
    // Nothing rendered: the redirect carries no page, let alone an analytics script.
    const res = await send("/Admin/leads", { headers: { cookie } });
    expect(res.status).toBe(301);
    expect(await res.text()).not.toContain("googletagmanager");
  });

  it("sends a post with a 308, so the browser posts it again, body and all, to the right address", async () => {
    const res = await send("/ADMIN/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=admin%40agency.example&password=x",
    });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/admin/login");
  });

  it("shows the back office only under its own path, with its protections", async () => {
    for (const path of ["/ADMIN/login", "/%61dmin/login"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(new URL(res.url).pathname, path).toBe("/admin/login");
      await expectProtected(res, path);
    }
    const leads = await fetch(`${server.url}/Admin/leads`, { headers: { cookie } });
    expect(leads.status).toBe(200);
    expect(new URL(leads.url).pathname).toBe("/admin/leads");
    await expectProtected(leads, "/Admin/leads");
  });

  it("leaves alone every path whose first segment is not the back office's", async () => {
    for (const path of ["/Administrator", "/blog/Admin", "/%2561dmin/login"]) {
      const res = await send(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    const contact = await send("/contact");
    expect(contact.status).toBe(200);
    expect(await contact.text()).toContain("googletagmanager");
  });
});

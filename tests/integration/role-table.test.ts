/**
 * The role table (app/lib/access.ts) against the running server: every route the app registers has an
 * entry (a new route without one fails here), and every back-office screen, its form action and every
 * /api endpoint is called as an owner, an admin and a staff member. A role the table refuses gets 403
 * with the role's message; a role it allows never gets that 403 (the call may still be a 400 or a 404
 * for the made-up ids and empty bodies sent here). The menu shows only the screens a role may open.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../app/features/auth/auth.server";
import { type Access, API_ACCESS, allows, SCREEN_ACCESS } from "../../app/lib/access";
import { ROLES, type Role, roleMessages } from "../../app/lib/roles";
import routes from "../../app/routes";
import { signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** Every path of app/routes.ts, as written there (layouts add none of their own). */
function routePaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [...(entry.path !== undefined ? [here] : []), ...routePaths(entry.children ?? [], here)];
  });
}

/** A made-up value for each path parameter: a fresh id finds nothing, which is all a role check needs. */
const filled = (path: string) =>
  path
    .replace(/:email\b/, "nobody@agency.example")
    .replace(/:slug\b/, "nothing-here")
    .replace(/:\w+/g, () => randomUUID());

const PASSWORD = "lantern orchard copper meadow";

describe.each(databaseKinds)("the role table on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ROLES) {
      const email = `${role}.${randomUUID().slice(0, 8)}@agency.example`;
      await createAdmin(server.services.db, email, PASSWORD, { scryptN: 1024, role });
      cookies[role] = await signIn(server.url, { email, password: PASSWORD });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, role: Role, json: boolean) =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: "manual",
      headers: {
        cookie: cookies[role],
        origin: server.url,
        ...(method === "GET" ? {} : { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" }),
      },
      body: method === "GET" ? undefined : json ? "{}" : "intent=role-table-probe",
    });

  /** The role's 403, told from any other answer by its message (a JSON error, or the page's text). */
  const refusedForRole = async (res: Response) => res.status === 403 && (await res.text()).includes(roleMessages.forbidden.slice(0, 40));

  it("has an entry for every /api endpoint and every back-office path the app registers, and none for what it does not", () => {
    const registered = new Set(
      server.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].filter((key) => !Object.hasOwn(API_ACCESS, key)).sort()).toEqual([]);
    expect(Object.keys(API_ACCESS).filter((key) => !registered.has(key))).toEqual([]);

    const screens = new Set(routePaths(routes as RouteEntry[]).filter((p) => p === "admin" || p.startsWith("admin/")));
    expect([...screens].filter((p) => !Object.hasOwn(SCREEN_ACCESS, p)).sort()).toEqual([]);
    expect(Object.keys(SCREEN_ACCESS).filter((p) => !screens.has(p))).toEqual([]);
  });

  it("answers every back-office /api endpoint as the table says, for each role", async () => {
    const checked: string[] = [];
    for (const [key, access] of Object.entries(API_ACCESS) as [string, Access][]) {
      if (access === "public") continue;
      const [method, path] = key.split(" ");
      for (const role of ROLES) {
        const res = await call(method, filled(path), role, true);
        const refused = await refusedForRole(res);
        expect(refused, `${role} ${key}: ${res.status}`).toBe(!allows(role, access));
        checked.push(`${role} ${key}`);
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });

  it("answers every back-office screen and its form action as the table says, for each role", async () => {
    let actions = 0;
    for (const [path, access] of Object.entries(SCREEN_ACCESS) as [string, Access][]) {
      if (access === "public") continue;
      const url = `/${filled(path)}`;
      // A screen without a form answers a post 405 to every role: only screens with an action are posted to.
      const hasAction = (await call("POST", url, "owner", false)).status !== 405;
      if (hasAction) actions++;
      for (const role of ROLES) {
        const page = await call("GET", url, role, false);
        expect(await refusedForRole(page), `${role} GET ${url}: ${page.status}`).toBe(!allows(role, access));
        if (!hasAction) continue;
        const posted = await call("POST", url, role, false);
        expect(await refusedForRole(posted), `${role} POST ${url}: ${posted.status}`).toBe(!allows(role, access));
      }
    }
    expect(actions).toBeGreaterThan(10);
    // Every screen three times over: 8 s alone, several times that beside the rest of the suite on two cores.
  }, 120_000);

  it("shows each role only the screens it may open, in the menu and on the dashboard", async () => {
    for (const role of ROLES) {
      const html = await (await call("GET", "/admin/dashboard", role, false)).text();
      for (const path of ["admin/users", "admin/settings", "admin/privacy", "admin/audit", "admin/jobs", "admin/team"] as const) {
        expect(html.includes(`href="/${path}"`), `${role} sees /${path}`).toBe(allows(role, SCREEN_ACCESS[path]));
      }
      expect(html).toContain(`href="/admin/leads"`);
      expect(html).toContain(roleMessages.names[role]);
    }
  });
});

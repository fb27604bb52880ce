/** GET /api/contacts and GET /api/chatbot-conversations: admin only, in the spec's field names. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatSessions } from "#db/schema";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

describe.each(databaseKinds)("back office reads on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });
  const get = (path: string, withCookie = true) => fetch(`${server.url}${path}`, { headers: withCookie ? { cookie } : {} });

  it("has no back-office page or its data kept by the browser or a proxy (Cache-Control: no-store)", async () => {
    for (const path of ["/admin/dashboard", "/admin/audit", "/admin/account", "/admin/leads", "/admin/dashboard.data", "/admin/login"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    // Signed out: the redirect to sign in is not kept either.
    const redirected = await fetch(`${server.url}/admin/audit`, { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("cache-control")).toBe("no-store");
    // Public pages are unaffected.
    expect((await get("/about", false)).headers.get("cache-control")).not.toBe("no-store");
  });

  it("answers 401 without a session", async () => {
    for (const path of ["/api/contacts", "/api/chatbot-conversations"]) {
      const res = await get(path, false);
      expect(res.status, path).toBe(401);
      expect((await res.json()).success).toBe(false);
    }
  });

  it("lists contact-form submissions newest first as { success, message, data }", async () => {
    const send = (fullName: string, insuranceType: string) =>
      fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fullName,
          email: `${fullName.split(" ")[0].toLowerCase()}@example.com`,
          phoneNumber: "(512) 555-0100",
          insuranceType,
          message: "Please call me about a renewal next month.",
          smsConsent: true,
        }),
      });
    expect((await send("Ana Ruiz", "HOA Insurance")).status).toBe(201);
    expect((await send("Ben Cho", "Commercial Trucking")).status).toBe(201);
    const res = await get("/api/contacts");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    expect(body.data.map((c: { fullName: string }) => c.fullName).slice(0, 2)).toEqual(["Ben Cho", "Ana Ruiz"]);
    expect(Object.keys(body.data[0]).sort()).toEqual(["_id", "createdAt", "email", "fullName", "insuranceType", "message", "phoneNumber"]);
    expect(body.data[0]).toMatchObject({ email: "ben@example.com", phoneNumber: "(512) 555-0100", insuranceType: "Commercial Trucking" });
  });

  it("pages contact submissions 50 at a time with the count, on the screen and in GET /api/contacts?page=", async () => {
    for (let n = 0; n < 55; n++) {
      const res = await fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${n}.1` },
        body: JSON.stringify({
          fullName: `Paged Caller ${String(n).padStart(2, "0")}`,
          email: `paged${n}@fleet.example`,
          phoneNumber: "(512) 555-0100",
          insuranceType: "Commercial Trucking",
          message: "Please call me about a renewal next month.",
          smsConsent: true,
        }),
      });
      expect(res.status).toBe(201);
    }
    const first = await (await get("/api/contacts")).json();
    const total: number = first.total;
    expect(total).toBeGreaterThanOrEqual(55);
    expect(first).toMatchObject({ success: true, page: 1, pageCount: Math.ceil(total / 50), message: `${total} contact submissions` });
    expect(first.data).toHaveLength(50);
    expect(first.data[0].fullName).toBe("Paged Caller 54");
    const second = await (await get("/api/contacts?page=2")).json();
    expect(second.page).toBe(2);
    expect(second.data).toHaveLength(Math.min(50, total - 50));
    // Every submission once, across the pages.
    const ids = new Set([...first.data, ...second.data].map((c: { _id: string }) => c._id));
    expect(ids.size).toBe(first.data.length + second.data.length);
    // A number that is not a page shows the nearest page there is.
    expect((await (await get("/api/contacts?page=999")).json()).page).toBe(first.pageCount);
    expect((await (await get("/api/contacts?page=-3")).json()).page).toBe(1);
    expect((await (await get("/api/contacts?page=x")).json()).page).toBe(1);

    const screen = await (await get("/admin/contacts?page=2")).text();
    const last = Math.min(100, total);
    expect(screen).toContain(`Showing 51–${last} of ${total} submissions`);
    expect(screen).toContain(`Page 2 of ${first.pageCount}`);
    expect(screen).toMatch(/<a[^>]*href="\/admin\/contacts"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/admin\/contacts"/);
    const top = await (await get("/admin/contacts")).text();
    expect(top).toContain(`Showing 1–50 of ${total} submissions`);
    expect(top).toContain('href="/admin/contacts?page=2"');
  });

  it("groups chat sessions into one conversation per email, messages in order, newest conversation first", async () => {
    const db = server.services.db;
    const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const [first] = await db
      .insert(chatSessions)
      .values({ name: "Lena Park", email: "lena@park.example", phone: "5125550111", insuranceType: "HOA Insurance", updatedAt: t(30) })
      .returning();
    const [again] = await db
      .insert(chatSessions)
      .values({ name: "Lena Park", email: "LENA@park.example", phone: "5125550111", insuranceType: "HOA Insurance", updatedAt: t(5) })
      .returning();
    const [other] = await db
      .insert(chatSessions)
      .values({
        name: "Omar Díaz",
        email: "omar@diaz.example",
        phone: "5125550122",
        insuranceType: "Commercial Trucking",
        updatedAt: t(10),
      })
      .returning();
    await db.insert(chatMessages).values([
      { sessionId: first.id, role: "user", content: "Does the master policy cover roofs?", createdAt: t(31) },
      { sessionId: first.id, role: "assistant", content: "Usually yes; it depends on the bylaws.", createdAt: t(30) },
      { sessionId: again.id, role: "user", content: "And D&O for the board?", createdAt: t(6) },
      { sessionId: other.id, role: "user", content: "Cargo limits for reefers?", createdAt: t(11) },
    ]);
    const res = await get("/api/chatbot-conversations");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((c: { name: string }) => c.name)).toEqual(["Lena Park", "Omar Díaz"]);
    expect(data[0]).toMatchObject({ email: "LENA@park.example", phone: "5125550111" });
    expect(data[0].conversation.map((m: { content: string }) => m.content)).toEqual([
      "Does the master policy cover roofs?",
      "Usually yes; it depends on the bylaws.",
      "And D&O for the board?",
    ]);
    expect(data[0].conversation[1]).toMatchObject({ role: "assistant" });
    expect(Object.keys(data[0].conversation[0]).sort()).toEqual(["_id", "content", "createdAt", "role"]);
  });

  it("pages chat transcripts 50 visitors at a time, a visitor with several sessions once, with the count", async () => {
    const db = server.services.db;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // 60 visitors an hour apart, the oldest with a second, newer session under another spelling of the email.
    await db.insert(chatSessions).values(
      Array.from({ length: 60 }, (_, n) => ({
        name: `Fleet Owner ${n}`,
        email: `owner${n}@fleets.example`,
        phone: "5125550133",
        insuranceType: "Commercial Trucking",
        updatedAt: hoursAgo(100 + n),
      })),
    );
    await db.insert(chatSessions).values({
      name: "Fleet Owner 59",
      email: "OWNER59@fleets.example",
      phone: "5125550133",
      insuranceType: "Commercial Trucking",
      updatedAt: hoursAgo(150.5),
    });
    const first = await (await get("/api/chatbot-conversations")).json();
    const total: number = first.total;
    expect(total).toBeGreaterThanOrEqual(60);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(total / 50) });
    expect(first.data).toHaveLength(50);
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page++) pages.push(await (await get(`/api/chatbot-conversations?page=${page}`)).json());
    const all = pages.flatMap((p) => p.data as { name: string; email: string }[]);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((c) => c.email.toLowerCase())).size).toBe(total);
    // Owner 59's newest session (150.5 hours ago) puts them between owners 50 and 51, counted once.
    const order = all.map((c) => c.name).filter((name) => name.startsWith("Fleet Owner"));
    expect(order.indexOf("Fleet Owner 59")).toBe(order.indexOf("Fleet Owner 50") + 1);
    expect(all.filter((c) => c.name === "Fleet Owner 59")).toHaveLength(1);

    const screen = await (await get("/admin/chatbot-management?page=2")).text();
    expect(screen).toContain(`Showing 51–${Math.min(100, total)} of ${total} visitors`);
    expect(screen).toContain(`Page 2 of ${first.pageCount}`);
    // Viewing a transcript without scripts keeps the page.
    expect(screen).toContain('<input type="hidden" name="page" value="2"/>');
  });
});

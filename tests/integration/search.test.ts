/**
 * The back office's one search and the inbox's views (docs/decisions/053-search.md), on both databases:
 * what a search finds (words anywhere, a phone typed any way, references, messages, wildcards taken
 * literally), the inbox's filters in its address and in GET /api/leads, numbered pages with the count,
 * the same search on contacts, chats and applications, /admin/search by role, and each pg_trgm index
 * in use on PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, chatMessages, chatSessions, jobApplications, jobs, leads } from "#db/schema";
import { searchText } from "#db/search";
import { adminMessages } from "../../app/features/admin/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { pagingMessages } from "../../app/lib/paging";
import { parseSearch } from "../../app/lib/search";
import { searchWhere } from "../../app/lib/search.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const STAFF = { email: "staff@search.example", password: "correct horse battery staple staff" };
const COLLEAGUE = { email: "colleague@search.example", password: "correct horse battery staple two" };
const decoded = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const rowCount = (html: string) => (html.match(/data-testid="lead-row"/g) ?? []).length;

describe.each(databaseKinds)("search and views on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  let staffCookie: string;
  let me: string;
  let colleague: string;
  const db = () => server.services.db;
  const get = (path: string, as = cookie) => fetch(`${server.url}${path}`, { headers: { cookie: as } });
  const api = async (path: string) => {
    const res = await get(path);
    return { status: res.status, body: await res.json() };
  };
  const refs = async (query: string) => {
    const { status, body } = await api(`/api/leads?${query}`);
    expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
    return (body.data as { reference: string }[]).map((l) => l.reference).sort();
  };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    await ensureAdmin(server.services, COLLEAGUE, "admin");
    await ensureAdmin(server.services, STAFF, "staff");
    cookie = await signIn(server.url);
    staffCookie = await signIn(server.url, STAFF);
    const accounts = await db().select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers);
    me = accounts.find((a) => a.email === "admin@agency.example")!.id;
    colleague = accounts.find((a) => a.email === COLLEAGUE.email)!.id;

    const lead = (reference: string, over: Partial<typeof leads.$inferInsert>) => ({
      reference,
      leadType: "contact_form",
      submissionType: "Contact Form Submission",
      source: "Contact Form",
      name: "Someone",
      email: `${reference.toLowerCase()}@example.com`,
      phone: "(737) 555-0000",
      payload: {},
      ...over,
    });
    await db()
      .insert(leads)
      .values([
        lead("S-NATA01", {
          name: "Priya Natarajan",
          email: "priya@natarajan-hauling.example",
          phone: "(512) 555-0147",
          message: "Two flatbed trailers running interstate; need a BMC-91X filing.",
          assigneeId: me,
          status: "contacted",
          receivedAt: new Date("2026-03-10T15:00:00Z"),
        }),
        lead("S-OKAF02", {
          leadType: "trucking_quote",
          name: "Hana Okafor",
          email: "hana@okafor.example",
          phone: "512.555.0188",
          payload: { legalBusinessName: "Okafor Reefer Lines LLC" },
          message: "Reefer loads, 50% of miles in Oklahoma.",
          assigneeId: colleague,
          outsideLicensedStates: true,
          status: "quoted",
          receivedAt: new Date("2026-03-12T04:30:00Z"),
        }),
        lead("S-WHIT03", {
          name: "Dana Whitfield",
          email: "dana@whitfield-roofing.example",
          phone: "+1 737 555 0199",
          message: "Roofing crew of 12, GL with a waiver of subrogation.",
          status: "new",
          dueAt: minutesAgo(30),
          receivedAt: minutesAgo(60),
        }),
      ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("finds a lead by any part of its name, email, reference, business name or message, whatever the case", async () => {
    expect(await refs("q=natarajan")).toEqual(["S-NATA01"]);
    expect(await refs("q=PRIYA%20nataRAJAN")).toEqual(["S-NATA01"]);
    expect(await refs("q=whitfield-roofing")).toEqual(["S-WHIT03"]);
    expect(await refs("q=s-okaf02")).toEqual(["S-OKAF02"]);
    expect(await refs("q=okaf")).toEqual(["S-OKAF02"]);
    expect(await refs("q=reefer%20lines")).toEqual(["S-OKAF02"]);
    expect(await refs("q=subrogation")).toEqual(["S-WHIT03"]);
    // Every word must match, in any field.
    expect(await refs("q=flatbed%20priya")).toEqual(["S-NATA01"]);
    expect(await refs("q=flatbed%20dana")).toEqual([]);
    expect(await refs("q=nobody-by-this-name")).toEqual([]);
    // One or two letters: the start of a word of the name only.
    expect(await refs("q=ok")).toEqual(["S-OKAF02"]);
    expect(await refs("q=pr%20na")).toEqual(["S-NATA01"]);
    expect(await refs("q=ra")).toEqual([]);
  });

  it("finds a phone typed any way: digits match digits", async () => {
    for (const typed of ["(512) 555-0147", "512.555.0147", "5125550147", "+1 512 555 0147", "1-512-555-0147", "555-0147", "0147"]) {
      expect(await refs(`q=${encodeURIComponent(typed)}`), typed).toEqual(["S-NATA01"]);
    }
    expect(await refs(`q=${encodeURIComponent("(512) 555-0188")}`)).toEqual(["S-OKAF02"]);
    expect(await refs(`q=${encodeURIComponent("737-555-0199")}`)).toEqual(["S-WHIT03"]);
    expect(await refs("q=512555")).toEqual(["S-NATA01", "S-OKAF02"]);
  });

  it("takes % and _ as themselves, not as wildcards", async () => {
    expect(await refs("q=50%25")).toEqual(["S-OKAF02"]);
    expect(await refs("q=5_%25")).toEqual([]);
    expect(await refs("q=%25%25")).toEqual(["S-NATA01", "S-OKAF02", "S-WHIT03"]);
  });

  it("filters by owner, overdue, status, type, days received and licensed states, in GET /api/leads", async () => {
    expect(await refs("owner=mine")).toEqual(["S-NATA01"]);
    expect(await refs(`owner=${colleague}`)).toEqual(["S-OKAF02"]);
    expect(await refs(`owner=${colleague.toUpperCase()}`)).toEqual(["S-OKAF02"]);
    expect(await refs("owner=unassigned")).toEqual(["S-WHIT03"]);
    expect(await refs("overdue=1")).toEqual(["S-WHIT03"]);
    expect(await refs("status=quoted")).toEqual(["S-OKAF02"]);
    expect(await refs("type=trucking_quote")).toEqual(["S-OKAF02"]);
    expect(await refs("licensed=outside")).toEqual(["S-OKAF02"]);
    expect(await refs("licensed=inside")).toEqual(["S-NATA01", "S-WHIT03"]);
    // Days are the agency's (America/Chicago): 04:30 UTC on the 12th is the evening of the 11th there.
    expect(await refs("from=2026-03-10&to=2026-03-10")).toEqual(["S-NATA01"]);
    expect(await refs("from=2026-03-11&to=2026-03-11")).toEqual(["S-OKAF02"]);
    expect(await refs("from=2026-03-10&to=2026-03-12")).toEqual(["S-NATA01", "S-OKAF02"]);
    expect(await refs("to=2026-03-31&q=555")).toEqual(["S-NATA01", "S-OKAF02"]);
    expect(await refs("owner=mine&q=okafor")).toEqual([]);
    const { body } = await api("/api/leads?owner=unassigned&overdue=true");
    expect(body.total).toBe(1);
  });

  it("answers a filter that is not valid with 400 and the field", async () => {
    for (const [query, field] of [
      ["from=2026-02-30", "from"],
      ["from=yesterday", "from"],
      ["from=2026-03-12&to=2026-03-10", "to"],
      ["owner=everyone", "owner"],
      ["overdue=yes", "overdue"],
      ["licensed=texas", "licensed"],
      [`q=${"x".repeat(201)}`, "q"],
    ]) {
      const { status, body } = await api(`/api/leads?${query}`);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
    }
  });

  it("shows the view in the inbox's address: search, filters kept in the form, numbered pages with the count", async () => {
    const html = decoded(await (await get("/admin/leads?q=555-0147&owner=mine")).text());
    expect(rowCount(html)).toBe(1);
    expect(html).toContain("Priya Natarajan");
    expect(html).toContain(pagingMessages.showing(1, 1, 1, inboxMessages.noun));
    expect(html).toMatch(/name="q"[^>]*value="555-0147"|value="555-0147"[^>]*name="q"/);
    expect(html).toContain(inboxMessages.clearFilters);
    // The export carries the view.
    expect(html).toMatch(/<input type="hidden" name="owner" value="mine"\/>/);

    const empty = decoded(await (await get("/admin/leads?q=zzzz-nothing")).text());
    expect(rowCount(empty)).toBe(0);
    expect(empty).toContain(inboxMessages.emptyFiltered);

    await db()
      .insert(leads)
      .values(
        Array.from({ length: 120 }, (_, n) => ({
          reference: `P-${String(n).padStart(6, "0")}`,
          leadType: "contact_form",
          submissionType: "Contact Form Submission",
          source: "Contact Form",
          name: `Paged Caller ${String(n).padStart(3, "0")}`,
          email: `paged${n}@fleet.example`,
          phone: "(512) 555-0100",
          payload: {},
          receivedAt: minutesAgo(1000 + n),
        })),
      );
    const first = decoded(await (await get("/admin/leads?q=paged%20caller")).text());
    expect(rowCount(first)).toBe(50);
    expect(first).toContain(pagingMessages.showing(1, 50, 120, inboxMessages.noun));
    expect(first).toContain(pagingMessages.pageOf(1, 3));
    expect(first).toContain('href="/admin/leads?q=paged+caller&page=2"');
    const last = decoded(await (await get("/admin/leads?q=paged+caller&page=3")).text());
    expect(rowCount(last)).toBe(20);
    expect(last).toContain(pagingMessages.showing(101, 120, 120, inboxMessages.noun));
    expect(last).toContain("Paged Caller 119");
    expect(last).not.toContain("Paged Caller 099");
    // Past the end: the last page.
    expect(rowCount(decoded(await (await get("/admin/leads?q=paged+caller&page=99")).text()))).toBe(20);
    // Unfiltered, every lead is counted: nothing stops at a number it does not show.
    expect(decoded(await (await get("/admin/leads?page=3")).text())).toContain(pagingMessages.showing(101, 123, 123, inboxMessages.noun));
  });

  it("searches contact submissions, chats and a job's applications the same way, on screen and in the API", async () => {
    const contacts = decoded(await (await get("/admin/contacts?q=512.555.0147")).text());
    expect(contacts).toContain("Priya Natarajan");
    expect(contacts).not.toContain("Dana Whitfield");
    expect(contacts).toContain(pagingMessages.showing(1, 1, 1, adminMessages.contacts.noun));
    const contactsApi = await api("/api/contacts?q=whitfield");
    expect(contactsApi.body.data.map((c: { fullName: string }) => c.fullName)).toEqual(["Dana Whitfield"]);
    expect(contactsApi.body.total).toBe(1);

    const [session] = await db()
      .insert(chatSessions)
      .values({ name: "Marco Ruiz", email: "marco@ruiz-builders.example", phone: "(830) 555-0111", insuranceType: "Contractors Insurance" })
      .returning();
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: "user", content: "Do you write builders risk for a spec home?" },
        { sessionId: session.id, role: "assistant", content: "Yes: builders risk covers the structure while it is built." },
      ]);
    await db()
      .insert(chatSessions)
      .values({ name: "Other Visitor", email: "other@example.com", phone: "(830) 555-0999", insuranceType: "HOA Insurance" });
    for (const q of ["spec%20home", "830-555-0111", "ruiz-builders"]) {
      const chats = decoded(await (await get(`/admin/chatbot-management?q=${q}`)).text());
      expect(chats, q).toContain("Marco Ruiz");
      expect(chats, q).not.toContain("Other Visitor");
    }
    const chatsApi = await api("/api/chatbot-conversations?q=builders%20risk");
    expect(chatsApi.body.data.map((c: { name: string }) => c.name)).toEqual(["Marco Ruiz"]);
    expect(decoded(await (await get("/admin/chatbot-management?q=qqqq")).text())).toContain("Nothing matches “qqqq”");

    const [job] = await db()
      .insert(jobs)
      .values({
        title: "Commercial Lines CSR",
        type: "Full-time",
        workType: "On-site",
        location: "Liberty Hill, TX",
        description: "Service accounts.",
      })
      .returning();
    await db()
      .insert(jobApplications)
      .values([
        { jobId: job.id, name: "Alma Reyes", email: "alma@example.com", coverLetter: "Six years servicing trucking accounts." },
        { jobId: job.id, name: "Ben Cho", email: "ben@example.com", coverLetter: "Licensed P&C agent in Texas." },
      ]);
    const apps = decoded(await (await get(`/admin/jobs/${job.id}/submissions?q=trucking`)).text());
    expect(apps).toContain("Alma Reyes");
    expect(apps).not.toContain("Ben Cho");
  });

  it("searches every list a role may open from /admin/search, and none it may not", async () => {
    const owner = decoded(await (await get("/admin/search?q=ruiz")).text());
    expect(owner).toContain('data-testid="search-chats"');
    expect(owner).toContain("Marco Ruiz");
    const everything = decoded(await (await get("/admin/search?q=reyes")).text());
    expect(everything).toContain('data-testid="search-applications"');
    expect(everything).toContain(adminMessages.search.appliedFor("Commercial Lines CSR"));
    const lead = decoded(await (await get("/admin/search?q=512-555-0147")).text());
    expect(lead).toContain('data-testid="search-leads"');
    expect(lead).toContain("S-NATA01");
    expect(lead).toContain('data-testid="search-contacts"');
    // Staff do not manage jobs: the applications are neither read nor shown to them.
    const staff = await get("/admin/search?q=reyes", staffCookie);
    expect(staff.status).toBe(200);
    const staffHtml = decoded(await staff.text());
    expect(staffHtml).not.toContain("Alma Reyes");
    expect(staffHtml).toContain(adminMessages.search.nothing("reyes"));
    expect(decoded(await (await get("/admin/search")).text())).toContain(adminMessages.search.prompt);
  });

  it.runIf(kind === "postgres")("answers each list's search from its pg_trgm index", async () => {
    const terms = parseSearch("natarajan")!;
    const digits = parseSearch("(512) 555-0147")!;
    const plans: Record<string, string> = {};
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (table: string, where: ReturnType<typeof searchWhere>) => {
        const rows = await tx.execute(sql`explain select 1 from ${sql.identifier(table)} where ${where}`);
        return rows.rows.map((r) => Object.values(r)[0]).join("\n");
      };
      plans.leads = await plan("leads", searchWhere(searchText.leads, terms));
      plans.leadPhone = await plan("leads", searchWhere(searchText.leads, digits));
      plans.applications = await plan("job_applications", searchWhere(searchText.jobApplications, terms));
      plans.chats = await plan("chat_sessions", searchWhere(searchText.chatSessions, terms));
      plans.messages = await plan("chat_messages", searchWhere(searchText.chatMessages, terms));
    });
    expect(plans.leads).toContain("leads_search_idx");
    expect(plans.leadPhone).toContain("leads_search_idx");
    expect(plans.applications).toContain("job_applications_search_idx");
    expect(plans.chats).toContain("chat_sessions_search_idx");
    expect(plans.messages).toContain("chat_messages_search_idx");
    // The migration made the extension.
    const [ext] = (await db().execute(sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)).rows as { n: number }[];
    expect(ext.n).toBe(1);
    expect(await db().select({ id: leads.id }).from(leads).where(eq(leads.reference, "S-NATA01"))).toHaveLength(1);
  });
});

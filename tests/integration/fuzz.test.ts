/**
 * Property-based fuzzing of every public endpoint (OWASP ASVS 5.0 level 2: input validation and
 * error handling) against the real server on a real database: malformed JSON, wrong content types,
 * wrong types for every field, huge values, unicode edge cases, path tricks in ids, multipart edge
 * cases, repeated query parameters and forged session cookies. Every answer must:
 * - never be a 5xx, show a stack trace, or hang;
 * - for /api, be JSON, with errors as { success: false, message } and a 4xx status the contract names;
 * - arrive within FUZZ_BUDGET_MS (500 ms by default);
 * and the server must be healthy afterwards. Each JSON endpoint is first sent fixed cases (each
 * unicode edge case inside each text field, every field as a deep array or an object without a usable
 * toString: edgeBodies), then random ones.
 *
 * The seed is fixed and printed. To replay a failure, run this file with the seed (and path) that
 * fast-check reports: FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run tests/integration/fuzz.test.ts -t "<property>".
 * FUZZ_RUNS=<n> searches deeper. Rate limits are set high so the cases reach validation; 429 is still
 * an acceptable answer.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "#db/schema";
import { defaultSite } from "../../app/content/site-profile";
import { smsConsent as smsConsentOf } from "../../app/content/sms-consent";
import { uploadSlots } from "../../app/features/uploads/uploads.server";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import {
  checkAnyAnswer,
  checkApiAnswer,
  clientHeaders,
  describeRequest,
  edgeBodies,
  FUZZ_BUDGET_MS,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzParameters,
  headTooLarge,
  idSegments,
  jsonBodies,
  jsonContentType,
  queryStrings,
  type Sent,
  send,
  sendTimed,
  strangerCookies,
  Timings,
  uploadRequests,
} from "../support/fuzz";
import { contactBody, hoaLandingBody, productQuoteBody, truckingQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { startSmtp } from "../support/smtp";

/** The SMS consent wording of the first-run profile, which the test server starts with. */
const smsConsent = smsConsentOf(defaultSite);

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** High limits, so the cases exercise validation rather than the rate limiter. */
const FUZZ_ENV = {
  TRUST_PROXY: "true",
  RATE_LIMIT_FORMS_MAX: "100000",
  RATE_LIMIT_UPLOADS_MAX: "100000",
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: "1000",
  RATE_LIMIT_LOGIN_IP_MAX: "100000",
  RATE_LIMIT_CHAT_SESSIONS_MAX: "100000",
  RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "100000",
  RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "100000",
  AGENCY_INBOX: "inbox@agency.example",
  MAIL_POLL_INTERVAL_MS: "200",
};

/** The statuses the API contract allows besides success. */
const API_ERRORS = [400, 401, 403, 404, 405, 413, 415, 429] as const;
const FORM_STATUSES = [200, 201, ...API_ERRORS];
const PAGE_STATUSES = [200, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 413, 429];
/** Each property runs FUZZ_RUNS requests (and shrinking on failure): well within this. */
const PROPERTY_TIMEOUT_MS = 240_000;

console.info(
  `fuzz: seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs per property, ${FUZZ_BUDGET_MS} ms budget per request ` +
    `(replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}; a failure also prints its path for FUZZ_PATH)`,
);

type Case = { sent: Sent; label: string };
/** A JSON endpoint and its valid body; `examplePath` stands in for a generated path in the fixed cases. */
type JsonTarget = { path: string | fc.Arbitrary<string>; examplePath?: string; template: Record<string, unknown> };

/** One JSON request: a body for `template`, a content type, and hostile client headers. */
function jsonCase(method: string, path: fc.Arbitrary<string> | string, template: Record<string, unknown>) {
  return fc
    .record({
      path: typeof path === "string" ? fc.constant(path) : path,
      body: jsonBodies(template),
      contentType: jsonContentType,
      headers: clientHeaders,
    })
    .map(
      ({ path, body, contentType, headers }): Case => ({
        sent: { method, path, headers: { ...headers, "content-type": contentType }, body: body.text },
        label: body.label,
      }),
    );
}

describe.each(databaseKinds)("fuzzing the public endpoints on %s", (kind) => {
  let server: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const timings = new Timings();
  const known = { job: "", post: "", slug: "", chat: "" };

  const run = async (c: Case) => ({ what: describeRequest(c.sent, c.label), answer: await sendTimed(server.url, c.sent) });

  /**
   * One property over JSON endpoints: random cases from each target's valid body, after the
   * deterministic edge cases of each (edgeBodies), all answered with FORM_STATUSES.
   */
  async function assertJsonProperty(targets: JsonTarget[], more: fc.Arbitrary<Case>[] = []) {
    const examples = targets.flatMap(({ path, examplePath, template }) =>
      edgeBodies(template).map((body): [Case] => [
        {
          sent: {
            method: "POST",
            path: typeof path === "string" ? path : (examplePath ?? ""),
            headers: { "content-type": "application/json" },
            body: body.text,
          },
          label: body.label,
        },
      ]),
    );
    const cases = fc.oneof(...targets.map(({ path, template }) => jsonCase("POST", path, template)), ...more);
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { what, answer } = await run(c);
        checkApiAnswer(what, answer, FORM_STATUSES, timings);
      }),
      { ...fuzzParameters(), examples },
    );
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, { ...FUZZ_ENV, SMTP_URL: smtp.url });
    await ensureAdmin(server.services);
    const cookie = await signIn(server.url);
    const admin = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });

    const job = await admin("/api/jobs", {
      title: "Commercial Lines Account Manager",
      description: "Service a book of trucking and contractor accounts.",
      type: "Full-time",
      workType: "Hybrid",
      location: "Austin, TX",
    });
    expect(job.status, await job.clone().text()).toBe(201);
    known.job = (await job.json()).data._id;

    const post = await admin("/api/blogs", {
      title: "What a BMC-91X Filing Is",
      content: "<p>The broker's proof of liability coverage, filed with the FMCSA.</p>",
      category: "Commercial Trucking",
      imageUrl: "",
      status: "published",
    });
    expect(post.status, await post.clone().text()).toBe(201);
    const created = (await post.json()).data;
    known.post = created._id;
    known.slug = created.slug;

    const chat = await fetch(`${server.url}/api/chat/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Fuzz Visitor",
        email: "fuzz@chat.example",
        phone: "(512) 555-0142",
        insuranceType: "General Liability",
      }),
    });
    expect(chat.status, await chat.clone().text()).toBe(201);
    known.chat = (await chat.json()).id;
  }, PROPERTY_TIMEOUT_MS);

  afterAll(async () => {
    console.info(`fuzz on ${kind}: the slowest answers (budget ${FUZZ_BUDGET_MS} ms):\n${timings.report()}`);
    await server?.close();
    await smtp?.close();
  });

  it(
    "POST /api/contacts, /api/sms-consent and /api/submit-lead (product, landing and trucking quotes) answer hostile bodies with a 4xx JSON error",
    async () => {
      await assertJsonProperty([
        { path: "/api/contacts", template: contactBody() },
        {
          path: "/api/sms-consent",
          template: {
            name: "Dana Whitfield",
            email: "dana@whitfield-roofing.example",
            phone: "(512) 555-0199",
            smsConsent: "Yes",
            consentVersion: smsConsent.version,
          },
        },
        { path: "/api/submit-lead", template: productQuoteBody() },
        { path: "/api/submit-lead", template: hoaLandingBody() },
        {
          path: "/api/submit-lead",
          // Without documents, so the valid body is stored and mutated ones reach storage too.
          template: truckingQuoteBody({ submissionDate: new Date().toISOString() }),
        },
      ]);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "POST /api/applications and the admin sign-in POST /api/auth/login answer hostile bodies with a 4xx JSON error",
    async () => {
      await assertJsonProperty([
        {
          path: "/api/applications",
          template: {
            jobId: known.job,
            name: "Priya Natarajan",
            email: "priya@applicant.example",
            coverLetter: "Six years of commercial lines service.",
          },
        },
        { path: "/api/auth/login", template: { email: "admin@agency.example", password: "not the password" } },
      ]);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "the chat endpoints (start, message, history) answer hostile bodies and ids with a 4xx JSON error",
    async () => {
      const sessionId = fc.oneof({ weight: 3, arbitrary: fc.constant(known.chat) }, { weight: 2, arbitrary: idSegments([known.chat]) });
      const history = fc.tuple(idSegments([known.chat]), queryStrings, clientHeaders).map(
        ([id, query, headers]): Case => ({
          sent: { method: "GET", path: `/api/chat/sessions/${id}/messages${query}`, headers },
          label: "",
        }),
      );
      await assertJsonProperty(
        [
          {
            path: "/api/chat/sessions",
            template: { name: "Fuzz Visitor", email: "fuzz@chat.example", phone: "(512) 555-0142", insuranceType: "General Liability" },
          },
          {
            path: sessionId.map((id) => `/api/chat/sessions/${id}/messages`),
            examplePath: `/api/chat/sessions/${known.chat}/messages`,
            template: { content: "Do I need cargo coverage for a flatbed?" },
          },
        ],
        [history],
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "POST /api/uploads answers malformed multipart bodies (no boundary, truncated parts, no file, several files, wrong field names) with a 4xx JSON error",
    async () => {
      await fc.assert(
        fc.asyncProperty(uploadRequests(uploadSlots), clientHeaders, async (upload, headers) => {
          const sent: Sent = {
            method: "POST",
            path: "/api/uploads",
            headers: { ...headers, "content-type": upload.contentType },
            body: upload.body,
          };
          const { what, answer } = await run({ sent, label: upload.label });
          checkApiAnswer(what, answer, [201, ...API_ERRORS], timings);
        }),
        fuzzParameters(),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "GET /api/blogs, /api/blogs/:id, /api/categories, /api/jobs, /api/jobs/:id and /api/health answer path tricks, odd methods and repeated query parameters without a 5xx",
    async () => {
      const ids = (...real: string[]) => idSegments(real);
      const gets = fc.oneof(
        fc.tuple(ids(known.post, known.slug), queryStrings).map(([id, q]) => `/api/blogs/${id}${q}`),
        fc.tuple(ids(known.job), queryStrings).map(([id, q]) => `/api/jobs/${id}${q}`),
        fc
          .tuple(
            fc.constantFrom("/api/blogs", "/api/categories", "/api/jobs", "/api/health", "/api/blogs/", "/api//jobs", "/api/jobs/"),
            queryStrings,
          )
          .map(([p, q]) => p + q),
      );
      const cases = fc
        .record({
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant("GET") },
            { weight: 1, arbitrary: fc.constantFrom("HEAD", "OPTIONS", "PUT", "PATCH", "DELETE", "POST") },
          ),
          path: gets,
          headers: clientHeaders,
        })
        .map(({ method, path, headers }): Case => ({ sent: { method, path, headers }, label: "" }));
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const { what, answer } = await run(c);
          checkApiAnswer(what, answer, [200, ...API_ERRORS], timings, { head: c.sent.method === "HEAD" });
        }),
        fuzzParameters(),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "the public pages answer hostile query strings and slugs (/blog?q=&tag=, /blog/<slug>, /careers, landing pages) without a 5xx",
    async () => {
      const pages = fc.oneof(
        fc
          .tuple(
            fc.constantFrom(
              "/blog",
              "/blog/",
              "/careers",
              "/",
              "/contact",
              "/quote",
              "/trucking-insurance",
              "/sms-consent",
              "/blog/rss.xml",
              "/sitemap.xml",
            ),
            queryStrings,
          )
          .map(([p, q]) => p + q),
        fc.tuple(idSegments([known.slug, known.post]), queryStrings).map(([slug, q]) => `/blog/${slug}${q}`),
        fc.tuple(idSegments(["trucking", "hoa"]), queryStrings).map(([slug, q]) => `/insurance/${slug}${q}`),
        fc.tuple(fc.constantFrom("/blog.data", "/careers.data"), queryStrings).map(([p, q]) => p + q),
        idSegments([known.slug]).map((slug) => `/blog/${slug}.data`),
      );
      await fc.assert(
        fc.asyncProperty(pages, clientHeaders, async (path, headers) => {
          const sent: Sent = { method: "GET", path, headers };
          const what = describeRequest(sent);
          const answer = await sendTimed(server.url, sent);
          checkAnyAnswer(what, answer, timings);
          if (!PAGE_STATUSES.includes(answer.status) && !headTooLarge(answer)) throw new Error(`status ${answer.status} for ${what}`);
        }),
        fuzzParameters(),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "every admin endpoint and page refuses a visitor who is not signed in (401/403, garbage session cookies included), never with a 5xx",
    async () => {
      // A segment that is empty or a dot names another path, not an admin endpoint.
      const id = idSegments([known.post, known.job]).filter((s) => s !== "" && s !== "." && s !== "..");
      type Route = [method: string, path: string];
      const apis = fc.oneof<fc.Arbitrary<Route>[]>(
        fc.constantFrom<Route>(
          ["GET", "/api/contacts"],
          ["GET", "/api/chatbot-conversations"],
          ["POST", "/api/chatbot-conversations"],
          ["POST", "/api/blogs"],
          ["POST", "/api/blogs/generate"],
          ["POST", "/api/categories"],
          ["POST", "/api/jobs"],
          ["GET", "/api/admin/summary"],
          ["GET", "/api/auth/user"],
          ["GET", "/api/leads"],
          ["GET", "/api/leads/export.csv"],
          ["GET", "/api/admin/team"],
          ["POST", "/api/admin/team"],
        ),
        fc.tuple(fc.constantFrom("PATCH", "DELETE"), id).map(([m, i]): Route => [m, `/api/admin/team/${i}`]),
        fc
          .tuple(fc.constantFrom("PUT", "DELETE"), fc.constantFrom("/api/blogs/", "/api/categories/", "/api/jobs/"), id)
          .map(([m, p, i]): Route => [m, p + i]),
        fc.tuple(fc.constantFrom("GET", "PATCH"), id).map(([m, i]): Route => [m, `/api/leads/${i}`]),
        fc.tuple(id, id).map(([a, b]): Route => ["GET", `/api/leads/${a}/documents/${b}`]),
        id.map((i): Route => ["GET", `/api/applications/job/${i}`]),
        id.map((i): Route => ["POST", `/api/chatbot-conversations/${i}/message`]),
      );
      const cases = fc
        .record({
          route: apis,
          query: queryStrings,
          cookie: strangerCookies,
          body: jsonBodies({ name: "x", title: "y" }),
          headers: clientHeaders,
        })
        .map(({ route: [method, path], query, cookie, body, headers }): Case => {
          const hasBody = method !== "GET";
          return {
            sent: {
              method,
              path: path + query,
              headers: { ...headers, cookie, ...(hasBody ? { "content-type": "application/json" } : {}) },
              body: hasBody ? body.text : undefined,
            },
            label: `cookie ${JSON.stringify(cookie?.slice(0, 60))}`,
          };
        });
      const adminPages = fc
        .record({
          path: fc.oneof(
            fc.constantFrom(
              "/admin",
              "/admin/dashboard",
              "/admin/leads",
              "/admin/contacts",
              "/admin/blog",
              "/admin/jobs",
              "/admin/categories",
              "/admin/team",
              "/admin/team/new",
              "/admin/testimonials",
              "/admin/faqs",
            ),
            id.map((i) => `/admin/team/${i}`),
            id.map((i) => `/admin/testimonials/${i}`),
            id.map((i) => `/admin/faqs/${i}`),
            id.map((i) => `/admin/leads/${i}`),
            id.map((i) => `/admin/jobs/edit/${i}`),
            id.map((i) => `/admin/posts/${i}/edit`),
            id.map((i) => `/admin/jobs/${i}/submissions`),
          ),
          query: queryStrings,
          cookie: strangerCookies,
        })
        .map(
          ({ path, query, cookie }): Case => ({
            sent: { method: "GET", path: path + query, headers: { cookie } },
            label: `cookie ${JSON.stringify(cookie?.slice(0, 60))}`,
          }),
        );

      await fc.assert(
        fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: cases }, { weight: 1, arbitrary: adminPages }), async (c) => {
          const { what, answer } = await run(c);
          if (c.sent.path.startsWith("/api/")) {
            // An oversized body is refused (413) before the session is looked at; that is no leak either.
            checkApiAnswer(what, answer, [401, 403, 413], timings);
          } else {
            checkAnyAnswer(what, answer, timings);
            // The admin pages check the session in their loaders and send a stranger to the sign-in
            // page: no stored data may be in what a stranger gets.
            if (![200, 302, 303, 307, 401, 403, 404].includes(answer.status) && !headTooLarge(answer)) {
              throw new Error(`status ${answer.status} for ${what}`);
            }
            for (const secret of [TEST_ADMIN.email, contactBody().email as string]) {
              if (answer.text.includes(secret)) throw new Error(`the page shows ${secret} to a stranger: ${what}`);
            }
          }
        }),
        fuzzParameters(),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it("is healthy afterwards: GET /api/health answers ok and a valid contact submission is stored", async () => {
    const health = await send(server.url, { method: "GET", path: "/api/health" });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ ok: true, db: "up" });

    const email = `after-fuzz-${kind}@whitfield-roofing.example`;
    const res = await send(server.url, {
      method: "POST",
      path: "/api/contacts",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email })),
    });
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text)).toMatchObject({ success: true });
    const stored = await server.services.db.select().from(leads).where(eq(leads.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ leadType: "contact_form", name: "Dana Whitfield" });
  });
});

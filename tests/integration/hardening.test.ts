/**
 * Server-wide defences against hostile clients: no analytics in the back office, forms that never
 * put details in the address, a short deadline for requests that trickle in, and rate limits keyed
 * on whole IPv6 networks.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MESSAGE } from "../../server/http";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Every `<form ...>` opening tag in a page. */
const formTags = (html: string) => html.match(/<form\b[^>]*>/gi) ?? [];

describe("analytics stays out of the back office", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer("pglite", { GA_MEASUREMENT_ID: "G-TEST12345" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("public pages load the one analytics script, and the CSP allows that script alone", async () => {
    const res = await fetch(`${server.url}/contact`);
    const html = await res.text();
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"');
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(scriptSrc.split(" ")).toContain("https://www.googletagmanager.com/gtag/js");
    expect(scriptSrc.split(" ")).not.toContain("https://www.googletagmanager.com");
  });

  it("back-office pages carry no third-party script, and their CSP allows none", async () => {
    for (const path of ["/admin/login", "/admin", "/admin/leads"]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      const html = await res.text();
      expect(html, path).not.toContain("googletagmanager");
      expect(html, path).not.toContain("gtag(");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toMatch(/google/);
    }
  });
});

describe("hostile clients", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer("pglite", { TRUST_PROXY: "true", RATE_LIMIT_FORMS_MAX: "2", REQUEST_TIMEOUT_SECONDS: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("every form that carries personal data posts its fields; only the blog search is a GET", async () => {
    for (const path of [
      "/contact",
      "/quote",
      "/sms-consent",
      "/hoa-insurance",
      "/trucking-insurance",
      "/insurance/commercial-trucking",
      "/admin/login",
      "/blog",
    ]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const forms = formTags(html);
      // Landing and product pages open their quote forms in a dialog rendered in the browser.
      if (["/contact", "/quote", "/sms-consent", "/admin/login"].includes(path)) expect(forms.length, path).toBeGreaterThan(0);
      for (const tag of forms) {
        if (/\bmethod="get"/.test(tag) && /\baction="\/blog"/.test(tag)) continue;
        expect(tag, path).toMatch(/\bmethod="post"/i);
      }
    }
  });

  it("counts every address of one IPv6 /64 against one form limit", async () => {
    const statuses: number[] = [];
    for (const [i, address] of ["2001:db8:7:1::a", "2001:db8:7:1:ffff::b", "2001:db8:7:1:1:2:3:4"].entries()) {
      const res = await fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(contactBody({ email: `v6-${i}@example.com` })),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    // Another /64 has its own count.
    const other = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "2001:db8:7:2::a" },
      body: JSON.stringify(contactBody({ email: "v6-other@example.com" })),
    });
    expect(other.status).toBe(201);
  });

  /** Sends the start of a request (its head up to `head`) and then nothing more; resolves with what the server answered and when. */
  function trickle(path: string, head: string): Promise<{ answer: string; ms: number; closed: boolean }> {
    const { port } = new URL(server.url);
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      let settled = false;
      const finish = (closed: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ answer, ms: Date.now() - started, closed });
      };
      // Long enough to see the upload route keep its connection open past the short deadline.
      const giveUp = setTimeout(() => finish(false), 3000);
      socket.on("data", (chunk) => {
        answer += chunk.toString("utf8");
      });
      socket.on("close", () => finish(true));
      socket.on("error", () => finish(true));
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\n${head}`);
    });
  }

  it("cuts off a request body that trickles in, with a JSON 408, within the short deadline", async () => {
    const result = await trickle("/api/contacts", 'Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"fullName":');
    expect(result.closed).toBe(true);
    expect(result.ms).toBeLessThan(2900);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(result.answer).toContain(JSON.stringify({ success: false, message: REQUEST_TIMEOUT_MESSAGE }));
  });

  it("cuts off headers that trickle in", async () => {
    const result = await trickle("/contact", "X-Slow: 1\r\n");
    expect(result.closed).toBe(true);
    expect(result.ms).toBeLessThan(2900);
  });

  it("lets a document upload take its time: the long timeout holds there", async () => {
    const result = await trickle("/api/uploads", "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n");
    expect(result.closed).toBe(false);
    expect(result.ms).toBeGreaterThanOrEqual(2900);
  });

  it("answers at once a request that arrived in full, however long its handler takes", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });
});

/**
 * The chat assistant's API on a real database: sessions (and their leads), messages, limits, the
 * summary, the old widget's admin conversation calls, and the AI provider path against a local HTTP
 * server speaking the OpenAI-compatible API (the only stand-in: the provider itself).
 */
import { createServer, type Server as HttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { chatMessages, chatSessions, leads, mailOutbox } from "#db/schema";
import { withPhone } from "../../app/content/site-facts";
import { defaultProfile, defaultSite } from "../../app/content/site-profile";
import { loggableError, newSessionId } from "../../app/features/chat/chat.server";
import { chatBudgetHandOff, chatGreeting, chatHandOff, chatTexts } from "../../app/features/chat/messages";
import { saveProfile } from "../../app/features/settings/site.server";
import { postMessages } from "../../app/lib/post-messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Everything the server logs from now until the test ends, each entry as JSON (its data and
 * message), whatever the log level: the logger's methods are wrapped, so the silent test logger
 * still shows what it is given.
 */
function captureLogs(server: Server) {
  const logger = server.services.logger;
  const seen: string[] = [];
  const levels = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
  const spies: { mockRestore(): void }[] = levels.map((level) =>
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      seen.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)));
    }) as never),
  );
  // The request log's lines go straight to the logger's output (server/logger.ts, logRequest), whatever the level here.
  const output = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  spies.push(
    vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true),
    vi.spyOn(output, "write").mockImplementation((line: string) => {
      seen.push(line);
    }),
  );
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return () => [...seen];
}

let ipCounter = 0;
/** Each test speaks from its own address (TRUST_PROXY is on), so per-address limits stay per test. */
const newIp = () => {
  const n = ++ipCounter;
  return `203.0.${113 + Math.floor(n / 256)}.${n % 256}`;
};

const visitor = (n: string | number, extra: Record<string, string> = {}) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@chat.example`,
  phone: `(512) 555-${String(1000 + Number(String(n).replace(/\D/g, "") || 0)).slice(-4)}`,
  insuranceType: "Commercial Trucking",
  ...extra,
});

function client(server: () => Server, ip = newIp()) {
  const headers = { "content-type": "application/json", "x-forwarded-for": ip };
  return {
    ip,
    start: (body: unknown) => fetch(`${server().url}/api/chat/sessions`, { method: "POST", headers, body: JSON.stringify(body) }),
    send: (id: string, content: unknown) =>
      fetch(`${server().url}/api/chat/sessions/${id}/messages`, { method: "POST", headers, body: JSON.stringify({ content }) }),
    history: (id: string) => fetch(`${server().url}/api/chat/sessions/${id}/messages`, { headers }),
  };
}

async function started(
  c: ReturnType<typeof client>,
  body: unknown,
): Promise<{ id: string; messages: { role: string; content: string; createdAt: string }[]; greeting: string | null }> {
  const res = await c.start(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function say(c: ReturnType<typeof client>, id: string, content: string): Promise<string> {
  const res = await c.send(id, content);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await res.json();
  expect(body.reply).toMatchObject({ role: "assistant" });
  expect(new Date(body.reply.createdAt).toString()).not.toBe("Invalid Date");
  return body.reply.content;
}

const chatEnv = {
  TRUST_PROXY: "true",
  RATE_LIMIT_CHAT_SESSIONS_MAX: "3",
  RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "8",
  RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "6",
  AGENCY_INBOX: "inbox@agency.example",
};

describe.each(databaseKinds)("chat assistant API on %s (offline engine)", (kind) => {
  let server: Server;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(kind, chatEnv);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.services.db;
  const admin = (path: string, body?: unknown, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(withCookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("refuses an incomplete intake with the spec's messages, field by field", async () => {
    const c = client(() => server);
    const res = await c.start({ name: "  ", email: "not-an-email", phone: "12", insuranceType: "Boats" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: chatTexts.invalidIntake,
      errors: {
        name: "Name is required",
        email: "Please enter a valid email",
        phone: "Please enter a valid phone number",
        insuranceType: "Please select an insurance type",
      },
    });
    expect((await c.start({})).status).toBe(400);
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(chatSessions);
    expect(n).toBe(0);
  });

  it("refuses a chat started from another site's page with 403, before it is counted or stored", async () => {
    const ip = newIp();
    const foreign = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/chat/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
        body: JSON.stringify(visitor("foreign")),
      });
    // More refusals than the address's budget of chats (3): none of them is counted.
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: "https://evil.example" },
    ] as Record<string, string>[]) {
      const res = await foreign(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: postMessages.crossSite });
    }
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(chatSessions);
    expect(n).toBe(0);
    expect((await foreign({ origin: server.url })).status).toBe(201);
  });

  it("starts a chat: the session, a chat lead with the agency's notification, and the greeting the admin transcript shows", async () => {
    const c = client(() => server);
    const v = visitor(1, { insuranceType: "HOA Insurance" });
    const body = await started(c, { ...v, pageUrl: "http://localhost:3000/hoa-insurance" });
    expect(body.messages).toEqual([]);
    expect(body.greeting).toBe(chatGreeting(v.name, "HOA Insurance"));
    expect(body.greeting).toMatch(/Visitor 1.*HOA Insurance/);

    const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, body.id));
    expect(session).toMatchObject({
      name: v.name,
      email: v.email,
      phone: v.phone,
      insuranceType: "HOA Insurance",
      summary: "",
      tokensUsed: 0,
    });
    const [lead] = await db().select().from(leads).where(eq(leads.id, session.leadId!));
    expect(lead).toMatchObject({
      leadType: "chat",
      submissionType: "Chat Conversation",
      source: "Website Chat",
      service: "HOA Insurance",
      name: v.name,
      email: v.email,
      phone: v.phone,
      status: "new",
      pageUrl: "http://localhost:3000/hoa-insurance",
    });
    expect(lead.payload).toEqual({ name: v.name, email: v.email, phone: v.phone, insuranceType: "HOA Insurance", chatSessionId: body.id });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
    expect(mails.map((m) => [m.kind, m.toAddress, m.subject])).toEqual([
      ["agency_notification", "inbox@agency.example", "Chat Conversation: HOA Insurance"],
    ]);

    const history = await (await c.history(body.id)).json();
    expect(history.messages).toEqual([{ role: "assistant", content: body.greeting, createdAt: expect.any(String) }]);

    const list = await (await admin("/api/chatbot-conversations")).json();
    const conversation = list.data.find((x: { email: string }) => x.email === v.email);
    expect(conversation).toMatchObject({ name: v.name, phone: v.phone });
    expect(conversation.conversation.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["assistant", body.greeting],
    ]);
  });

  it("answers a question from the agency's content and keeps the conversation in order", async () => {
    const c = client(() => server);
    const { id, greeting } = await started(c, visitor(2));
    const hours = await say(c, id, "what are your hours?");
    expect(hours).toContain(defaultSite.agency.hours.open);
    const fmcsa = await say(c, id, "how much liability does FMCSA require");
    expect(fmcsa).toMatch(/\$750,000/);
    const history = (await (await c.history(id)).json()).messages as { role: string; content: string; createdAt: string }[];
    expect(history.map((m) => [m.role, m.content])).toEqual([
      ["assistant", greeting],
      ["user", "what are your hours?"],
      ["assistant", hours],
      ["user", "how much liability does FMCSA require"],
      ["assistant", fmcsa],
    ]);
    const times = history.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(await say(c, id, "what's the best pizza in Austin")).toBe(chatHandOff(defaultSite));

    // An answer from a page carries the page, in the reply and in the history; a hand-off carries none.
    const res = await c.send(id, "Do you insure warehouses?");
    const { reply } = await res.json();
    expect(reply.link).toEqual({ path: "/commercial-property-insurance", title: "Commercial Property Insurance Quotes" });
    const stored = (await (await c.history(id)).json()).messages as { role: string; content: string; link?: unknown }[];
    expect(stored.at(-1)).toMatchObject({ role: "assistant", content: reply.content, link: reply.link });
    expect(stored.filter((m) => m.link).map((m) => m.role)).toEqual(["assistant", "assistant", "assistant"]);
    expect(stored.find((m) => m.content === chatHandOff(defaultSite))?.link).toBeUndefined();
  });

  it("answers with the agency's saved profile once the site store has read it, and with the defaults again after", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(41));
    const { site, chat } = server.services;
    const friday = { opens: "09:00", closes: "12:00" };
    await saveProfile(db(), { ...defaultProfile, phone: "(737) 555-0199", hours: { ...defaultProfile.hours, friday } }, null);
    try {
      await site.reload();
      await chat.settled();
      const facts = site.current().facts;
      expect(await say(c, id, "what's your phone number")).toMatch(
        /^You can call Hill Country Commercial Insurance at \(737\) 555-0199 or/,
      );
      expect(await say(c, id, "what are your hours?")).toContain(
        "Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM Central Time",
      );
      const handOff = await say(c, id, "what's the best pizza in Austin");
      expect(handOff).toBe(chatHandOff(facts));
      expect(handOff).toContain("(737) 555-0199 (Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM CT)");
    } finally {
      await saveProfile(db(), defaultProfile, null);
      await site.reload();
      await chat.settled();
    }
    expect(await say(c, id, "what's your phone number")).toContain("(512) 555-0142");
  });

  it("a new intake with a known email and phone starts a fresh chat; earlier messages go only to the browser holding that session", async () => {
    const v = visitor(3);
    const a = client(() => server);
    const first = await started(a, v);
    const answer = await say(a, first.id, "do you cover 18 wheelers");
    const own = [
      ["assistant", first.greeting],
      ["user", "do you cover 18 wheelers"],
      ["assistant", answer],
    ];

    // Another browser types the same email (any case) and phone: a new conversation, nothing of the first.
    const b = client(() => server);
    const other = await started(b, { ...v, email: v.email.toUpperCase(), name: "Someone Else" });
    expect(other.id).not.toBe(first.id);
    expect(other.id).toMatch(SESSION_ID);
    expect(other.messages).toEqual([]);
    expect(other.greeting).toBe(chatGreeting("Someone Else", v.insuranceType));
    const otherHistory = (await (await b.history(other.id)).json()).messages as { role: string; content: string }[];
    expect(otherHistory.map((m) => [m.role, m.content])).toEqual([["assistant", other.greeting]]);
    const otherAnswer = await say(b, other.id, "what are your hours?");
    expect(JSON.stringify((await (await b.history(other.id)).json()).messages)).not.toContain("18 wheelers");

    // The first browser, resuming with its saved session id, still has its own conversation, and only it.
    const resumed = (await (await a.history(first.id)).json()).messages as { role: string; content: string }[];
    expect(resumed.map((m) => [m.role, m.content])).toEqual(own);

    // A third intake from the first visitor's own browser is a new conversation too.
    const again = await started(a, v);
    expect(again.messages).toEqual([]);
    expect(again.greeting).toBe(chatGreeting(v.name, v.insuranceType));

    // The back office links the chats as before: one lead for the email within a day, one transcript row
    // holding every chat's messages in order.
    const chatLeads = await db()
      .select()
      .from(leads)
      .where(and(eq(leads.leadType, "chat"), sql`lower(${leads.email}) = ${v.email}`));
    expect(chatLeads).toHaveLength(1);
    const sessions = await db().select().from(chatSessions).where(sql`lower(${chatSessions.email}) = ${v.email}`);
    expect(sessions.map((s) => s.leadId)).toEqual([chatLeads[0].id, chatLeads[0].id, chatLeads[0].id]);
    const list = (await (await admin("/api/chatbot-conversations")).json()).data as {
      email: string;
      conversation: { role: string; content: string }[];
    }[];
    const rows = list.filter((x) => x.email.toLowerCase() === v.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].conversation.map((m) => [m.role, m.content])).toEqual([
      ...own,
      ["assistant", other.greeting],
      ["user", "what are your hours?"],
      ["assistant", otherAnswer],
      ["assistant", again.greeting],
    ]);
  });

  it("accepts a session only by its own id, which is 128 random bits; an id differing in one digit is not found", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(31));
    expect(id).toMatch(SESSION_ID);
    const flipped = `${id.slice(0, -1)}${id.endsWith("0") ? "1" : "0"}`;
    expect((await c.history(flipped)).status).toBe(404);
    expect((await client(() => server).history(id.toUpperCase())).status).toBe(200);
    // No fixed version or variant digits (a version-4 UUID keeps 6 of its 128 bits fixed).
    const ids = Array.from({ length: 64 }, () => newSessionId());
    expect(new Set(ids).size).toBe(64);
    for (const fixed of [14, 19]) expect(new Set(ids.map((x) => x[fixed])).size).toBeGreaterThan(4);
    for (const x of ids) expect(x).toMatch(SESSION_ID);
  });

  it("never writes a chat session id to the log", async () => {
    const lines = captureLogs(server);
    const c = client(() => server);
    const { id } = await started(c, visitor(32));
    await say(c, id, "what are your hours?");
    await say(c, id, "how much liability does FMCSA require");
    await say(c, id, "do you cover cargo");
    await server.services.chat.settled();
    expect((await c.history(id)).status).toBe(200);
    expect((await c.send(id, "")).status).toBe(400);
    expect((await fetch(`${server.url}/api/chat/sessions/${id}/transcript`)).status).toBe(404);
    expect(lines().filter((l) => l.toLowerCase().includes(id))).toEqual([]);
    // The request log and the chat's own lines are still written, without the id.
    expect(lines().some((l) => l.includes("/api/chat/sessions/:id/messages"))).toBe(true);
    expect(lines().some((l) => l.includes("chat session started"))).toBe(true);
    expect(lines().some((l) => l.includes("chat reply"))).toBe(true);
  });

  it("logs a failed query's SQL and the database's code, never its parameters (a chat's id, the visitor's words)", async () => {
    const missing = newSessionId();
    const error = await db()
      .insert(chatMessages)
      .values({ sessionId: missing, role: "user", content: "my own private words", createdAt: new Date() })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    // The raw error carries both, in its message and stack.
    expect((error as Error).stack).toContain(missing);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(missing);
    expect(logged).not.toContain("my own private words");
    expect(logged).toContain('insert into \\"chat_messages\\"');
    expect(logged).toContain("23503");
    expect(logged).toMatch(/chat\.test\.ts/);
  });

  it("answers 404 'Session not found' for an unknown or malformed session", async () => {
    const c = client(() => server);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-session"]) {
      const h = await c.history(id);
      expect(h.status).toBe(404);
      expect(await h.json()).toEqual({ success: false, message: "Session not found" });
      const s = await c.send(id, "hello?");
      expect(s.status).toBe(404);
      expect(await s.json()).toEqual({ success: false, message: "Session not found" });
    }
  });

  it("refuses a blank message and one over 2,000 characters, and stores neither", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(4));
    const blank = await c.send(id, "   \n ");
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ success: false, message: "Please type a message." });
    const long = await c.send(id, "a".repeat(2001));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ success: false, message: "Please keep your message under 2,000 characters." });
    expect((await c.send(id, `${"b".repeat(1990)} hours?`.slice(0, 2000))).status).toBe(200);
    const rows = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, id));
    expect(rows.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("limits chats started per address, and messages per chat and per address (429 with a message)", async () => {
    const c = client(() => server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await started(c, visitor(`5${i}`))).id);
    const refused = await c.start(visitor(59));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, message: withPhone(defaultSite, chatTexts.tooManySessions) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await client(() => server).start(visitor(58))).status).toBe(201);

    // Per chat: 6 messages in the window.
    for (let i = 0; i < 6; i++) expect((await c.send(ids[0], "thanks")).status).toBe(200);
    const perSession = await c.send(ids[0], "thanks");
    expect(perSession.status).toBe(429);
    expect((await perSession.json()).message).toBe(withPhone(defaultSite, chatTexts.tooManyMessages));
    // Per address: 8 in the window, across chats (the refused one counted too).
    expect((await c.send(ids[1], "thanks")).status).toBe(200);
    expect((await c.send(ids[1], "thanks")).status).toBe(429);
    const other = client(() => server);
    expect((await other.send(ids[1], "thanks")).status).toBe(200);
  });

  it("summarises the chat once it holds 5 messages (offline: who asked what)", async () => {
    const c = client(() => server);
    const v = visitor(6, { insuranceType: "Investment Property" });
    const { id } = await started(c, v);
    await say(c, id, "what is a DP-3 policy");
    await server.services.chat.settled();
    const [before] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(before.summary).toBe("");
    await say(c, id, "can I put all my rental properties on one policy");
    await server.services.chat.settled();
    const [after] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(after.summary).toContain(v.name);
    expect(after.summary).toContain("Investment Property");
    expect(after.summary).toContain("can I put all my rental properties on one policy");
    expect(after.tokensUsed).toBe(0);
  });

  it("keeps the old widget's conversation calls for signed-in admins only, with the spec's failure texts", async () => {
    expect((await admin("/api/chatbot-conversations", { name: "A", email: "a@b.example", phone: "5125550100" }, false)).status).toBe(401);
    expect((await admin("/api/chatbot-conversations/a%40b.example/message", { role: "user", content: "hi" }, false)).status).toBe(401);

    const v = visitor(7);
    const c = client(() => server);
    const { id } = await started(c, v);
    await say(c, id, "are you open on saturday");
    const existing = await admin("/api/chatbot-conversations", { name: v.name, email: v.email.toUpperCase(), phone: v.phone });
    expect(existing.status).toBe(200);
    const { data } = await existing.json();
    expect(data).toMatchObject({ _id: id, name: v.name, email: v.email });
    expect(data.conversation.map((m: { role: string }) => m.role)).toEqual(["assistant", "user", "assistant"]);

    const fresh = await admin("/api/chatbot-conversations", { name: "Walk In", email: "walkin@chat.example", phone: "5125550111" });
    expect(fresh.status).toBe(201);
    expect((await fresh.json()).data).toMatchObject({ name: "Walk In", conversation: [] });
    const added = await admin(`/api/chatbot-conversations/${encodeURIComponent("walkin@chat.example")}/message`, {
      role: "ai",
      content: "Thanks for calling earlier.",
    });
    expect(added.status).toBe(200);
    expect((await added.json()).data.conversation.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["assistant", "Thanks for calling earlier."],
    ]);
    const user = await admin(`/api/chatbot-conversations/walkin@chat.example/message`, { role: "user", content: "Call me tomorrow." });
    expect((await user.json()).data.conversation).toHaveLength(2);

    const badRole = await admin(`/api/chatbot-conversations/walkin@chat.example/message`, { role: "bot", content: "x" });
    expect(badRole.status).toBe(400);
    expect((await badRole.json()).message).toBe("Failed to add message");
    const unknown = await admin(`/api/chatbot-conversations/nobody@chat.example/message`, { role: "user", content: "x" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Failed to add message");
    const invalid = await admin("/api/chatbot-conversations", { name: "", email: "x", phone: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe("Failed to create/get conversation");
  });
});

// ---- the AI provider ----

/** What the tests read of an OpenAI-compatible request: an embeddings call has `input`, a chat call `messages`. */
type ProviderBody = {
  model?: string;
  input?: string | string[];
  encoding_format?: string;
  temperature?: number;
  max_tokens?: number;
  messages?: { role: string; content: string }[];
};
type Recorded = { path: string; body: ProviderBody };

/** A local server speaking the OpenAI-compatible API: deterministic embeddings, scripted chat answers. */
async function startFakeProvider() {
  const requests: Recorded[] = [];
  const state = {
    mode: "ok" as "ok" | "error" | "hang" | "empty" | "down",
    embeddingsFail: false,
    reply: "Our office is open Monday to Friday, 9 AM to 5 PM.",
    summary: "Visitor asked about hours and filings; answered both.",
    usage: 20,
  };
  const embed = (text: string) => {
    const v = new Array<number>(64).fill(0);
    // Words of four letters or more: enough for related texts to point the same way.
    for (const w of text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []) {
      if (["what", "your", "with", "that", "have", "this", "from", "when", "they", "does"].includes(w)) continue;
      let h = 7;
      for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[h % 64] += 1;
    }
    return v;
  };
  const read = (req: IncomingMessage) =>
    new Promise<ProviderBody>((resolve) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => resolve(data ? (JSON.parse(data) as ProviderBody) : {}));
    });
  const server: HttpServer = createServer(async (req, res) => {
    const body = await read(req);
    const path = req.url ?? "";
    // The provider's host going away mid-request: the connection drops without an answer.
    if (state.mode === "down") return void req.socket.destroy();
    requests.push({ path, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (path.endsWith("/embeddings")) {
      if (state.embeddingsFail) return json(500, { error: { message: "embeddings down" } });
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input ?? ""];
      return json(200, {
        object: "list",
        model: body.model,
        data: inputs.map((t, index) => ({ object: "embedding", index, embedding: embed(t) })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    }
    if (path.endsWith("/chat/completions")) {
      if (state.mode === "error") return json(500, { error: { message: "model overloaded" } });
      if (state.mode === "hang") return; // never answers: the client's timeout ends it
      const isSummary = String(body.messages?.[0]?.content ?? "").startsWith("Summarise");
      const content = state.mode === "empty" && !isSummary ? "" : isSummary ? state.summary : state.reply;
      return json(200, {
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: state.usage - 5, completion_tokens: 5, total_tokens: state.usage },
      });
    }
    json(404, { error: { message: "not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    state,
    chats: () => requests.filter((r) => r.path.endsWith("/chat/completions")),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(databaseKinds)("chat assistant with an AI provider on %s", (kind) => {
  let server: Server;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    provider = await startFakeProvider();
    server = await startTestServer(kind, {
      ...chatEnv,
      RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "100",
      RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "100",
      AI_BASE_URL: provider.url,
      AI_API_KEY: "test-key",
      AI_CHAT_MODEL: "test-chat",
      AI_SUMMARY_MODEL: "test-summary",
      AI_EMBEDDING_MODEL: "test-embed",
      CHAT_PROVIDER_MATCH_THRESHOLD: "0.3",
      CHAT_PROVIDER_TIMEOUT_MS: "1000",
      CHAT_SESSION_TOKEN_BUDGET: "300",
      CHAT_DAILY_TOKEN_BUDGET: "2000",
    });
    await server.services.chat.settled();
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });
  const db = () => server.services.db;

  it("embeds the knowledge with the provider at start, and answers with the chat model grounded on the retrieved items", async () => {
    const chat = server.services.chat;
    expect(chat.knowledge.index.isReady("test-embed")).toBe(true);
    const indexed = provider.requests.filter((r) => r.path.endsWith("/embeddings"));
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.every((r) => r.body.model === "test-embed")).toBe(true);

    const c = client(() => server);
    const v = visitor(11);
    const { id } = await started(c, v);
    const before = provider.requests.length;
    const res = await c.send(id, "what are your office hours");
    const answered = (await res.json()).reply;
    expect(answered.content).toBe(provider.state.reply);
    // The model's answer links the page of the best passage it was grounded on, as the offline answer does.
    expect(answered.link).toEqual({ path: "/contact", title: "Contact Us" });

    const calls = provider.requests.slice(before);
    expect(calls.map((r) => r.path.replace(/^\/v1/, ""))).toEqual(["/embeddings", "/chat/completions"]);
    expect(calls[0].body).toMatchObject({ model: "test-embed", input: ["what are your office hours"], encoding_format: "float" });
    const completion = calls[1].body;
    expect(completion).toMatchObject({ model: "test-chat", temperature: 0.5, max_tokens: 100 });
    const [system, ...rest] = completion.messages ?? [];
    expect(system.role).toBe("system");
    expect(system.content).toContain(defaultSite.agency.name);
    expect(system.content).toContain(defaultSite.agency.phone.primary.display);
    expect(system.content).toMatch(/Never invent prices/);
    expect(system.content).toContain(`Visitor: ${v.name}, interested in Commercial Trucking.`);
    expect(system.content).toContain("Office hours and when we are open");
    expect(system.content).toContain(defaultSite.agency.hours.open);
    expect(rest.at(-1)).toEqual({ role: "user", content: "what are your office hours" });
    expect(rest[0]).toMatchObject({ role: "assistant", content: chatGreeting(v.name, "Commercial Trucking") });

    const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(session.tokensUsed).toBe(1 + 20);
  });

  it("summarises with the summary model once the chat holds 5 messages, and sends the summary as memory", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(12));
    await say(c, id, "what are your office hours");
    await server.services.chat.settled();
    expect(provider.chats().filter((r) => r.body.model === "test-summary")).toHaveLength(0);
    await say(c, id, "what filing do I need to haul in Texas only");
    await server.services.chat.settled();
    const summaries = provider.chats().filter((r) => r.body.model === "test-summary");
    expect(summaries).toHaveLength(1);
    expect(summaries[0].body).toMatchObject({ temperature: 0.7, max_tokens: 250 });
    expect(summaries[0].body.messages?.[1].content).toContain("what filing do I need to haul in Texas only");
    const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(session.summary).toBe(provider.state.summary);

    await say(c, id, "and do you cover cargo too?");
    const last = provider
      .chats()
      .filter((r) => r.body.model === "test-chat")
      .at(-1)!;
    expect(last.body.messages?.[0].content).toContain(`Conversation so far (summary): ${provider.state.summary}`);
  });

  it("answers with the spec's apology when the model's reply is empty", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(13));
    provider.state.mode = "empty";
    try {
      expect(await say(c, id, "what are your office hours")).toBe(
        "I apologize, but I'm having trouble generating a response. Please try again or contact our team directly.",
      );
    } finally {
      provider.state.mode = "ok";
    }
  });

  it("falls back to the offline engine when the provider errors, times out, is down or cannot embed (200, never a 500)", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(14));
    const lines = captureLogs(server);
    provider.state.mode = "error";
    try {
      expect(await say(c, id, "how much liability does FMCSA require")).toMatch(/\$750,000/);
    } finally {
      provider.state.mode = "ok";
    }
    provider.state.mode = "hang";
    try {
      const t0 = Date.now();
      expect(await say(c, id, "what are your hours")).toContain(defaultSite.agency.hours.open);
      expect(Date.now() - t0).toBeLessThan(5000);
    } finally {
      provider.state.mode = "ok";
    }
    provider.state.mode = "down";
    try {
      expect(await say(c, id, "what is a DP-3 policy")).toMatch(/DP-3/);
    } finally {
      provider.state.mode = "ok";
    }
    // The question cannot be embedded: retrieval runs offline and the model still answers from it.
    provider.state.embeddingsFail = true;
    try {
      expect(await say(c, id, "are you open on saturday")).toBe(provider.state.reply);
      // The chat now holds enough messages to be summarised too: look at the answer's own request.
      const answer = provider
        .chats()
        .filter((r) => r.body.model === "test-chat")
        .at(-1)!;
      expect(answer.body.messages?.[0].content).toContain("Office hours and when we are open");
    } finally {
      provider.state.embeddingsFail = false;
    }
    // Each failure was logged, none with the chat's id.
    expect(lines().filter((l) => l.includes("the AI provider failed to answer"))).toHaveLength(3);
    expect(lines().some((l) => l.includes("the AI provider could not embed a question"))).toBe(true);
    expect(lines().filter((l) => l.toLowerCase().includes(id))).toEqual([]);
  });

  it("hands over to phone and WhatsApp without calling the provider once a chat's or the day's token budget is used up", async () => {
    const c = client(() => server);
    const { id } = await started(c, visitor(15));
    provider.state.usage = 150;
    try {
      // 1 + 150 tokens, then 1 + 150 more: 302 >= 300.
      await say(c, id, "what are your office hours");
      await say(c, id, "are you open on saturday");
      await server.services.chat.settled();
      const calls = provider.requests.length;
      expect(await say(c, id, "what is a BOP")).toBe(chatBudgetHandOff(defaultSite));
      await server.services.chat.settled();
      // Neither the answer nor the summary it triggers went to the provider.
      expect(provider.requests.slice(calls)).toEqual([]);

      // Other chats spend the day's 2,000 tokens; then even a new chat is handed over.
      let handedOver = false;
      for (let i = 0; i < 15 && !handedOver; i++) {
        const other = await started(
          client(() => server),
          visitor(`16${i}`),
        );
        handedOver =
          (await say(
            client(() => server),
            other.id,
            "what are your office hours",
          )) === chatBudgetHandOff(defaultSite);
        if (handedOver) {
          const [s] = await db().select().from(chatSessions).where(eq(chatSessions.id, other.id));
          expect(s.tokensUsed).toBe(0);
        }
      }
      expect(handedOver).toBe(true);
      expect(await server.services.chat.budget.today()).toBeGreaterThanOrEqual(2000);
    } finally {
      provider.state.usage = 20;
    }
  });
});

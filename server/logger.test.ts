import { spawn } from "node:child_process";
import { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createLogger, type LoggerOptions, logOutput, logRequest, REDACTED } from "./logger";

/** A destination that keeps what the logger writes. */
function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () => text.split("\n").filter((l) => l !== ""),
    json: () =>
      text
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

function jsonLogger(options: LoggerOptions = {}) {
  const out = capture();
  const logger = createLogger("debug", { environment: "test", destination: out.stream, ...options });
  return { logger, out };
}

describe("createLogger: secrets", () => {
  it("redacts passwords, tokens, cookies and authorization headers three levels deep and inside arrays", () => {
    const { logger, out } = jsonLogger();
    logger.info(
      {
        reqId: "r-1",
        request: {
          headers: { Authorization: "Bearer abc", cookie: "admin_session=s3cr3t", "Set-Cookie": ["a=1", "b=2"], "x-api-key": "k-1" },
          body: { user: { password: "hunter22hunter22", resetToken: "rt-1", nested: [{ accessToken: "at-1", apiKey: "ak-1" }] } },
        },
        attempts: [{ sessionToken: "st-1", secret: "shh", AI_API_KEY: "sk-live" }],
        config: { SMTP_PASSWORD: "smtp-pw", token: "t-1" },
      },
      "signing in",
    );
    const [line] = out.json();
    const text = out.text();
    for (const secret of [
      "Bearer abc",
      "s3cr3t",
      "a=1",
      "k-1",
      "hunter22",
      "rt-1",
      "at-1",
      "ak-1",
      "st-1",
      "shh",
      "sk-live",
      "smtp-pw",
      "t-1",
    ]) {
      expect(text).not.toContain(secret);
    }
    const request = line.request as { headers: Record<string, unknown>; body: { user: Record<string, unknown> } };
    expect(request.headers).toEqual({ Authorization: REDACTED, cookie: REDACTED, "Set-Cookie": REDACTED, "x-api-key": REDACTED });
    expect(request.body.user.password).toBe(REDACTED);
    expect(request.body.user.resetToken).toBe(REDACTED);
    expect(request.body.user.nested).toEqual([{ accessToken: REDACTED, apiKey: REDACTED }]);
    expect(line.attempts).toEqual([{ sessionToken: REDACTED, secret: REDACTED, AI_API_KEY: REDACTED }]);
    expect(line.config).toEqual({ SMTP_PASSWORD: REDACTED, token: REDACTED });
  });

  it("redacts inside a logged error's own fields (an SDK error carrying the request headers)", () => {
    const { logger, out } = jsonLogger();
    const error = Object.assign(new Error("provider refused the request"), {
      status: 401,
      request: { headers: { authorization: "Bearer sk-leaked" } },
    });
    logger.error({ err: error, reqId: "r-2" }, "AI call failed");
    expect(out.text()).not.toContain("sk-leaked");
    const [line] = out.json();
    expect(line.err).toMatchObject({ status: 401, request: { headers: { authorization: REDACTED } } });
  });

  it("keeps counters whose names merely mention tokens", () => {
    const { logger, out } = jsonLogger();
    logger.warn({ sessionTokens: 1200, dailyTokens: 50_000 }, "chat token budget used up");
    expect(out.json()[0]).toMatchObject({ sessionTokens: 1200, dailyTokens: 50_000 });
  });
});

describe("createLogger: visitor emails", () => {
  it("masks an email in an info line, keeping the first character and the domain", () => {
    const { logger, out } = jsonLogger();
    logger.info(
      {
        email: "dana@whitfield-roofing.example",
        lead: { contactEmail: "Marco.Ruiz@ruiz-trucking.example" },
        to: "Dana Whitfield <dana@whitfield-roofing.example>",
        recipients: ["a.b@one.example", "c@two.example"],
        reason: "550 5.1.1 <dana@whitfield-roofing.example>: Recipient address rejected",
        path: "/api/chatbot-conversations/dana%40whitfield-roofing.example/message",
      },
      "mail for %s queued",
      "dana@whitfield-roofing.example",
    );
    const text = out.text();
    expect(text).not.toContain("dana@");
    expect(text).not.toContain("dana%40");
    expect(text).not.toContain("Marco.Ruiz");
    expect(text).not.toContain("Dana Whitfield");
    const [line] = out.json();
    expect(line.email).toBe("d***@whitfield-roofing.example");
    expect(line.lead).toEqual({ contactEmail: "M***@ruiz-trucking.example" });
    expect(line.to).toBe("d***@whitfield-roofing.example");
    expect(line.recipients).toEqual(["a***@one.example", "c***@two.example"]);
    expect(line.reason).toBe("550 5.1.1 <d***@whitfield-roofing.example>: Recipient address rejected");
    expect(line.path).toBe("/api/chatbot-conversations/d***@whitfield-roofing.example/message");
    expect(line.msg).toBe("mail for d***@whitfield-roofing.example queued");
  });

  it("masks a malformed address under an email key and keeps non-address values of recipient keys", () => {
    const { logger, out } = jsonLogger();
    logger.warn({ email: "dana at whitfield", from: "new", to: "contacted", address: "203.0.113.7" }, "admin sign-in failed");
    expect(out.json()[0]).toMatchObject({ email: "d***", from: "new", to: "contacted", address: "203.0.113.7" });
  });

  it("masks at warn and error too, and leaves the agency's own inbox readable", () => {
    const { logger, out } = jsonLogger({ visibleEmails: ["Agency <Hello@Agency.example>"] });
    logger.error({ to: "hello@agency.example", replyTo: "dana@whitfield-roofing.example" }, "mail delivery gave up");
    expect(out.json()[0]).toMatchObject({ to: "hello@agency.example", replyTo: "d***@whitfield-roofing.example" });
  });

  it("masks addresses in an error's message and stack, and in a message taken from an error", () => {
    const { logger, out } = jsonLogger();
    logger.error({ err: new Error("mailbox dana@whitfield-roofing.example is full") }, "mail delivery failed");
    logger.error(new Error("no such user marco@ruiz-trucking.example"));
    logger.error({ err: new Error("rejected: lee@lee-farms.example"), mailId: 4 });
    expect(out.text()).not.toMatch(/dana@|marco@|lee@/);
    const [first, second, third] = out.json();
    expect((first.err as { message: string }).message).toBe("mailbox d***@whitfield-roofing.example is full");
    expect(second.msg).toBe("no such user m***@ruiz-trucking.example");
    expect(third).toMatchObject({ msg: "rejected: l***@lee-farms.example", mailId: 4 });
  });

  it("keeps a call site's own message text as written (a hint may show an example address)", () => {
    const { logger, out } = jsonLogger();
    const hint = 'No admin account yet: run "npm run admin:create -- --email you@agency.com"';
    logger.warn(hint);
    logger.info({ reqId: "r-7" }, hint);
    expect(out.json().map((line) => line.msg)).toEqual([hint, hint]);
  });
});

describe("createLogger: chat session ids", () => {
  it("removes a session id at any depth, under any spelling", () => {
    const { logger, out } = jsonLogger();
    logger.info(
      {
        sessionId: "0b7f-1",
        chat: { chatSessionId: "0b7f-2", turns: [{ chat_session_id: "0b7f-3", n: 1 }] },
        session: { id: "0b7f-4", leadId: "lead-1" },
        chatSession: "0b7f-5",
        sessions: ["0b7f-6", "0b7f-7"],
      },
      "chat reply",
    );
    expect(out.text()).not.toMatch(/0b7f-/);
    const [line] = out.json();
    expect(line).not.toHaveProperty("sessionId");
    expect(line.chat).toEqual({ turns: [{ n: 1 }] });
    expect(line.session).toEqual({ leadId: "lead-1" });
    expect(line).not.toHaveProperty("chatSession");
  });

  it("removes a session id bound to a child logger", () => {
    const { logger, out } = jsonLogger();
    const child = logger.child({ sessionId: "0b7f-9", reqId: "r-9" });
    child.info("chat message");
    child.child({ chatSessionId: "0b7f-10", turn: 2 }).info("chat reply");
    expect(out.text()).not.toMatch(/0b7f-/);
    const [first, second] = out.json();
    expect(first).toMatchObject({ reqId: "r-9", msg: "chat message" });
    expect(first).not.toHaveProperty("sessionId");
    expect(second).toMatchObject({ reqId: "r-9", turn: 2, msg: "chat reply" });
    expect(second).not.toHaveProperty("chatSessionId");
  });
});

describe("createLogger: what operators need", () => {
  it("keeps ordinary fields, the level and the message", () => {
    const { logger, out } = jsonLogger();
    logger.info({ reqId: "r-3", method: "POST", path: "/api/contact", status: 201, ms: 12, ip: "203.0.113.7" }, "request");
    const { time, ...line } = out.json()[0];
    expect(typeof time).toBe("number");
    expect(line).toEqual({
      level: 30,
      reqId: "r-3",
      method: "POST",
      path: "/api/contact",
      status: 201,
      ms: 12,
      ip: "203.0.113.7",
      msg: "request",
    });
  });

  it("logs an error's type, message and stack, with its cause", () => {
    const { logger, out } = jsonLogger();
    const error = new TypeError("lead could not be stored", { cause: new Error("connection reset") });
    logger.error({ err: error, reqId: "r-4" }, "unhandled error");
    logger.error(new RangeError("out of range"));
    const [first, second] = out.json();
    const err = first.err as { type: string; message: string; stack: string };
    expect(err.type).toBe("TypeError");
    expect(err.message).toContain("lead could not be stored");
    expect(err.message).toContain("connection reset");
    expect(err.stack).toContain("TypeError: lead could not be stored");
    expect(err.stack).toMatch(/logger\.test\.ts/);
    expect(first.reqId).toBe("r-4");
    expect(second).toMatchObject({ level: 50, msg: "out of range", err: { type: "RangeError", message: "out of range" } });
  });

  it("logs a cyclic object without crashing", () => {
    const { logger, out } = jsonLogger();
    const node: Record<string, unknown> = { name: "a", password: "pw-cyclic" };
    node.self = node;
    node.list = [node, { back: node }];
    const error = new Error("cyclic error") as Error & { owner?: unknown };
    error.owner = node;
    expect(() => logger.info({ node, err: error }, "cycle")).not.toThrow();
    const [line] = out.json();
    expect(line.node).toEqual({ name: "a", password: REDACTED, self: "[circular]", list: ["[circular]", { back: "[circular]" }] });
    expect(out.text()).not.toContain("pw-cyclic");
  });

  it("shares an object logged twice in one line (not a cycle)", () => {
    const { logger, out } = jsonLogger();
    const shared = { id: 7 };
    logger.info({ a: shared, b: shared }, "shared");
    expect(out.json()[0]).toMatchObject({ a: { id: 7 }, b: { id: 7 } });
  });
});

describe("createLogger: output format", () => {
  it("writes one JSON object per line in production", () => {
    const out = capture();
    const logger = createLogger("info", { environment: "production", destination: out.stream });
    logger.info({ reqId: "r-5", note: "two\nlines" }, "first");
    logger.warn({ nested: { deep: [1, 2, 3] } }, "second");
    logger.error(new Error("third"));
    const lines = out.lines();
    expect(lines).toHaveLength(3);
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; time: number });
    expect(parsed.map((p) => [p.level, p.msg])).toEqual([
      [30, "first"],
      [40, "second"],
      [50, "third"],
    ]);
    expect(typeof parsed[0].time).toBe("number");
  });

  it("chooses pino-pretty in development, JSON lines in production, in tests, and when pino-pretty is missing", () => {
    expect(logOutput("development").format).toBe("pretty");
    expect(logOutput("production").format).toBe("json");
    expect(logOutput("test").format).toBe("json");
    expect(logOutput("development", undefined, () => undefined).format).toBe("json");
  });

  it("prints readable, cleaned lines in development", async () => {
    const out = capture();
    const logger = createLogger("info", { environment: "development", destination: out.stream });
    logger.info({ reqId: "r-6", email: "dana@whitfield-roofing.example", password: "pw-dev" }, "lead stored");
    for (let i = 0; i < 5 && out.text() === ""; i++) await nextTurn();
    const text = out.text();
    expect(text).toContain("INFO");
    expect(text).toContain("lead stored");
    expect(text).toContain("r-6");
    expect(text).toContain("d***@whitfield-roofing.example");
    expect(text).not.toContain("pw-dev");
    expect(() => JSON.parse(out.lines()[0])).toThrow();
  });
});

describe("logRequest", () => {
  it("writes the line logger.info writes for the same request, field for field and in order", async () => {
    const fast = jsonLogger();
    const slow = jsonLogger();
    const line = {
      reqId: "5f0c7c1e-8c2a-4f5e-9d3b-2b8e1f6a7c90",
      method: "GET",
      path: "/blog/roofing-contractor-insurance",
      status: 200,
      ms: 3,
    };
    logRequest(fast.logger, line);
    slow.logger.info(line, "request");
    await nextTurn();
    const [written] = fast.out.json();
    const [expected] = slow.out.json();
    expect(Object.keys(written)).toEqual(Object.keys(expected));
    expect({ ...written, time: 0 }).toEqual({ ...expected, time: 0 });
    expect(Math.abs(Number(written.time) - Number(expected.time))).toBeLessThan(1000);
  });

  it("masks an email address in the path, as every line does, and keeps quiet below its level", async () => {
    const { logger, out } = jsonLogger();
    logRequest(logger, { reqId: "r-1", method: "GET", path: "/admin/chats/dana%40whitfield-roofing.example", status: 200, ms: 1 });
    logRequest(logger, { reqId: "r-2", method: "GET", path: "/", status: 200, ms: 1 }, "debug");
    const quiet = createLogger("info", { environment: "test", destination: out.stream });
    logRequest(quiet, { reqId: "r-3", method: "GET", path: "/metrics", status: 200, ms: 1 }, "debug");
    await nextTurn();
    const lines = out.json();
    expect(lines.map((l) => l.reqId)).toEqual(["r-1", "r-2"]);
    expect(lines[0].path).toBe("/admin/chats/d***@whitfield-roofing.example");
    expect(lines[1].level).toBe(20);
  });
});

describe("standard output", () => {
  const here = new URL("./logger.ts", import.meta.url).href;
  /** Runs `code` in a node of its own with `log`, a production logger on standard output; gives its output. */
  function run(code: string): Promise<{ stdout: string; at: number[] }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `const { createLogger } = await import(${JSON.stringify(here)}); const log = createLogger("info"); ${code}`,
        ],
        { stdio: ["ignore", "pipe", "ignore"] },
      );
      let stdout = "";
      const at: number[] = [];
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        at.push(performance.now() - started);
      });
      child.on("error", reject);
      child.on("close", () => resolve({ stdout, at }));
    });
  }

  it("writes a line that waits in the buffer on exit, on process.exit and on a crash alike", async () => {
    for (const end of ["", "process.exit(3);", 'throw new Error("boom");']) {
      const { stdout } = await run(`log.info({ n: 1 }, "first"); log.info({ n: 2 }, "second"); ${end}`);
      const lines = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { msg: string });
      expect(lines.map((l) => l.msg)).toEqual(["first", "second"]);
    }
  });

  it("writes a quiet server's line within a quarter of a second, and a warning at once", async () => {
    const { stdout, at } = await run(
      'log.info("waiting"); setTimeout(() => { log.warn("at once"); setTimeout(() => process.exit(0), 1000); }, 1000);',
    );
    expect(
      stdout
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(["waiting", "at once"]);
    // Two writes: the info line by the timer before the warning, the warning on its own well before the exit.
    expect(at).toHaveLength(2);
    expect(at[1] - at[0]).toBeGreaterThan(500);
  });
});

/**
 * A visitor who leaves before the answer: the page still waiting its turn at the render gate is not rendered (a
 * page the render cache shares is), and a stop waits for the work of such a request, whose connection is gone,
 * before it closes the database.
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp, VISITOR_LEFT_STATUS } from "../../server/app";
import { buildDir, IN_FLIGHT_GRACE_MS } from "../../server/main";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** What @hono/node-server hands the app with each request: here, the visitor's answer stream, closed or not. */
const visitor = (left: boolean) => ({ outgoing: { closed: left } });

describe("pages for visitors who left", () => {
  let server: Server;
  let build: ServerBuild;
  let renders = 0;
  /** The build, counted each time React Router handles a request with it. */
  const counted = async () => {
    renders++;
    return build;
  };

  beforeAll(async () => {
    server = await startTestServer("pglite");
    build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("renders nothing for a visitor who left while the page waited its turn, and the page for one still there", async () => {
    const app = createApp({ services: server.services, build: counted });
    renders = 0;
    const left = await app.fetch(new Request(`${server.url}/blog?q=reefer`), visitor(true));
    expect(left.status).toBe(VISITOR_LEFT_STATUS);
    expect(await left.text()).toBe("");
    expect(renders).toBe(0);
    const there = await app.fetch(new Request(`${server.url}/blog?q=reefer`), visitor(false));
    expect(there.status).toBe(200);
    expect(await there.text()).toContain("<h1");
    expect(renders).toBe(1);
  });

  it("renders a page the render cache stores for every visitor, whoever asked for it first", async () => {
    const cache = server.renderCache!;
    const app = createApp({ services: server.services, build: counted, renderCache: cache });
    cache.invalidate("write");
    renders = 0;
    const first = await app.fetch(new Request(`${server.url}/about`), visitor(true));
    expect(first.status).toBe(200);
    expect(renders).toBe(1);
    // Stored: the next visitor is answered without a render.
    const next = await app.fetch(new Request(`${server.url}/about`), visitor(false));
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("<h1");
    expect(renders).toBe(1);
    // An address the cache does not store is the leaving visitor's alone.
    const own = await app.fetch(new Request(`${server.url}/about?ref=left`), visitor(true));
    expect(own.status).toBe(VISITOR_LEFT_STATUS);
    expect(renders).toBe(1);
  });
});

describe("a stop while a request whose visitor left is still at work", () => {
  it("closes the database only after that request's work is done, though its connection is gone", async () => {
    // Connections closed 300 ms after the stop begins, as they would be after SHUTDOWN_TIMEOUT_MS.
    const server = await startTestServer("pglite", { SHUTDOWN_TIMEOUT_MS: "300" });
    let stopped = false;
    try {
      // The chat's knowledge indexed, so the rest of the stop takes milliseconds.
      await server.services.chat.settled();
      const { db } = server.services;
      const query = db.execute.bind(db);
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reached!: () => void;
      const atWork = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let outcome = "";
      let held = false;
      // The health check's query is held; the background work's (the mail outbox's) goes through.
      vi.spyOn(db, "execute").mockImplementation(((...args: Parameters<typeof db.execute>) => {
        if (held || JSON.stringify((args[0] as { queryChunks?: unknown }).queryChunks) !== '[{"value":["select 1"]}]')
          return query(...args);
        held = true;
        reached();
        return released.then(() =>
          query(...args).then(
            (result) => {
              outcome = "answered";
              return result;
            },
            (error: unknown) => {
              outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
              throw error;
            },
          ),
        );
      }) as typeof db.execute);
      // GET /api/health queries the database; the visitor leaves while the query waits.
      const { port } = new URL(server.url);
      const request = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false });
      request.on("error", () => {});
      await atWork;
      // Gone as a closed tab or a killed client goes: the connection reset, not closed in turn.
      request.socket?.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // What the request had done when the database was closed.
      let closedWhile = "";
      const { database } = server.services;
      const close = database.close.bind(database);
      vi.spyOn(database, "close").mockImplementation(() => {
        closedWhile = outcome || "still at work";
        return close();
      });
      const stopping = server.close().then(() => {
        stopped = true;
      });
      // Longer than the rest of the stop takes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The connections are closed, but the request is not done: the stop waits, within IN_FLIGHT_GRACE_MS.
      expect(1500).toBeLessThan(IN_FLIGHT_GRACE_MS);
      expect(closedWhile).toBe("");
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(outcome).toBe("answered");
      expect(closedWhile).toBe("answered");
    } finally {
      vi.restoreAllMocks();
      if (!stopped) await server.close();
    }
  });
});

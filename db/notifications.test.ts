/**
 * LISTEN on PostgreSQL through a TCP relay the test can cut: the connection is re-opened with backoff
 * while the database cannot be reached, LISTENs again, and says so (`onReconnect`).
 */
import net from "node:net";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createPostgresDatabase, databaseKinds } from "../tests/support/databases";
import { PostgresListener } from "./notifications";

/** Forwards connections to `target`; `cut()` drops them all and refuses new ones until `restore()`. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: (() => {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    })(),
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("PostgresListener", () => {
  it("resolves when the database cannot be reached, reports it, and stops retrying once closed", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const listener = new PostgresListener(`postgres://postgres@127.0.0.1:${port}/none`, { firstMs: 10, maxMs: 40 });
    const errors: Error[] = [];
    await listener.listen("anything", () => {}, { onError: (e) => errors.push(e) });
    expect(listener.connected).toBe(false);
    await until(() => errors.length >= 3);
    await listener.close();
    const seen = errors.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(errors.length).toBe(seen);
  });

  it.runIf(databaseKinds.includes("postgres"))(
    "hears NOTIFY, re-opens a lost connection with backoff, LISTENs again and says so",
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      const relay = await startRelay(new URL(database.url));
      cleanups.push(relay.close);
      const listener = new PostgresListener(relay.url, { firstMs: 20, maxMs: 100 });
      cleanups.push(() => listener.close());
      const sender = new pg.Client({ connectionString: database.url });
      await sender.connect();
      cleanups.push(() => sender.end());

      const heard: string[] = [];
      const otherChannel: string[] = [];
      let reconnects = 0;
      let errors = 0;
      const unlisten = await listener.listen("blog_changes", (p) => heard.push(p), {
        onReconnect: () => reconnects++,
        onError: () => errors++,
      });
      await listener.listen("Other Channel", (p) => otherChannel.push(p));
      await sender.query("select pg_notify('blog_changes', 'one'), pg_notify('Other Channel', 'x')");
      await until(() => heard.length === 1 && otherChannel.length === 1);
      expect(heard).toEqual(["one"]);

      relay.cut();
      await until(() => errors >= 2); // lost, then at least one failed attempt while unreachable
      expect(listener.connected).toBe(false);
      expect(reconnects).toBe(0);
      relay.restore();
      await until(() => reconnects === 1);
      expect(listener.connected).toBe(true);
      await sender.query("select pg_notify('blog_changes', 'two'), pg_notify('Other Channel', 'y')");
      await until(() => heard.length === 2 && otherChannel.length === 2);
      expect(heard).toEqual(["one", "two"]);

      await unlisten();
      await sender.query("select pg_notify('blog_changes', 'three'), pg_notify('Other Channel', 'z')");
      await until(() => otherChannel.length === 3);
      expect(heard).toEqual(["one", "two"]);
    },
  );
});

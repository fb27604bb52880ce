import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { addressKey, clientIp } from "./client-info";

/** The client address the server derives for one request from `socket` with these headers. */
async function seen(trustProxy: string, socket: string, forwardedFor?: string): Promise<string> {
  const trust = loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY;
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, trust)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  const res = await app.request("/", { headers }, { incoming: { socket: { remoteAddress: socket, remoteFamily: "IPv4" } } });
  return res.text();
}

describe("client address", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await seen("false", "203.0.113.5", "198.51.100.1")).toBe("203.0.113.5");
    expect(await seen("false", "::ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("with one trusted proxy, is the entry that proxy appended, never a forged one before it", async () => {
    expect(await seen("true", "10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
    expect(await seen("true", "10.0.0.2", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(await seen("1", "10.0.0.2", "6.6.6.6,198.51.100.7")).toBe("198.51.100.7");
  });

  it("with two proxies (a CDN before a load balancer), reads two hops back", async () => {
    expect(await seen("2", "10.0.0.2", "6.6.6.6, 198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    // Fewer entries than hops: the furthest one there is.
    expect(await seen("3", "10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("with a list of proxies, is the first address from the right that is not one of them", async () => {
    const list = "10.0.0.0/8, 192.0.2.10, fd00::/8";
    expect(await seen(list, "10.1.2.3", "6.6.6.6, 198.51.100.7, 192.0.2.10")).toBe("198.51.100.7");
    expect(await seen(list, "10.1.2.3", "198.51.100.7, fd00::1")).toBe("198.51.100.7");
    // A request straight from the internet is its own client, whatever it claims.
    expect(await seen(list, "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
  });

  it("never takes a malformed entry as the client: it falls back to the nearest well-formed address", async () => {
    expect(await seen("true", "10.0.0.2", "not-an-address")).toBe("10.0.0.2");
    expect(await seen("true", "10.0.0.2", "198.51.100.256")).toBe("10.0.0.2");
    expect(await seen("2", "10.0.0.2", "<script>, 198.51.100.7")).toBe("198.51.100.7");
    expect(await seen("true", "10.0.0.2", "")).toBe("10.0.0.2");
    // A long header is read from its trustworthy end.
    expect(await seen("true", "10.0.0.2", `${"1.1.1.1,".repeat(10_000)}198.51.100.7`)).toBe("198.51.100.7");
  });

  it("refuses a TRUST_PROXY that is neither a switch, a hop count nor a list of addresses", () => {
    for (const bad of ["maybe", "11", "10.0.0.0/33", "10.0.0.1/8/2", "proxy.example.com", "10.0.0.0/8,nope"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be false, true/);
    }
    expect(loadConfig({ TRUST_PROXY: "yes" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });
});

describe("addressKey", () => {
  it("counts an IPv6 address by its /64, an IPv4 address and other keys as they are", () => {
    expect(addressKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:0:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:1:3::a")).not.toBe(addressKey("2001:db8:1:2::a"));
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("session:abc")).toBe("session:abc");
  });
});

import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  it("keeps at most maxKeys keys however many distinct clients arrive, oldest windows first out", async () => {
    const limiter = new RateLimiter(1, 60_000, 1000);
    const now = 1_000_000;
    for (let i = 0; i < 20_000; i++) await limiter.hit(`198.51.${i >> 8}.${i & 255}-${i}`, now);
    expect(limiter.size).toBeLessThanOrEqual(1000);
    // The newest client is still counted: its second request in the window waits.
    await limiter.hit("newest", now);
    expect(await limiter.hit("newest", now)).toBeGreaterThan(0);
  });

  it("counts every address of one IPv6 /64 together", async () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(await limiter.hit("2001:db8:1:2::a")).toBe(0);
    expect(await limiter.hit("2001:db8:1:2:ffff::b")).toBe(0);
    expect(await limiter.hit("2001:db8:1:2:1:2:3:4")).toBeGreaterThan(0);
    expect(await limiter.hit("2001:db8:1:3::a")).toBe(0);
  });
});

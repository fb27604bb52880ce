import { describe, expect, it } from "vitest";
import { LogThrottle } from "./log-throttle";

describe("LogThrottle", () => {
  it("lets one line a window through for each key, and counts those it left out", () => {
    const throttle = new LogThrottle(60_000);
    expect(throttle.take("203.0.113.7", 0)).toBe(0);
    for (let i = 1; i < 50; i++) expect(throttle.take("203.0.113.7", i * 100)).toBeNull();
    expect(throttle.take("203.0.113.8", 5_000)).toBe(0);
    expect(throttle.take("203.0.113.7", 59_999)).toBeNull();
    expect(throttle.take("203.0.113.7", 60_000)).toBe(50);
    expect(throttle.take("203.0.113.7", 60_001)).toBeNull();
    expect(throttle.take("203.0.113.8", 65_000)).toBe(0);
  });

  it("remembers a bounded number of keys: the expired first, then the oldest", () => {
    const throttle = new LogThrottle(60_000, 3);
    for (const [i, key] of ["a", "b", "c"].entries()) throttle.take(key, i);
    expect(throttle.take("d", 10)).toBe(0);
    expect(throttle.size).toBe(3);
    // "a" was forgotten: it gets a line again at once; "d" is still within its window.
    expect(throttle.take("a", 20)).toBe(0);
    expect(throttle.take("d", 30)).toBeNull();
    for (let i = 0; i < 1000; i++) throttle.take(`flood-${i}`, 100_000 + i);
    expect(throttle.size).toBe(3);
  });
});

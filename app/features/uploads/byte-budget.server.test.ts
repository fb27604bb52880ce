import { describe, expect, it } from "vitest";
import { ByteBudget } from "./byte-budget.server";

describe("ByteBudget", () => {
  const t0 = 1_000_000;

  it("charges bytes up to the budget per window, refuses the byte past it, and starts again when the window ends", () => {
    const budget = new ByteBudget(100, 60_000);
    expect(budget.take("a", 60, t0)).toBe(true);
    expect(budget.take("a", 40, t0 + 1)).toBe(true);
    expect(budget.remaining("a", t0 + 2)).toBe(0);
    expect(budget.take("a", 1, t0 + 2)).toBe(false);
    expect(budget.retryAfter("a", t0 + 2)).toBe(60);
    // Another address has its own budget.
    expect(budget.take("b", 100, t0 + 3)).toBe(true);
    // A new window.
    expect(budget.remaining("a", t0 + 60_000)).toBe(100);
    expect(budget.retryAfter("a", t0 + 60_000)).toBe(0);
    expect(budget.take("a", 100, t0 + 60_000)).toBe(true);
  });

  it("refuses without charging, and gives back what an upload that was not kept had taken", () => {
    const budget = new ByteBudget(100, 60_000);
    expect(budget.take("a", 70, t0)).toBe(true);
    expect(budget.take("a", 40, t0)).toBe(false);
    expect(budget.remaining("a", t0)).toBe(30);
    budget.refund("a", 70, t0);
    expect(budget.remaining("a", t0)).toBe(100);
    budget.refund("a", 500, t0);
    expect(budget.remaining("a", t0)).toBe(100);
    // More than the whole budget at once is refused and leaves no entry.
    expect(budget.take("c", 101, t0)).toBe(false);
    expect(budget.size).toBe(1);
  });

  it("counts addresses under the key it is given (an IPv6 /64 as one sender)", () => {
    const budget = new ByteBudget(100, 60_000, (address) => address.split(":").slice(0, 4).join(":"));
    expect(budget.take("2001:db8:1:2:aaaa::1", 60, t0)).toBe(true);
    expect(budget.take("2001:db8:1:2:bbbb::2", 60, t0)).toBe(false);
    expect(budget.remaining("2001:db8:1:2:cccc::3", t0)).toBe(40);
  });

  it("keeps at most maxKeys addresses: ended windows go first, then the oldest", () => {
    const budget = new ByteBudget(100, 1000, undefined, 3);
    budget.take("a", 10, t0);
    budget.take("b", 10, t0 + 500);
    budget.take("c", 10, t0 + 600);
    // a's window has ended: it makes room.
    budget.take("d", 10, t0 + 1000);
    expect(budget.size).toBe(3);
    expect(budget.remaining("b", t0 + 1000)).toBe(90);
    // None has ended: the oldest (b) is forgotten.
    budget.take("e", 10, t0 + 1100);
    expect(budget.size).toBe(3);
    expect(budget.remaining("b", t0 + 1100)).toBe(100);
    expect(budget.remaining("c", t0 + 1100)).toBe(90);
    for (let i = 0; i < 1000; i++) budget.take(`x${i}`, 1, t0 + 1200);
    expect(budget.size).toBe(3);
  });
});

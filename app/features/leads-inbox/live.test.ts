/** The open list's refresh: when the pulse says the list may have changed, and which arrivals are announced. */
import { describe, expect, it } from "vitest";
import { arrivals, pulseChanged } from "./live";
import type { LeadListItem } from "./schema";

const item = (n: number, over: Partial<LeadListItem> = {}): LeadListItem =>
  ({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    reference: `L-${n}`,
    receivedAt: new Date(Date.UTC(2026, 2, 17, 12, n)).toISOString(),
    status: "new",
    ...over,
  }) as LeadListItem;

describe("pulseChanged and arrivals", () => {
  it("sees a new lead or a changed count", () => {
    const p = { waiting: 2, newestId: "a", newestReceivedAt: "x", newestTextAt: null };
    expect(pulseChanged(p, { ...p })).toBe(false);
    expect(pulseChanged(p, { ...p, newestId: "b" })).toBe(true);
    expect(pulseChanged(p, { ...p, waiting: 1 })).toBe(true);
    // A lead texting back changes no count, and still shows at once (docs/decisions/064).
    expect(pulseChanged(p, { ...p, newestTextAt: "2026-03-17T12:05:00.000Z" })).toBe(true);
  });

  it("announces only leads not shown before that arrived after the page opened", () => {
    const since = "2026-03-17T12:03:30.000Z";
    const fresh = [item(5), item(4), item(3)];
    expect(arrivals(fresh, new Set([item(5)._id]), since).map((l) => l.reference)).toEqual(["L-4"]);
  });
});

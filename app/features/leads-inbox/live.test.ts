/** The open list's refresh: merging a fresh first page into what is loaded, and which arrivals are announced. */
import { describe, expect, it } from "vitest";
import { arrivals, mergeFirstPage, pulseChanged } from "./live";
import type { LeadListAnswer, LeadListItem } from "./schema";

const item = (n: number, over: Partial<LeadListItem> = {}): LeadListItem =>
  ({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    reference: `L-${n}`,
    receivedAt: new Date(Date.UTC(2026, 2, 17, 12, n)).toISOString(),
    status: "new",
    ...over,
  }) as LeadListItem;
const answer = (data: LeadListItem[], nextCursor: string | null, now = "2026-03-17T13:00:00.000Z"): LeadListAnswer => ({
  success: true,
  data,
  total: data.length,
  nextCursor,
  types: [],
  now,
});

describe("mergeFirstPage", () => {
  it("takes a fresh page that holds everything, keeping the first load's clock", () => {
    const current = answer([item(2), item(1)], null);
    const fresh = answer([item(3), item(2), item(1)], null, "2026-03-17T13:05:00.000Z");
    expect(mergeFirstPage(current, fresh)).toEqual({ ...fresh, now: current.now });
  });

  it("puts new leads on top and keeps the older rows loaded with Load more, and their cursor", () => {
    // Loaded: 5..1 (two pages of the screen), page size 3. Lead 6 arrives; lead 4 changed status.
    const current = answer([item(5), item(4), item(3), item(2), item(1)], item(1)._id);
    const fresh = answer([item(6), item(5), item(4, { status: "contacted" })], item(4)._id);
    const merged = mergeFirstPage(current, fresh);
    expect(merged.data.map((l) => l.reference)).toEqual(["L-6", "L-5", "L-4", "L-3", "L-2", "L-1"]);
    expect(merged.data[2].status).toBe("contacted");
    expect(merged.nextCursor).toBe(item(1)._id);
  });

  it("drops a loaded row the fresh page spans but no longer holds (it left the filter)", () => {
    const current = answer([item(5), item(4), item(3), item(2)], item(2)._id);
    const fresh = answer([item(6), item(5), item(3)], item(3)._id);
    expect(mergeFirstPage(current, fresh).data.map((l) => l.reference)).toEqual(["L-6", "L-5", "L-3", "L-2"]);
  });

  it("replaces the list when the fresh page spans every loaded row", () => {
    const current = answer([item(5), item(4)], item(4)._id);
    const fresh = answer([item(6), item(5), item(4)], item(4)._id);
    expect(mergeFirstPage(current, fresh)).toEqual({ ...fresh, now: current.now });
  });

  it("replaces the list when more leads arrived than a page holds: no gap between new and old rows", () => {
    // Loaded 2 and 1; 3 to 7 arrived; the fresh page holds 7, 6, 5. Keeping 2 and 1 would hide 4 and 3.
    const current = answer([item(2), item(1)], item(1)._id);
    const fresh = answer([item(7), item(6), item(5)], item(5)._id);
    expect(mergeFirstPage(current, fresh)).toEqual({ ...fresh, now: current.now });
  });

  it("orders leads received in the same instant by id, like the server", () => {
    const same = "2026-03-17T12:00:00.000Z";
    const a = item(1, { receivedAt: same });
    const b = item(2, { receivedAt: same });
    const current = answer([b, a], a._id);
    const fresh = answer([item(9), b], b._id);
    expect(mergeFirstPage(current, fresh).data.map((l) => l.reference)).toEqual(["L-9", "L-2", "L-1"]);
  });
});

describe("pulseChanged and arrivals", () => {
  it("sees a new lead or a changed count", () => {
    const p = { waiting: 2, newestId: "a", newestReceivedAt: "x" };
    expect(pulseChanged(p, { ...p })).toBe(false);
    expect(pulseChanged(p, { ...p, newestId: "b" })).toBe(true);
    expect(pulseChanged(p, { ...p, waiting: 1 })).toBe(true);
  });

  it("announces only leads not shown before that arrived after the page opened", () => {
    const since = "2026-03-17T12:03:30.000Z";
    const fresh = [item(5), item(4), item(3)];
    expect(arrivals(fresh, new Set([item(5)._id]), since).map((l) => l.reference)).toEqual(["L-4"]);
  });
});

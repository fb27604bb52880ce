import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "./actions";
import { auditMessages } from "./messages";
import { auditQuerySchema, isCalendarDate } from "./schema";

describe("audit texts", () => {
  it("words every recorded action, each differently", () => {
    const labels = AUDIT_ACTIONS.map((a) => auditMessages.actionLabel(a));
    for (const [i, label] of labels.entries()) {
      expect(label, AUDIT_ACTIONS[i]).toMatch(/^[A-Z][a-z]/);
      expect(label, AUDIT_ACTIONS[i]).not.toContain("_");
    }
    expect(new Set(labels).size).toBe(labels.length);
    expect(auditMessages.actionLabel("some_future_action")).toBe("Some future action");
  });

  it("summarises an entry's detail in one line", () => {
    expect(auditMessages.detailSummary({ filters: { status: "new", type: null }, rows: 12 })).toBe("Filters: Status new; Rows: 12");
    expect(auditMessages.detailSummary({ reference: "L-7K4M2P", from: "new", to: "contacted" })).toBe(
      "Lead: L-7K4M2P; From: new; To: contacted",
    );
    expect(auditMessages.detailSummary({ filters: { status: null, type: null } })).toBe("Filters: none");
    expect(auditMessages.detailSummary({ deletedRows: 3 })).toBe("Deleted rows: 3");
    expect(auditMessages.detailSummary(null)).toBe("");
    expect(auditMessages.detailSummary({ note: "x".repeat(500) }).length).toBe(240);
  });
});

describe("audit filters", () => {
  it("accepts real days and an empty query", () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1 });
    expect(auditQuerySchema.parse({ admin: "", from: "2026-02-28", to: "2026-02-28", page: "3" })).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
      page: 3,
    });
    expect(isCalendarDate("2028-02-29")).toBe(true);
  });

  it("names the field that is wrong", () => {
    const errorsOf = (q: Record<string, string>) => {
      const r = auditQuerySchema.safeParse(q);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(errorsOf({ from: "2026-02-30" })).toEqual({ from: auditMessages.filters.badFrom });
    expect(errorsOf({ to: "24/11/2026" })).toEqual({ to: auditMessages.filters.badTo });
    expect(errorsOf({ from: "2026-11-20", to: "2026-11-01" })).toEqual({ to: auditMessages.filters.badRange });
    expect(errorsOf({ admin: "1 or 1=1" })).toEqual({ admin: auditMessages.filters.badAdmin });
    expect(errorsOf({ page: "-1" })).toEqual({ page: auditMessages.filters.badPage });
    expect(errorsOf({ page: "2.5" })).toEqual({ page: auditMessages.filters.badPage });
  });
});

import { describe, expect, it } from "vitest";
import { allows, apiAccess, mayOpen, screenAccess } from "./access";
import { assignableRoles, can, outranks } from "./roles";
import { isConfirmed } from "./step-up";

describe("the role table", () => {
  it("finds a screen's permission by its path as React Router matches it: any case, a data request, a trailing slash", () => {
    expect(screenAccess("/admin/settings")).toBe("settings");
    expect(screenAccess("/admin/Settings")).toBe("settings");
    expect(screenAccess("/admin/settings.data")).toBe("settings");
    expect(screenAccess("/admin/settings/")).toBe("settings");
    // The data request of the page with a trailing slash (React Router's trailing-slash-aware data requests).
    expect(screenAccess("/admin/settings/_.data")).toBe("settings");
    expect(screenAccess("/admin/posts/new/_.data")).toBe("blog");
    expect(screenAccess("/admin/team/new")).toBe("content");
    expect(screenAccess("/admin/jobs/0b5e/submissions")).toBe("jobs");
    expect(screenAccess("/admin/no-such-screen")).toBeUndefined();
  });

  it("refuses what the table does not name, to every role", () => {
    expect(allows("owner", undefined)).toBe(false);
    expect(mayOpen("owner", "/admin/no-such-screen")).toBe(false);
    expect(apiAccess("GET", "/api/not-registered")).toBeUndefined();
    expect(apiAccess("HEAD", "/api/leads/:id")).toBe("leads");
  });

  it("ranks the roles: staff below admin below owner, and an unknown role has nothing", () => {
    expect(can("staff", "leads")).toBe(true);
    expect(can("staff", "exports")).toBe(false);
    expect(can("admin", "exports")).toBe(true);
    expect(can("admin", "settings")).toBe(false);
    expect(can("owner", "audit")).toBe(true);
    expect(can("superuser", "leads")).toBe(false);
    expect(outranks("admin", "staff")).toBe(true);
    expect(outranks("admin", "admin")).toBe(false);
    expect(outranks("owner", "owner")).toBe(true);
    expect(assignableRoles("admin")).toEqual(["staff"]);
    expect(assignableRoles("staff")).toEqual([]);
  });

  it("counts a password given within the step-up's minutes, and none with 0", () => {
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(isConfirmed(new Date(now - 9 * 60_000), 10, now)).toBe(true);
    expect(isConfirmed(new Date(now - 10 * 60_000), 10, now)).toBe(false);
    expect(isConfirmed(new Date(now - 1000), 0, now)).toBe(false);
    expect(isConfirmed(null, 10, now)).toBe(false);
    expect(isConfirmed(new Date(now + 3_600_000), 10, now)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { backOfficeSpelling, isBackOfficePath, pagePath } from "./paths";

describe("the page a request is for", () => {
  it("is its path without a data request's suffix, a trailing slash kept as React Router reads `/_.data`", () => {
    expect(pagePath("/admin/posts/new")).toBe("/admin/posts/new");
    expect(pagePath("/admin/posts/new.data")).toBe("/admin/posts/new");
    expect(pagePath("/admin/posts/new/_.data")).toBe("/admin/posts/new/");
    expect(pagePath("/admin/posts/new/")).toBe("/admin/posts/new/");
    expect(pagePath("/_.data")).toBe("/");
    expect(pagePath("/admin/leads/_")).toBe("/admin/leads/_");
  });
});

describe("back-office paths", () => {
  it("are every path whose first segment React Router reads as admin: any case, escaped letters", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/leads",
      "/Admin/leads",
      "/ADMIN",
      "/%61dmin/login",
      "/ad%6Din",
      "/admin.data",
      "/Admin.DATA",
    ]) {
      expect(isBackOfficePath(path), path).toBe(true);
    }
    for (const path of ["/", "/administrator", "/blog/admin", "/admins/x", "//admin/leads", "/%2561dmin", "/%zzadmin", "/admin%2Fleads"]) {
      expect(isBackOfficePath(path), path).toBe(false);
    }
  });

  it("are spelt the back office's way by their first segment alone: the rest, escapes and case kept", () => {
    expect(backOfficeSpelling("/Admin/leads")).toBe("/admin/leads");
    expect(backOfficeSpelling("/ADMIN")).toBe("/admin");
    expect(backOfficeSpelling("/%61dmin/login")).toBe("/admin/login");
    expect(backOfficeSpelling("/aDmIn/invite/AbC-dEf_123")).toBe("/admin/invite/AbC-dEf_123");
    expect(backOfficeSpelling("/Admin/leads/%41b")).toBe("/admin/leads/%41b");
    expect(backOfficeSpelling("/Admin.data")).toBe("/admin.data");
    for (const path of ["/admin", "/admin/leads", "/admin/Leads", "/admin.data", "/blog", "/Administrator"]) {
      expect(backOfficeSpelling(path), path).toBeNull();
    }
  });
});

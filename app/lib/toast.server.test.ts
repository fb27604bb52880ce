import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { readToast, redirectWithToast, toastCookie } from "./toast.server";

const context = (secret = "s".repeat(32)) => ({ config: loadConfig({}), cookieSecret: secret }) as unknown as AppLoadContext;

/** The cookie a browser sends back for a Set-Cookie value. */
const sent = (setCookie: string) => setCookie.split(";")[0];
const withCookie = (cookie: string) => new Request("http://localhost/admin/jobs", { headers: { cookie } });

describe("flash toasts", () => {
  it("a redirect carries the toast, and the next request reads it once and clears it", () => {
    const response = redirectWithToast(context(), "/admin/jobs", { type: "success", title: "Job created successfully!" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/jobs");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^flash_toast=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const { toast, clear } = readToast(withCookie(`other=1; ${sent(setCookie)}`), context());
    expect(toast).toEqual({ type: "success", title: "Job created successfully!" });
    expect(clear).toMatch(/^flash_toast=; Max-Age=0/);
  });

  it("keeps a second line", () => {
    const cookie = toastCookie(context(), { type: "error", title: "Not sent", description: "Try again." });
    expect(readToast(withCookie(sent(cookie)), context()).toast).toEqual({ type: "error", title: "Not sent", description: "Try again." });
  });

  it("shows nothing it did not sign itself, and clears it", () => {
    const forged = Buffer.from(JSON.stringify({ type: "success", title: "Call 555-0100 now" })).toString("base64url");
    for (const value of [`${forged}.AAAA`, forged, "garbage", `${forged}.${"x".repeat(43)}`]) {
      const { toast, clear } = readToast(withCookie(`flash_toast=${value}`), context());
      expect(toast).toBeNull();
      expect(clear).not.toBeNull();
    }
    // Signed with another site's secret.
    const other = toastCookie(context("o".repeat(32)), { type: "success", title: "Hello" });
    expect(readToast(withCookie(sent(other)), context()).toast).toBeNull();
  });

  it("reads nothing without the cookie", () => {
    expect(readToast(new Request("http://localhost/"), context())).toEqual({ toast: null, clear: null });
  });

  it("refuses to write what is not a toast", () => {
    expect(() => toastCookie(context(), { type: "success", title: "" })).toThrow();
    expect(() => toastCookie(context(), { type: "info" as "success", title: "x" })).toThrow();
  });
});

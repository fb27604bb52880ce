import { describe, expect, it } from "vitest";
import { isRefusedActionOrigin } from "./action-origin";

const post = (origin: string | null, method = "POST", url = "http://localhost:3000/contact") =>
  new Request(url, { method, headers: origin === null ? {} : { origin } });
const refusal = new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.");

describe("isRefusedActionOrigin", () => {
  it("recognises React Router's refusal of another site's post, a page's or a script's", () => {
    expect(isRefusedActionOrigin(refusal, post("https://evil.example"))).toBe(true);
    expect(isRefusedActionOrigin(new Error("Bad Request"), post("https://evil.example", "DELETE"))).toBe(true);
    expect(isRefusedActionOrigin(new Error("`origin` header is not a valid URL. Aborting the action."), post("not a url"))).toBe(true);
    expect(isRefusedActionOrigin(refusal, post("null"))).toBe(true);
  });

  it("leaves every other error to the error log", () => {
    // The action's own failure on a post from elsewhere, one the check let through.
    expect(isRefusedActionOrigin(new Error("connection terminated"), post("https://evil.example"))).toBe(false);
    expect(isRefusedActionOrigin(refusal, post("http://localhost:3000"))).toBe(false);
    expect(isRefusedActionOrigin(refusal, post(null))).toBe(false);
    expect(isRefusedActionOrigin(refusal, post("https://evil.example", "GET"))).toBe(false);
    expect(isRefusedActionOrigin("Bad Request", post("https://evil.example"))).toBe(false);
  });
});

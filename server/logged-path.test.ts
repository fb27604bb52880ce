import { describe, expect, it } from "vitest";
import { loggedPath } from "./app";

describe("loggedPath", () => {
  it("writes the pattern in place of a chat's id and an invitation's token, whatever follows them", () => {
    expect(loggedPath("/api/chat/sessions/3f1c2a9e-0000-4000-8000-000000000000/messages")).toBe("/api/chat/sessions/:id/messages");
    const token = "abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234";
    expect(loggedPath(`/admin/invite/${token}`)).toBe("/admin/invite/:token");
    expect(loggedPath(`/admin/invite/${token}.data`)).toBe("/admin/invite/:token");
    expect(loggedPath("/admin/users")).toBe("/admin/users");
  });
});

import { describe, expect, it } from "vitest";
import { loggedPath } from "./logged-path";

describe("loggedPath", () => {
  const token = "abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234";

  it("writes the pattern in place of a chat's id and an invitation's token, whatever follows them", () => {
    expect(loggedPath("/api/chat/sessions/3f1c2a9e-0000-4000-8000-000000000000/messages")).toBe("/api/chat/sessions/:id/messages");
    expect(loggedPath(`/admin/invite/${token}`)).toBe("/admin/invite/:token");
    expect(loggedPath(`/admin/invite/${token}.data`)).toBe("/admin/invite/:token");
    expect(loggedPath("/admin/users")).toBe("/admin/users");
  });

  it("masks the token under every spelling React Router opens the invitation by: any case, escaped letters", () => {
    expect(loggedPath(`/Admin/invite/${token}`)).toBe("/Admin/invite/:token");
    expect(loggedPath(`/ADMIN/INVITE/${token}`)).toBe("/ADMIN/INVITE/:token");
    expect(loggedPath(`/%61dmin/%69nvite/${token}`)).toBe("/admin/invite/:token");
    expect(loggedPath(`/api/Chat/Sessions/${token}`)).toBe("/api/Chat/Sessions/:id");
    expect(loggedPath(`/admin/invite/${token}%2Fmore`)).toBe("/admin/invite/:token");
  });

  it("leaves a malformed escape as written and still masks what follows", () => {
    expect(loggedPath(`/admin/invite/${token}%zz`)).toBe("/admin/invite/:token");
    expect(loggedPath("/blog/100%-covered")).toBe("/blog/100%-covered");
    expect(loggedPath("/blog/caf%C3%A9")).toBe("/blog/café");
  });
});

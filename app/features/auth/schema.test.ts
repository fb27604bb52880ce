import { describe, expect, it } from "vitest";
import { authMessages, loginSchema } from "./schema";

describe("the sign-in form's schema", () => {
  it("bounds both fields, so a 100 KB value is refused before anything else reads it", () => {
    const huge = "a".repeat(100_000);
    const result = loginSchema.safeParse({ email: `${huge}@example.com`, password: huge });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toContain(`email: ${authMessages.emailTooLong}`);
    expect(messages).toContain(`password: ${authMessages.passwordTooLong}`);
  });

  it("refuses an email with a control character as a field error, never reaching the database", () => {
    const result = loginSchema.safeParse({ email: "adm\u0000in@agency.example", password: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(authMessages.invalidCredentials);
  });

  it("accepts an ordinary sign-in, spaces in the password kept", () => {
    expect(loginSchema.parse({ email: " owner@example.com ", password: " a long pass phrase " })).toEqual({
      email: "owner@example.com",
      password: " a long pass phrase ",
    });
  });
});

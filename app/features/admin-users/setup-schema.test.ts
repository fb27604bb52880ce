import { describe, expect, it } from "vitest";
import { authMessages } from "~/features/auth/schema";
import { shortNameOf } from "./setup.server";
import { ADMIN_CREATE_COMMAND, SETUP_CODE_HOURS, setupMessages } from "./setup-messages";
import { setupSchema } from "./setup-schema";

const e = setupMessages.errors;
const valid = {
  agencyName: "  Bluebonnet   Risk Partners ",
  name: " Dana  Ruiz ",
  email: " Dana@Bluebonnet.example ",
  password: "harbor violet compass kettle",
  confirmPassword: "harbor violet compass kettle",
};

/** The first message of each field, as the form shows them. */
function errorsOf(input: unknown) {
  const errors: Record<string, string> = {};
  for (const issue of setupSchema.safeParse(input).error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("the first-run setup form", () => {
  it("keeps the names on one line and the email lower-case; the password as typed", () => {
    expect(setupSchema.parse(valid)).toEqual({
      agencyName: "Bluebonnet Risk Partners",
      name: "Dana Ruiz",
      email: "dana@bluebonnet.example",
      password: valid.password,
      confirmPassword: valid.confirmPassword,
    });
    expect(setupSchema.parse({ ...valid, password: " spaced  passphrase ", confirmPassword: " spaced  passphrase " }).password).toBe(
      " spaced  passphrase ",
    );
  });

  it("names each field that is missing", () => {
    expect(errorsOf({})).toEqual({
      agencyName: e.agencyName,
      name: e.nameRequired,
      email: e.emailRequired,
      password: e.passwordRequired,
      confirmPassword: e.confirmRequired,
    });
    expect(errorsOf({ agencyName: " ", name: " ", email: " ", password: "", confirmPassword: "" })).toEqual({
      agencyName: e.agencyName,
      name: e.nameRequired,
      email: e.emailRequired,
      password: e.passwordRequired,
      confirmPassword: e.confirmRequired,
    });
  });

  it("holds the agency's name to Settings' bounds, and every field to its own", () => {
    expect(errorsOf({ ...valid, agencyName: "B" })).toEqual({ agencyName: e.agencyName });
    expect(errorsOf({ ...valid, agencyName: "x".repeat(101) })).toEqual({ agencyName: e.agencyName });
    expect(errorsOf({ ...valid, agencyName: "Bluebonnet\nRisk" })).toEqual({ agencyName: e.agencyName });
    expect(errorsOf({ ...valid, agencyName: "Bluebonnet \u202eRisk" })).toEqual({ agencyName: e.agencyName });
    expect(errorsOf({ ...valid, name: "x".repeat(101) })).toEqual({ name: e.nameTooLong });
    expect(errorsOf({ ...valid, name: "Dana\u0000" })).toEqual({ name: e.nameOneLine });
    expect(errorsOf({ ...valid, email: "dana at bluebonnet" })).toEqual({ email: e.emailInvalid });
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@b.co` })).toEqual({ email: e.emailTooLong });
    expect(errorsOf({ ...valid, password: "too short", confirmPassword: "too short" })).toEqual({
      password: authMessages.passwordTooShort,
    });
    expect(errorsOf({ ...valid, password: "x".repeat(1025), confirmPassword: "x" })).toMatchObject({
      password: authMessages.passwordTooLong,
    });
    expect(errorsOf({ ...valid, confirmPassword: `${valid.password}!` })).toEqual({ confirmPassword: e.mismatch });
  });
});

describe("the agency's short name", () => {
  it("is the whole name when it fits in 60 characters, else its first words that do", () => {
    expect(shortNameOf("Bluebonnet Risk Partners")).toBe("Bluebonnet Risk Partners");
    const long = "The Bluebonnet Commercial Trucking and Contractors Insurance Partners of Central Texas";
    expect(shortNameOf(long)).toBe("The Bluebonnet Commercial Trucking and Contractors Insurance");
    expect(shortNameOf("x".repeat(100))).toBe("x".repeat(60));
  });
});

describe("the setup texts", () => {
  it("say how long a link works and how to get another", () => {
    expect(SETUP_CODE_HOURS).toBe(24);
    expect(setupMessages.invalid).toBe(
      "This setup link is not valid. Check that you opened the whole link; a link works once, for 24 hours.",
    );
    expect(setupMessages.newLink).toContain("restart the server");
    expect(ADMIN_CREATE_COMMAND).toBe("npm run admin:create -- --email you@agency.com");
    expect(setupMessages.startHint).toBe(
      'No admin account yet: open the setup link (setupUrl) to name the agency and create the owner account; it works once, for 24 hours, and each start makes a new one. Or run "npm run admin:create -- --email you@agency.com", or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    );
  });

  it("print the link plainly, on a line of its own", () => {
    const link = "http://localhost:3000/admin/setup?code=PQmn2lMSMQgLcaSRFK7Lsw";
    const lines = setupMessages.printed(link).split("\n");
    expect(lines).toContain(`    ${link}`);
    expect(lines.filter((line) => line.includes(link))).toHaveLength(1);
    expect(setupMessages.printed(link)).toContain(ADMIN_CREATE_COMMAND);
  });

  it("word the waits of the throttle", () => {
    expect(setupMessages.tooManyAttempts(1)).toBe(
      "Too many attempts with a setup link that is not valid. Please wait 1 second and try again.",
    );
    expect(setupMessages.tooManyAttempts(45)).toBe(
      "Too many attempts with a setup link that is not valid. Please wait 45 seconds and try again.",
    );
    expect(setupMessages.tooManyAttempts(61)).toBe(
      "Too many attempts with a setup link that is not valid. Please wait 2 minutes and try again.",
    );
    expect(setupMessages.done("Bluebonnet Risk Partners")).toBe("Bluebonnet Risk Partners is set up, and you are signed in as its owner.");
  });
});

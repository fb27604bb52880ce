import { describe, expect, it } from "vitest";
import { INVITE_HOURS, inviteMessages, usersMessages } from "./messages";
import { acceptInviteSchema, idSchema, inviteSchema, roundRobinSchema } from "./schema";

/** The first message of each field, as the forms show them. */
function errorsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("the invitation form", () => {
  it("keeps a name on one line and an email lower-case", () => {
    // Staff unless the form names another role.
    expect(inviteSchema.parse({ name: "  Dana   Ruiz ", email: " Dana.Ruiz@Agency.example " })).toEqual({
      name: "Dana Ruiz",
      email: "dana.ruiz@agency.example",
      role: "staff",
    });
  });

  it("names each field that is wrong", () => {
    const e = usersMessages.errors;
    expect(errorsOf(inviteSchema.safeParse({}))).toEqual({ name: e.nameRequired, email: e.emailRequired });
    expect(errorsOf(inviteSchema.safeParse({ name: " ", email: "dana at agency" }))).toEqual({
      name: e.nameRequired,
      email: e.emailInvalid,
    });
    expect(errorsOf(inviteSchema.safeParse({ name: "x".repeat(101), email: `${"a".repeat(250)}@b.co` }))).toEqual({
      name: e.nameTooLong,
      email: e.emailTooLong,
    });
    expect(errorsOf(inviteSchema.safeParse({ name: "Dana\u0000", email: "dana@agency.example\u2028x" }))).toMatchObject({
      name: e.nameOneLine,
      email: e.emailInvalid,
    });
  });
});

describe("the invitation page's password form", () => {
  it("asks for the password twice, the same", () => {
    const i = inviteMessages.errors;
    expect(errorsOf(acceptInviteSchema.safeParse({ password: "", confirmPassword: "" }))).toEqual({
      password: i.passwordRequired,
      confirmPassword: i.confirmRequired,
    });
    expect(errorsOf(acceptInviteSchema.safeParse({ password: "meadow lantern quarry", confirmPassword: "meadow lantern" }))).toEqual({
      confirmPassword: i.mismatch,
    });
    // Spaces are part of a password: never trimmed.
    expect(acceptInviteSchema.parse({ password: " meadow lantern ", confirmPassword: " meadow lantern " }).password).toBe(
      " meadow lantern ",
    );
  });
});

describe("the Users screen's other forms", () => {
  it("takes a row's id and the round-robin choice, nothing else", () => {
    expect(idSchema.safeParse({ id: "3f0c1b9e-2a6d-4c3b-9f1e-5d7a8b9c0d1e" }).success).toBe(true);
    expect(errorsOf(idSchema.safeParse({ id: "1 or 1=1" }))).toEqual({ id: usersMessages.errors.invalidId });
    expect(roundRobinSchema.parse({ roundRobin: "on" })).toEqual({ roundRobin: true });
    expect(roundRobinSchema.parse({ roundRobin: "off" })).toEqual({ roundRobin: false });
    expect(errorsOf(roundRobinSchema.safeParse({ roundRobin: "yes" }))).toEqual({ roundRobin: usersMessages.errors.invalidRoundRobin });
  });
});

describe("the texts", () => {
  it("say how long a link works, and what to do with one that does not", () => {
    expect(usersMessages.invite.intro).toContain(`${INVITE_HOURS} hours`);
    expect(inviteMessages.expired).toContain(`${INVITE_HOURS} hours`);
    expect(inviteMessages.whatToDo).toBe("Ask an administrator for a new invitation.");
    expect(usersMessages.results.deactivated("Dana Ruiz")).toBe("Dana Ruiz is deactivated and signed out everywhere.");
    expect(usersMessages.list.columns).toHaveLength(8);
  });
});

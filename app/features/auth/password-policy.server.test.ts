import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { agencyNames, isCommonPassword, isPersonalPassword, newPasswordProblem } from "./password-policy.server";
import { accountMessages, authMessages, MIN_PASSWORD_LENGTH, passwordChangeMessages, passwordChangeSchema } from "./schema";

const email = "owner@agency.example";

describe("the list of common and breached passwords", () => {
  it("holds the passwords every guessing tool tries first, whatever their case and surrounding spaces", () => {
    for (const password of ["123456", "password", "qwerty", "iloveyou", "trustno1", "1qaz2wsx3edc", "qwertyuiop12", "123456789012"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword("  PassWord  ")).toBe(true);
    expect(isCommonPassword("QWERTY123456")).toBe(true);
  });

  it("sees through the usual variations: spaces and punctuation, digits at the end, a word repeated", () => {
    expect(isCommonPassword("pass word!")).toBe(true);
    expect(isCommonPassword("Summer2024!!!!")).toBe(true);
    expect(isCommonPassword("password123456")).toBe(true);
    expect(isCommonPassword("monkeymonkeymonkey")).toBe(true);
  });

  it("lets through passphrases, the test accounts' passwords among them", () => {
    for (const password of [
      "correct horse battery staple",
      "the owner's own passphrase",
      "victim's long password",
      "a brand new passphrase",
      "another long password",
      "the environment's password",
      "a long enough password",
      "lantern orbit pickle meadow",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
      expect(newPasswordProblem(password, { email }), password).toBeNull();
    }
  });
});

describe("a password made of the account or the agency", () => {
  it("is refused when it is the email, the part before the @ or the agency's name, in any case or spacing", () => {
    expect(isPersonalPassword("Owner@Agency.example", email)).toBe(true);
    expect(isPersonalPassword("owneragencyexample", email)).toBe(true);
    expect(isPersonalPassword("hill.country.owner", "hill.country.owner@agency.example")).toBe(true);
    const names = agencyNames(defaultSite);
    expect(isPersonalPassword(defaultSite.agency.name.toUpperCase(), null, names)).toBe(true);
    expect(isPersonalPassword(`${defaultSite.agency.shortName} 2024`, null, names)).toBe(true);
    expect(isPersonalPassword("correct horse battery staple", email, names)).toBe(false);
  });

  it("refuses the agency's names as the stored profile has them, not the first-run ones", () => {
    const renamed = agencyNames(siteFacts({ ...defaultProfile, name: "Bluebonnet Risk Partners", shortName: "Bluebonnet Risk" }));
    expect(newPasswordProblem("Bluebonnet Risk Partners", { agencyNames: renamed })).toBe(authMessages.passwordPersonal);
    expect(newPasswordProblem("bluebonnetrisk2025", { agencyNames: renamed })).toBe(authMessages.passwordPersonal);
    expect(newPasswordProblem("Hill Country Insurance", { agencyNames: renamed })).toBeNull();
  });

  it("is refused when it is a name the agency is being given (first-run setup)", () => {
    const names = ["Bluebonnet Risk Partners"];
    expect(isPersonalPassword("bluebonnet-risk-partners 2025", email, names)).toBe(true);
    expect(newPasswordProblem("Bluebonnet Risk Partners", { email, agencyNames: names })).toBe(authMessages.passwordPersonal);
    expect(newPasswordProblem("Bluebonnet Risk Partners", { email })).toBeNull();
  });
});

describe("newPasswordProblem", () => {
  it("answers the message of the first rule broken: length, then the account, then the list", () => {
    expect(newPasswordProblem("short")).toBe(authMessages.passwordTooShort);
    expect(newPasswordProblem("x".repeat(1025))).toBe(authMessages.passwordTooLong);
    expect(newPasswordProblem("owner@agency.example", { email })).toBe(authMessages.passwordPersonal);
    expect(newPasswordProblem("qwertyuiop123")).toBe(authMessages.passwordCommon);
    expect(newPasswordProblem("password1234")).toBe(authMessages.passwordCommon);
  });

  it("keeps the minimum length at 12", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(newPasswordProblem("lantern orb")).toBe(authMessages.passwordTooShort);
    expect(newPasswordProblem("lantern orbs")).toBeNull();
  });

  it("speaks plainly", () => {
    expect(authMessages.passwordTooShort).toBe("The password must be at least 12 characters.");
    expect(authMessages.passwordCommon).toBe(
      "This password is on a list of common or breached passwords. Choose another: a few unrelated words make a strong one.",
    );
    expect(authMessages.passwordPersonal).toBe(
      "This password is the account's email address or the agency's name. Choose another: a few unrelated words make a strong one.",
    );
  });
});

describe("the password change form's schema", () => {
  const valid = { currentPassword: "old one", newPassword: "lantern orbit pickle", confirmPassword: "lantern orbit pickle" };
  const errorsOf = (input: unknown) => {
    const result = passwordChangeSchema.safeParse(input);
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  };

  it("accepts the form's three fields, and the API's two", () => {
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
    expect(passwordChangeSchema.parse({ currentPassword: "old one", newPassword: "lantern orbit pickle" })).toEqual({
      currentPassword: "old one",
      newPassword: "lantern orbit pickle",
    });
  });

  it("answers each wrong field with its own message", () => {
    expect(errorsOf({ currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: passwordChangeMessages.currentRequired,
      newPassword: passwordChangeMessages.newRequired,
      confirmPassword: passwordChangeMessages.confirmRequired,
    });
    expect(errorsOf({ ...valid, newPassword: "too short", confirmPassword: "too short" })).toEqual({
      newPassword: authMessages.passwordTooShort,
    });
    expect(errorsOf({ ...valid, confirmPassword: "lantern orbit pickles" })).toEqual({ confirmPassword: passwordChangeMessages.mismatch });
    expect(errorsOf({ ...valid, confirmPassword: "" })).toEqual({ confirmPassword: passwordChangeMessages.confirmRequired });
    expect(errorsOf({})).toEqual({
      currentPassword: passwordChangeMessages.currentRequired,
      newPassword: passwordChangeMessages.newRequired,
    });
  });

  it("has the screen's texts", () => {
    expect(passwordChangeMessages.mismatch).toBe("The two new passwords differ.");
    expect(passwordChangeMessages.currentWrong).toBe("This is not your current password.");
    expect(passwordChangeMessages.sameAsCurrent).toBe("The new password must differ from the current one.");
    expect(passwordChangeMessages.changed).toBe("Your password was changed. Every other session of your account was signed out.");
    expect(passwordChangeMessages.tooManyAttempts(1)).toBe("Too many wrong passwords. Please wait 1 second and try again.");
    expect(passwordChangeMessages.tooManyAttempts(90)).toBe("Too many wrong passwords. Please wait 2 minutes and try again.");
    expect(accountMessages).toMatchObject({
      title: "Account",
      changePassword: "Change password",
      currentPassword: "Current password",
      newPassword: "New password",
      confirmPassword: "Confirm new password",
      twoFactor: "Two-factor sign-in",
    });
  });
});

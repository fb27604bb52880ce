/**
 * The parts of two-factor sign-in that need no database: TOTP codes as an authenticator app makes
 * them (RFC 6238's SHA-1 test vector included), the drift window, recovery codes and their hashes,
 * the code field's schema and the screens' texts. The flows are in tests/integration/two-factor.test.ts.
 */
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  currentTotp,
  groupedKey,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  totpStep,
} from "./two-factor.server";
import { RECOVERY_CODE_COUNT, twoFactorMessages, twoFactorStepPath } from "./two-factor-messages";
import { formatRecoveryCode, readCode, twoFactorCodeSchema } from "./two-factor-schema";

/** RFC 6238 appendix B: the SHA-1 key "12345678901234567890". */
const RFC_SECRET = Secret.fromUTF8("12345678901234567890").base32;

describe("TOTP codes", () => {
  it("match RFC 6238's SHA-1 test vectors (the last 6 of its 8 digits)", () => {
    expect(currentTotp(RFC_SECRET, 59_000)).toBe("287082");
    expect(currentTotp(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(currentTotp(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
  });

  it("accept the current step and one either side, and answer which step the code belongs to", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, currentTotp(secret, now), now)).toBe(step);
    expect(totpStep(secret, currentTotp(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, currentTotp(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, currentTotp(secret, now - 60_000), now)).toBeNull();
    expect(totpStep(secret, currentTotp(secret, now + 60_000), now)).toBeNull();
  });

  it("are what another implementation computes from the key and the otpauth:// address", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri(secret, "owner@agency.example", "Hill Country Insurance");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Hill%20Country%20Insurance:owner%40agency\.example\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("algorithm=SHA1&digits=6&period=30");
    const other = new TOTP({ secret: Secret.fromBase32(groupedKey(secret).replaceAll(" ", "")) });
    expect(currentTotp(secret, 1_700_000_000_000)).toBe(other.generate({ timestamp: 1_700_000_000_000 }));
  });

  it("come with a QR code as SVG holding no script", async () => {
    const svg = await qrCodeSvg(otpauthUri(newTotpSecret(), "owner@agency.example", "Hill Country Insurance"));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=|style=/i);
  });
});

describe("recovery codes", () => {
  it("are ten distinct xxxx-xxxx-xx codes from an alphabet without look-alikes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{2}$/);
  });

  it("are stored as SHA-256 hashes of the code without dashes", () => {
    expect(hashRecoveryCode("abcd2345ef")).toBe("445c527fc9c21ea78268d10f46546b554ae7505a04861656f4603526475af541");
    expect(hashRecoveryCode("abcd2345ef")).not.toBe(hashRecoveryCode("abcd2345eg"));
    expect(formatRecoveryCode("abcd2345ef")).toBe("abcd-2345-ef");
  });
});

describe("the code field", () => {
  it("tells an app code from a recovery code, forgiving spaces, dashes and case", () => {
    expect(readCode("123 456")).toEqual({ kind: "totp", code: "123456" });
    expect(readCode(" ABCD-2345-EF ")).toEqual({ kind: "recovery", code: "abcd2345ef" });
    expect(readCode("abcd 2345 ef")).toEqual({ kind: "recovery", code: "abcd2345ef" });
    expect(readCode("12345")).toEqual({ kind: "invalid" });
    expect(readCode("abcd-2345-e0")).toEqual({ kind: "invalid" });
  });

  it("is required and bounded, with the field named", () => {
    const empty = twoFactorCodeSchema.safeParse({ code: "  " });
    expect(empty.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["code", twoFactorMessages.codeMissing]]);
    expect(twoFactorCodeSchema.safeParse({}).error?.issues[0]?.message).toBe(twoFactorMessages.codeMissing);
    expect(twoFactorCodeSchema.safeParse({ code: "1".repeat(100_000) }).error?.issues[0]?.message).toBe(twoFactorMessages.codeTooLong);
    expect(twoFactorCodeSchema.parse({ code: " 123456 " })).toEqual({ code: "123456" });
  });
});

describe("the texts", () => {
  it("count recovery codes in words that agree with the number", () => {
    expect(twoFactorMessages.account.remaining(1)).toBe("1 unused recovery code left.");
    expect(twoFactorMessages.account.remaining(0)).toBe("0 unused recovery codes left.");
    expect(twoFactorMessages.account.onSince("Nov 24, 2026")).toBe("On since Nov 24, 2026.");
    expect(twoFactorMessages.recovery.intro).toContain("these 10 codes");
  });

  it("send each pending step to its page", () => {
    expect(twoFactorStepPath).toEqual({ code: "/admin/login/code", enrolment: "/admin/two-factor/enrol" });
  });
});

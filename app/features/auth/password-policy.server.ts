/**
 * The rules every new admin password meets, wherever it is set: the Account screen, POST
 * /api/auth/password, `npm run admin:create` and ADMIN_PASSWORD.
 *
 * Besides the minimum length, a password is refused when it is on a list of common and breached
 * passwords, bundled with the product (the ~49,000 most common passwords of public breach corpora,
 * as shipped by @zxcvbn-ts/language-common): nothing is sent anywhere to check it. Comparison
 * ignores case and surrounding spaces, and also looks at the password without its spaces and
 * punctuation, without a trailing run of digits ("Summer2024!" is "summer"), and at a listed password
 * repeated ("monkeymonkey"), since those are the first variations guessing tools try. A password
 * that is the account's own email, the part before the @, or the agency's name (the stored profile's
 * name and short name, as the caller passes them) is refused too.
 */
import type { SiteFacts } from "~/content/site-facts";
import { onFirstUse } from "~/lib/on-first-use.server";
import { authMessages, MIN_PASSWORD_LENGTH } from "./schema";

const commonPasswordList = onFirstUse<typeof import("@zxcvbn-ts/language-common")>("@zxcvbn-ts/language-common");

const MAX_PASSWORD_LENGTH = 1024;

let commonPasswords: Set<string> | undefined;
/** Built on first use: a few milliseconds, once per process. */
function commonList(): Set<string> {
  commonPasswords ??= new Set(commonPasswordList().dictionary["passwords-common"].map((p) => p.trim().toLowerCase()));
  return commonPasswords;
}

const normalize = (value: string) => value.normalize("NFKC").trim().toLowerCase();
/** Without spaces, punctuation and symbols: "Pass word!" and "password" are one password. */
const compact = (value: string) => normalize(value).replace(/[\s\p{P}\p{S}]+/gu, "");

/** The forms of a password compared with the list. */
function variants(password: string): string[] {
  const whole = normalize(password);
  const bare = compact(password);
  const found = new Set([whole, bare, bare.replace(/\d+$/, "")]);
  // A listed word repeated: the shortest unit that the password is made of.
  for (let unit = 1; unit <= bare.length / 2; unit++) {
    if (bare.length % unit === 0 && bare.slice(0, unit).repeat(bare.length / unit) === bare) {
      found.add(bare.slice(0, unit));
      break;
    }
  }
  found.delete("");
  return [...found];
}

/** Whether the password is on the bundled list of common and breached passwords (in any of the forms above). */
export function isCommonPassword(password: string): boolean {
  const list = commonList();
  return variants(password).some((v) => list.has(v));
}

/** The agency's names a password may not be: the stored profile's name and short name. */
export const agencyNames = (site: SiteFacts): string[] => [site.agency.name, site.agency.shortName];

/** Whether the password is the account's email, its part before the @, or one of `names` (the agency's). */
export function isPersonalPassword(password: string, email?: string | null, names: readonly string[] = []): boolean {
  const candidates: string[] = [...names];
  if (email) candidates.push(email, email.split("@")[0]);
  const forms = new Set([compact(password), compact(password).replace(/\d+$/, "")]);
  return candidates.some((c) => {
    const bare = compact(c);
    return bare.length > 0 && forms.has(bare);
  });
}

/**
 * The message for a new password that breaks a rule, or null when it may be used. `email` is the
 * account's (its own address is refused as a password), `agencyNames` the agency's (`agencyNames(site)`).
 */
export function newPasswordProblem(
  password: string,
  options: { email?: string | null; agencyNames?: readonly string[] } = {},
): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return authMessages.passwordTooLong;
  if (isPersonalPassword(password, options.email, options.agencyNames)) return authMessages.passwordPersonal;
  if (isCommonPassword(password)) return authMessages.passwordCommon;
  return null;
}

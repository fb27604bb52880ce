/** The hidden field bots fill and people never see (components/form/fields.tsx Honeypot); checked by app/lib/post.server.ts. */
export const HONEYPOT_FIELD = "website";

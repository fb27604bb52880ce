/**
 * The texts of the Account screen's "Sessions" section: where the account is signed in, and ending
 * those sessions (docs/decisions/049-sessions-you-can-see.md). Browser-safe.
 */

export const sessionsMessages = {
  heading: "Sessions",
  intro:
    "Where your account is signed in now. If you do not recognise a session, sign it out and change your password. Places are approximate: a country, from the address.",
  caption: "Your signed-in sessions, most recently active first",
  columns: ["Browser", "Place", "Address", "Last seen", "Signed in", "Actions"],
  empty: "No session is signed in.",
  /** More sessions than the list shows (SESSIONS_LISTED). */
  notAllListed: (shown: number, total: number) => `The ${shown} most recently active of your ${total} sessions are listed.`,
  thisSession: "This session",
  /** Why the current session has no button of its own. */
  thisSessionHint: "Ends with Sign Out at the top of the page.",
  signOut: "Sign out",
  signingOut: "Signing out...",
  /** The button's accessible name: which session it ends. */
  signOutLabel: (browser: string, address: string, lastSeen: string) =>
    `Sign out the session in ${browser} from ${address}, last seen ${lastSeen}`,
  signOutOthers: "Sign out everywhere else",
  signingOutOthers: "Signing out everywhere else...",
  signOutOthersHint: "Every session of your account ends except this one.",

  // ---- how a session is described ----
  /** "Chrome on Windows", "Safari on iPhone". */
  browserOn: (browser: string, system: string) => `${browser} on ${system}`,
  unknownBrowser: "Unknown browser",
  /** A loopback, private, link-local or unique-local address: the office's own network, a VPN, or the server itself. */
  localNetwork: "This network",
  unknownPlace: "Unknown place",
  unknownAddress: "Unknown",
  /** DB-IP Lite's licence (CC BY 4.0) asks for this credit, linked, on every page that shows its results. */
  attribution: "IP address data by DB-IP",
  attributionUrl: "https://db-ip.com",

  // ---- answers of the forms ----
  ended: (browser: string) => `The session in ${browser} was signed out.`,
  endedOthers: (count: number) =>
    count === 0 ? "No other session was signed in." : `Signed out ${count} other session${count === 1 ? "" : "s"}.`,
  notFound: "That session was not found: it may have ended already, or it is not one of yours. Nothing was signed out.",
  sessionRequired: "Choose a session to sign out.",
  unknownIntent: "Please send this form from the Account page.",
} as const;

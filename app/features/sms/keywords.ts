/**
 * What an inbound text asks for (docs/decisions/064): the carriers' opt-out words (CTIA, and the FCC's
 * 2024 order that any reasonable means revokes consent), HELP, and START/UNSTOP; or nothing, an
 * ordinary message. Pure.
 */
export type TextIntent = "stop" | "help" | "start" | "message";

export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"] as const;
const HELP_WORDS = ["HELP", "INFO"];
const START_WORDS = ["START", "UNSTOP"];

/** Plain requests to stop: "please stop texting me", "don't text me again", "remove me from your list". */
const PLAIN_STOP = [
  /\b(stop|quit|cease|no more)\b.{0,30}\b(text|texts|texting|messag\w*|sms|contact\w*)\b/,
  /\b(don'?t|do not|never)\b.{0,20}\b(text|message|contact)\b.{0,10}\b(me|us|this number)\b/,
  /\b(remove|take)\b.{0,20}\b(me|my number|this number)\b.{0,20}\b(from|off)\b.{0,20}\b(list|texts?|messages?)\b/,
  /\b(unsubscribe|opt me out|opt out)\b/,
  /^\s*stop\b/,
];

export function textIntent(body: string): TextIntent {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  if ((STOP_WORDS as readonly string[]).includes(word) || word === "OPTOUT") return "stop";
  if (HELP_WORDS.includes(word)) return "help";
  if (START_WORDS.includes(word)) return "start";
  const plain = body.toLowerCase().replace(/[’']/g, "'");
  if (PLAIN_STOP.some((pattern) => pattern.test(plain))) return "stop";
  return "message";
}

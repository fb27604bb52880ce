/**
 * The one place the environment is read. `loadConfig` validates it at start-up; a bad
 * value stops the process with a message naming the variable and what is wrong.
 * `.env.example` documents every variable.
 */
import { BlockList, isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { retentionDefaults } from "~/content/retention";
import type { SiteFacts } from "~/content/site-facts";
import { defaultProfile, e164Phone } from "~/content/site-profile";
import { DEFAULT_UPLOAD_MAX_BYTES } from "~/content/uploads";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(" or ")}...)`,
    );

const optionalUrl = (protocols: string[], what: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), url(protocols, what).optional());

const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : v),
    z.coerce
      .number({ error: `must be a whole number between ${min} and ${max}` })
      .int(`must be a whole number between ${min} and ${max}`)
      .min(min, `must be a whole number between ${min} and ${max}`)
      .max(max, `must be a whole number between ${min} and ${max}`),
  );

/** A whole number in [min, max], or undefined when unset (for settings with a default elsewhere). */
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : v),
    z.coerce
      .number({ error: `must be a whole number between ${min} and ${max}` })
      .int(`must be a whole number between ${min} and ${max}`)
      .min(min, `must be a whole number between ${min} and ${max}`)
      .max(max, `must be a whole number between ${min} and ${max}`)
      .optional(),
  );

/** true/false (also 1/0, yes/no, on/off); `fallback` when unset. */
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : typeof v === "string" ? v.trim().toLowerCase() : v),
    z
      .union([z.boolean(), z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"])], { error: "must be true or false" })
      .transform((v) => v === true || v === "true" || v === "1" || v === "yes" || v === "on"),
  );

/** A number in [min, max]; `fallback` when unset, or undefined when there is no fallback. */
const decimal = (min: number, max: number, fallback?: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : v),
    z.coerce
      .number({ error: `must be a number between ${min} and ${max}` })
      .min(min, `must be a number between ${min} and ${max}`)
      .max(max, `must be a number between ${min} and ${max}`)
      .optional(),
  );

/**
 * 32 bytes written as hex (64 characters) or base64, standard or URL-safe, padded or not; null for anything
 * else. What TWO_FACTOR_KEY and TWO_FACTOR_KEY_PREVIOUS hold (`openssl rand -base64 32`).
 */
export function decodeKey32(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_"), "base64url");
  return bytes.length === 32 ? bytes : null;
}

const KEY32_MESSAGE = "must be 32 random bytes written as base64 (44 characters) or hex (64 characters), e.g. from openssl rand -base64 32";

const optionalKey32 = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .refine((v) => decodeKey32(v) !== null, KEY32_MESSAGE)
    .optional(),
);

/**
 * Which reverse proxies are trusted to say who the client is (X-Forwarded-For): none, a number of
 * proxy hops in front of the server, or the proxies' addresses and networks.
 */
export type ProxyTrust = false | { hops: number } | { trusted: BlockList; addresses: string[] };

const PROXY_TRUST_MESSAGE =
  "must be false, true (one proxy), a number of proxies (1-10), or a comma-separated list of proxy addresses or networks (e.g. 10.0.0.0/8,::1)";

function proxyTrust(v: string, ctx: z.RefinementCtx): ProxyTrust {
  const value = v.trim().toLowerCase();
  if (["", "false", "0", "no"].includes(value)) return false;
  if (["true", "yes"].includes(value)) return { hops: 1 };
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return { hops };
  }
  const trusted = new BlockList();
  const addresses = value.split(",").map((s) => s.trim());
  for (const entry of addresses) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      ctx.addIssue({ code: "custom", message: PROXY_TRUST_MESSAGE });
      return z.NEVER;
    }
    trusted.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return { trusted, addresses };
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production"),
    PORT: int(0, 65535, 3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "PostgreSQL"),
    SITE_URL: optionalUrl(["http:", "https:"], "http or https"),
    SESSION_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
    /**
     * The key two-factor secrets are encrypted with in the database (docs/decisions/048). Required in
     * production on PostgreSQL (`twoFactorKeyProblem`, checked when the server starts); otherwise, unset, a
     * key is made once and kept in the database. PREVIOUS: the key before a rotation, still read.
     */
    TWO_FACTOR_KEY: optionalKey32,
    TWO_FACTOR_KEY_PREVIOUS: optionalKey32,
    ADMIN_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email("must be an email address").optional()),
    ADMIN_PASSWORD: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(12, "must be at least 12 characters").optional()),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "smtp or smtps"),
    /** The From of every mail; unset: the stored profile's name and email (`mailFrom`). */
    MAIL_FROM: optionalString,
    /** Where the agency's notifications go; unset: the stored profile's email (`agencyInbox`). */
    AGENCY_INBOX: z.preprocess((v) => (v === "" ? undefined : v), z.email("must be an email address").optional()),
    /** FMCSA's QCMobile web key: the USDOT lookup on /quote and the lead screen's carrier record. Unset: the feature is off. */
    FMCSA_WEB_KEY: optionalString,
    /** Where QCMobile answers (tests point it at a local stand-in). */
    FMCSA_API_BASE: z.preprocess(
      (v) => (typeof v !== "string" || v.trim() === "" ? "https://mobile.fmcsa.dot.gov/qc/services" : v.trim()),
      url(["http:", "https:"], "http or https"),
    ),
    AI_BASE_URL: optionalUrl(["http:", "https:"], "http or https"),
    AI_API_KEY: optionalString,
    AI_CHAT_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
    AI_SUMMARY_MODEL: z.string().trim().min(1).default("gpt-4o"),
    AI_EMBEDDING_MODEL: z.string().trim().min(1).default("text-embedding-3-small"),
    /**
     * Texting through Twilio's Messages API (docs/decisions/064): the account's SID and auth token, and
     * the number texts come from (or a messaging service's SID). Without the SID, token and a sender,
     * texting is off. TWILIO_API_BASE is Twilio's API address; tests point it at a local stand-in.
     */
    TWILIO_ACCOUNT_SID: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC followed by 32 hex digits)")
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{7,14}$/, "must be a phone number in E.164 form, e.g. +15125550142")
        .optional(),
    ),
    TWILIO_MESSAGING_SERVICE_SID: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^MG[0-9a-fA-F]{32}$/, "must be a Twilio messaging service SID (MG followed by 32 hex digits)")
        .optional(),
    ),
    TWILIO_API_BASE: z.preprocess(
      (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? "https://api.twilio.com" : v),
      url(["http:", "https:"], "http or https").transform((v) => v.replace(/\/+$/, "")),
    ),
    /** Texting's quiet hours in the recipient's time zone, as HH:MM: no text goes from START until END. */
    SMS_QUIET_START: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM, e.g. 21:00")
      .default("21:00"),
    SMS_QUIET_END: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM, e.g. 08:00")
      .default("08:00"),
    GA_MEASUREMENT_ID: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-XXXXXXXXXX")
        .optional(),
    ),
    /**
     * The chat's WhatsApp number when the stored profile names none. Baked into the prerendered pages,
     * so its default is the first-run profile's main number, the number those pages are built with.
     */
    WHATSAPP_NUMBER: z.preprocess(
      (v) =>
        v === "" || v === undefined ? (e164Phone(defaultProfile.phone) ?? "").replace(/\D/g, "") : String(v).replace(/[\s()+-]/g, ""),
      z.string().regex(/^\d{8,15}$/, "must be a phone number in international form, digits only (e.g. 15125550142)"),
    ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    /**
     * The bearer token GET /metrics asks for (Prometheus' `authorization` setting, server/metrics.ts);
     * unset, /metrics answers 401 to every request, so the figures are never public by default.
     */
    METRICS_TOKEN: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().trim().min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)").optional(),
    ),
    TRUST_PROXY: z.preprocess((v) => (v === undefined ? "" : String(v)), z.string().transform(proxyTrust)),
    JSON_BODY_LIMIT_KB: int(1, 10240, 100),
    /**
     * Memory for public pages rendered once per content version (server/render-cache.ts), in MB,
     * their compressed forms included; 0 renders them per request.
     */
    RENDER_CACHE_MAX_MB: int(0, 4096, 64),
    SHUTDOWN_TIMEOUT_MS: int(0, 120000, 10000),
    /**
     * After SIGTERM, how long the server keeps answering (with /api/health/ready at 503) before it stops
     * accepting connections, so a load balancer takes it out of rotation first. 0 behind no load balancer.
     */
    SHUTDOWN_DRAIN_MS: int(0, 120000, 0),
    /**
     * Whether this process runs the background work (mail delivery, the upload sweep, scheduled jobs).
     * false makes a web-only process; at least one process of a site must run them.
     */
    BACKGROUND_JOBS: flag(true),
    MAIL_MAX_ATTEMPTS: int(1, 50, 8),
    MAIL_RETRY_BASE_MS: int(10, 3600000, 15000),
    MAIL_POLL_INTERVAL_MS: int(50, 600000, 5000),
    RATE_LIMIT_FORMS_MAX: int(1, 100000, 20),
    RATE_LIMIT_FORMS_WINDOW_MINUTES: int(1, 1440, 10),
    /** Longest time a document upload may take to arrive in full; a large file on a slow line needs many minutes. */
    REQUEST_TIMEOUT_MINUTES: int(1, 1440, 60),
    /** Longest time any other request (headers included) may take to arrive in full. */
    REQUEST_TIMEOUT_SECONDS: int(1, 600, 30),
    UPLOAD_MAX_BYTES: int(1, 10 * 1024 ** 3, DEFAULT_UPLOAD_MAX_BYTES),
    UPLOAD_ORPHAN_HOURS: int(1, 8760, 24),
    /**
     * Images uploaded for blog posts (docs/decisions/055): the largest file taken (10 MiB: a phone's
     * photo with room to spare), the most pixels it may decode to (40 megapixels: a camera's photo, not a
     * crafted decompression bomb), and how many one address may upload per RATE_LIMIT_UPLOADS_WINDOW_MINUTES.
     */
    POST_IMAGE_MAX_BYTES: int(1024, 100 * 1024 ** 2, 10 * 1024 ** 2),
    POST_IMAGE_MAX_PIXELS: int(1_000_000, 268_402_689, 40_000_000),
    RATE_LIMIT_POST_IMAGES_MAX: int(1, 100000, 60),
    UPLOAD_SWEEP_INTERVAL_MS: int(100, 86_400_000, 3_600_000),
    /**
     * Days each kind of record is kept before the daily retention job deletes it (app/features/privacy/
     * retention.server.ts); the defaults are the periods the Privacy Policy states (app/content/retention.ts).
     */
    RETENTION_LEAD_DAYS: int(1, 36500, retentionDefaults.leadDays),
    RETENTION_CONTACT_DAYS: int(1, 36500, retentionDefaults.contactDays),
    RETENTION_CHAT_DAYS: int(1, 36500, retentionDefaults.chatDays),
    RETENTION_APPLICATION_DAYS: int(1, 36500, retentionDefaults.applicationDays),
    RETENTION_MAIL_BODY_DAYS: int(1, 36500, retentionDefaults.mailDays),
    RETENTION_SIGN_IN_DAYS: int(1, 36500, retentionDefaults.signInDays),
    /**
     * The call-back promise (docs/decisions/027, 035): a new lead is due the stored profile's call-back
     * minutes (Settings) after it arrives, and escalated by mail LEAD_ESCALATE_AFTER_MINUTES after it
     * arrives, counted in the profile's office hours and closed days (LEAD_CLOCK_HOURS=business) or round
     * the clock (always). LEAD_SLA_MINUTES, when set, overrides the profile's minutes for the clock (an
     * operator's override; tests use fractions of a minute): the pages and mails still state the
     * profile's. The escalation is never later than the promise in effect: a larger value is cut to it
     * (`promiseSettings` in app/features/leads/arrival.server.ts). Fractions allowed.
     */
    LEAD_SLA_MINUTES: decimal(0.01, 10080),
    LEAD_ESCALATE_AFTER_MINUTES: decimal(0.01, 10080, 20).transform((v) => v ?? 20),
    LEAD_CLOCK_HOURS: z.preprocess(
      (v) => (v === undefined || v === "" ? "business" : typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(["business", "always"], { error: "must be business or always" }),
    ),
    /** How often the escalation sweep looks for leads whose escalation or promise time has come. */
    LEAD_SWEEP_INTERVAL_MS: int(100, 600_000, 15_000),
    /** SMS consent evidence, in years: kept on its own period, through erasure requests too. */
    CONSENT_RECORD_YEARS: int(1, 100, retentionDefaults.consentYears),
    RATE_LIMIT_UPLOADS_MAX: int(1, 100000, 30),
    RATE_LIMIT_UPLOADS_WINDOW_MINUTES: int(1, 1440, 10),
    /**
     * Bytes one client address may upload per RATE_LIMIT_UPLOADS_WINDOW_MINUTES, counted as they arrive.
     * 3 GiB: three files of the full 1 GB, or a quote's usual documents (a CDL, a registration per truck,
     * years of loss runs, a few MB each) many times over; the rate limit alone would allow 30 GB.
     */
    UPLOAD_BYTES_PER_ADDRESS_MAX: int(1, 1024 ** 4, 3 * 1024 ** 3),
    /** Documents one quote may claim, and their total size (the form itself holds 10 per slot, 30 in all). */
    UPLOAD_LEAD_MAX_FILES: int(1, 1000, 30),
    UPLOAD_LEAD_MAX_BYTES: int(1, 1024 ** 4, 3 * 1024 ** 3),
    /** Uploads are refused (507) while less than this is free on the disk under DATA_DIR; 0 turns the check off. */
    UPLOAD_MIN_FREE_BYTES: int(0, 1024 ** 5, 1024 ** 3),
    /**
     * Documents in an S3-compatible bucket instead of DATA_DIR/uploads, for a site run by several
     * processes. Without keys the SDK's own credential chain applies (instance role, AWS_* variables).
     */
    S3_BUCKET: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,254}$/, "must be a bucket name alone (letters, digits, dots, hyphens), not a URL or a path")
        .optional(),
    ),
    S3_ENDPOINT: optionalUrl(["http:", "https:"], "http or https"),
    S3_REGION: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(1).default("us-east-1")),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: flag(false),
    /**
     * Backups (docs/decisions/045): the daily one and "Back up now" write an archive to BACKUP_DIR (unset:
     * DATA_DIR/backups; none with an in-memory database), or to BACKUP_S3_URL (s3://bucket/prefix/, through
     * the S3_* endpoint and keys) when that is set; archives older than BACKUP_KEEP_DAYS are deleted, the
     * newest always kept. BACKUP_DAILY=false leaves the daily one to the operator's own schedule.
     */
    BACKUP_DIR: optionalString,
    BACKUP_S3_URL: optionalUrl(["s3:"], "s3"),
    BACKUP_KEEP_DAYS: int(1, 3650, 14),
    BACKUP_DAILY: flag(true),
    /** An admin session ends after this long without a request... */
    ADMIN_SESSION_IDLE_MINUTES: int(1, 1440, 30),
    /** ...and this long after sign-in, whatever the activity. */
    ADMIN_SESSION_MAX_HOURS: int(1, 720, 12),
    /**
     * A dangerous back-office action (an invitation, a deactivation, a role change, an erasure, an export,
     * a settings change) asks for the password again unless it was given this many minutes ago or less
     * (docs/decisions/047-roles-and-step-up.md); 0 asks every time.
     */
    ADMIN_STEP_UP_MINUTES: int(0, 60, 10),
    /**
     * Every admin signs in with a second factor (an authenticator app's code): an account without one
     * is sent to set it up after the password. Unset: true in production, false otherwise.
     */
    ADMIN_REQUIRE_2FA: z.preprocess(
      (v) => (v === undefined || v === "" ? undefined : typeof v === "string" ? v.trim().toLowerCase() : v),
      z
        .union([z.boolean(), z.enum(["true", "false", "1", "0", "yes", "no", "on", "off"])], { error: "must be true or false" })
        .transform((v) => v === true || v === "true" || v === "1" || v === "yes" || v === "on")
        .optional(),
    ),
    /**
     * Failed sign-ins allowed for one account from one client address (PAIR), and from one client
     * address whatever the accounts (IP), before each further failure doubles a wait (1 s, 2 s, 4 s ...)
     * up to MAX_DELAY_SECONDS; failures are forgotten WINDOW_MINUTES after the last one. Nothing is
     * counted per account alone, so failing on purpose cannot lock an admin out (decision 010).
     */
    RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: optionalInt(1, 1000),
    RATE_LIMIT_LOGIN_IP_FREE_FAILURES: optionalInt(1, 100000),
    RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS: int(1, 3600, 300),
    RATE_LIMIT_LOGIN_WINDOW_MINUTES: int(1, 1440, 15),
    /** Former names of the two above (they were hard limits), still read when the new ones are unset. */
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: optionalInt(1, 1000),
    RATE_LIMIT_LOGIN_IP_MAX: optionalInt(1, 100000),
    /** scrypt's cost for new password hashes (a power of two); existing hashes keep the cost they were made with. */
    AUTH_SCRYPT_N: int(1024, 1_048_576, 32768).refine((n) => (n & (n - 1)) === 0, "must be a power of two between 1024 and 1048576"),
    /** Chat assistant (docs/decisions/014-chat-assistant.md). The offline engine's relevance (0..1) an item needs to be used. */
    CHAT_MATCH_THRESHOLD: decimal(0, 1, 0.7).transform((v) => v ?? 0.7),
    /** How many matching items an answer may draw on. */
    CHAT_MATCH_COUNT: int(1, 10, 3),
    /** The provider's cosine similarity an item needs; unset: by embedding model (0.7 ada-002, 0.3 text-embedding-3-*, else 0.5). */
    CHAT_PROVIDER_MATCH_THRESHOLD: decimal(-1, 1),
    /** Longest wait for one provider call before the offline engine answers instead. */
    CHAT_PROVIDER_TIMEOUT_MS: int(500, 120_000, 15_000),
    /** Provider tokens one chat may use (answers, summaries, embeddings of its questions); 0 = no limit. */
    CHAT_SESSION_TOKEN_BUDGET: int(0, 100_000_000, 20_000),
    /** Provider tokens all chats together may use per day (agency time zone); 0 = no limit. */
    CHAT_DAILY_TOKEN_BUDGET: int(0, 1_000_000_000, 500_000),
    /** Chats started per client address, messages per client address and per chat, within the window. */
    RATE_LIMIT_CHAT_SESSIONS_MAX: int(1, 100000, 10),
    RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: int(1, 100000, 60),
    RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: int(1, 100000, 30),
    RATE_LIMIT_CHAT_WINDOW_MINUTES: int(1, 1440, 10),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "must be set when ADMIN_EMAIL is set" });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_EMAIL"], message: "must be set when ADMIN_PASSWORD is set" });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      const missing = !env.TWILIO_ACCOUNT_SID ? "TWILIO_ACCOUNT_SID" : !env.TWILIO_AUTH_TOKEN ? "TWILIO_AUTH_TOKEN" : "TWILIO_FROM_NUMBER";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "texting needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER (or TWILIO_MESSAGING_SERVICE_SID) together",
      });
    }
    if (env.AI_API_KEY && !env.AI_BASE_URL) {
      ctx.addIssue({ code: "custom", path: ["AI_BASE_URL"], message: "must be set when AI_API_KEY is set" });
    }
    if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "must be set when S3_ACCESS_KEY_ID is set" });
    }
    if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) {
      ctx.addIssue({ code: "custom", path: ["S3_ACCESS_KEY_ID"], message: "must be set when S3_SECRET_ACCESS_KEY is set" });
    }
    // Without a bucket the documents would quietly stay on this machine's disk.
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (env[name] && !env.S3_BUCKET) {
        ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `must be set when ${name} is set` });
        break;
      }
    }
  });

export type Config = ReturnType<typeof finish>;

function finish({ RATE_LIMIT_LOGIN_ACCOUNT_MAX, RATE_LIMIT_LOGIN_IP_MAX, ...env }: z.output<typeof envSchema>) {
  const siteUrl = (env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  return {
    ...env,
    RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: env.RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES ?? RATE_LIMIT_LOGIN_ACCOUNT_MAX ?? 5,
    RATE_LIMIT_LOGIN_IP_FREE_FAILURES: env.RATE_LIMIT_LOGIN_IP_FREE_FAILURES ?? RATE_LIMIT_LOGIN_IP_MAX ?? 20,
    SITE_URL: siteUrl,
    ADMIN_REQUIRE_2FA: env.ADMIN_REQUIRE_2FA ?? env.NODE_ENV === "production",
    isProduction: env.NODE_ENV === "production",
    BACKUP_DIR: env.BACKUP_DIR ?? (env.DATA_DIR.startsWith("memory://") ? undefined : path.join(env.DATA_DIR, "backups")),
    secureCookies: siteUrl.startsWith("https://"),
  };
}

/** Where the agency's notifications go: AGENCY_INBOX, else the stored profile's email. */
export function agencyInbox(config: Pick<Config, "AGENCY_INBOX">, site: SiteFacts): string {
  return config.AGENCY_INBOX ?? site.agency.email;
}

/** A display name as RFC 5322 allows it bare, else quoted (a name with a comma or an @ would split the address). */
function displayName(name: string): string {
  const clean = name.replace(/[\r\n]+/g, " ").trim();
  return /^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(clean) ? clean : `"${clean.replace(/["\\]/g, "\\$&")}"`;
}

/** Whether texting is configured (docs/decisions/064): the Twilio account, its token and a sender. */
export function textingOn(
  config: Pick<Config, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER" | "TWILIO_MESSAGING_SERVICE_SID">,
): boolean {
  return Boolean(
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && (config.TWILIO_FROM_NUMBER || config.TWILIO_MESSAGING_SERVICE_SID),
  );
}

/** The From of every mail: MAIL_FROM, else the stored profile's name and email. */
export function mailFrom(config: Pick<Config, "MAIL_FROM">, site: SiteFacts): string {
  return config.MAIL_FROM ?? `${displayName(site.agency.name)} <${site.agency.email}>`;
}

/**
 * In production, the one warning a plain-http SITE_URL deserves: what it switches off. Null when
 * the address is https or the server is not in production.
 */
export function insecureSiteWarning(config: Pick<Config, "NODE_ENV" | "SITE_URL">): string | null {
  if (config.NODE_ENV !== "production" || config.SITE_URL.startsWith("https://")) return null;
  return `SITE_URL ${config.SITE_URL} is not https, so these protections are off: Secure cookies, HSTS (browsers honour it only over https) and upgrade-insecure-requests. Set SITE_URL to the site's public https address.`;
}

export class ConfigError extends Error {
  constructor(public readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable} ${p.message}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * The server's own rule for TWO_FACTOR_KEY: in production on PostgreSQL it must be set. Several processes
 * may share that database, and a key kept in it would sit beside the secrets it protects, in every copy
 * and backup of it. Checked when the server starts, not by `loadConfig`: the commands (admin:create,
 * db:*) never read a two-factor secret and run without it.
 */
export function twoFactorKeyProblem(config: Pick<Config, "TWO_FACTOR_KEY" | "isProduction" | "DATABASE_URL">): ConfigError | null {
  if (config.TWO_FACTOR_KEY || !config.isProduction || !config.DATABASE_URL) return null;
  return new ConfigError([
    {
      variable: "TWO_FACTOR_KEY",
      message:
        "must be set in production when DATABASE_URL is set: the same key on every process, kept apart from the database and its backups (e.g. openssl rand -base64 32; docs/decisions/048)",
    },
  ]);
}

/** Parses an environment (by default `process.env`); throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? "environment");
        const given = source[variable];
        const shown = given === undefined || /SECRET|PASSWORD|KEY/.test(variable) ? "" : ` (got "${given}")`;
        return { variable, message: issue.message + shown };
      }),
    );
  }
  return finish(result.data);
}

let cached: Config | undefined;
/** The validated configuration of this process, parsed once. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Values the browser may see. Nothing secret goes here. */
export function publicConfig(c: Config = config()) {
  return {
    siteUrl: c.SITE_URL,
    gaMeasurementId: c.GA_MEASUREMENT_ID ?? null,
    whatsappNumber: c.WHATSAPP_NUMBER,
    /** The largest document the server takes (the quote form checks each file against it before sending). */
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    /** Whether /quote offers the USDOT lookup (FMCSA_WEB_KEY is set; the key itself never leaves the server). */
    fmcsaLookup: Boolean(c.FMCSA_WEB_KEY),
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;

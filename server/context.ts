import type { Database, DatabaseHandle } from "#db/client";
import type { Config } from "~/env.server";
import type { AiSettings } from "~/features/ai/client.server";
import type { SignedIn } from "~/features/auth/auth.server";
import type { SignInThrottle } from "~/features/auth/login-throttle.server";
import type { TwoFactorKeyring } from "~/features/auth/two-factor-key.server";
import type { Backups } from "~/features/backup/service.server";
import type { ChatAssistant } from "~/features/chat/chat.server";
import type { CarrierChecks } from "~/features/fmcsa/checks.server";
import type { FmcsaLookup } from "~/features/fmcsa/lookup.server";
import type { MailSender } from "~/features/mail/outbox.server";
import type { PageViews } from "~/features/reports/page-views.server";
import type { SiteSnapshot, SiteStore } from "~/features/settings/site.server";
import type { FileStorage } from "~/features/uploads/storage.server";
import type { StepUpResult } from "~/lib/step-up";
import type { Limits } from "./limits";
import type { Logger } from "./logger";

/** Long-lived services created once at start and handed to API routes and loaders. */
export type AppServices = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  /** Background delivery of the mail outbox. */
  mail: MailSender;
  /** Where uploaded documents are kept (DATA_DIR/uploads). */
  storage: FileStorage;
  /** The daily backup, "Back up now" and db:backup's requests (app/features/backup). */
  backups: Backups;
  /** Set when the process begins to stop: readiness answers 503 from then on. */
  lifecycle: { draining: boolean };
  /** Where rate limits and the upload byte budget count: memory, or PostgreSQL shared by every process. */
  limits: Limits;
  /** Failed admin sign-ins, shared by the sign-in API and the sign-in page's form. */
  loginThrottle: SignInThrottle;
  /** The AI provider (OpenAI-compatible), or null when AI_BASE_URL is not set. */
  ai: AiSettings | null;
  /** The chat assistant: sessions, replies, and the knowledge base kept in step with the blog. */
  chat: ChatAssistant;
  /** The agency's stored profile (Settings), kept in step with every process. */
  site: SiteStore;
  /** Signs what the server leaves in cookies other than the session (flash toasts): the same on every process. */
  cookieSecret: string;
  /** Encrypts the admins' two-factor keys in the database (docs/decisions/048): the same on every process. */
  twoFactorKeys: TwoFactorKeyring;
  /** FMCSA's QCMobile lookup and the trucking leads' carrier checks (063); null without FMCSA_WEB_KEY. */
  fmcsa: { lookup: FmcsaLookup; checks: CarrierChecks } | null;
  /** Views of the public pages, counted off the request's path and written to the database every few seconds. */
  pageViews: PageViews;
};

/** What every React Router loader and action receives as `context`. */
export type RequestContext = Omit<AppServices, "site"> & {
  /** The stored site content as the request found it: the whole render uses this one snapshot. */
  site: SiteSnapshot;
  /** The store itself (a save replaces its snapshot at once). */
  siteStore: SiteStore;
  nonce: string;
  requestId: string;
  /** The visitor's address as server/client-info.ts determines it (behind a trusted proxy, the one it saw). */
  clientIp: string;
  /** A browser sent this request from another site's page (server/origin.ts): actions refuse it. */
  crossSite: boolean;
  /**
   * Drops this process's stored public pages (023) at once, as an admin's write through the API does: for a
   * back-office action that changed what public pages show. Every process drops them again when the
   * change's notification arrives.
   */
  contentChanged: () => void;
  /**
   * The version of the stored content (posts, jobs) as this process knows it: it changes with every change
   * heard (the render cache's drops). Null when a change could go unheard (no render cache, or its notifications
   * lost): then nothing is kept per version.
   */
  contentVersion: () => number | null;
  /**
   * Writes a warning at most once a minute for this request's address (server/log-throttle.ts): for
   * what any visitor can cause as often as they like, such as an action refused as cross-site.
   */
  warnOncePerMinute: (data: Record<string, unknown>, message: string) => void;
  /** The signed-in account of `request`'s session (fully signed in), or null: the one session check. */
  admin: (request: Request) => Promise<SignedIn | null>;
  /** Checks the password (or a current code) again for a dangerous action; marks the session confirmed when right. */
  confirmIdentity: (admin: SignedIn, secret: string) => Promise<StepUpResult>;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

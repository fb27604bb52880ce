/**
 * The mail outbox. `enqueueMail` writes inside the caller's transaction, so a record and its mail
 * are committed together or not at all. `MailSender` delivers in the background: each row is claimed
 * with FOR UPDATE SKIP LOCKED (so several processes on one PostgreSQL never send the same mail at
 * the same time), sent with a Message-ID fixed for the row, retried with exponential backoff, and
 * marked "dead" after MAIL_MAX_ATTEMPTS tries.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/client";
import { mailOutbox, type OutboxMail } from "#db/schema";
import type { Config } from "~/env.server";
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { headerSafe, type MailDraft } from "./templates.server";

type Executor = Pick<Database, "insert">;

/** The domain of the site's Message-IDs (`enqueueMail`'s `domain`): SITE_URL's host. */
export function mailDomain(config: Pick<Config, "SITE_URL">): string {
  try {
    return new URL(config.SITE_URL).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

export async function enqueueMail(
  tx: Executor,
  draft: MailDraft,
  links: { leadId?: string; consentRecordId?: string; domain: string },
): Promise<string> {
  const messageId = `<${randomUUID()}@${links.domain}>`;
  await tx.insert(mailOutbox).values({
    messageId,
    kind: draft.kind,
    toAddress: draft.to,
    replyTo: draft.replyTo ?? null,
    subject: headerSafe(draft.subject),
    textBody: draft.text,
    htmlBody: draft.html,
    leadId: links.leadId ?? null,
    consentRecordId: links.consentRecordId ?? null,
  });
  return messageId;
}

/**
 * Visitor auto-replies queued for `address` in the last day, whatever the case of its letters. Run
 * inside the transaction that may queue one more: it first takes a transaction-scoped lock on the
 * address, so two submissions for one address at the same moment are counted one after the other.
 */
export async function autoRepliesToday(tx: Pick<Database, "select" | "execute">, address: string): Promise<number> {
  const key = address.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`auto-reply:${key}`}, 0))`);
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, "visitor_autoreply"),
        sql`lower(${mailOutbox.toAddress}) = ${key}`,
        gt(mailOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return row?.n ?? 0;
}

/** Delivers one message; throws on failure. */
export type MailTransport = { name: "smtp" | "file"; send: (mail: OutboxMail, from: string) => Promise<void>; close: () => void };

/**
 * Nodemailer's transporter, made when the first mail goes: the library (about 40 modules) loads
 * then rather than while the server starts.
 */
function onFirstUse(options: Parameters<typeof import("nodemailer").createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () =>
      (made ??= import("nodemailer")
        .then(({ default: nodemailer }) => nodemailer.createTransport(options))
        .catch((error: unknown) => {
          // The next mail tries again.
          made = undefined;
          throw error;
        })),
    close: () => {
      void made?.then(
        (transporter) => transporter.close(),
        () => {},
      );
    },
  };
}

export function smtpTransport(url: string): MailTransport {
  // Bounded waits, so one stalled server holds a mail far less than its claim (MailSenderOptions.lockMs).
  const transporter = onFirstUse({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    name: "smtp",
    send: async (mail, from) => {
      await (await transporter.get()).sendMail(message(mail, from));
    },
    close: transporter.close,
  };
}

/**
 * Without SMTP_URL: each mail becomes an .eml file under DATA_DIR/mail, exactly as it would be sent.
 * They hold visitors' personal data: the folder is 0700 and each file 0600, whatever the umask.
 */
export function fileTransport(dir: string, onWrite?: (file: string, mail: OutboxMail) => void): MailTransport {
  const transporter = onFirstUse({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    send: async (mail, from) => {
      const info = (await (await transporter.get()).sendMail(message(mail, from))) as unknown as { message: Buffer };
      ensurePrivateDirSync(dir);
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${mail.kind}-${mail.id}.eml`);
      writeFileSync(file, info.message, { mode: PRIVATE_FILE_MODE });
      chmodSync(file, PRIVATE_FILE_MODE);
      onWrite?.(file, mail);
    },
    close: transporter.close,
  };
}

/**
 * One recipient, handed over as an address object: a string would be parsed as an address list, so
 * a value stored before addresses were checked strictly (`a@b.example,c@d.example`) could fan out.
 */
const oneAddress = (address: string) => ({ name: "", address });

function message(mail: OutboxMail, from: string) {
  return {
    from,
    to: oneAddress(mail.toAddress),
    replyTo: mail.replyTo ? oneAddress(mail.replyTo) : undefined,
    subject: headerSafe(mail.subject),
    text: mail.textBody,
    html: mail.htmlBody ?? undefined,
    messageId: mail.messageId,
    date: mail.createdAt,
    headers: { "X-Mail-Kind": mail.kind },
  };
}

export type MailSenderOptions = {
  db: Database;
  transport: MailTransport;
  /** The From address, or where to read it at each delivery (the stored profile's name may change). */
  from: string | (() => string);
  maxAttempts: number;
  retryBaseMs: number;
  pollIntervalMs: number;
  batchSize?: number;
  /** How long a claimed row stays locked before another sender may take it over. */
  lockMs?: number;
  log?: (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;
};

/** What a delivered mail's content becomes (text_body is NOT NULL: an empty string). */
export const CLEARED_BODY = { textBody: "", htmlBody: null } as const;

export function retryDelayMs(attempts: number, baseMs: number): number {
  // 1st retry after base, then doubling, capped at an hour; ±20% jitter spreads retries out.
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: MailSenderOptions) {}

  /** Whether start() was called: drain() on its own (tests, one-off runs) ignores `stopped`. */
  private started = false;

  start(): void {
    this.started = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Deliver soon: called after a submission is committed. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops after the mail being delivered, waiting at most `timeoutMs` for it. */
  async stop(timeoutMs = 15_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    this.options.transport.close();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.stopped || this.running) return;
    this.running = this.drain().then(
      () => undefined,
      (error) => this.options.log?.("error", { err: error }, "mail sender: database error"),
    );
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else {
      this.schedule(this.options.pollIntervalMs);
    }
  }

  /** Sends every mail that is due; resolves when none is left, or soon after stop(). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.stopped && this.started) return total;
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      for (const mail of claimed) {
        // A claimed mail left unsent on stop is taken again when its claim expires.
        if (this.stopped && this.started) return total;
        await this.deliver(mail);
        total++;
      }
    }
  }

  private async claim(): Promise<OutboxMail[]> {
    const { db, batchSize = 10, lockMs = 120_000 } = this.options;
    const result = await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${lockMs / 1000})
      where id in (
        select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
        order by created_at
        limit ${batchSize}
        for update skip locked
      )
      returning id`);
    const ids = result.rows.map((r) => (r as { id: string }).id);
    if (ids.length === 0) return [];
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  private async deliver(mail: OutboxMail) {
    const { db, transport, from, maxAttempts, retryBaseMs, log } = this.options;
    // Only the holder of this claim may record its outcome: a sender whose claim expired and was taken
    // over by another must not overwrite what that one recorded.
    const stillMine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.attempts, mail.attempts));
    let sent = false;
    try {
      await transport.send(mail, typeof from === "function" ? from() : from);
      sent = true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const dead = mail.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          status: dead ? "dead" : "pending",
          lockedUntil: null,
          lastError: reason.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(mail.attempts, retryBaseMs)),
        })
        .where(stillMine);
      log?.(
        dead ? "error" : "warn",
        { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, reason },
        dead ? "mail delivery gave up" : "mail delivery failed; will retry",
      );
    }
    if (!sent) return;
    // Delivered: recording it is retried on its own, never treated as a failed delivery.
    for (let tries = 1; ; tries++) {
      try {
        await db
          .update(mailOutbox)
          // The content is cleared once delivered: the recipient has it, and the row keeps only what
          // identifies the mail (kind, addresses, subject, Message-ID) until retention deletes it.
          .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null, transport: transport.name, ...CLEARED_BODY })
          .where(stillMine);
        break;
      } catch (error) {
        if (tries >= 3) {
          log?.("error", { err: error, mailId: mail.id }, "mail delivered but not recorded as sent; it may be sent again");
          break;
        }
        await new Promise((r) => setTimeout(r, 200 * tries));
      }
    }
    log?.(
      "info",
      { mailId: mail.id, kind: mail.kind, to: mail.toAddress, transport: transport.name, attempt: mail.attempts },
      "mail delivered",
    );
  }
}

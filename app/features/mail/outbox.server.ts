/**
 * The mail outbox. `enqueueMail` writes inside the caller's transaction, so a record and its mail
 * are committed together or not at all. `MailSender` delivers in the background: each row is claimed
 * with FOR UPDATE SKIP LOCKED (so several processes on one PostgreSQL never send the same mail at
 * the same time), sent with a Message-ID fixed for the row, retried with exponential backoff, and
 * marked "dead" after MAIL_MAX_ATTEMPTS tries.
 *
 * Texts go the same way (docs/decisions/064): `enqueueText` writes a row of channel "sms" in the
 * caller's transaction, and the same sender claims, retries and gives up on it, handing it to the
 * texting transport instead of the mail one. That transport's `gate` may hold a text until the
 * recipient's quiet hours end (not counted as a try) or cancel it (consent revoked since it was queued).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database } from "#db/client";
import { mailOutbox, type OutboxMail } from "#db/schema";
import type { Config } from "~/env.server";
import { mailFileName, removeMailFile, writeMailFileSync } from "./mail-files.server";
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
 * A text, queued in the caller's transaction like a mail: `to` is an E.164 number, `notBefore` the
 * end of the recipient's quiet hours when it is queued in them. Returns the row's id (the timeline's
 * entry for the text names it, and the delivery status is read from it).
 */
export async function enqueueText(
  tx: Executor,
  text: { kind: string; to: string; body: string; notBefore?: Date | null },
  links: { leadId?: string | null; consentRecordId?: string | null; domain: string },
): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      messageId: `<${randomUUID()}@${links.domain}>`,
      channel: "sms",
      kind: text.kind,
      toAddress: text.to,
      subject: "",
      textBody: text.body,
      leadId: links.leadId ?? null,
      consentRecordId: links.consentRecordId ?? null,
      ...(text.notBefore ? { nextAttemptAt: text.notBefore } : {}),
    })
    .returning({ id: mailOutbox.id });
  return row.id;
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

/** What a transport's gate decides for a row about to be sent: go, wait until a time, or never go. */
export type Gate = { hold: Date } | { cancel: string } | null;

/** Delivers one message; throws on failure. */
export type MailTransport = {
  name: "smtp" | "file" | "twilio";
  /** Resolves with the provider's id of the message when it gives one (a text's Message SID) and its first status. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a mail transport resolves with nothing, and tests' stand-ins are async functions that return nothing.
  send: (mail: OutboxMail, from: string) => Promise<void | { providerId?: string; status?: string }>;
  /** Asked before each delivery (texts: quiet hours and consent); null lets it go. */
  gate?: (mail: OutboxMail, now: Date) => Promise<Gate>;
  close: () => void;
  /** For a transport that keeps a copy of what it sent (the file transport): removes that copy. */
  discard?: (mail: OutboxMail) => Promise<void>;
};

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
 * Without SMTP_URL: each mail becomes an .eml file under DATA_DIR/mail, exactly as it would be sent,
 * named after its outbox row (mail-files.server.ts), so an erasure finds the files of the rows it
 * deletes. They hold visitors' personal data: the folder is 0700 and each file 0600, whatever the umask.
 */
export function fileTransport(dir: string, onWrite?: (file: string, mail: OutboxMail) => void): MailTransport {
  const transporter = onFirstUse({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    send: async (mail, from) => {
      const info = (await (await transporter.get()).sendMail(message(mail, from))) as unknown as { message: Buffer };
      const file = writeMailFileSync(dir, mailFileName(mail), info.message);
      onWrite?.(file, mail);
    },
    close: transporter.close,
    discard: async (mail) => {
      await removeMailFile(path.join(dir, mailFileName(mail)));
    },
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
  /** The texting transport (Twilio); without it texts stay queued and none is claimed. */
  texts?: MailTransport | null;
  /** The clock rows fall due by (tests set it; unset, the database's own `now()`). */
  now?: () => Date;
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
    this.options.texts?.close();
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
    const { db, batchSize = 10, lockMs = 120_000, texts, now } = this.options;
    const due = now ? sql`${now().toISOString()}::timestamptz` : sql`now()`;
    const channels = texts ? sql`channel in ('mail', 'sms')` : sql`channel = 'mail'`;
    const result = await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${lockMs / 1000})
      where id in (
        select id from mail_outbox
        where ${channels} and ((status = 'pending' and next_attempt_at <= ${due}) or (status = 'sending' and locked_until < now()))
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

  /**
   * A transport's copy of a mail (the file transport's .eml) as its row is now. An erasure deletes or
   * redacts the row, then goes over the folder before it commits; a copy written after it went over
   * it is put right here: the row is read again under a share lock, which waits for that erasure's
   * commit, and the copy is removed if the row is gone (false), or written again from the row if its
   * content changed meanwhile.
   */
  private async settleCopy(mail: OutboxMail, from: string): Promise<boolean> {
    const { db, transport } = this.options;
    let written = mail;
    for (let tries = 0; tries < 3; tries++) {
      const [current] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id)).for("share");
      if (!current) {
        await transport.discard?.(written);
        return false;
      }
      const same = (["toAddress", "replyTo", "subject", "textBody", "htmlBody"] as const).every((k) => current[k] === written[k]);
      // Cleared on delivery by another sender that took the claim over: its copy was written in full.
      if (same || (current.status === "sent" && current.textBody === "")) return true;
      await transport.send(current, from);
      written = current;
    }
    return true;
  }

  private async deliver(mail: OutboxMail) {
    const { db, from, maxAttempts, retryBaseMs, log } = this.options;
    const transport = mail.channel === "sms" && this.options.texts ? this.options.texts : this.options.transport;
    // Only the holder of this claim may record its outcome: a sender whose claim expired and was taken
    // over by another must not overwrite what that one recorded.
    const stillMine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.attempts, mail.attempts));
    let sent = false;
    let receipt: { providerId?: string; status?: string } | undefined;
    try {
      const gate = await transport.gate?.(mail, this.options.now?.() ?? new Date());
      if (gate && "hold" in gate) {
        // Waiting for the recipient's morning is not a failed try.
        await db
          .update(mailOutbox)
          .set({ status: "pending", attempts: sql`${mailOutbox.attempts} - 1`, lockedUntil: null, nextAttemptAt: gate.hold })
          .where(stillMine);
        log?.("info", { mailId: mail.id, kind: mail.kind, until: gate.hold.toISOString() }, "text held for the recipient's quiet hours");
        return;
      }
      if (gate && "cancel" in gate) {
        await db
          .update(mailOutbox)
          .set({ status: "cancelled", lockedUntil: null, lastError: gate.cancel, ...CLEARED_BODY })
          .where(stillMine);
        log?.("info", { mailId: mail.id, kind: mail.kind, reason: gate.cancel }, "text cancelled before sending");
        return;
      }
      const sender = typeof from === "function" ? from() : from;
      receipt = (await transport.send(mail, sender)) ?? undefined;
      if (transport.discard && !(await this.settleCopy(mail, sender))) return;
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
          .set({
            status: "sent",
            sentAt: new Date(),
            lockedUntil: null,
            lastError: null,
            transport: transport.name,
            ...CLEARED_BODY,
            ...(receipt?.providerId ? { providerId: receipt.providerId, deliveryStatus: receipt.status ?? "queued" } : {}),
          })
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
      mail.channel === "sms" ? "text handed to the provider" : "mail delivered",
    );
  }
}

/**
 * The USDOT lookup (docs/decisions/063): QCMobile asked through FMCSA_API_BASE with FMCSA_WEB_KEY,
 * answers kept 24 hours in `fmcsa_carriers` (a carrier FMCSA does not know too), every call bounded to
 * 2 seconds, and a circuit breaker: after 3 failures in a row FMCSA is not asked for 30 seconds, then
 * one call tries again. A failure or a wrong-shaped answer never throws to the caller: the form goes
 * on as it would without the lookup.
 */
import { eq } from "drizzle-orm";
import type { ZodType } from "zod";
import type { Database } from "#db/client";
import { fmcsaCarriers } from "#db/schema";
import type { Config } from "~/env.server";
import { authorityAnswer, cargoAnswer, carrierAnswer, carrierRecord, oosAnswer, operationAnswer, storedRecord } from "./qcmobile.server";
import { type CarrierRecord, DOT_PATTERN } from "./record";

export type LookupResult =
  | { status: "found"; record: CarrierRecord; cached: boolean }
  | { status: "not_found" }
  /** FMCSA answered something of the wrong shape: logged, and treated as no answer. */
  | { status: "invalid" }
  /** FMCSA did not answer in time, failed, or the breaker is open. */
  | { status: "unavailable" };

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

export type FmcsaOptions = {
  db: Database;
  webKey: string;
  baseUrl: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** Failures in a row that open the breaker, and how long it stays open. */
  breakerFailures?: number;
  breakerOpenMs?: number;
  log?: Log;
  now?: () => number;
};

class Unavailable extends Error {}
class WrongShape extends Error {}

export class FmcsaLookup {
  private failures = 0;
  private openUntil = 0;
  /** Counts of calls that went to FMCSA (tests read them). */
  calls = 0;

  constructor(private readonly options: FmcsaOptions) {}

  /** Whether the breaker keeps calls from FMCSA now. */
  get open(): boolean {
    return this.now() < this.openUntil;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  async lookup(dot: string): Promise<LookupResult> {
    if (!DOT_PATTERN.test(dot)) return { status: "not_found" };
    const key = String(Number(dot));
    const { db, cacheMs = 24 * 3_600_000, log } = this.options;
    const [cached] = await db.select().from(fmcsaCarriers).where(eq(fmcsaCarriers.dotNumber, key));
    if (cached && this.now() - cached.fetchedAt.getTime() < cacheMs) {
      if (cached.record === null) return { status: "not_found" };
      const record = storedRecord.safeParse(cached.record);
      if (record.success) return { status: "found", record: record.data, cached: true };
    }
    if (this.open) return { status: "unavailable" };
    try {
      const record = await this.ask(key);
      this.failures = 0;
      await db
        .insert(fmcsaCarriers)
        .values({ dotNumber: key, record, fetchedAt: new Date(this.now()) })
        .onConflictDoUpdate({ target: fmcsaCarriers.dotNumber, set: { record, fetchedAt: new Date(this.now()) } });
      return record ? { status: "found", record, cached: false } : { status: "not_found" };
    } catch (error) {
      if (error instanceof WrongShape) {
        log?.("warn", { dotNumber: key, problem: error.message }, "FMCSA answered in an unexpected shape; ignored");
        return { status: "invalid" };
      }
      this.failures++;
      const { breakerFailures = 3, breakerOpenMs = 30_000 } = this.options;
      if (this.failures >= breakerFailures) {
        this.openUntil = this.now() + breakerOpenMs;
        this.failures = 0;
        log?.("warn", { dotNumber: key, openMs: breakerOpenMs }, "FMCSA lookups paused after failures in a row");
      }
      log?.("warn", { dotNumber: key, reason: error instanceof Error ? error.message : String(error) }, "FMCSA lookup failed");
      return { status: "unavailable" };
    }
  }

  /** The carrier's five answers, together bounded by the timeout; null when FMCSA knows no such carrier. */
  private async ask(dot: string): Promise<CarrierRecord | null> {
    const { baseUrl, webKey, timeoutMs = 2000 } = this.options;
    this.calls++;
    const signal = AbortSignal.timeout(timeoutMs);
    const base = baseUrl.replace(/\/+$/, "");
    const get = async <T>(path: string, schema: ZodType<T>, optional: boolean): Promise<T | null> => {
      const url = `${base}/carriers/${dot}${path}?webKey=${encodeURIComponent(webKey)}`;
      let res: Response;
      try {
        res = await fetch(url, { signal, headers: { accept: "application/json" } });
      } catch (error) {
        // The key is in the address: only the path is told.
        throw new Unavailable(`${path || "/"}: ${error instanceof Error ? error.name : "failed"}`);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Unavailable(`${path || "/"}: status ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        if (signal.aborted) throw new Unavailable(`${path || "/"}: timed out`);
        throw new WrongShape(`${path || "/"}: not JSON`);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        if (optional) return null;
        throw new WrongShape(
          `${path || "/"}: ${parsed.error.issues
            .map((i) => `${i.path.join(".")} ${i.message}`)
            .join("; ")
            .slice(0, 300)}`,
        );
      }
      return parsed.data;
    };
    const [carrier, authority, cargo, operation, oos] = await Promise.all([
      get("", carrierAnswer, false),
      get("/authority", authorityAnswer, true),
      get("/cargo-classification", cargoAnswer, true),
      get("/operation-classification", operationAnswer, true),
      get("/oos", oosAnswer, true),
    ]);
    if (!carrier?.content) return null;
    return carrierRecord({
      carrier,
      authority: authority ?? { content: null },
      cargo: cargo ?? { content: null },
      operation: operation ?? { content: null },
      oos: oos ?? { content: null },
    });
  }
}

/** The lookup when FMCSA_WEB_KEY is set, else null: the feature is off. */
export function createFmcsaLookup(config: Pick<Config, "FMCSA_WEB_KEY" | "FMCSA_API_BASE">, db: Database, log?: Log): FmcsaLookup | null {
  if (!config.FMCSA_WEB_KEY) return null;
  return new FmcsaLookup({ db, webKey: config.FMCSA_WEB_KEY, baseUrl: config.FMCSA_API_BASE, log });
}

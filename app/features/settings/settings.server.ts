/**
 * Settings the agency's staff change in the back office, kept in `site_settings` so every server
 * process reads the same value. Each key has a default used until someone changes it.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { siteSettings } from "#db/schema";

export const settingDefaults = {
  /** New leads are given in turn to the active admins (the one who waited longest first). */
  lead_round_robin: false,
} as const;

export type SettingKey = keyof typeof settingDefaults;
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K] extends boolean ? boolean : (typeof settingDefaults)[K];

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "insert">;

export async function getSetting<K extends SettingKey>(db: Reader, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  const fallback = settingDefaults[key] as SettingValue<K>;
  if (!row) return fallback;
  return typeof row.value === typeof fallback ? (row.value as SettingValue<K>) : fallback;
}

export async function setSetting<K extends SettingKey>(
  db: Writer,
  key: K,
  value: SettingValue<K>,
  by: { id: string } | null,
): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedBy: by?.id ?? null })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: by?.id ?? null } });
}

/**
 * A secret every process shares, made once and kept in `site_settings` under `secret:<name>`: the
 * given one (an environment value) when set, else the stored one, else a new random one stored now.
 */
export async function sharedSecret(db: Database, name: string, given?: string): Promise<string> {
  if (given) return given;
  const key = `secret:${name}`;
  const fresh = randomBytes(32).toString("base64url");
  await db.insert(siteSettings).values({ key, value: fresh, updatedBy: null }).onConflictDoNothing({ target: siteSettings.key });
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  if (typeof row?.value !== "string") throw new Error(`the shared secret ${name} could not be read`);
  return row.value;
}

/** The shared secret stored under `secret:<name>`, or null when none was made yet (nothing is stored). */
export async function storedSecret(db: Pick<Database, "select">, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, `secret:${name}`));
  return typeof row?.value === "string" ? row.value : null;
}

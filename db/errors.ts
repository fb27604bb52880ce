/** What the database's errors mean, whichever driver raised them (PGlite, node-postgres through Drizzle). */

/** A unique constraint refused the row (SQLSTATE 23505): the error itself, or the one Drizzle wraps. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

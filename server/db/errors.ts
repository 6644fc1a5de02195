/** Postgres unique_violation, as pg and PGlite report it (directly or wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === "23505";
}

/** Postgres unique_violation, as pg and PGlite report it (directly or wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === "23505";
}

/** SQLSTATEs of a database that is gone or going: connection exceptions (08…), shutdowns, no slots. */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P01|57P02|57P03|53300)$/;
const UNAVAILABLE_SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** What node-postgres says when a connection breaks or cannot be had in time (it sets no code). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection refused/i;

/**
 * The database cannot be reached (PostgreSQL restarting, the network down): the request may
 * succeed in a moment, so it is a 503, not a 500. Looks through Drizzle's wrapping (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * A random key for one attempt at creating something, sent as Idempotency-Key so that a retry after
 * a dropped answer returns the first result instead of creating it twice. `crypto.randomUUID`
 * exists only on secure pages (HTTPS or localhost); a site tried over plain HTTP on a local network
 * still gets 128 random bits.
 */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

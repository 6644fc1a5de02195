import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { reservations } from "../db/schema";
import { ValidationError } from "../http/errors";
import { loadReservation } from "./load";

/** An Idempotency-Key and the fingerprint of the request that came with it. */
export type Idempotency = { key: string; fingerprint: string };

/** Objects with their keys sorted, at every depth: the same values always serialise the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
};

/** The request's key with the SHA-256 of its validated body, or null when it sent no key. */
export function idempotencyOf(key: string | undefined, body: unknown): Idempotency | null {
  if (!key) return null;
  return {
    key,
    fingerprint: createHash("sha256")
      .update(JSON.stringify(canonical(body)))
      .digest("hex"),
  };
}

/**
 * The booking made earlier with this key, or null. A key answers only the request it was first
 * used with: the same key with other values is refused, and learns nothing of the first booking
 * (issue 23: a guessed or leaked key must not hand over someone's name, email and phone).
 */
export async function bookedWith(db: Database, landingId: number, idempotency: Idempotency) {
  const [row] = await db
    .select({ id: reservations.id, fingerprint: reservations.idempotencyFingerprint })
    .from(reservations)
    .where(and(eq(reservations.landingId, landingId), eq(reservations.idempotencyKey, idempotency.key)))
    .limit(1);
  if (!row) return null;
  if (row.fingerprint !== idempotency.fingerprint)
    throw ValidationError.field("idempotency-key", "idempotencyKeyReused");
  return loadReservation(db, row.id);
}

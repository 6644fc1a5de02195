import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { hashToken } from "../auth";
import type { Database } from "../db/database";
import { preparedPerTransaction } from "../db/prepared";
import { reservations } from "../db/schema";
import { ValidationError } from "../http/errors";
import type { Secrets } from "../secrets";
import { landingVehicleIds } from "./availability";
import { loadReservation } from "./load";
import type { ReservationWithAddons } from "./presenter";

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

/**
 * The request's key with the SHA-256 of its validated body (which nothing changes afterwards), or
 * null when it sent no key. The fingerprint is worked out the first time it is read: only a
 * booking and a retry need it, and a refusal from what the site keeps (the 409 path) never does;
 * it was 7 % of such a refusal's time on the server (issue 29, docs/performance.md).
 */
export function idempotencyOf(key: string | undefined, body: unknown): Idempotency | null {
  if (!key) return null;
  let fingerprint: string | undefined;
  return {
    key,
    get fingerprint() {
      fingerprint ??= createHash("sha256")
        .update(JSON.stringify(canonical(body)))
        .digest("hex");
      return fingerprint;
    },
  };
}

/** A booking made earlier with an Idempotency-Key: its id and the fingerprint of the request that made it. */
export type EarlierBooking = { id: number; fingerprint: string | null };

/**
 * Thrown where a request's first statement found a booking made earlier with its key
 * (`checkRequest`): the request is a retry, answered with that booking before any check.
 */
export class BookedEarlier extends Error {
  constructor(readonly booking: EarlierBooking) {
    super("a booking was made earlier with this Idempotency-Key");
  }
}

/**
 * The booking of this landing made with `key`, with the values `landingId` and `key`: its columns
 * are `id` and `idempotency_fingerprint`. A statement of its own (`earlierBookingQuery`), or part
 * of a booking's first read on the site (`keptBookingVehicle`).
 */
export const earlierBookingSelect = (db: Database) =>
  db
    .select({ id: reservations.id, fingerprint: reservations.idempotencyFingerprint })
    .from(reservations)
    // Keys are unique per landing.
    .where(
      and(
        eq(reservations.landingId, sql.placeholder("landingId")),
        eq(reservations.idempotencyKey, sql.placeholder("key")),
      ),
    )
    .limit(1);

/**
 * `earlierBookingSelect` as a statement built once, run on the database or in a transaction (a
 * booking's first read, `booking-vehicle.ts`).
 */
export const earlierBookingQuery = preparedPerTransaction((tx: Database, _shape: "by key") => earlierBookingSelect(tx));

/**
 * The Idempotency-Keys of a landing's bookings, whatever their status, not yet returned at `since`:
 * what the site keeps beside the landing's holds to tell a retry from a new booking without a
 * statement (`keptNewKey`). A retry asks for its booking's own period, so a retry of a period the
 * holds cover is always among them. Read as the holds are, a range of each car's bookings by
 * return (`reservations_vehicle_return_idx`), never the landing's whole history.
 */
export const keysOfBookingsQuery = (db: Database, landingId: number, since: Date) =>
  db
    .select({ key: reservations.idempotencyKey })
    .from(reservations)
    .where(
      and(
        inArray(reservations.vehicleId, landingVehicleIds(db, landingId)),
        gt(reservations.returnAt, since),
        isNotNull(reservations.idempotencyKey),
      ),
    );

/** `keysOfBookingsQuery`'s keys, read. */
export async function keysOfBookingsSince(db: Database, landingId: number, since: Date): Promise<Set<string>> {
  const rows = await keysOfBookingsQuery(db, landingId, since);
  return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
}

/** The booking of this landing made earlier with this key, or null. */
async function earlierBooking(db: Database, landingId: number, key: string): Promise<EarlierBooking | null> {
  const [row] = await earlierBookingQuery(db, "by key").execute({ landingId, key });
  return row ?? null;
}

/**
 * What a retry is answered: the booking made earlier with its key, or null when it is gone. A key
 * answers only the request it was first used with: the same key with other values is refused, and
 * learns nothing of the first booking (issue 23: a guessed or leaked key must not hand over
 * someone's name, email and phone).
 */
export async function replayOf(db: Database, earlier: EarlierBooking, idempotency: Idempotency) {
  if (earlier.fingerprint !== idempotency.fingerprint)
    throw ValidationError.field("idempotency-key", "idempotencyKeyReused");
  return loadReservation(db, earlier.id);
}

/**
 * The customer's token of a booking made with this key: the same for the same landing, key and
 * request, and made only by this server (`Secrets.derivedToken`), so a true retry can be handed
 * the token again, though the database keeps only its hash: a traveller whose first answer was
 * lost lands on their booking's thank-you page, not on "not found".
 */
export function customerTokenFor(secrets: Secrets, landingId: number, idempotency: Idempotency): string {
  return secrets.derivedToken("customer token", `${landingId}\n${idempotency.key}\n${idempotency.fingerprint}`);
}

/**
 * The token a retry is answered with: the booking's own, when the key made it; null for a
 * booking whose token was not derived (made before, or under another secrets key).
 */
export function replayedToken(secrets: Secrets, found: ReservationWithAddons, idempotency: Idempotency): string | null {
  const token = customerTokenFor(secrets, found.reservation.landingId, idempotency);
  return found.reservation.customerTokenHash === hashToken(token) ? token : null;
}

/** The booking made earlier with this key, or null (`replayOf`). */
export async function bookedWith(db: Database, landingId: number, idempotency: Idempotency) {
  const earlier = await earlierBooking(db, landingId, idempotency.key);
  return earlier ? replayOf(db, earlier, idempotency) : null;
}

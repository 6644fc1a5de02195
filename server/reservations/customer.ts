import type { ReservationStatus } from "@domain/reservations";
import { and, eq, isNull } from "drizzle-orm";
import { hashToken, sameSecret } from "../auth";
import type { Database } from "../db/database";
import { landings, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { loadReservation } from "./load";
import { applyStatusChange } from "./status";

const notFound = () => new HttpError(404, "reservationNotFound");

/** Whether the pickup time has come: from then on the customer cannot cancel online. */
export const pickupHasPassed = (reservation: { pickupAt: Date }, now: Date) =>
  reservation.pickupAt.getTime() <= now.getTime();

/**
 * The customer's own reservation, opened with the secret from their email (or from the express
 * pickup's reminder). Anything wrong (another
 * landing, an unknown reference, a wrong or missing token, an unpublished landing) is the same 404,
 * so the link cannot be guessed one part at a time.
 */
export async function findCustomerReservation(db: Database, landingName: string, reference: string, token: string) {
  const [row] = await db
    .select({ reservation: reservations, landing: landings })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(
      and(
        eq(reservations.reference, reference),
        eq(landings.name, landingName),
        eq(landings.status, "published"),
        isNull(landings.deletedAt),
      ),
    )
    .limit(1);
  if (!row || !token) throw notFound();
  // The link of the booking's first email, or of a later one (its confirmation, the express-pickup reminder).
  const given = hashToken(token);
  const secrets = [row.reservation.customerTokenHash, ...row.reservation.linkTokenHashes];
  if (!secrets.some((stored) => stored && sameSecret(given, stored))) throw notFound();
  return row;
}

/**
 * The customer cancels from their page: the policy's fee applies, and the owner is told. Once the
 * pickup time has come the rental may be under way, so only the owner can end it (SPEC §9, PRODUCT
 * §5): the unit stays held, and the customer is asked to call.
 */
export async function cancelByCustomer(
  deps: AppDeps,
  landingName: string,
  reference: string,
  token: string,
  /** The status the customer's page showed, with the fee it showed for it; moved since: 409. */
  seen?: ReservationStatus,
) {
  const { reservation, landing } = await findCustomerReservation(deps.db, landingName, reference, token);
  if (pickupHasPassed(reservation, deps.clock.now())) throw new HttpError(409, "cancelAfterPickup");
  return applyStatusChange(deps, {
    reservation,
    landing,
    to: "cancelled",
    scope: eq(reservations.customerTokenHash, reservation.customerTokenHash ?? ""),
    by: "customer",
    seen,
  });
}

export async function customerReservation(db: Database, landingName: string, reference: string, token: string) {
  const { reservation } = await findCustomerReservation(db, landingName, reference, token);
  const found = await loadReservation(db, reservation.id);
  if (!found) throw notFound();
  return found;
}

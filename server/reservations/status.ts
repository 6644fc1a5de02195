import { cancellationCharge } from "@domain/cancellation";
import { type CancelledBy, canTransition, type ReservationStatus } from "@domain/reservations";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { notifyLive } from "../live";
import { queueMails } from "../mail";
import { lockAndCheckVehicle } from "./availability";
import { customerMail, expressRemindedWith, type OwnerContact, ownerContactOf, ownerMail } from "./emails";
import { issueLinkToken } from "./link-tokens";
import { liveEventOf } from "./live-event";
import { loadReservation } from "./load";
import { policyOf, type ReservationWithAddons } from "./presenter";

/**
 * A reservation's status, moved by its owner from the dashboard or by its customer from their
 * email's link (customer.ts): the transition allowed, the fee stored, the emails and live notice sent.
 */

const notFound = () => new HttpError(404, "reservationNotFound");

async function findOwnedReservation(db: Database, ownerId: number, reservationId: number) {
  const [row] = await db
    .select({ reservation: reservations, landing: landings })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

type StatusChange = {
  reservation: typeof reservations.$inferSelect;
  landing: typeof landings.$inferSelect;
  to: ReservationStatus;
  /** The tenant's (or the customer's) condition on the write itself, besides the reservation id. */
  scope: SQL;
  /** Who moves it: the owner from the dashboard, or the customer from their email's link. */
  by: CancelledBy;
  /** A confirmed booking cancelled by its owner, who forgoes the policy's fee. */
  waiveFee?: boolean;
  /**
   * The status the screen showed when the move was chosen (the owner's dialog, the customer's
   * page), whose fee and words were for it: a booking moved since answers 409.
   */
  seen?: ReservationStatus;
};

/** The emails of a move: the customer hears of every answer; the owner of the customer's cancellation. */
async function statusMails(
  tx: Database,
  deps: AppDeps,
  change: StatusChange,
  found: ReservationWithAddons,
  owner: OwnerContact | undefined,
) {
  const { landing, to, by, reservation } = change;
  // The confirmation links to the customer's page and its express pickup (issue 28.6), with a secret of its own.
  if (to === "confirmed") {
    const token = found.reservation.email ? await issueLinkToken(tx, reservation.id) : undefined;
    return customerMail(deps, landing, found, "reservation.confirmed", owner?.email, token);
  }
  if (to !== "cancelled") return [];
  // A request the owner turns down is declined, politely and for nothing; not "cancelled".
  const declined = by === "owner" && reservation.status === "pending";
  return [
    ...customerMail(deps, landing, found, declined ? "reservation.declined" : "reservation.cancelled", owner?.email),
    ...(by === "customer" && owner ? [ownerMail(deps, landing, found, "reservation.owner.cancelled", owner)] : []),
  ];
}

/**
 * Moves a reservation along pending -> confirmed | cancelled, confirmed -> cancelled | completed |
 * no_show, returned -> completed (domain/reservations.ts; the counter moves the rest).
 * A cancellation stores the fee of the policy at this moment (none for a request never confirmed,
 * or when the owner forgoes it) and who cancelled, and frees the unit at once; the customer is
 * told of a confirmation or a cancellation by email, the owner's open dashboards of the customer's
 * cancellation. A booking is completed, or a no-show, only once its pickup time has come (a car back
 * from an early handover is completed at once). The write matches the
 * status it was read in, so two people answering at once cannot both move it.
 */
export async function applyStatusChange(deps: AppDeps, change: StatusChange) {
  const { reservation, landing, to, scope, by, waiveFee = false, seen } = change;
  const from = reservation.status as ReservationStatus;
  if (!canTransition(from, to) || (seen !== undefined && seen !== from)) {
    throw new HttpError(409, "statusTransition", { from, to });
  }
  // Awaiting payment (issue 27): the owner confirms a bank transfer received; a card payment
  // confirms itself when the provider reports it, never by hand.
  const plan = reservation.paymentPlan;
  const transferReceived = from === "awaiting_payment" && to === "confirmed" && plan?.channel === "transfer";
  if (from === "awaiting_payment" && to === "confirmed" && !transferReceived) {
    throw new HttpError(409, "paymentAwaited");
  }
  const now = deps.clock.now();
  // A car handed over early and back (at the counter) is done whatever its booked pickup said.
  if (to === "completed" && from !== "returned" && reservation.pickupAt.getTime() > now.getTime()) {
    throw new HttpError(409, "completeBeforePickup");
  }
  // Nobody can have failed to come before the time they were due.
  if (to === "no_show" && reservation.pickupAt.getTime() > now.getTime()) {
    throw new HttpError(409, "noShowBeforePickup");
  }
  const charge = cancellationCharge(
    { totalCents: reservation.totalCents, pickupAt: reservation.pickupAt, confirmed: from === "confirmed" },
    now,
    policyOf(reservation),
  );
  const fee = to === "cancelled" ? (waiveFee ? 0 : charge.feeCents) : reservation.cancellationFeeCents;
  await deps.db.transaction(async (tx) => {
    // A transfer marked received after its deadline: the unit stopped being held for it then, and
    // is the booking's again only if nobody took it meanwhile.
    const late = reservation.paymentDueAt !== null && reservation.paymentDueAt.getTime() <= now.getTime();
    if (transferReceived && late && reservation.vehicleId !== null) {
      const period = { from: reservation.pickupAt, to: reservation.returnAt };
      if (!(await lockAndCheckVehicle(tx, reservation.vehicleId, period, reservation.id))) {
        throw new HttpError(409, "transferTooLate");
      }
    }
    const updated = await tx
      .update(reservations)
      .set({
        status: to,
        cancellationFeeCents: fee,
        confirmedAt: to === "confirmed" ? now : reservation.confirmedAt,
        expressRemindedAt:
          to === "confirmed"
            ? (reservation.expressRemindedAt ?? expressRemindedWith(reservation.pickupAt, now))
            : reservation.expressRemindedAt,
        paymentDueAt: to === "confirmed" || to === "cancelled" ? null : reservation.paymentDueAt,
        cancelledAt: to === "cancelled" ? now : reservation.cancelledAt,
        cancelledBy: to === "cancelled" ? by : reservation.cancelledBy,
        completedAt: to === "completed" ? now : reservation.completedAt,
        version: sql`${reservations.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(reservations.id, reservation.id), scope, eq(reservations.status, from)))
      .returning({ id: reservations.id });
    if (updated.length === 0) throw new HttpError(409, "statusTransition", { from, to });
    if (transferReceived && plan) {
      // The transfer the owner saw arrive, on the booking's ledger with the rest of its money.
      await tx.insert(payments).values({
        reservationId: reservation.id,
        landingId: reservation.landingId,
        kind: "transfer",
        status: "succeeded",
        amountCents: plan.prepayCents,
        currency: reservation.currency.toLowerCase(),
        provider: "manual",
        providerId: null,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (to === "confirmed" || to === "cancelled") {
      const found = await loadReservation(tx, reservation.id);
      if (!found) throw notFound();
      await queueMails(tx, now, await statusMails(tx, deps, change, found, await ownerContactOf(tx, landing)));
    }
    if (to === "cancelled" && by === "customer") {
      await notifyLive(tx, liveEventOf("reservation.cancelled", landing, reservation));
    }
  });
  const found = await loadReservation(deps.db, reservation.id);
  if (!found) throw notFound();
  return found;
}

/** An owner's status change: only on a reservation of one of their landings. */
export async function changeReservationStatus(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  change: { status: ReservationStatus; waive_fee: boolean; from?: ReservationStatus },
) {
  const { reservation, landing } = await findOwnedReservation(deps.db, ownerId, reservationId);
  return applyStatusChange(deps, {
    reservation,
    landing,
    to: change.status,
    scope: onLandingOwnedBy(reservations.landingId, ownerId),
    by: "owner",
    waiveFee: change.waive_fee,
    seen: change.from,
  });
}

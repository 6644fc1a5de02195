import { and, asc, eq, lte, sql } from "drizzle-orm";
import { landings, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { notifyLive } from "../live";
import { queueMails } from "../mail";
import { lockAndCheckVehicle } from "./availability";
import { customerMail, ownerEmailOf, ownerMail } from "./emails";
import { liveEventOf } from "./live-event";
import { loadReservation } from "./load";

/**
 * A booking awaiting its payment (issue 27) moves on only through here: paid, it is confirmed (and
 * the customer and the operator hear of it, the dashboards see it); unpaid in time, it lapses and
 * frees its unit. Each move matches the status it was read in, so a webhook, the customer's return
 * and the sweep arriving together move it once.
 */

/** What became of a booking whose payment came in. */
export type PaidOutcome = "confirmed" | "already" | "lapsed" | "missing";

export async function confirmPaid(deps: AppDeps, landingId: number, reservationId: number): Promise<PaidOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ reservation: reservations, landing: landings })
      .from(reservations)
      .innerJoin(landings, eq(landings.id, reservations.landingId))
      .where(and(eq(reservations.id, reservationId), eq(reservations.landingId, landingId)))
      .for("update", { of: reservations });
    if (!row) return "missing";
    const { reservation, landing } = row;
    // Lapsed unpaid: this payment came too late and goes back. Cancelled after it was paid (the
    // return settled it first): the cancellation already refunded what the policy gives back.
    if (reservation.status === "cancelled") return reservation.cancelledBy === "unpaid" ? "lapsed" : "already";
    if (reservation.status !== "awaiting_payment") return "already";
    // Paid after its time: the unit is its own only if nobody booked it meanwhile.
    const late = reservation.paymentDueAt !== null && reservation.paymentDueAt.getTime() <= now.getTime();
    const period = { from: reservation.pickupAt, to: reservation.returnAt };
    if (
      late &&
      reservation.vehicleId !== null &&
      !(await lockAndCheckVehicle(tx, reservation.vehicleId, period, reservation.id))
    ) {
      await lapse(tx, reservation.id, now);
      return "lapsed";
    }
    await tx
      .update(reservations)
      .set({
        status: "confirmed",
        confirmedAt: now,
        paymentDueAt: null,
        version: sql`${reservations.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(reservations.id, reservation.id), eq(reservations.status, "awaiting_payment")));
    const found = await loadReservation(tx, reservation.id);
    if (!found) return "missing";
    const ownerEmail = await ownerEmailOf(tx, landing);
    await queueMails(tx, now, [
      ...(ownerEmail ? [ownerMail(deps, landing, found, "reservation.owner", ownerEmail)] : []),
      ...customerMail(deps, landing, found, "reservation.confirmed", ownerEmail),
    ]);
    await notifyLive(tx, liveEventOf("reservation.created", landing, reservation));
    return "confirmed";
  });
}

function lapse(tx: AppDeps["db"], reservationId: number, now: Date) {
  return tx
    .update(reservations)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelledBy: "unpaid",
      cancellationFeeCents: 0,
      paymentDueAt: null,
      version: sql`${reservations.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, "awaiting_payment")))
    .returning({ id: reservations.id });
}

/** A booking whose payment did not come in time lapses, if it is still waiting; true when it did. */
export async function lapseUnpaid(deps: AppDeps, reservationId: number): Promise<boolean> {
  return (await lapse(deps.db, reservationId, deps.clock.now())).length > 0;
}

/** The bookings whose payment is due by now, oldest first, a batch at a time (the sweep's work). */
export function unpaidDue(deps: AppDeps, limit = 50) {
  return deps.db
    .select({
      id: reservations.id,
      landingId: reservations.landingId,
      checkoutId: reservations.checkoutId,
    })
    .from(reservations)
    .where(and(eq(reservations.status, "awaiting_payment"), lte(reservations.paymentDueAt, deps.clock.now())))
    .orderBy(asc(reservations.paymentDueAt))
    .limit(limit);
}

/** Where the customer pays: kept on the booking so a retry or a return finds the same checkout. */
export async function recordCheckout(deps: AppDeps, reservationId: number, checkout: { id: string; url: string }) {
  await deps.db
    .update(reservations)
    .set({ checkoutId: checkout.id, checkoutUrl: checkout.url, updatedAt: deps.clock.now() })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, "awaiting_payment")));
}

import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { landings, outbox, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { notifyLive } from "../live";
import { queueMails } from "../mail";
import { lockAndCheckVehicle } from "./availability";
import { customerMail, expressRemindedWith, ownerContactOf, ownerMail } from "./emails";
import { issueLinkToken } from "./link-tokens";
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
      // Stryker disable next-line ObjectLiteral: locking the landing's row as well changes who waits, not what is written.
      .for("update", { of: reservations });
    if (!row) return "missing";
    const { reservation, landing } = row;
    // Lapsed unpaid: this payment came too late and goes back (the caller refunds it), and the
    // customer is told, once. Cancelled after it was paid (the return settled it first): the
    // cancellation already refunded what the policy gives back.
    if (reservation.status === "cancelled") {
      if (reservation.cancelledBy !== "unpaid") return "already";
      await tellLatePayment(deps, tx, landing, reservation.id, now);
      return "lapsed";
    }
    if (reservation.status !== "awaiting_payment") return "already";
    // Paid after its time: the unit is its own only if nobody booked it meanwhile.
    const late = reservation.paymentDueAt !== null && reservation.paymentDueAt.getTime() <= now.getTime();
    const period = { from: reservation.pickupAt, to: reservation.returnAt };
    if (
      late &&
      reservation.vehicleId !== null &&
      !(await lockAndCheckVehicle(tx, reservation.vehicleId, period, reservation.id))
    ) {
      // The payment recorded just before is what goes back; the customer is told so now.
      await lapse(deps, tx, landing, reservation.id, now, "reservation.late_payment");
      return "lapsed";
    }
    await tx
      .update(reservations)
      .set({
        status: "confirmed",
        confirmedAt: now,
        expressRemindedAt: reservation.expressRemindedAt ?? expressRemindedWith(reservation.pickupAt, now),
        paymentDueAt: null,
        version: sql`${reservations.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(reservations.id, reservation.id), eq(reservations.status, "awaiting_payment")));
    const found = await loadReservation(tx, reservation.id);
    // Stryker disable next-line ConditionalExpression: the row updated just before, in the same transaction, always loads.
    if (!found) return "missing";
    const owner = await ownerContactOf(tx, landing);
    await queueMails(tx, now, [
      ...(owner ? [ownerMail(deps, landing, found, "reservation.owner", owner)] : []),
      ...customerMail(
        deps,
        landing,
        found,
        "reservation.confirmed",
        owner?.email,
        found.reservation.email ? await issueLinkToken(tx, reservation.id) : undefined,
      ),
    ]);
    await notifyLive(tx, liveEventOf("reservation.created", landing, reservation));
    return "confirmed";
  });
}

type LandingRow = typeof landings.$inferSelect;

/**
 * Cancels a booking still awaiting its payment, as nobody's doing ("unpaid"), and tells the customer:
 * that nothing was charged, or (`late_payment`) that what they paid too late goes back. True when it lapsed.
 */
async function lapse(
  deps: AppDeps,
  tx: AppDeps["db"],
  landing: LandingRow,
  reservationId: number,
  now: Date,
  mail: "reservation.lapsed" | "reservation.late_payment" = "reservation.lapsed",
): Promise<boolean> {
  const lapsed = await tx
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
  if (lapsed.length === 0) return false;
  const found = await loadReservation(tx, reservationId);
  // Stryker disable next-line ConditionalExpression: the row updated just before, in the same transaction, always loads.
  if (found)
    await queueMails(tx, now, customerMail(deps, landing, found, mail, (await ownerContactOf(tx, landing))?.email));
  return true;
}

/**
 * A payment reached a booking that had lapsed: it goes back in full, and the customer hears so once
 * (the booking's row is locked by the caller, so two reports of the payment queue one email).
 */
async function tellLatePayment(
  deps: AppDeps,
  tx: AppDeps["db"],
  landing: LandingRow,
  reservationId: number,
  now: Date,
) {
  const [told] = await tx
    // Stryker disable next-line ObjectLiteral: any column tells a row exists.
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.reservationId, reservationId), eq(outbox.kind, "reservation.late_payment")))
    .limit(1);
  if (told) return;
  const found = await loadReservation(tx, reservationId);
  // Stryker disable next-line ConditionalExpression: the booking the caller locked always loads.
  if (!found) return;
  const mails = customerMail(
    deps,
    landing,
    found,
    "reservation.late_payment",
    (await ownerContactOf(tx, landing))?.email,
  );
  await queueMails(tx, now, mails);
}

/** A booking whose payment did not come in time lapses, if it is still waiting; true when it did. */
export async function lapseUnpaid(deps: AppDeps, reservationId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ landing: landings })
      .from(reservations)
      .innerJoin(landings, eq(landings.id, reservations.landingId))
      .where(eq(reservations.id, reservationId));
    return row ? lapse(deps, tx, row.landing, reservationId, deps.clock.now()) : false;
  });
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

/**
 * Where the customer pays: kept on the booking so a retry or a return finds the same checkout. The
 * first one kept stays: answers the checkout the booking keeps, which is not `checkout` when another
 * tab opened one first (the caller closes its own, so the booking can only be paid once), or null
 * when the booking is no longer waiting for its payment.
 */
export async function recordCheckout(
  deps: AppDeps,
  reservationId: number,
  checkout: { id: string; url: string },
): Promise<{ id: string; url: string } | null> {
  const waiting = and(eq(reservations.id, reservationId), eq(reservations.status, "awaiting_payment"));
  const [kept] = await deps.db
    .update(reservations)
    .set({ checkoutId: checkout.id, checkoutUrl: checkout.url, updatedAt: deps.clock.now() })
    .where(and(waiting, isNull(reservations.checkoutId)))
    .returning({ id: reservations.checkoutId, url: reservations.checkoutUrl });
  const [stored] = kept
    ? [kept]
    : await deps.db
        .select({ id: reservations.checkoutId, url: reservations.checkoutUrl })
        .from(reservations)
        .where(waiting);
  return stored?.id && stored.url ? { id: stored.id, url: stored.url } : null;
}

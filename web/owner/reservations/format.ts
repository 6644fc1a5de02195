import { type CancellationCharge, cancellationCharge, policyFromWire } from "@domain/cancellation";
import { formatDate } from "@domain/date-format";
import type { Language } from "@domain/languages";
import {
  handPaidCents,
  handRefundCents,
  owedBackByHandCents,
  prepaymentForFeeCents,
  prepaymentGivenCents,
} from "@domain/payments";
import { refundCents } from "@domain/prepayment";
import { toInstant, toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { formatWhen } from "@web/lib/format";

/** Whether the pickup time (on the landing's wall clock) has come: a booking is completed only after it. */
export function pickupHasCome(reservation: Reservation, timeZone: string, now: Date): boolean {
  const pickupAt = toInstant({ date: reservation.date_of_departure, time: reservation.time_of_departure }, timeZone);
  return pickupAt !== null && pickupAt.getTime() <= now.getTime();
}

/** Who ended a cancelled reservation, as the dashboard says it; null for one not cancelled or of old. */
export function cancelledByKey(reservation: Reservation) {
  if (reservation.status !== "cancelled" || reservation.cancelled_by === null) return null;
  if (reservation.cancelled_by === "customer") return "detail.cancelledByCustomer" as const;
  if (reservation.cancelled_by === "unpaid") return "detail.cancelledUnpaid" as const;
  return reservation.confirmed_at === null ? ("detail.declinedByOwner" as const) : ("detail.cancelledByOwner" as const);
}

/** When the reservation was made, on the landing's wall clock. */
export function createdAt(reservation: Reservation, timeZone: string, language: Language): string {
  const instant = new Date(reservation.created_at);
  if (Number.isNaN(instant.getTime())) return formatDate("", language);
  const local = toLocal(instant, timeZone);
  return formatWhen(local.date, local.time, language);
}

/** The customer's full name. */
export const customerName = (reservation: Pick<Reservation, "name" | "last_name">) =>
  `${reservation.name} ${reservation.last_name}`.trim();

/**
 * What cancelling now costs, as the server will compute it: the policy agreed at booking against the
 * pickup instant, which is the pickup's wall-clock time in the landing's time zone.
 */
export function cancellationFee(reservation: Reservation, timeZone: string, now: Date): CancellationCharge | null {
  const pickupAt = toInstant({ date: reservation.date_of_departure, time: reservation.time_of_departure }, timeZone);
  if (!pickupAt) return null;
  return cancellationCharge(
    { totalCents: reservation.total_cents, pickupAt, confirmed: reservation.status === "confirmed" },
    now,
    policyFromWire(reservation.cancellation_policy),
  );
}

/**
 * What cancelling with `feeCents` does to what the customer paid before pickup, as the server will
 * settle it (`settleEndedBooking`): by card, what the fee leaves goes back to the card at once; by
 * transfer, the owner sends it back. Refunds already made or asked count as given. Null when
 * nothing was paid that way.
 */
export function cancellationRefund(reservation: Reservation, feeCents: number) {
  const payment = reservation.payment;
  if (!payment || payment.paid_cents <= 0) return null;
  const given = prepaymentGivenCents(payment, reservation.settlement);
  return {
    channel: payment.channel,
    paidCents: payment.paid_cents,
    /** Already given back (or on its way, or refused by the card) before this cancel. */
    givenCents: given,
    refundCents: Math.max(0, refundCents(payment.paid_cents, feeCents) - given),
  };
}

/**
 * What cancelling with `feeCents` leaves to give back of the money the owner recorded by hand
 * (cash, their terminal, a transfer seen arrive): the owner gives it back the same way and records
 * it on the booking. The fee is kept once: from a prepayment first, then from this money
 * (`feeLeftForHand`). Null when nothing was recorded so.
 */
export function handRefund(reservation: Reservation, feeCents: number) {
  const paidCents = handPaidCents(reservation.settlement);
  if (paidCents <= 0) return null;
  const prepaid = prepaymentForFeeCents(reservation.payment, reservation.settlement);
  return { paidCents, refundCents: handRefundCents(paidCents, feeCents, prepaid) };
}

/** What a cancelled booking still has to give back by hand (`owedBackByHandCents`), from the owner's settlement. */
export function owedBackByHand(reservation: Reservation): number {
  const { payment, settlement } = reservation;
  return owedBackByHandCents(
    {
      transfer: payment?.channel === "transfer",
      handPaidCents: handPaidCents(settlement),
      prepaidForFeeCents: prepaymentForFeeCents(payment, settlement),
      refundableByHandCents: settlement.refundable_by_hand_cents,
    },
    reservation.cancellation_fee_cents ?? 0,
  );
}

/**
 * The cancel dialog's line about a payment (`cancel.*` in reservations.json), by the way it came in:
 * what goes back; nothing, as the fee keeps it; or nothing more, as earlier refunds gave back what
 * the fee leaves (it said "it stays to cover the fee" then too).
 */
export function refundLineKey(refund: NonNullable<ReturnType<typeof cancellationRefund>>) {
  const channel = refund.channel === "transfer" ? "transfer" : "card";
  const outcome = refund.refundCents > 0 ? "Refund" : refund.givenCents > 0 ? "Given" : "Kept";
  return `cancel.${channel}${outcome}` as const;
}

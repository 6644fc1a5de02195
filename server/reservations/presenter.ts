import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from "@domain/cancellation";
import type { CounterDeposit } from "@domain/counter";
import { isLanguage, type Language } from "@domain/languages";
import {
  allAtPickupPlan,
  feeKeptCents,
  type LedgerMovement,
  type PaymentSummary,
  settlementOf,
  summarizePayments,
} from "@domain/payments";
import { endedWithoutRental } from "@domain/picked-up";
import { presentPrice } from "@domain/price-breakdown";
import { CANCELLED_BY, type CancelledBy, type CustomerReservation, type Reservation } from "@domain/reservations";
import { translated } from "@domain/translations";
import type { landings, reservationAddons, reservations } from "../db/schema";
import type { StorageUrl } from "../storage";
import { storedPrice } from "./price-columns";

type TransferView = PaymentSummary["transfer"];

type ReservationRow = typeof reservations.$inferSelect;
type ReservationAddonRow = typeof reservationAddons.$inferSelect;
export type ReservationWithAddons = {
  reservation: ReservationRow;
  addons: ReservationAddonRow[];
  /** Its money's movements (issue 27), oldest first. */
  payments: LedgerMovement[];
  /** The return's charges the customer accepted at the counter, with their tax (issue 28.4). */
  chargesCents: number;
  /** The return's charges, with their tax, that wait for the customer's acceptance. */
  chargesAwaitingCents: number;
  /** The deposit its check-out took at the counter, or null. */
  counterDeposit: CounterDeposit | null;
  landing: Pick<typeof landings.$inferSelect, "id" | "name">;
};

/** A booking in SPEC §3's field names, with its status and its price as it was when booked. */
export function presentReservation(
  {
    reservation: r,
    addons,
    landing,
    payments,
    chargesCents,
    chargesAwaitingCents,
    counterDeposit,
  }: ReservationWithAddons,
  storageUrl: StorageUrl,
): Reservation {
  // Closed without a rental: nothing is owed (a no-show keeps what it paid, PRODUCT §11, and owes no more).
  const withoutRental = endedWithoutRental(r.status);
  const settlement = settlementOf(r.totalCents, chargesCents, payments, withoutRental, chargesAwaitingCents);
  return {
    payment: r.paymentPlan
      ? summarizePayments(r.paymentPlan, r.totalCents, r.paymentDueAt, payments, withoutRental)
      : null,
    settlement,
    counter_deposit: counterDeposit,
    id: r.id,
    reference: r.reference,
    status: r.status as Reservation["status"],
    id_landing: r.landingId,
    name_landing: landing.name,
    id_vehicle: r.vehicleId,
    vehicle: { name: r.vehicleName, image: storageUrl(r.vehicleImage) },
    place_of_departure: r.placeOfDeparture,
    arrival_place: r.arrivalPlace,
    date_of_departure: r.pickupDate,
    time_of_departure: r.pickupTime,
    date_of_arrival: r.returnDate,
    time_of_arrival: r.returnTime,
    pickup_at: r.pickupAt.toISOString(),
    return_at: r.returnAt.toISOString(),
    number_person: r.people,
    number_bag: r.bags,
    name: r.name,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    description: r.description,
    ...presentPrice(storedPrice(r, addons)),
    deposit_cents: r.depositCents,
    driver_birth_date: r.driverBirthDate,
    cancellation_fee_cents: r.cancellationFeeCents,
    cancellation_fee_kept_cents:
      r.cancellationFeeCents === null ? null : feeKeptCents(r.cancellationFeeCents, settlement),
    version: r.version,
    cancelled_by: CANCELLED_BY.includes(r.cancelledBy as CancelledBy) ? (r.cancelledBy as CancelledBy) : null,
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
    express_completed_at: r.expressCompletedAt?.toISOString() ?? null,
    source: r.source as Reservation["source"],
    language: isLanguage(r.language) ? r.language : "es",
    price_override:
      r.listTotalCents !== null ? { list_total_cents: r.listTotalCents, reason: r.priceOverrideReason ?? "" } : null,
    rules_override:
      r.rulesOverrideReason !== null ? { reason: r.rulesOverrideReason, rules: r.rulesOverridden ?? [] } : null,
    unit: r.unit,
    customer_id: r.customerId,
    cancellation_policy: presentPolicy(policyOf(r)),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The policy a booking was made under; bookings from before policies were editable had SPEC §9's. */
export const policyOf = (r: Pick<ReservationRow, "cancellationPolicy">): CancellationPolicy =>
  r.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY;

/** A transfer's account with its instructions in `language` alone. */
function transferInLanguage(transfer: TransferView | null, language: Language): TransferView | null {
  if (!transfer) return null;
  const { translations, ...details } = transfer;
  return { ...details, instructions: translated(details.instructions, translations, "instructions", language) };
}

const presentPolicy = (policy: CancellationPolicy) => ({
  late_fee_cents: policy.lateFeeCents,
  early_fee_cents: policy.earlyFeeCents,
  window_hours: policy.windowHours,
});

/**
 * A booking as its customer reads it, in `language`: the owner's planning (rules skipped and why,
 * the unit, their customer record, why a price was agreed) left out, and what the owner wrote for
 * them (the bank transfer's instructions) in that language when written in it.
 */
export function presentCustomerReservation(
  found: ReservationWithAddons,
  storageUrl: StorageUrl,
  language: Language,
): CustomerReservation {
  const {
    rules_override: _rules,
    unit: _unit,
    customer_id: _customer,
    settlement,
    counter_deposit: _counterDeposit,
    ...shown
  } = presentReservation(found, storageUrl);
  const payment = shown.payment
    ? { ...shown.payment, transfer: transferInLanguage(shown.payment.transfer, language) }
    : paidByHandAtPickup(found, settlement);
  // An agreed price's reason is the owner's note, not the customer's to read; so is the comment of a
  // booking taken at the desk (the owner's own, which the customer's page called "your comment").
  const description = shown.source === "manual" ? "" : shown.description;
  return { ...shown, description, payment, price_override: null };
}

/**
 * A booking paid all at pickup on which the owner recorded money by hand (taken or given back, not
 * undone): its customer's page and emails read it as a planned booking's payment, paid directly and
 * left for pickup. With none, there is nothing to say (null), as before; the owner's side keeps null.
 */
export function paidByHandAtPickup(
  { reservation: r, payments }: ReservationWithAddons,
  settlement: Reservation["settlement"],
): PaymentSummary | null {
  if (r.paymentPlan || settlement.received.length + settlement.refunded_by_hand.length === 0) return null;
  return summarizePayments(allAtPickupPlan(r.depositCents), r.totalCents, null, payments, endedWithoutRental(r.status));
}

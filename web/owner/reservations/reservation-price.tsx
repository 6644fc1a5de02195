import { formatDate } from "@domain/date-format";
import {
  chargesAwaiting,
  depositLeftCents,
  depositTakenAtCounter,
  holdHasLapsed,
  type PaymentSummary,
  paidAndDue,
  prepaymentRefunds,
  type Settlement,
} from "@domain/payments";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatInstant, formatMoney } from "@web/lib/format";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { Trans, useTranslation } from "react-i18next";
import { PriceLines, PriceRow } from "../prices";

/** The price of a reservation as it was booked: every line (seasons, discount, fees, add-ons, tax), then the deposit. */
export function ReservationPrice({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  const awaiting = chargesAwaiting(reservation.settlement);
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-gray-50 p-4 text-sm ring-1 ring-gray-200 ring-inset">
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{t("detail.price")}</h3>
      <PriceLines price={reservation} testId="reservation-price">
        {reservation.price_override && (
          <PriceRow ruled label={t("detail.listTotal")}>
            <s className="text-gray-600">{amount(reservation.price_override.list_total_cents)}</s>
          </PriceRow>
        )}
        <PriceRow
          ruled={!reservation.price_override}
          strong
          label={`${t(reservation.price_override ? "detail.agreedTotal" : "detail.total")} (${reservation.currency})`}
        >
          <span className="text-base">{amount(reservation.total_cents)}</span>
        </PriceRow>
        {/* The return's charges the customer accepted at the counter (with their tax) are part of the bill. */}
        {reservation.settlement.charges_cents > 0 && (
          <>
            <PriceRow label={t("detail.returnCharges")}>
              <span data-testid="reservation-return-charges">{amount(reservation.settlement.charges_cents)}</span>
            </PriceRow>
            <PriceRow strong label={t("detail.totalWithCharges")}>
              <span data-testid="reservation-total-with-charges">
                {amount(reservation.total_cents + reservation.settlement.charges_cents)}
              </span>
            </PriceRow>
          </>
        )}
        {/* Charges the customer has not signed for yet are not owed: said apart, as the draft invoice does. */}
        {awaiting && (
          <PriceRow label={t("detail.chargesAwaiting")}>
            <span className="text-amber-800" data-testid="reservation-charges-awaiting">
              {amount(awaiting.chargesCents)}
            </span>
          </PriceRow>
        )}
        {/* A request declined or withdrawn before it was confirmed never had a fee to speak of. */}
        {reservation.cancellation_fee_cents !== null && reservation.confirmed_at !== null && (
          <CancellationFeeRows
            feeCents={reservation.cancellation_fee_cents}
            keptCents={reservation.cancellation_fee_kept_cents ?? 0}
            amount={amount}
          />
        )}
        {reservation.payment && (
          <PaymentRows
            payment={reservation.payment}
            settlement={reservation.settlement}
            amount={amount}
            status={reservation.status}
            timeZone={timeZone}
          />
        )}
      </PriceLines>
      {reservation.price_override && (
        <p className="text-sm break-words text-gray-800" data-testid="reservation-price-reason">
          {t("detail.agreedReason", { reason: reservation.price_override.reason })}
        </p>
      )}
      {reservation.deposit_cents > 0 && (
        <p className="text-sm text-gray-800" data-testid="reservation-deposit">
          <DepositText reservation={reservation} amount={amount} />
        </p>
      )}
      {reservation.driver_birth_date && (
        <p className="text-sm text-gray-800">
          {/* The date is one word: never broken at its hyphens ("10-" / "05-2003"). */}
          <Trans
            t={t}
            i18nKey="detail.driverBirthDate"
            values={{ date: formatDate(reservation.driver_birth_date, language) }}
            components={{ date: <span className="whitespace-nowrap" /> }}
          />
        </p>
      )}
      <p className="text-xs leading-5 text-gray-600">{t("detail.currency", { currency: reservation.currency })}</p>
    </div>
  );
}

/**
 * A cancellation's fee as it stands: what of it was kept of the money paid (never more than was
 * paid), then what of it was never collected; a walk's detail showed the whole fee where the
 * customer had paid less. A fee forgone is said as none.
 */
function CancellationFeeRows({
  feeCents,
  keptCents,
  amount,
}: {
  feeCents: number;
  keptCents: number;
  amount: (cents: number) => string;
}) {
  const { t } = useTranslation("reservations");
  const uncollected = feeCents - keptCents;
  if (feeCents <= 0) {
    return (
      <PriceRow strong label={t("detail.cancellationFee")}>
        {amount(0)}
      </PriceRow>
    );
  }
  return (
    <>
      {keptCents > 0 && (
        <PriceRow strong label={t("detail.cancellationFeeKept")}>
          <span className="text-red-700" data-testid="reservation-fee-kept">
            {amount(keptCents)}
          </span>
        </PriceRow>
      )}
      {uncollected > 0 && (
        <PriceRow strong={keptCents === 0} label={t("detail.cancellationFeeUncollected")}>
          <span className="text-amber-800" data-testid="reservation-fee-uncollected">
            {amount(uncollected)}
          </span>
        </PriceRow>
      )}
    </>
  );
}

const DEPOSIT_TEXT = {
  counter: "detail.deposit",
  to_hold: "detail.depositToHold",
  held: "detail.depositHeldOnCard",
  settling: "detail.depositSettling",
  charged: "detail.depositHoldEnded",
  released: "detail.depositReleasedUncharged",
  refused: "detail.depositHoldRefused",
} as const;

/**
 * Reached only by the counter's check-out (a deposit it took is `counter_deposit`). Not "completed":
 * a rental run without the counter is completed from "confirmed", with no check-out to speak of.
 */
const CHECKED_OUT: ReadonlySet<Reservation["status"]> = new Set(["on_rent", "returned"]);

/**
 * How the deposit is taken: at the counter (or, checked out, that none came in there), or on the
 * card (to be held, held, ended, refused). A hold the owner let go of says nothing was charged; a
 * lapsed one only that it ended.
 */
function depositKey({ payment, status }: Reservation) {
  if (CHECKED_OUT.has(status) && depositTakenAtCounter(payment)) return "detail.depositNotReceived";
  if (payment && holdHasLapsed(payment)) return "detail.depositHoldEnded";
  return DEPOSIT_TEXT[payment?.deposit_status ?? "counter"];
}

/**
 * The deposit: what was held (at the counter or on the card), what was taken from it (the return's
 * charges, a payment recorded "Del depósito", a charge on the card's hold) and what is left to give
 * back or was released; a walk's detail said only that it had been received.
 */
function DepositText({ reservation, amount }: { reservation: Reservation; amount: (cents: number) => string }) {
  const { t } = useTranslation("reservations");
  const { counter_deposit: deposit, payment, settlement } = reservation;
  if (deposit) {
    // What the counter gives back (`deposit_back_cents`) is this same figure, once the charges are signed.
    const left = depositLeftCents(deposit, settlement.received);
    return (
      <>
        {t("detail.depositReceived", {
          received: t(`counter.deposit.received_${deposit.method}`, { amount: amount(deposit.cents) }),
        })}{" "}
        <span data-testid="reservation-deposit-taken">
          {t("detail.depositTaken", { taken: amount(deposit.cents - left), left: amount(left) })}
        </span>
        {left > 0 && chargesAwaiting(settlement) && <> {t("detail.depositChargesAwaiting")}</>}
      </>
    );
  }
  if (payment?.deposit_status === "charged" && payment.captured_cents > 0) {
    return t("detail.depositCharged", {
      amount: amount(reservation.deposit_cents),
      taken: amount(payment.captured_cents),
      left: amount(Math.max(0, reservation.deposit_cents - payment.captured_cents)),
    });
  }
  return t(depositKey(reservation), { amount: amount(reservation.deposit_cents) });
}

/**
 * What the booking paid, holds, got back and still owes (issue 27), under its total: before pickup
 * what is due there; once the car has left, what is left to pay as the counter says it
 * (`paidAndDue`); closed without a rental, nothing.
 */
function PaymentRows({
  payment,
  settlement,
  amount,
  status,
  timeZone,
}: {
  payment: PaymentSummary;
  settlement: Pick<
    Settlement,
    | "refunded_by_hand"
    | "refunded_to_card"
    | "received"
    | "outstanding_cents"
    | "charges_awaiting_cents"
    | "outstanding_once_accepted_cents"
  >;
  amount: (cents: number) => string;
  status: Reservation["status"];
  timeZone: string;
}) {
  const { t } = useTranslation("reservations");
  // Awaiting its prepayment: what is due before pickup, and by when, so the lines add up to the total.
  const dueBefore = status === "awaiting_payment" ? Math.max(0, payment.prepay_cents - payment.paid_cents) : 0;
  const { paidCents, due } = paidAndDue(status, payment, settlement);
  const awaiting = chargesAwaiting(settlement);
  // What went back of the prepayment, each refund dated: refunds by hand of a card booking are
  // listed with the money taken by hand (counter-payments), not again here.
  const refunds = prepaymentRefunds(payment, settlement);
  return (
    <>
      <PriceRow ruled label={t("detail.payment.paid")}>
        <span data-testid="reservation-paid">{amount(paidCents)}</span>
      </PriceRow>
      {dueBefore > 0 && payment.due_at && (
        <PriceRow
          label={t(payment.channel === "transfer" ? "detail.payment.transferDue" : "detail.payment.cardDue", {
            date: formatInstant(payment.due_at, timeZone, currentLanguage()),
          })}
        >
          <span className="text-amber-800" data-testid="reservation-due-before">
            {amount(dueBefore)}
          </span>
        </PriceRow>
      )}
      {refunds.map((refund) => (
        <PriceRow
          key={`${refund.recorded_at}-${refund.amount_cents}`}
          label={
            <Trans
              t={t}
              i18nKey="detail.payment.refundedOn"
              values={{ date: formatInstant(refund.refunded_at, timeZone, currentLanguage()) }}
              components={{ date: <UnbrokenWhen /> }}
            />
          }
        >
          <span data-testid="reservation-refunded">{amount(refund.amount_cents)}</span>
        </PriceRow>
      ))}
      {payment.refund_pending_cents > 0 && (
        <PriceRow label={t("detail.payment.refundPending")}>
          <span className="text-amber-800">{amount(payment.refund_pending_cents)}</span>
        </PriceRow>
      )}
      {payment.refund_refused_cents > 0 && (
        <PriceRow label={t("detail.payment.refundRefused")}>
          <span className="text-red-700">{amount(payment.refund_refused_cents)}</span>
        </PriceRow>
      )}
      {payment.held_cents > 0 && !holdHasLapsed(payment) && (
        <PriceRow label={t("detail.payment.held")}>{amount(payment.held_cents)}</PriceRow>
      )}
      {payment.captured_cents > 0 && (
        <PriceRow label={t("detail.payment.captured")}>{amount(payment.captured_cents)}</PriceRow>
      )}
      {due && (
        <PriceRow strong label={t(due.atPickup ? "detail.payment.atPickup" : "detail.payment.leftToPay")}>
          <span data-testid={due.atPickup ? "reservation-due-at-pickup" : "reservation-left-to-pay"}>
            {amount(due.cents)}
          </span>
        </PriceRow>
      )}
      {due && !due.atPickup && awaiting && (
        <PriceRow label={t("detail.payment.leftOnceAccepted")}>
          <span data-testid="reservation-left-once-accepted">{amount(awaiting.dueCents)}</span>
        </PriceRow>
      )}
    </>
  );
}

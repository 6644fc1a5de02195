import { owedBackByHandCents, type PaymentSummary, summaryByWay } from "@domain/payments";
import { endedWithoutRental, pickedUp } from "@domain/picked-up";
import { toLocal } from "@domain/rental-time";
import type { CustomerReservation } from "@domain/reservations";
import { formatWhen } from "@web/lib/format";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import * as lucide from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { usePage } from "../context";
import { reservationWords } from "../i18n/reservation";
import { callApi } from "../lib/api";
import { formatMoney } from "../lib/format";
import { pickupMethodsText } from "../lib/labels";
import { takePaymentUnopened } from "../lib/tab-memory";
import { buttonPrimary, card } from "../lib/ui";
import { keptIcon } from "./icons";

const CreditCard = keptIcon(lucide.CreditCard);
const Landmark = keptIcon(lucide.Landmark);
const LoaderCircle = keptIcon(lucide.LoaderCircle);

/** How many times the page looks again for a payment the provider has not confirmed yet. */
const CONFIRM_LOOKS = 5;

/**
 * What the customer paid, holds and still owes (issue 27), and what to do while their booking
 * waits for its payment: pay by card on the provider's page (again), or send a bank transfer.
 * Back from paying (?paid=1) while the confirmation is on its way, the page looks again by itself.
 */
export function PaymentBox({ reservation }: { reservation: CustomerReservation & { token: string } }) {
  const { data } = usePage();
  const words = reservationWords[data.language].payment;
  const payment = reservation.payment;
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const returning = data.query.paid === "1" && reservation.status === "awaiting_payment";
  const looks = Number(data.query.look ?? "0");
  useEffect(() => {
    if (!returning || looks >= CONFIRM_LOOKS) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.set("look", String(looks + 1));
      window.location.replace(url.toString());
    }, 2000);
    return () => clearTimeout(timer);
  }, [returning, looks]);
  // Made a moment ago while its payment page could not be opened: said once, beside the button.
  const unopened = words.unopened;
  useEffect(() => {
    if (reservation.status === "awaiting_payment" && takePaymentUnopened(reservation.reference)) setFailure(unopened);
  }, [reservation.status, reservation.reference, unopened]);
  if (!payment) return null;

  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, reservation.currency, lang);
  const due = payment.due_at ? local(payment.due_at, data.landing.time_zone, lang) : null;
  const awaiting = reservation.status === "awaiting_payment";
  const byCard = payment.channel === "card" || payment.prepay_cents === 0;

  async function pay() {
    setOpening(true);
    setFailure(null);
    const answer = await callApi<{ payment_url: string }>(
      `/api/publicLanding/${data.landing.name}/reservation/${reservation.reference}/pay?t=${encodeURIComponent(reservation.token)}`,
      lang,
      { method: "POST" },
    ).catch(() => null);
    if (answer?.ok) {
      window.location.assign(answer.body.payment_url);
      return;
    }
    setFailure(answer?.message || words.payFailed);
    setOpening(false);
  }

  return (
    <section className={`${card} grid gap-4 p-5`} aria-labelledby="reservation-payment" data-testid="payment-box">
      <h2 id="reservation-payment" className="flex items-center gap-2 text-lg font-semibold">
        {byCard ? (
          <CreditCard aria-hidden="true" className="size-5" />
        ) : (
          <Landmark aria-hidden="true" className="size-5" />
        )}
        {words.title}
      </h2>
      {awaiting && returning && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sky-900"
          data-testid="payment-confirming"
        >
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {looks >= CONFIRM_LOOKS ? words.confirmingSlow : words.confirming}
        </p>
      )}
      {awaiting && byCard && !returning && (
        <div className="grid gap-3">
          <p className="text-gray-800" data-testid="payment-waiting">
            {payment.prepay_cents > 0
              ? words.cardDue(money(payment.prepay_cents))
              : words.cardSave(money(payment.deposit_cents))}
            {due && ` ${words.until(due)}`}
          </p>
          <button
            type="button"
            className={buttonPrimary}
            onClick={() => void pay()}
            disabled={opening}
            data-testid="payment-pay"
          >
            {opening
              ? words.opening
              : payment.prepay_cents > 0
                ? words.pay(money(payment.prepay_cents))
                : words.saveCard}
          </button>
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          )}
        </div>
      )}
      {awaiting && !byCard && payment.transfer && (
        <div className="grid gap-2" data-testid="payment-transfer">
          <p className="text-gray-800">
            {words.transferDue(money(payment.prepay_cents))}
            {due && ` ${words.until(due)}`}
          </p>
          <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{words.bank}</dt>
            <dd>{payment.transfer.bank}</dd>
            <dt className="font-semibold">{words.holder}</dt>
            <dd>{payment.transfer.holder}</dd>
            <dt className="font-semibold">{words.account}</dt>
            <dd className="font-mono">
              {payment.transfer.account}
              {payment.transfer.account_type && ` · ${payment.transfer.account_type}`}
            </dd>
            {payment.transfer.tax_id && (
              <>
                <dt className="font-semibold">{words.taxId}</dt>
                <dd>{payment.transfer.tax_id}</dd>
              </>
            )}
            <dt className="font-semibold">{words.concept}</dt>
            <dd className="font-mono">{reservation.reference}</dd>
          </dl>
          {payment.transfer.instructions && <p className="text-sm text-gray-700">{payment.transfer.instructions}</p>}
        </div>
      )}
      <Amounts
        payment={payment}
        money={money}
        status={reservation.status}
        feeCents={reservation.cancellation_fee_cents ?? 0}
        keptCents={reservation.cancellation_fee_kept_cents ?? 0}
      />
    </section>
  );
}

function Amounts({
  payment,
  money,
  status,
  feeCents,
  keptCents,
}: {
  payment: PaymentSummary;
  money: (cents: number) => string;
  status: string;
  feeCents: number;
  /** Of the cancellation's fee, what was kept of the money paid (never more than was paid). */
  keptCents: number;
}) {
  const cancelled = status === "cancelled";
  const { data, t } = usePage();
  const words = reservationWords[data.language].payment;
  // [test id, label, amount]: the rows of the customer's emails (server/mail/templates.ts,
  // `paymentSection`), each refund its own row, dated on the landing's clock. Before pickup, paid
  // online and at the counter, less what went back by hand, and what is left at pickup add up to
  // the total (a refund to the card of the owner's accord is a concession, not owed again).
  const rows: [string, ReactNode, string][] = [];
  const byTransfer = payment.channel === "transfer";
  if (payment.paid_cents > 0)
    rows.push(["paid", byTransfer ? words.paidByTransfer : words.paid, money(payment.paid_cents)]);
  if (payment.received_by_hand_cents > 0)
    rows.push(["paid-by-hand", words.paidByHand, money(payment.received_by_hand_cents)]);
  for (const refund of payment.refunds) {
    // When the money went back: a refund made on a later try is dated by that try, not by when it was asked.
    const when = local(refund.refunded_at, data.landing.time_zone, data.language);
    // A transfer's money goes back by hand (a transfer back, cash), never to a card.
    const toCard = !refund.by_hand && !byTransfer;
    rows.push([
      toCard ? "refunded" : "given-back",
      <>
        {toCard ? words.refundedToCardOn : words.refundedOn} <UnbrokenWhen>{when}</UnbrokenWhen>
      </>,
      money(refund.amount_cents),
    ]);
  }
  if (payment.refund_pending_cents > 0)
    rows.push(["refund-pending", words.refundPending, money(payment.refund_pending_cents)]);
  // What a cancellation gives back from the operator's own hand (a transfer's prepayment, money
  // they recorded by hand): what the fee leaves of it and has not gone back yet, so the customer
  // sees it is owed, as their email says (a card's refund is its own row).
  const owedBack = cancelled ? owedBackByHandCents(summaryByWay(payment), feeCents) : 0;
  if (owedBack > 0) rows.push(["refund-owed", words.refundOwed, money(owedBack)]);
  // What the cancellation's fee kept, so what was paid, given back and kept add up.
  if (cancelled && keptCents > 0) rows.push(["fee-kept", words.feeKept, money(keptCents)]);
  if (payment.held_cents > 0) rows.push(["held", words.held, money(payment.held_cents)]);
  // A booking cancelled or a no-show has no pickup to pay at, and one picked up has had it: what the
  // counter took then is settled there, on its receipt and invoice.
  if (!endedWithoutRental(status) && !pickedUp(status))
    rows.push([
      "pickup",
      words.atPickup(pickupMethodsText(t, payment.pickup_methods)),
      money(payment.due_at_pickup_cents),
    ]);
  return (
    <dl className="grid gap-1 border-t border-gray-100 pt-3 text-sm">
      {rows.map(([key, label, amount], index) => (
        // With large text on a phone the amount goes under its label, still at the right (as the
        // price's lines do). A test id may repeat (a refund each): the row's place is its identity.
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="flex flex-wrap items-baseline justify-between gap-x-4"
          data-testid={`payment-${key}`}
        >
          <dt className="wrap-anywhere text-gray-700">{label}</dt>
          <dd className="ml-auto font-semibold whitespace-nowrap tabular-nums">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}

function local(iso: string, timeZone: string, language: "es" | "en") {
  const when = toLocal(new Date(iso), timeZone);
  return formatWhen(when.date, when.time, language);
}

import { type CancellationCharge, cancellationCharge } from "@domain/cancellation";
import { feeLeftForHand, handRefundCents, summaryByWay } from "@domain/payments";
import { cancellationPolicyOf, landingRulesOf } from "@domain/rental-rules";
import { toInstant } from "@domain/rental-time";
import type { CustomerReservation, Reservation } from "@domain/reservations";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { usePage } from "../context";
import { reservationWords } from "../i18n/reservation";
import { callApi } from "../lib/api";
import { buttonDanger, buttonSecondary, card } from "../lib/ui";
import { useHydrated } from "../lib/use-hydrated";
import type { PublicPageData } from "../types";
import { keptIcon } from "./icons";

const CircleAlert = keptIcon(lucide.CircleAlert);

/** The reservation the customer's page shows, with its link's token. */
type PageReservation = NonNullable<PublicPageData["reservation"]>;

/**
 * "Cancelar reserva" on the customer's page: first the policy's fee for this moment (what the
 * operator may charge, and why), then the cancel itself; a refusal says why in the visitor's
 * language and keeps the dialog open. `onCancelled` receives the reservation as stored after it.
 * A refusal because the booking moved while the page was open (the operator confirmed it, or its
 * pickup time came) reads it again and hands it to `onChanged`: the page shows it as it is now,
 * and the dialog, when a cancel is still possible, the fee for its new status.
 */
export function CustomerCancel({
  reservation,
  onCancelled,
  onChanged,
}: {
  reservation: PageReservation;
  onCancelled: (cancelled: PageReservation) => void;
  onChanged: (current: PageReservation) => void;
}) {
  const { data } = usePage();
  const words = reservationWords[data.language].reservation;
  const hydrated = useHydrated();
  const [charge, setCharge] = useState<CancellationCharge | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "failed">("idle");
  const [failure, setFailure] = useState("");
  const confirmRef = useRef<HTMLDialogElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  // Kept (or Escape): the focus goes back to the button that asked, not to the page's start.
  const kept = useRef(false);
  // Closed by the visitor while a cancel was on its way: an answer then opens nothing again.
  const closed = useRef(false);
  // A cancel on its way, known at once: two taps in the same instant both ran before the state
  // said "sending", and the second was refused as if the booking had changed elsewhere (a walk's finding).
  const sendingNow = useRef(false);
  useEffect(() => {
    if (charge !== null || !kept.current) return;
    kept.current = false;
    openRef.current?.focus();
  }, [charge]);
  // A modal dialog while there is a fee to confirm (the page behind it inert, the focus kept in it),
  // closed with it; the dialog itself takes the focus, so its question and fee are read first.
  const asking = charge !== null;
  useEffect(() => {
    const dialog = confirmRef.current;
    if (!dialog) return;
    if (asking && !dialog.open) {
      dialog.showModal();
      dialog.focus();
    } else if (!asking && dialog.open) dialog.close();
  }, [asking]);
  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, reservation.currency, lang);
  // Paid by card (issue 27): the payment comes back to it less the fee (and less what went back
  // before), as the server will do. Paid by bank transfer, or to the operator by hand: the operator
  // gives back what the fee leaves, the fee kept once, from the prepayment first.
  const paid = reservation.payment?.paid_cents ?? 0;
  const byTransfer = reservation.payment?.channel === "transfer";
  const { handPaidCents: byHand, prepaidForFeeCents: prepaid } = reservation.payment
    ? summaryByWay(reservation.payment)
    : { handPaidCents: 0, prepaidForFeeCents: 0 };

  // The policy agreed when booking (issue 10), as the server charges it; the landing's for an older reservation.
  function policyOf(booking: PageReservation) {
    const agreed = booking.cancellation_policy;
    return agreed
      ? { lateFeeCents: agreed.late_fee_cents, earlyFeeCents: agreed.early_fee_cents, windowHours: agreed.window_hours }
      : cancellationPolicyOf(landingRulesOf(data.landing.rules));
  }
  const policy = policyOf(reservation);

  /** The fee of cancelling `booking` now, as the server will charge it. */
  function chargeOf(booking: PageReservation) {
    const stored = new Date(booking.pickup_at);
    const pickupAt = Number.isNaN(stored.getTime())
      ? (toInstant({ date: booking.date_of_departure, time: booking.time_of_departure }, data.landing.time_zone) ??
        new Date())
      : stored;
    return cancellationCharge(
      { totalCents: booking.total_cents, pickupAt, confirmed: booking.status === "confirmed" },
      new Date(),
      policyOf(booking),
    );
  }

  function askToCancel() {
    closed.current = false;
    setCharge(chargeOf(reservation));
  }

  /**
   * The reservation as stored now, after a refusal that says it moved; null when it cannot be read.
   * Refused with its status unchanged, only its pickup time having come explains it (on the
   * server's clock, whatever this device's says): only the operator can end it from then on.
   */
  async function current(): Promise<PageReservation | null> {
    const path = `/api/publicLanding/${encodeURIComponent(data.landing.name)}/reservation/${encodeURIComponent(reservation.reference)}?t=${encodeURIComponent(reservation.token)}`;
    const answer = await callApi<CustomerReservation>(path, lang).catch(() => null);
    if (!answer?.ok) return null;
    const pickupCame = answer.body.status === reservation.status;
    return { ...answer.body, token: reservation.token, pickup_passed: reservation.pickup_passed || pickupCame };
  }

  /** What the fee means for this customer: what they paid, online and by hand, and what comes back of it. */
  function meaningOf(found: CancellationCharge) {
    const fee = found.feeCents;
    const company = data.landing.display_name;
    if (paid === 0 && byHand === 0) {
      // No fee (a request not yet confirmed, or early enough): the line above already says it costs nothing.
      if (found.rule === "unconfirmed" || fee === 0) return words.nothingCharged;
      return words.feeMeaning(company);
    }
    const said: string[] = [];
    if (paid > 0 && byTransfer) {
      said.push(
        paid > fee
          ? words.transferRefundMeaning(money(paid - fee), money(paid), company)
          : words.transferPaidKept(money(paid)),
      );
    } else if (paid > 0) {
      said.push(prepaid > fee ? words.refundMeaning(money(prepaid - fee), money(paid)) : words.paidKept(money(paid)));
    }
    if (byHand > 0) {
      const refund = handRefundCents(byHand, fee, prepaid);
      said.push(
        refund > 0 ? words.handRefundMeaning(money(refund), money(byHand), company) : words.handPaidKept(money(byHand)),
      );
    }
    // What neither covers of the fee, as the cancellation's email says it.
    const rest = Math.max(0, feeLeftForHand(fee, prepaid) - byHand);
    if (rest > 0) said.push(words.feeRest(money(rest), company));
    return said.join(" ");
  }

  function keep() {
    kept.current = true;
    closed.current = true;
    setCharge(null);
    setState("idle");
  }

  async function cancel() {
    if (sendingNow.current) return;
    sendingNow.current = true;
    setState("sending");
    const path = `/api/publicLanding/${encodeURIComponent(data.landing.name)}/reservation/${encodeURIComponent(reservation.reference)}/cancel?t=${encodeURIComponent(reservation.token)}&from=${reservation.status}`;
    try {
      const answer = await callApi<{ message: string; reservation: Reservation }>(path, lang, { method: "POST" });
      if (answer.ok) {
        onCancelled({ ...answer.body.reservation, token: reservation.token, pickup_passed: reservation.pickup_passed });
        return;
      }
      const now = answer.status === 409 ? await current() : null;
      if (now) {
        // The page shows the booking as it is now; this dialog stays only while it can still be
        // cancelled, with the fee for its new status.
        const moved = now.status !== reservation.status;
        if (moved && !closed.current) setCharge(chargeOf(now));
        setFailure(moved ? words.changedMeanwhile : words.notCancellable);
        sendingNow.current = false;
        setState("failed");
        onChanged(now);
        return;
      }
      // Said in the visitor's language (the pickup time came while the page was open, or the status changed).
      setFailure(answer.message || (answer.status === 409 ? words.notCancellable : words.cancelFailed));
    } catch {
      setFailure(words.cancelFailed);
    }
    sendingNow.current = false;
    setState("failed");
  }

  return (
    <section className={`${card} p-5`} aria-labelledby="reservation-cancel">
      <h2 id="reservation-cancel" className="text-lg font-semibold">
        {words.cancelHeading}
      </h2>
      <p className="mt-2 text-sm text-gray-700" data-testid="change-hint">
        {words.changeHint(data.landing.display_name)}
      </p>
      <noscript>
        <p className="mt-2 text-sm text-gray-700">{words.noscript}</p>
      </noscript>
      <button
        ref={openRef}
        type="button"
        onClick={askToCancel}
        disabled={!hydrated}
        className={`${buttonSecondary} mt-3 text-red-700`}
        data-testid="cancel-open"
      >
        {words.cancel}
      </button>
      <dialog
        ref={confirmRef}
        tabIndex={-1}
        aria-labelledby="cancel-title"
        aria-describedby="cancel-fee"
        onCancel={(event) => {
          // Escape: kept, unless the cancel is on its way (its answer says what happened).
          event.preventDefault();
          if (state !== "sending") keep();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-5 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
        data-testid="cancel-confirm"
      >
        {charge && (
          <>
            <p id="cancel-title" className="text-lg font-semibold text-red-900">
              {words.cancelTitle}
            </p>
            <div id="cancel-fee" className="mt-2 text-sm text-gray-800">
              {/* A fee in red; none said plainly, not "US$0.00" in red (a walk's finding). */}
              <p
                className={`text-base font-semibold ${charge.feeCents > 0 ? "text-red-900" : "text-gray-900"}`}
                data-testid="cancel-fee"
              >
                {charge.feeCents > 0 ? words.fee(money(charge.feeCents)) : words.noFee}
              </p>
              <p>{meaningOf(charge)}</p>
              <p className="mt-1">
                {charge.rule === "afterPickup"
                  ? words.feeRule.afterPickup
                  : words.feeRule[charge.rule](policy.windowHours)}
              </p>
            </div>
            {state === "failed" && (
              <p className="mt-3 flex gap-2 text-sm font-medium text-red-800" role="alert">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {failure}
              </p>
            )}
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                onClick={() => void cancel()}
                // While sending it stays focusable (a second press sends nothing): focus is not lost.
                aria-disabled={state === "sending" || undefined}
                aria-busy={state === "sending" || undefined}
                className={buttonDanger}
                data-testid="cancel-confirm-button"
              >
                {state === "sending" ? words.cancelling : words.confirmCancel}
              </button>
              <button type="button" onClick={keep} className={buttonSecondary} data-testid="cancel-keep">
                {words.keep}
              </button>
            </div>
          </>
        )}
      </dialog>
    </section>
  );
}

import { DEFAULT_CANCELLATION_POLICY, policyFromWire } from "@domain/cancellation";
import { canTransition, type Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cancellationFee, cancellationRefund, handRefund, refundLineKey } from "./format";
import { ReservationDescription } from "./reservation-description";

type CancelDialogProps = {
  reservation: Reservation | null;
  timeZone: string;
  pending: boolean;
  /** The server refused the move (409): its message. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: (waiveFee: boolean) => void;
};

/** The clock, read again every 30 s while the dialog is open: the fee changes 24 h before pickup. */
function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Ending a reservation from the dashboard (issue 25.1). A request still pending is declined: no
 * fee, and the customer is told politely. A confirmed booking is cancelled with SPEC §9's fee,
 * shown before the owner confirms as the server will apply it (the policy agreed at booking, on the
 * pickup instant in the landing's time zone): what the owner may charge, never a refund, and the
 * owner may forgo it. The customer is emailed and the unit freed at once.
 */
export function CancelReservationDialog({
  reservation,
  timeZone,
  pending,
  refusal,
  onClose,
  onConfirm,
}: CancelDialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const now = useNow(reservation !== null);
  const [waive, setWaive] = useState(false);
  const waiveId = useId();
  const open = reservation !== null;
  // Each dialog starts charging the policy's fee: forgoing it is a choice made each time.
  useEffect(() => {
    if (open) setWaive(false);
  }, [open]);
  // Which action the owner opened, kept while the dialog is open: refused because the request was
  // confirmed meanwhile, the booking behind it is read again, and the dialog must not turn into
  // "Cancel this booking", an action the owner never chose (a walk's finding).
  const openedDeclining = useRef<boolean | null>(null);
  if (!open) openedDeclining.current = null;
  else if (openedDeclining.current === null) openedDeclining.current = reservation.status === "pending";
  const declining = openedDeclining.current === true;
  // Checked out or ended in another tab meanwhile: there is nothing left to cancel. Refused once
  // (it changed elsewhere), the dialog arms nothing: a request confirmed meanwhile would otherwise
  // turn "decline, no fee" into "cancel, with the fee" under the owner's next click.
  const cancellable = reservation !== null && canTransition(reservation.status, "cancelled") && refusal === null;
  const charge = reservation ? cancellationFee(reservation, timeZone, now) : null;
  const amount = (cents: number) => formatMoney(cents, reservation?.currency ?? "USD", language);
  const policy = reservation ? policyFromWire(reservation.cancellation_policy) : DEFAULT_CANCELLATION_POLICY;
  const policyFee = charge?.rule === "late" ? policy.lateFeeCents : policy.earlyFeeCents;
  const capped = charge !== null && (charge.rule === "early" || charge.rule === "late") && charge.feeCents < policyFee;
  const scope = declining ? "decline" : "cancel";
  const feeCents = declining || waive || !charge || charge.rule === "unconfirmed" ? 0 : charge.feeCents;
  const refund = reservation ? cancellationRefund(reservation, feeCents) : null;
  const byHand = reservation ? handRefund(reservation, feeCents) : null;
  // Paid before pickup: what goes back of it, by the way it came in (the customer's page says the
  // same); paid to the owner by hand, what they give back and record. Both, when both came in.
  const refundLines = [
    refund &&
      t(refundLineKey(refund), {
        paid: amount(refund.paidCents),
        refund: amount(refund.refundCents),
        given: amount(refund.givenCents),
      }),
    byHand &&
      t(byHand.refundCents > 0 ? "cancel.handRefund" : "cancel.handKept", {
        paid: amount(byHand.paidCents),
        refund: amount(byHand.refundCents),
      }),
  ].filter((line): line is string => Boolean(line));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={t(`${scope}.title`)}
      description={
        reservation ? <ReservationDescription reservation={reservation} i18nKey="cancel.description" /> : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel.keep")}
          </Button>
          {cancellable && (
            <Button variant="danger" onClick={() => onConfirm(!declining && waive)} loading={pending}>
              {pending ? t(`${scope}.confirming`) : t(`${scope}.confirm`)}
            </Button>
          )}
        </>
      }
    >
      {reservation && !cancellable && (
        <Alert>{refusal ?? t("cancel.notCancellable", { status: t(`status.${reservation.status}`) })}</Alert>
      )}
      {reservation && cancellable && charge && (
        <div className="flex flex-col gap-4">
          {declining || charge.rule === "unconfirmed" ? (
            // Declined, or awaiting its payment: never confirmed, so the policy charges nothing.
            <p
              className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm leading-6 text-gray-800"
              data-testid="cancellation-fee"
            >
              {t(declining ? "decline.noFee" : "cancel.unconfirmed")}
              {refundLines.map((line) => ` ${line}`).join("")}
            </p>
          ) : (
            <div className="rounded-lg border border-red-200 bg-red-50 p-4" data-testid="cancellation-fee">
              <p className="text-sm font-medium text-red-900">{t("cancel.feeLabel")}</p>
              <p className="mt-1 text-2xl font-semibold text-red-800 tabular-nums">
                {amount(waive ? 0 : charge.feeCents)}
              </p>
              <p className="mt-2 text-sm leading-6 text-red-900">
                {waive
                  ? t("cancel.waived")
                  : charge.rule === "afterPickup"
                    ? t("cancel.afterPickup")
                    : t(`cancel.${charge.rule}`, { hours: policy.windowHours, policyFee: amount(policyFee) })}
                {!waive && capped && ` ${t("cancel.capped", { total: amount(reservation.total_cents) })}`}
              </p>
              {refundLines.length > 0 ? (
                <div data-testid="cancellation-refund">
                  {refundLines.map((line) => (
                    <p key={line} className="mt-1 text-sm leading-6 text-red-900">
                      {line}
                    </p>
                  ))}
                </div>
              ) : (
                !waive &&
                charge.feeCents > 0 && <p className="mt-1 text-sm leading-6 text-red-900">{t("cancel.feeMeaning")}</p>
              )}
              {charge.feeCents > 0 && (
                <label
                  htmlFor={waiveId}
                  className="mt-3 flex min-h-11 cursor-pointer items-start gap-3 text-sm text-gray-900"
                >
                  <input
                    id={waiveId}
                    type="checkbox"
                    checked={waive}
                    onChange={(event) => setWaive(event.currentTarget.checked)}
                    disabled={pending}
                    className="mt-0.5 size-5 shrink-0 accent-brand-600"
                    data-testid="waive-fee"
                  />
                  <span>{t("cancel.waive")}</span>
                </label>
              )}
            </div>
          )}
          <p className="text-sm leading-6 text-gray-700">
            {t(reservation?.email ? `${scope}.effects` : `${scope}.effectsNoEmail`)}
          </p>
        </div>
      )}
    </Dialog>
  );
}

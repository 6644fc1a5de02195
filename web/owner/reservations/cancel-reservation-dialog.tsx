import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_CANCELLATION_POLICY, policyFromWire } from "../../../domain/cancellation";
import type { Reservation } from "../../../domain/reservations";
import { currentLanguage } from "../../i18n/setup";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { cancellationFee, money } from "./format";
import { ReservationDescription } from "./reservation-description";

type CancelDialogProps = {
  reservation: Reservation | null;
  timeZone: string;
  pending: boolean;
  /** The server refused the move (409): its message. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
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
 * SPEC §9's fee, shown before the owner confirms: the same policy the server applies, on the pickup
 * instant in the landing's time zone. The customer is emailed and the unit freed at once.
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
  const charge = reservation ? cancellationFee(reservation, timeZone, now) : null;
  const amount = (cents: number) => money(cents, reservation?.currency ?? "USD", language);
  const policy = reservation ? policyFromWire(reservation.cancellation_policy) : DEFAULT_CANCELLATION_POLICY;
  const policyFee = charge?.rule === "late" ? policy.lateFeeCents : policy.earlyFeeCents;
  const capped = charge !== null && charge.rule !== "afterPickup" && charge.feeCents < policyFee;

  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t("cancel.title")}
      description={
        reservation ? <ReservationDescription reservation={reservation} i18nKey="cancel.description" /> : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel.keep")}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            {pending ? t("cancel.confirming") : t("cancel.confirm")}
          </Button>
        </>
      }
    >
      {reservation && charge && (
        <div className="flex flex-col gap-4">
          <div className="rounded-lg border border-red-200 bg-red-50 p-4" data-testid="cancellation-fee">
            <p className="text-sm font-medium text-red-900">{t("cancel.feeLabel")}</p>
            <p className="mt-1 text-2xl font-semibold text-red-800 tabular-nums">{amount(charge.feeCents)}</p>
            <p className="mt-2 text-sm leading-6 text-red-900">
              {charge.rule === "afterPickup"
                ? t("cancel.afterPickup")
                : t(`cancel.${charge.rule}`, { hours: policy.windowHours, policyFee: amount(policyFee) })}
              {capped && ` ${t("cancel.capped", { total: amount(reservation.total_cents) })}`}
            </p>
          </div>
          <p className="text-sm leading-6 text-gray-700">{t("cancel.effects")}</p>
          {refusal && <Alert>{refusal}</Alert>}
        </div>
      )}
    </Dialog>
  );
}

import { moneyOnRecord } from "@domain/payments";
import { ACTIVE_STATUSES, type Reservation } from "@domain/reservations";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { useTranslation } from "react-i18next";
import { ReservationDescription } from "./reservation-description";

type DeleteDialogProps = {
  reservation: Reservation | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** A red confirmation that names the reservation (DESIGN.md); deleting tells nobody, so it says so. */
export function DeleteReservationDialog({ reservation, pending, onClose, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation("reservations");
  const active = reservation !== null && ACTIVE_STATUSES.includes(reservation.status);
  // Its money is on record (issue 27): the server refuses to delete it, so the dialog says why first.
  const kept = reservation !== null && moneyOnRecord(reservation.payment);
  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t("delete.title")}
      description={
        reservation ? <ReservationDescription reservation={reservation} i18nKey="delete.description" /> : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel.keep")}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending} disabled={kept}>
            {t("delete.confirm")}
          </Button>
        </>
      }
    >
      {kept && <Alert>{t("delete.moneyKept")}</Alert>}
      {active && !kept && (
        <p className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 ring-inset">
          {t("delete.notifyHint")}
        </p>
      )}
    </Dialog>
  );
}

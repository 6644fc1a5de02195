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

/**
 * What the server refuses to delete, said first and the button disabled: its car is out (on rent),
 * it was invoiced at its return (invoice numbers have no gaps), or its money is on record (issue
 * 27), in the server's own words where it has them. A booking completed without the counter has no
 * invoice; one completed after its return does, and the server still says so.
 */
function refusalOf(reservation: Reservation, active: boolean) {
  if (reservation.status === "on_rent") return "api:reservationOnRent";
  if (reservation.status === "returned") return "api:reservationInvoiced";
  if (!moneyOnRecord(reservation.payment, reservation.settlement)) return null;
  // "Cancel it instead" only where it can still be cancelled.
  return active ? "delete.moneyKept" : "delete.moneyKeptEnded";
}

/** A red confirmation that names the reservation (DESIGN.md); deleting tells nobody, so it says so. */
export function DeleteReservationDialog({ reservation, pending, onClose, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation("reservations");
  const active = reservation !== null && ACTIVE_STATUSES.includes(reservation.status);
  const refusal = reservation === null ? null : refusalOf(reservation, active);
  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      // Refused, it says so from its title on: "deleted for good, cannot be undone" beside "cannot
      // be deleted" read as a contradiction (a stranger's walk), and no red button waits there disabled.
      title={t(refusal ? "delete.refusedTitle" : "delete.title")}
      description={
        reservation ? (
          <ReservationDescription
            reservation={reservation}
            i18nKey={refusal ? "delete.refusedDescription" : "delete.description"}
          />
        ) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel.keep")}
          </Button>
          {!refusal && (
            <Button variant="danger" onClick={onConfirm} loading={pending}>
              {t("delete.confirm")}
            </Button>
          )}
        </>
      }
    >
      {refusal && <Alert>{t(refusal)}</Alert>}
      {active && !refusal && (
        <p className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm leading-6 text-amber-900 ring-1 ring-amber-200 ring-inset">
          {t("delete.notifyHint")}
        </p>
      )}
    </Dialog>
  );
}

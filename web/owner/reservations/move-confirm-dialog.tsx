import type { Reservation } from "@domain/reservations";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReservationDescription } from "./reservation-description";

type MoveConfirmDialogProps = {
  reservation: Reservation | null;
  pending: boolean;
  /**
   * Whether the move can still be made: moved on in another tab meanwhile, or refused once, there
   * is nothing left to confirm (`notMarkable` says why) until the owner opens it again.
   */
  markable: boolean;
  notMarkable: string;
  /** The `reservations` catalogue's group of the move's words: title, description, confirm, confirming. */
  words: "noShow" | "transferReceived";
  danger?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** What the move does, said before it is confirmed. */
  children: ReactNode;
};

/**
 * A status move asked first (a no-show, a transfer received): what it acts on, what it does, and
 * its button while it can still be made; Volver otherwise. Closing waits for a move on its way.
 */
export function MoveConfirmDialog(props: MoveConfirmDialogProps) {
  const { reservation, pending, markable, notMarkable, words, danger = false, onClose, onConfirm, children } = props;
  const { t } = useTranslation("reservations");
  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={t(`${words}.title`)}
      description={
        reservation ? <ReservationDescription reservation={reservation} i18nKey={`${words}.description`} /> : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("cancel.keep")}
          </Button>
          {markable && (
            <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={pending}>
              {pending ? t(`${words}.confirming`) : t(`${words}.confirm`)}
            </Button>
          )}
        </>
      }
    >
      {reservation && !markable && <Alert>{notMarkable}</Alert>}
      {reservation && markable && children}
    </Dialog>
  );
}

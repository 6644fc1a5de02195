import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { useTranslation } from "react-i18next";
import { MoveConfirmDialog } from "./move-confirm-dialog";

type TransferReceivedDialogProps = {
  reservation: Reservation | null;
  pending: boolean;
  /** The server refused the move (409): its message. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
};

/**
 * Marking a booking's bank transfer received (issue 27), asked first: it records the payment the
 * plan asked for on the booking's ledger, confirms the booking and emails the customer, and none
 * of it is undone by a second click (a stray click on the detail's main button did all three).
 */
export function TransferReceivedDialog({
  reservation,
  pending,
  refusal,
  onClose,
  onConfirm,
}: TransferReceivedDialogProps) {
  const { t } = useTranslation("reservations");
  // Confirmed, cancelled or lapsed in another tab meanwhile: there is no transfer left to mark.
  const markable = reservation?.status === "awaiting_payment" && refusal === null;
  const amount = reservation?.payment
    ? formatMoney(reservation.payment.prepay_cents, reservation.currency, currentLanguage())
    : "";
  return (
    <MoveConfirmDialog
      reservation={reservation}
      pending={pending}
      markable={markable}
      notMarkable={
        refusal ?? t("transferReceived.notMarkable", { status: reservation ? t(`status.${reservation.status}`) : "" })
      }
      words="transferReceived"
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-3 text-sm leading-6 text-gray-700" data-testid="transfer-received-effects">
        <p>{t("transferReceived.effects", { amount })}</p>
        <p className="font-medium text-gray-900">{t("transferReceived.final")}</p>
      </div>
    </MoveConfirmDialog>
  );
}

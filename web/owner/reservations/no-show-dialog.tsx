import { canTransition, type Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { useTranslation } from "react-i18next";
import { MoveConfirmDialog } from "./move-confirm-dialog";

type NoShowDialogProps = {
  reservation: Reservation | null;
  pending: boolean;
  /** The server refused the move (409): its message. */
  refusal: string | null;
  onClose: () => void;
  onConfirm: () => void;
};

/**
 * Marking a confirmed booking as a no-show (the customer never came for the vehicle), asked first
 * as a cancellation is: it is final (nothing follows a no-show, so the owner cannot undo it), the
 * unit is freed at once, nobody is emailed, a deposit held on the card is released, and under the
 * policy (SPEC §9) nothing is refunded for it, which the dialog says with what the customer paid.
 */
export function NoShowDialog({ reservation, pending, refusal, onClose, onConfirm }: NoShowDialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  // Checked out, cancelled or marked in another tab meanwhile: there is nothing left to mark (and
  // once refused, nothing is armed until the owner opens it again on the booking as it is now).
  const markable = reservation !== null && canTransition(reservation.status, "no_show") && refusal === null;
  // All the customer paid and kept paid, online and by hand: none of it goes back.
  const paidCents = reservation?.settlement.paid_cents ?? 0;
  // Released with the no-show (server/payments/cancel.ts): a deposit pays only for what a return shows.
  const heldCents = reservation?.payment?.held_cents ?? 0;

  return (
    <MoveConfirmDialog
      reservation={reservation}
      pending={pending}
      markable={markable}
      notMarkable={refusal ?? t("noShow.notMarkable", { status: reservation ? t(`status.${reservation.status}`) : "" })}
      words="noShow"
      danger
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {reservation && (
        <div className="flex flex-col gap-4" data-testid="no-show-effects">
          <p className="text-sm leading-6 text-gray-700">{t("noShow.effects")}</p>
          {heldCents > 0 && (
            <p className="text-sm leading-6 text-gray-700">
              {t("noShow.depositReleased", { amount: formatMoney(heldCents, reservation.currency, language) })}
            </p>
          )}
          <div className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm leading-6 text-red-900">
            {/* PRODUCT §11: with nothing paid, nothing speaks of a refund. */}
            {paidCents > 0 && (
              <p>{t("noShow.noRefundPaid", { amount: formatMoney(paidCents, reservation.currency, language) })}</p>
            )}
            <p className="font-semibold">{t("noShow.final")}</p>
          </div>
        </div>
      )}
    </MoveConfirmDialog>
  );
}

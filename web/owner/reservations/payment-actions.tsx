import { formatDateTime } from "@domain/date-format";
import { HOLD_WARNING_MS } from "@domain/payment-actions";
import { holdHasLapsed } from "@domain/payments";
import { toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { formatMoney } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useFigureAsOpened } from "@web/lib/use-figure-as-opened";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { Notice } from "@web/ui/notice";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MoneyMove, useMoveMoney } from "./api";
import { MoneyDialog } from "./money-dialog";

type Open = "refund" | "capture" | "release" | null;

/**
 * The owner's hand on a booking's money (issue 27.4 and 27.5), under its price: give back part of
 * the card payment, charge part or all of the deposit held on the card, or release it; and when
 * that hold lapses with the provider, in the landing's time zone, flagged once it is near.
 */
export function PaymentActions({
  reservation,
  timeZone,
  onUpdated,
}: {
  reservation: Reservation;
  timeZone: string;
  onUpdated: (reservation: Reservation) => void;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const [open, setOpen] = useState<Open>(null);
  const move = useMoveMoney();
  const payment = reservation.payment;
  // What the dialog opened with is what is shown and sent (`useFigureAsOpened`).
  const seen = useFigureAsOpened(open, {
    refundable_cents: payment?.refundable_cents ?? 0,
    held_cents: payment?.held_cents ?? 0,
  });
  if (!payment || (payment.refundable_cents <= 0 && payment.held_cents <= 0)) return null;
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  const expires = payment.hold_expires_at ? new Date(payment.hold_expires_at) : null;
  const expiry = expires && toLocal(expires, timeZone);
  const expiryText = expiry ? formatDateTime(expiry.date, expiry.time, language) : null;
  const expiring = expires !== null && expires.getTime() - Date.now() < HOLD_WARNING_MS;
  const lapsed = holdHasLapsed(payment);
  const holding = payment.held_cents > 0 && !lapsed;

  const send = (body: MoneyMove) =>
    move.mutate(
      { reservation, move: body },
      {
        onSuccess: ({ message, done, reservation: updated }) => {
          // Not done yet (the provider did not answer): news, not a success.
          (done ? notify.success : notify.info)(`money:${reservation.id}`, message);
          onUpdated(updated);
          setOpen(null);
          move.reset();
        },
        onError: (error) => {
          // The money moved elsewhere meanwhile: the figures on screen are old, so start again from the new ones.
          if (error instanceof ApiError && error.status === 409) {
            notify.error(`money:${reservation.id}`, error.message);
            setOpen(null);
            move.reset();
          } else if (body.kind === "release") {
            // The release's question has no room for an error: said beside it, the question stays.
            notify.error(
              `money:${reservation.id}`,
              error instanceof ApiError ? error.message : t("detail.payment.error"),
            );
          }
        },
      },
    );
  const close = () => {
    setOpen(null);
    move.reset();
  };

  return (
    <section aria-label={t("detail.payment.actionsLabel")} className="flex flex-col gap-3">
      {payment.held_cents > 0 &&
        expiryText &&
        (lapsed ? (
          <p className="text-sm text-gray-700">{t("detail.payment.holdLapsed", { date: expiryText })}</p>
        ) : expiring ? (
          <Notice>{t("detail.payment.holdExpiring", { date: expiryText })}</Notice>
        ) : (
          <p className="text-sm text-gray-700">
            {t("detail.payment.heldUntil", { amount: amount(payment.held_cents), date: expiryText })}
          </p>
        ))}
      <div className="flex flex-wrap gap-2">
        {payment.refundable_cents > 0 && (
          <Button variant="secondary" onClick={() => setOpen("refund")}>
            {t("detail.payment.refund")}
          </Button>
        )}
        {holding && (
          <>
            <Button variant="secondary" onClick={() => setOpen("capture")}>
              {t("detail.payment.capture")}
            </Button>
            <Button variant="ghost" onClick={() => setOpen("release")}>
              {t("detail.payment.release")}
            </Button>
          </>
        )}
      </div>
      <MoneyDialog
        open={open === "refund"}
        title={t("detail.payment.refundTitle")}
        description={t("detail.payment.refundBody", { amount: amount(seen.refundable_cents) })}
        submitLabel={t("detail.payment.refundSubmit")}
        currency={reservation.currency}
        pending={move.isPending}
        error={move.error}
        onClose={close}
        onSubmit={(value, reason) =>
          send({ kind: "refund", amount: value, reason, refundable_cents: seen.refundable_cents })
        }
      />
      <MoneyDialog
        open={open === "capture"}
        title={t("detail.payment.captureTitle")}
        description={t("detail.payment.captureBody", { amount: amount(seen.held_cents) })}
        submitLabel={t("detail.payment.captureSubmit")}
        currency={reservation.currency}
        pending={move.isPending}
        error={move.error}
        onClose={close}
        onSubmit={(value, reason) => send({ kind: "capture", amount: value, reason, held_cents: seen.held_cents })}
      />
      <ConfirmDialog
        open={open === "release"}
        onOpenChange={(next) => !next && !move.isPending && close()}
        title={t("detail.payment.releaseTitle")}
        description={t("detail.payment.releaseBody", { amount: amount(seen.held_cents) })}
        confirmLabel={t("detail.payment.releaseConfirm")}
        destructive
        pending={move.isPending}
        onConfirm={() => send({ kind: "release", held_cents: seen.held_cents })}
      />
    </section>
  );
}

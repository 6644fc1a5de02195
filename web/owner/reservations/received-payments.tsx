import { MONEY_REASON_MAX, PAYMENT_RECORDABLE_STATUSES } from "@domain/payment-actions";
import { PICKUP_METHODS, type PickupMethod, type ReceivedPayment } from "@domain/payments";
import { toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { amountInputText, formatMoney, formatWhen, plainAmount } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { Alert } from "@web/ui/alert";
import { AmountInput } from "@web/ui/amount-input";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { Dialog } from "@web/ui/dialog";
import { Field } from "@web/ui/field";
import { SelectField } from "@web/ui/native-select";
import { TextareaField } from "@web/ui/textarea-field";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ReceivedPaymentBody, useRecordPayment, useUndoPayment } from "./api";

type Props = {
  reservation: Reservation;
  timeZone: string;
  onUpdated: (reservation: Reservation) => void;
  className?: string;
};

/**
 * "Registrar pago": money taken at the counter (cash, a card on the operator's own terminal) or a
 * transfer seen arrive, against what is left to pay (the booking and the return's charges accepted);
 * the payments recorded, each undone after a confirmation when it was a mistake. On the reservation's
 * detail and at the counter.
 */
export function ReceivedPayments({ reservation, timeZone, onUpdated, className }: Props) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const [recording, setRecording] = useState(false);
  const [undoing, setUndoing] = useState<ReceivedPayment | null>(null);
  const record = useRecordPayment();
  const sending = useRef(false);
  const undo = useUndoPayment();
  const { settlement } = reservation;
  const recordable = PAYMENT_RECORDABLE_STATUSES.includes(reservation.status);
  if (!recordable && settlement.received.length === 0) return null;
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  const when = (iso: string) => {
    const local = toLocal(new Date(iso), timeZone);
    return formatWhen(local.date, local.time, language);
  };
  const done = (message: string, updated: Reservation) => {
    notify.success(`payment:${reservation.id}`, message);
    onUpdated(updated);
  };
  // The money moved elsewhere meanwhile (another tab, a colleague): start again from the new figures.
  const refused = (error: unknown, close: () => void) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      notify.error(`payment:${reservation.id}`, error.message);
      close();
    }
  };
  const closeRecording = () => {
    setRecording(false);
    record.reset();
  };
  const closeUndoing = () => {
    setUndoing(null);
    undo.reset();
  };

  return (
    <section
      aria-labelledby={`received-${reservation.id}`}
      className={cn("flex flex-col gap-3", className)}
      data-testid="received"
    >
      <h3 id={`received-${reservation.id}`} className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {t("detail.received.title")}
      </h3>
      {settlement.received.length > 0 && (
        <ul className="flex flex-col gap-2">
          {settlement.received.map((payment) => (
            <li
              key={payment.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-gray-200 p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-gray-900 tabular-nums">
                  {t(`detail.received.methods.${payment.method}`)} · {amount(payment.amount_cents)}
                </p>
                <p className="text-gray-600 tabular-nums">{when(payment.recorded_at)}</p>
                {payment.note && <p className="break-words text-gray-700">{payment.note}</p>}
              </div>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setUndoing(payment)}
                aria-label={t("detail.received.undoNamed", {
                  amount: amount(payment.amount_cents),
                  method: t(`detail.received.methods.${payment.method}`),
                })}
              >
                {t("detail.received.undo")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {recordable && (
        <p className="text-sm text-gray-800" data-testid="reservation-outstanding">
          {settlement.outstanding_cents > 0
            ? t("detail.received.outstanding", { amount: amount(settlement.outstanding_cents) })
            : t("detail.received.settled")}
        </p>
      )}
      {recordable && settlement.outstanding_cents > 0 && (
        <div>
          <Button variant="secondary" onClick={() => setRecording(true)}>
            {t("detail.received.record")}
          </Button>
        </div>
      )}
      <RecordPaymentDialog
        open={recording}
        reservation={reservation}
        pending={record.isPending}
        error={record.error}
        onClose={() => !record.isPending && closeRecording()}
        onSubmit={(body) => {
          // A double tap lands before React shows the first as pending: the second is not sent.
          if (sending.current) return;
          sending.current = true;
          record.mutate(
            { reservation, body },
            {
              onSuccess: ({ message, reservation: updated }) => {
                done(message, updated);
                closeRecording();
              },
              onError: (error) => refused(error, closeRecording),
              onSettled: () => {
                sending.current = false;
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(next) => !next && !undo.isPending && closeUndoing()}
        title={t("detail.received.undoTitle")}
        description={
          undoing &&
          t("detail.received.undoBody", {
            amount: amount(undoing.amount_cents),
            method: t(`detail.received.methodsIn.${undoing.method}`),
            date: when(undoing.recorded_at),
          })
        }
        confirmLabel={t("detail.received.undoConfirm")}
        destructive
        pending={undo.isPending}
        refusal={undo.error instanceof ApiError ? undo.error.message : undo.error ? t("detail.payment.error") : null}
        onConfirm={() =>
          undoing &&
          undo.mutate(
            { reservation, paymentId: undoing.id },
            {
              onSuccess: ({ message, reservation: updated }) => {
                done(message, updated);
                closeUndoing();
              },
            },
          )
        }
      />
    </section>
  );
}

type DialogProps = {
  open: boolean;
  reservation: Reservation;
  pending: boolean;
  /** The server's refusal of the last try (field messages go under their fields). */
  error: unknown;
  onClose: () => void;
  onSubmit: (body: ReceivedPaymentBody) => void;
};

/** How it was paid, how much (what is left to pay, to start with) and a note. */
function RecordPaymentDialog({ open, reservation, pending, error, onClose, onSubmit }: DialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const formId = useId();
  const outstanding = reservation.settlement.outstanding_cents;
  const [method, setMethod] = useState<PickupMethod>("cash");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  // Opened again, it starts from what is left to pay now.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setMethod("cash");
      setAmount(amountInputText(outstanding, language));
      setNote("");
    }
  }
  const apiError = error instanceof ApiError && error.status === 422 ? error : null;
  const fieldError = (field: string) => apiError?.fieldMessage(field);
  const fields = ["method", "amount", "note"];
  const general =
    error && !fields.some((field) => fieldError(field))
      ? error instanceof ApiError
        ? error.message
        : t("detail.payment.error")
      : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("detail.received.recordTitle")}
      description={t("detail.received.recordBody", {
        amount: formatMoney(outstanding, reservation.currency, language),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? t("detail.payment.moving") : t("detail.received.recordSubmit")}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit({ method, amount: plainAmount(amount), note, outstanding_cents: outstanding });
        }}
      >
        {general && <Alert>{general}</Alert>}
        <SelectField
          label={t("detail.received.method")}
          error={fieldError("method")}
          value={method}
          onChange={(event) => setMethod(event.target.value as PickupMethod)}
          options={PICKUP_METHODS.map((value) => ({ value, label: t(`detail.received.methods.${value}`) }))}
          className="sm:max-w-64"
        />
        <Field label={t("detail.payment.amount")} error={fieldError("amount")}>
          {(control) => (
            <AmountInput
              {...control}
              value={amount}
              onValueChange={setAmount}
              currency={reservation.currency}
              language={language}
              className="sm:max-w-48"
            />
          )}
        </Field>
        <TextareaField
          label={t("detail.received.note")}
          hint={t("detail.received.noteHint")}
          error={fieldError("note")}
          rows={2}
          maxLength={MONEY_REASON_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

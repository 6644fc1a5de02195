import { MONEY_REASON_MAX, PAYMENT_RECORDABLE_STATUSES } from "@domain/payment-actions";
import {
  chargesAwaiting,
  depositLeftCents,
  PICKUP_METHODS,
  type PickupMethod,
  type ReceivedPayment,
} from "@domain/payments";
import { toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { amountInputText, formatMoney, formatWhen, plainAmount } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useFigureAsOpened } from "@web/lib/use-figure-as-opened";
import { Alert } from "@web/ui/alert";
import { AmountInput } from "@web/ui/amount-input";
import { Button } from "@web/ui/button";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { Dialog } from "@web/ui/dialog";
import { Field } from "@web/ui/field";
import { SelectField } from "@web/ui/native-select";
import { TextareaField } from "@web/ui/textarea-field";
import type { TFunction } from "i18next";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ByHandBody, useRecordPayment, useUndoPayment } from "./api";
import { owedBackByHand } from "./format";

type Props = {
  reservation: Reservation;
  timeZone: string;
  onUpdated: (reservation: Reservation) => void;
  className?: string;
};

/** A movement recorded by hand, as listed: money in, or given back; undone ones struck through. */
type Entry = ReceivedPayment & { refund: boolean; voided_at?: string };
type Mode = "payment" | "refund";

/**
 * "Registrar pago": money taken at the counter (cash, a card on the operator's own terminal) or a
 * transfer seen arrive, against what is left to pay (the booking and the return's charges accepted);
 * after a cancellation, "Registrar reembolso": what was given back by transfer or in cash. Each
 * recorded movement is undone after a confirmation when it was a mistake, and stays listed, struck
 * through, with when it was undone. On the reservation's detail and at the counter.
 */
export function ReceivedPayments({ reservation, timeZone, onUpdated, className }: Props) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const [recording, setRecording] = useState<Mode | null>(null);
  const [undoing, setUndoing] = useState<Entry | null>(null);
  const record = useRecordPayment();
  const sending = useRef(false);
  const undo = useUndoPayment();
  const { settlement } = reservation;
  const awaiting = chargesAwaiting(settlement);
  const recordable = PAYMENT_RECORDABLE_STATUSES.includes(reservation.status);
  const refundable = reservation.status === "cancelled" && settlement.refundable_by_hand_cents > 0;
  // What the cancellation said goes back (its fee kept).
  const owed = owedBackByHand(reservation);
  const entries: Entry[] = [
    ...settlement.received.map((entry) => ({ ...entry, refund: false })),
    ...settlement.refunded_by_hand.map((entry) => ({ ...entry, refund: true })),
    ...settlement.voided_by_hand,
  ].sort((a, b) => a.recorded_at.localeCompare(b.recorded_at));
  if (!recordable && !refundable && entries.length === 0) return null;
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  const when = (iso: string) => {
    const local = toLocal(new Date(iso), timeZone);
    return formatWhen(local.date, local.time, language);
  };
  const named = (entry: Entry) => ({
    amount: amount(entry.amount_cents),
    method: t(`detail.received.methods.${entry.method}`),
  });
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
    setRecording(null);
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
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-gray-200 p-3 text-sm"
            >
              <div className="min-w-0">
                <p
                  className={cn(
                    "font-medium tabular-nums",
                    entry.voided_at ? "text-gray-600 line-through" : "text-gray-900",
                  )}
                >
                  {t(rowKey(entry), named(entry))}
                </p>
                <p className="text-gray-600 tabular-nums">{when(entry.recorded_at)}</p>
                {entry.voided_at && (
                  <p className="font-medium text-gray-800 tabular-nums">
                    {t("detail.received.voidedOn", { date: when(entry.voided_at) })}
                  </p>
                )}
                {entry.note && <p className="break-words whitespace-pre-line text-gray-700">{entry.note}</p>}
              </div>
              {/* The charges taken from a counter deposit are part of what the customer signed at the return. */}
              {!entry.voided_at && !entry.accepted_charges && (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={() => setUndoing(entry)}
                  aria-label={t(
                    entry.refund ? "detail.received.undoRefundNamed" : "detail.received.undoNamed",
                    named(entry),
                  )}
                >
                  {t("detail.received.undo")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {recordable && (
        <p className="text-sm text-gray-800" data-testid="reservation-outstanding">
          {settlement.outstanding_cents > 0
            ? t(
                settlement.charges_cents > 0 ? "detail.received.outstandingWithCharges" : "detail.received.outstanding",
                {
                  amount: amount(settlement.outstanding_cents),
                },
              )
            : t("detail.received.settled")}
        </p>
      )}
      {/* Not owed until the customer signs for them (nothing is recorded against them): said beside it. */}
      {recordable && awaiting && (
        <p className="text-sm text-gray-800" data-testid="reservation-outstanding-awaiting">
          {t("detail.received.chargesAwaiting", {
            charges: amount(awaiting.chargesCents),
            amount: amount(awaiting.dueCents),
          })}
        </p>
      )}
      {refundable && (
        <p className="text-sm text-gray-800" data-testid="reservation-refundable">
          {t("detail.received.refundable", { amount: amount(settlement.refundable_by_hand_cents) })}
          {owed !== settlement.refundable_by_hand_cents && <> {owedLine(t, amount(owed), owed)}</>}
        </p>
      )}
      {((recordable && settlement.outstanding_cents > 0) || refundable) && (
        <div>
          <Button variant="secondary" onClick={() => setRecording(refundable ? "refund" : "payment")}>
            {t(refundable ? "detail.received.recordRefund" : "detail.received.record")}
          </Button>
        </div>
      )}
      <ByHandDialog
        mode={recording}
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
        title={t(undoing?.refund ? "detail.received.undoRefundTitle" : "detail.received.undoTitle")}
        description={
          undoing &&
          // A cancelled booking has nothing left to pay: the payment only stops counting as received.
          t(undoBodyKey(undoing.refund, reservation.status === "cancelled"), {
            amount: amount(undoing.amount_cents),
            method: t(`detail.received.methodsIn.${undoing.method}`),
            date: when(undoing.recorded_at),
          })
        }
        confirmLabel={t(undoing?.refund ? "detail.received.undoRefundConfirm" : "detail.received.undoConfirm")}
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
  /** Which is recorded: money received, or given back; null while closed. */
  mode: Mode | null;
  reservation: Reservation;
  pending: boolean;
  /** The server's refusal of the last try (field messages go under their fields). */
  error: unknown;
  onClose: () => void;
  onSubmit: (body: ByHandBody) => void;
};

const DIALOG_TEXT = {
  payment: {
    title: "detail.received.recordTitle",
    body: "detail.received.recordBody",
    submit: "detail.received.recordSubmit",
  },
  refund: {
    title: "detail.received.recordRefundTitle",
    body: "detail.received.recordRefundBody",
    submit: "detail.received.recordRefundSubmit",
  },
} as const;

/** How a movement is listed: given back, taken out of the counter's deposit, or received. */
const rowKey = (entry: Entry) =>
  entry.refund
    ? "detail.received.refundRow"
    : entry.from_deposit
      ? "detail.received.depositRow"
      : "detail.received.paymentRow";

const undoBodyKey = (refund: boolean, cancelled: boolean) =>
  refund
    ? "detail.received.undoRefundBody"
    : cancelled
      ? "detail.received.undoBodyCancelled"
      : "detail.received.undoBody";

/** What the cancellation said goes back, when that is not all that came in (its fee kept). */
function owedLine(t: TFunction<"reservations">, amount: string, cents: number) {
  return cents > 0 ? t("detail.received.owed", { amount }) : t("detail.received.owedNone");
}

/**
 * How it changed hands, how much and a note. The amount starts from all that is left to pay, or
 * for a refund from what the cancellation said goes back.
 */
function ByHandDialog({ mode, reservation, pending, error, onClose, onSubmit }: DialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const formId = useId();
  const { settlement } = reservation;
  const limit = useFigureAsOpened(
    mode,
    mode === "refund" ? settlement.refundable_by_hand_cents : settlement.outstanding_cents,
  );
  // A refund starts from what the cancellation said goes back, not from all that came in: the fee
  // is the owner's to keep. Nothing owed back (the fee kept it all): the owner types the amount.
  const suggested = mode === "refund" ? owedBackByHand(reservation) : limit;
  // What is left of the deposit the counter took, to take a payment from (the counter says to, when
  // the rental is still unpaid as the deposit goes back): it then comes off what goes back of it.
  const depositLeft = mode === "payment" ? depositLeftCents(reservation.counter_deposit, settlement.received) : 0;
  const [method, setMethod] = useState<PickupMethod | "deposit">("cash");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  // Opened again, it starts from what is left now.
  const [shownMode, setShownMode] = useState<Mode | null>(null);
  if (mode !== shownMode) {
    setShownMode(mode);
    if (mode) {
      // A refund goes back the way the money came, most often: the last taken by hand (cash given
      // back as cash), else a transfer (the plan's transfer, the only other way in by hand).
      const cameIn = settlement.received.at(-1)?.method;
      setMethod(mode === "refund" ? (cameIn ?? "transfer") : "cash");
      setAmount(suggested > 0 ? amountInputText(suggested, language) : "");
      setNote("");
    }
  }
  const text = DIALOG_TEXT[mode ?? shownMode ?? "payment"];
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
      open={mode !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t(text.title)}
      description={[
        t(text.body, { amount: formatMoney(limit, reservation.currency, language) }),
        mode === "refund" && suggested !== limit
          ? owedLine(t, formatMoney(suggested, reservation.currency, language), suggested)
          : null,
      ]
        .filter(Boolean)
        .join(" ")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? t("detail.payment.moving") : t(text.submit)}
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
          if (pending || !mode) return;
          const fromDeposit = method === "deposit";
          // From the deposit, the way it came in (the server records it so whatever is sent).
          const typed = {
            method: fromDeposit ? (reservation.counter_deposit?.method ?? "cash") : method,
            amount: plainAmount(amount),
            note,
          };
          onSubmit(
            mode === "refund"
              ? { kind: "refund", ...typed, refundable_cents: limit }
              : { kind: "payment", ...typed, outstanding_cents: limit, from_deposit: fromDeposit },
          );
        }}
      >
        {general && <Alert>{general}</Alert>}
        <SelectField
          label={t(mode === "refund" ? "detail.received.refundMethod" : "detail.received.method")}
          error={fieldError("method")}
          hint={
            method === "deposit"
              ? t("detail.received.fromDepositHint", {
                  amount: formatMoney(depositLeft, reservation.currency, language),
                })
              : undefined
          }
          value={method}
          onChange={(event) => {
            const chosen = event.target.value as PickupMethod | "deposit";
            setMethod(chosen);
            // No more than the deposit holds: the amount starts from what it can pay.
            if (chosen === "deposit" && (!amount || Math.min(limit, depositLeft) < limit)) {
              setAmount(amountInputText(Math.min(limit, depositLeft), language));
            }
          }}
          options={[
            ...PICKUP_METHODS.map((value) => ({ value, label: t(`detail.received.methods.${value}`) })),
            ...(depositLeft > 0
              ? [
                  {
                    value: "deposit",
                    label: t("detail.received.fromDeposit", {
                      method: t(`detail.received.methodsIn.${reservation.counter_deposit?.method ?? "cash"}`),
                    }),
                  },
                ]
              : []),
          ]}
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

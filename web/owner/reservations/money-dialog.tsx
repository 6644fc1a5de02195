import { MONEY_REASON_MAX } from "@domain/payment-actions";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { Alert } from "@web/ui/alert";
import { AmountInput } from "@web/ui/amount-input";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { Field } from "@web/ui/field";
import { TextareaField } from "@web/ui/textarea-field";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type MoneyDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  submitLabel: string;
  currency: string;
  pending: boolean;
  /** The server's refusal of the last try (field messages go under their fields). */
  error: unknown;
  onClose: () => void;
  onSubmit: (amount: string, reason: string) => void;
};

/** An amount and the reason for it, for a refund or a charge from the deposit (issue 27). */
export function MoneyDialog({
  open,
  title,
  description,
  submitLabel,
  currency,
  pending,
  error,
  onClose,
  onSubmit,
}: MoneyDialogProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const formId = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  // Opened again (after a refund made, or refused), it starts empty: the last amount is never one click away.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setAmount("");
      setReason("");
    }
  }
  // Sent once per answer: the two clicks of a fast double click both came before `pending` was
  // drawn, and the second asked again with the figure the first had just changed (a walk's
  // finding: the refund was made, then a red "the money changed meanwhile" said it was not).
  const sent = useRef(false);
  useEffect(() => {
    if (!pending) sent.current = false;
  }, [pending]);
  const apiError = error instanceof ApiError ? error : null;
  const amountError = apiError?.fieldMessage("amount");
  const reasonError = apiError?.fieldMessage("reason");
  const general = error && !amountError && !reasonError ? (apiError?.message ?? t("detail.payment.error")) : null;
  const close = (next: boolean) => {
    if (next || pending) return;
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? t("detail.payment.moving") : submitLabel}
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
          if (pending || sent.current) return;
          sent.current = true;
          onSubmit(amount, reason);
        }}
      >
        {general && <Alert>{general}</Alert>}
        <Field label={t("detail.payment.amount")} error={amountError}>
          {(control) => (
            <AmountInput
              {...control}
              value={amount}
              onValueChange={setAmount}
              currency={currency}
              language={language}
              className="sm:max-w-48"
            />
          )}
        </Field>
        <TextareaField
          label={t("detail.payment.reason")}
          hint={t("detail.payment.reasonHint")}
          error={reasonError}
          rows={3}
          maxLength={MONEY_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

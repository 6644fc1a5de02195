import { COUNTER_DEPOSIT_METHODS, isCounterDepositMethod } from "@domain/counter";
import { parseMoney } from "@domain/money";
import { depositTakenAtCounter } from "@domain/payments";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { AmountInput } from "@web/ui/amount-input";
import { Field } from "@web/ui/field";
import { FormSection } from "@web/ui/form-section";
import { RadioCards } from "@web/ui/radio-cards";
import { useTranslation } from "react-i18next";
import { type FieldErrors, fieldError } from "./form-state";

/** How the deposit came in at the counter, as the check-out form holds it ("" until chosen). */
export type DepositValues = { method: "" | "cash" | "card" | "none"; amount: string };

/** Whether the check-out asks for the deposit: the booking has one, and the counter takes it (`depositTakenAtCounter`). */
export const asksDeposit = (reservation: Reservation) =>
  reservation.deposit_cents > 0 && depositTakenAtCounter(reservation.payment);

/**
 * The deposit taken as the car leaves (PRODUCT §11): in cash, by card on the owner's own terminal,
 * or not at all, and how much (the rules' amount to start with). It goes back at the return, less
 * the charges the customer accepts.
 */
export function DepositField({
  reservation,
  value,
  onChange,
  errors,
  disabled,
}: {
  reservation: Reservation;
  value: DepositValues;
  onChange: (value: DepositValues) => void;
  errors: FieldErrors;
  disabled: boolean;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const ruled = formatMoney(reservation.deposit_cents, reservation.currency, language);
  // An amount other than the rules' is allowed (the owner may agree another), but said beside the
  // field, so a slipped zero is seen before the customer signs for it.
  const typed = parseMoney(value.amount);
  // Not for an amount the server refuses (nothing, or 0): its error says what to do instead.
  const differs = typed.ok && typed.cents > 0 && typed.cents !== reservation.deposit_cents;
  const options = [...COUNTER_DEPOSIT_METHODS, "none" as const].map((method) => ({
    value: method,
    label: t(`counter.deposit.methods.${method}`),
  }));
  return (
    <FormSection title={t("counter.deposit.title")} description={t("counter.deposit.body", { amount: ruled })}>
      <div className="flex flex-col gap-4">
        <RadioCards
          legend={t("counter.deposit.method")}
          name="deposit_method"
          options={options}
          value={value.method}
          onValueChange={(method) => onChange({ ...value, method: method as DepositValues["method"] })}
          error={fieldError(errors, "deposit_method")}
          disabled={disabled}
        />
        {isCounterDepositMethod(value.method) && (
          <Field
            label={t("counter.deposit.amount")}
            hint={
              differs
                ? t("counter.deposit.otherThanRules", {
                    typed: formatMoney(typed.cents, reservation.currency, language),
                    amount: ruled,
                  })
                : undefined
            }
            error={fieldError(errors, "deposit_amount")}
          >
            {(control) => (
              <AmountInput
                {...control}
                value={value.amount}
                onValueChange={(amount) => onChange({ ...value, amount })}
                currency={reservation.currency}
                language={language}
                disabled={disabled}
                className="sm:max-w-48"
              />
            )}
          </Field>
        )}
      </div>
    </FormSection>
  );
}

import type { DeskQuote } from "@domain/reservations";
import { PRICE_REASON_MAX } from "@domain/reservations";
import { displayMessage } from "@web/i18n/messages";
import { TextField } from "@web/ui/text-field";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BookingFormValues } from "./booking-form";

type RulesOverrideProps = {
  problems: DeskQuote["problems"];
  skipping: boolean;
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
};

/**
 * The owner's own rules stop this booking: they may book it anyway for a phone customer, saying
 * why (issue 25.13), as they may agree a price. Shown only when a rule they can skip stops it;
 * what they cannot skip (the trips they offer, a unit free) still stops it, and says so.
 */
export function RulesOverride({ problems, skipping, register, errors }: RulesOverrideProps) {
  const { t } = useTranslation("desk");
  const skippable = problems.filter((problem) => problem.overridable);
  if (skippable.length === 0) return null;
  const fixed = problems.some((problem) => !problem.overridable);
  return (
    <div className="flex flex-col gap-3 rounded-lg p-4 text-sm ring-1 ring-gray-200 ring-inset">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          aria-describedby="desk-skip-rules-hint"
          className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-600"
          data-testid="desk-skip-rules"
          {...register("skip_rules")}
        />
        <span>
          <span className="block font-medium text-gray-900">{t("rules.skip")}</span>
          <span id="desk-skip-rules-hint" className="block text-gray-600">
            {fixed ? t("rules.skipHintFixed") : t("rules.skipHint")}
          </span>
        </span>
      </label>
      {skipping && (
        <TextField
          label={t("rules.reason")}
          hint={t("rules.reasonHint")}
          autoComplete="off"
          maxLength={PRICE_REASON_MAX}
          error={displayMessage(t, errors.rules_reason?.message)}
          data-testid="desk-rules-reason"
          {...register("rules_reason")}
        />
      )}
    </div>
  );
}

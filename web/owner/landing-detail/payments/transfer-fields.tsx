import type { Language } from "@domain/languages";
import { INSTRUCTIONS_MAX, TRANSFER_HOURS } from "@domain/payments";
import { textLength } from "@domain/text-length";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { RuleInput } from "@web/owner/rules";
import { CountedTextareaField } from "@web/ui/counted-textarea-field";
import { TextField } from "@web/ui/text-field";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PaymentValues } from "./payment-values";

type TextName = "bank" | "holder" | "account" | "account_type" | "tax_id";

/**
 * The account a customer sends a bank transfer to, how long they have (issue 27.1 d), and what to
 * do, in the landing's language and in `otherLanguage` (PRODUCT §7: customers who booked in it read that).
 */
export function TransferFields({
  form,
  otherLanguage,
}: {
  form: UseFormReturn<PaymentValues>;
  otherLanguage: Language;
}) {
  const { t } = useTranslation("landings");
  const { register, formState } = form;
  const [instructions = "", otherInstructions = ""] = useWatch({
    control: form.control,
    name: ["transfer.instructions", `transfer.translations.${otherLanguage}.instructions`],
  });
  const errorOf = (name: TextName | "instructions") => displayMessage(t, formState.errors.transfer?.[name]?.message);
  const language = t(`languagesInSentence.${otherLanguage}`);
  const text = (name: TextName, optional = false) => (
    <TextField
      label={t(`payments.transfer.${name}`)}
      hint={optional ? t("payments.transfer.optional") : undefined}
      error={errorOf(name)}
      maxLength={120}
      autoComplete="off"
      {...register(`transfer.${name}`)}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("bank")}
      {text("holder")}
      {text("account")}
      {text("account_type", true)}
      {text("tax_id", true)}
      <RuleInput
        form={form}
        name="transfer.deadline_hours"
        kind="whole"
        unit="hours"
        label={t("payments.transfer.deadline")}
        hint={t("payments.transfer.deadlineHint", { max: TRANSFER_HOURS.max })}
        language={currentLanguage()}
      />
      <div className="sm:col-span-2">
        <CountedTextareaField
          label={t("payments.transfer.instructions")}
          hint={t("payments.transfer.instructionsHint")}
          error={errorOf("instructions")}
          count={textLength(instructions.trim())}
          limit={INSTRUCTIONS_MAX}
          rows={3}
          {...register("transfer.instructions")}
        />
      </div>
      <div className="sm:col-span-2">
        <CountedTextareaField
          label={t("payments.transfer.otherInstructions", { language })}
          hint={t("payments.transfer.otherInstructionsHint", { language })}
          error={displayMessage(t, formState.errors.transfer?.translations?.[otherLanguage]?.instructions?.message)}
          count={textLength(otherInstructions.trim())}
          limit={INSTRUCTIONS_MAX}
          rows={3}
          lang={otherLanguage}
          {...register(`transfer.translations.${otherLanguage}.instructions`)}
        />
      </div>
    </div>
  );
}

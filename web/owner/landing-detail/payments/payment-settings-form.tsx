import type { Landing } from "@domain/landings";
import { DEPOSIT_HOLD_DAYS_MAX, PICKUP_METHODS, PREPAY_CHANNELS, prepaysByTransfer } from "@domain/payments";
import { PREPAY_KINDS } from "@domain/prepayment";
import { otherLanguage } from "@domain/translations";
import { useQueryClient } from "@tanstack/react-query";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import { RuleInput, useVersionedSave } from "@web/owner/rules";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { FormActions, FormSection } from "@web/ui/form-section";
import { Notice } from "@web/ui/notice";
import { RadioCards } from "@web/ui/radio-cards";
import { SaveFailure } from "@web/ui/save-failure";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type LandingPayments, paymentsQuery, useSavePayments } from "./api";
import { PAYMENT_FIELDS, type PaymentValues, paymentValues } from "./payment-values";
import { TransferFields } from "./transfer-fields";

const ACTION = "landing-payments";

/**
 * How the landing's bookings are paid (issue 27.1): what is paid when booking and how, what the
 * counter takes, and the deposit. Saved with the version it was read at, like the rules.
 */
export function PaymentSettingsForm({ landing, payments }: { landing: Landing; payments: LandingPayments }) {
  const { t } = useTranslation("landings");
  const language = currentLanguage();
  // The instructions may be written in the landing's other language too.
  const other = otherLanguage(landing.default_language);
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const save = useSavePayments(userId, landing.id);
  const form = useForm<PaymentValues>({
    defaultValues: paymentValues(payments.settings, payments.version, language, other),
  });
  const { register, control, reset, formState } = form;
  const [prepay, channel, depositHold] = useWatch({ control, name: ["prepay", "channel", "deposit_hold"] });
  // What was typed survives a reload or a session ended mid-form, as in the tab's other forms (a
  // walk's finding: the bank's details typed here were lost to a reload).
  const draft = useFormDraft(`${ACTION}:${landing.id}`, form);
  const { onSubmit, reload, discard, stale, reloading, failure } = useVersionedSave({
    form,
    draft,
    action: ACTION,
    fields: () => PAYMENT_FIELDS,
    send: (values) => save.mutateAsync(values),
    refetch: () => queryClient.fetchQuery({ ...paymentsQuery(userId, landing.id), staleTime: 0 }),
    load: (fresh: LandingPayments) => reset(paymentValues(fresh.settings, fresh.version, language, other)),
    onSaved: () => notify.success(ACTION, t("payments.saved")),
    onReloadError: (error) =>
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic")),
  });
  useLeaveGuard(formState.isDirty, { onLeave: draft.clear });
  const error = (name: "prepay" | "channel" | "pickup_methods" | "deposit_hold") =>
    displayMessage(t, formState.errors[name]?.message);
  const pickupMethodsError = error("pickup_methods");
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`payments.${group}.${value}`),
    hint: t(`payments.${group}.${value}Hint`),
  });
  // Only the buttons wait for a save: a field disabled meanwhile could not take the focus of its error.
  const saving = save.isPending;
  const connected = payments.account !== null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={t("payments.formLabel")}
      aria-busy={saving || undefined}
    >
      <FormSection title={t("payments.prepayTitle")} description={t("payments.prepayDescription")}>
        <RadioCards
          legend={t("payments.prepayLegend")}
          options={PREPAY_KINDS.map(option("prepay"))}
          value={prepay}
          error={error("prepay")}
          {...register("prepay")}
        />
        {prepay === "percent" && (
          <RuleInput
            form={form}
            name="prepay_percent"
            kind="percent"
            label={t("payments.percent")}
            hint={t("payments.percentHint")}
            language={language}
          />
        )}
        {prepay === "fixed" && (
          <RuleInput
            form={form}
            name="prepay_amount"
            kind="money"
            currency={landing.currency}
            label={t("payments.amount")}
            hint={t("payments.amountHint")}
            language={language}
          />
        )}
        {prepay !== "none" && (
          <RadioCards
            legend={t("payments.channelLegend")}
            options={PREPAY_CHANNELS.map(option("channel"))}
            value={channel}
            error={error("channel")}
            {...register("channel")}
          />
        )}
        {prepay !== "none" && channel === "card" && (
          <>
            {!connected && <Notice>{t("payments.connectFirst")}</Notice>}
            <RuleInput
              form={form}
              name="hold_minutes"
              kind="whole"
              unit="minutes"
              label={t("payments.holdMinutes")}
              hint={t("payments.holdMinutesHint")}
              language={language}
            />
          </>
        )}
        {prepay !== "none" && channel === "transfer" && <TransferFields form={form} otherLanguage={other} />}
      </FormSection>

      <FormSection title={t("payments.pickupTitle")} description={t("payments.pickupDescription")}>
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={pickupMethodsError ? "pickup-methods-error" : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-gray-800">{t("payments.pickupLegend")}</legend>
          {PICKUP_METHODS.map((method) => (
            <label key={method} className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
              <input
                type="checkbox"
                value={method}
                className="size-5 rounded border-gray-300 text-brand-600"
                {...register("pickup_methods")}
              />
              {t(`payments.method.${method}`)}
            </label>
          ))}
          <FieldError id="pickup-methods-error" message={pickupMethodsError} />
        </fieldset>
      </FormSection>

      <FormSection title={t("payments.depositTitle")} description={t("payments.depositDescription")}>
        <RadioCards
          legend={t("payments.depositLegend")}
          options={["none", "at_booking", "before_pickup"].map(option("deposit"))}
          value={depositHold}
          error={error("deposit_hold")}
          columns={1}
          {...register("deposit_hold")}
        />
        {depositHold !== "none" && !connected && <Notice>{t("payments.connectFirst")}</Notice>}
        {/* Said before saving, in the words the save refuses with (until then shown under the choices). */}
        {depositHold !== "none" && prepaysByTransfer({ prepay, channel }) && !error("deposit_hold") && (
          <Notice>{t("api:depositHoldNeedsCardPrepay")}</Notice>
        )}
        {depositHold === "before_pickup" && (
          <RuleInput
            form={form}
            name="deposit_hold_days"
            kind="whole"
            unit="days"
            label={t("payments.depositDays")}
            hint={t("payments.depositDaysHint", { max: DEPOSIT_HOLD_DAYS_MAX })}
            language={language}
          />
        )}
      </FormSection>

      <SaveFailure
        stale={stale}
        reloading={reloading}
        onReload={() => void reload()}
        failure={failure}
        failedText={t("payments.failed")}
      />
      <FormActions note={formState.isDirty ? t("config.unsaved") : undefined}>
        {formState.isDirty && (
          <Button variant="secondary" onClick={discard} disabled={saving}>
            {t("rules.discard")}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {saving ? t("config.saving") : t("payments.save")}
        </Button>
      </FormActions>
    </form>
  );
}

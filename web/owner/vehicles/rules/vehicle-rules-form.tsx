import type { Language } from "@domain/languages";
import { DEFAULT_LANDING_RULES, type LandingRules } from "@domain/rental-rules";
import type { Vehicle } from "@domain/vehicles";
import { useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { DraftRestoredNote } from "@web/owner/landings";
import { RuleInput, useVersionedSave } from "@web/owner/rules";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { StaleDataAlert } from "@web/ui/stale-data-alert";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { vehicleQuery } from "../api";
import { FormSection } from "../form-section";
import { useSaveVehicleRules } from "./api";
import { SeasonsEditor } from "./seasons-editor";
import {
  VEHICLE_RULES_FIELDS,
  type VehicleRulesValues,
  vehicleRulesPayload,
  vehicleRulesResolver,
  vehicleRulesValues,
} from "./vehicle-rules-values";

type VehicleRulesFormProps = {
  landingId: number;
  /** The landing's other language: each season's name may be written in it too. */
  otherLanguage: Language;
  vehicle: Vehicle;
  currency: string;
  /** The landing's rules, which an empty override keeps (said in each hint); defaults until loaded. */
  landingRules: LandingRules | undefined;
};

/**
 * A vehicle's seasons, deposit and overrides of its landing's rules (issue 10), saved together with
 * the vehicle's version (409 when someone saved it meanwhile). What was typed survives a reload
 * (a draft), and leaving with unsaved changes asks first, as in the vehicle's details.
 */
export function VehicleRulesForm({
  landingId,
  otherLanguage,
  vehicle: loaded,
  currency,
  landingRules,
}: VehicleRulesFormProps) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const save = useSaveVehicleRules(landingId, loaded.id);
  const [vehicle, setVehicle] = useState(loaded);
  const form = useForm<VehicleRulesValues>({
    resolver: vehicleRulesResolver,
    defaultValues: vehicleRulesValues(vehicle.rules, vehicle.version, language, otherLanguage),
  });
  const {
    reset,
    getValues,
    formState: { isDirty },
  } = form;
  const draft = useFormDraft(`vehicle-rules:${landingId}:${vehicle.id}`, form);
  const saveKey = `vehicle-rules:${vehicle.id}`;
  const rules = landingRules ?? DEFAULT_LANDING_RULES;
  const common = { form, language, disabled: save.isPending };
  const { onSubmit, reload, discard, stale, reloading, failure } = useVersionedSave({
    form,
    draft,
    action: saveKey,
    fields: () => [
      ...VEHICLE_RULES_FIELDS,
      ...getValues("seasons").flatMap((_row, index) =>
        (["name", "from", "to", "price"] as const).map(
          (part) => `seasons.${index}.${part}` as Path<VehicleRulesValues>,
        ),
      ),
    ],
    send: async (values) => (await save.mutateAsync(vehicleRulesPayload(values))).vehicle,
    refetch: () => queryClient.fetchQuery({ ...vehicleQuery(landingId, vehicle.id), staleTime: 0 }),
    load: (fresh: Vehicle) => {
      setVehicle(fresh);
      reset(vehicleRulesValues(fresh.rules, fresh.version, language, otherLanguage));
    },
    onSaved: () => notify.success(saveKey, t("vehicleRules.saved")),
    onReloadError: () => notify.error(saveKey, t("tab.loadError")),
  });

  useLeaveGuard(isDirty, { onLeave: draft.clear });
  const landingMax =
    rules.max_days === null ? t("vehicleRules.noMax") : t("vehicleRules.daysCount", { count: rules.max_days });
  const landingAge =
    rules.min_driver_age === null ? t("vehicleRules.noAge") : t("vehicleRules.years", { count: rules.min_driver_age });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t("vehicleRules.formLabel")}
      aria-busy={save.isPending || undefined}
    >
      {draft.restored && isDirty && <DraftRestoredNote files={[]} onDiscard={discard} />}
      <FormSection title={t("vehicleRules.seasonsTitle")} description={t("vehicleRules.seasonsBody")}>
        <SeasonsEditor
          form={form}
          currency={currency}
          language={language}
          otherLanguage={otherLanguage}
          basePrice={formatMoney(vehicle.price_cents, currency, language)}
          disabled={save.isPending}
        />
      </FormSection>

      <FormSection title={t("vehicleRules.limitsTitle")} description={t("vehicleRules.limitsBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="min_days"
            kind="whole"
            unit="days"
            label={t("vehicleRules.minDays")}
            hint={t("vehicleRules.minDaysHint", { value: t("vehicleRules.daysCount", { count: rules.min_days }) })}
          />
          <RuleInput
            {...common}
            name="max_days"
            kind="whole"
            unit="days"
            label={t("vehicleRules.maxDays")}
            hint={t("vehicleRules.maxDaysHint", { value: landingMax })}
          />
          <RuleInput
            {...common}
            name="min_driver_age"
            kind="whole"
            unit="years"
            label={t("vehicleRules.minDriverAge")}
            hint={t("vehicleRules.minDriverAgeHint", { value: landingAge })}
          />
          <RuleInput
            {...common}
            name="deposit"
            kind="money"
            currency={currency}
            label={t("vehicleRules.deposit")}
            hint={t("vehicleRules.depositHint")}
          />
        </div>
      </FormSection>

      {stale && <StaleDataAlert onReload={() => void reload()} reloading={reloading} />}
      {failure && !stale && <Alert>{failure.reason ?? t("vehicleRules.failed")}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && (
          <p className="text-sm text-gray-600 sm:mr-auto" data-testid="vehicle-rules-unsaved">
            {t("vehicleRules.unsaved")}
          </p>
        )}
        {isDirty && (
          <Button variant="secondary" onClick={discard} disabled={save.isPending}>
            {t("vehicleRules.discard")}
          </Button>
        )}
        <Button type="submit" loading={save.isPending} className="sm:min-w-44">
          {save.isPending ? t("form.saving") : t("vehicleRules.save")}
        </Button>
      </div>
    </form>
  );
}

import type { Landing } from "@domain/landings";
import { useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import { landingQuery } from "@web/owner/landings";
import { RuleInput, useVersionedSave } from "@web/owner/rules";
import { FormSection } from "@web/ui/form-section";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveCounterRules } from "./api";
import {
  COUNTER_RULES_FIELDS,
  type CounterRulesValues,
  counterRulesFormValues,
  counterRulesPayload,
  counterRulesResolver,
} from "./counter-rules-values";
import { RulesFormEnd } from "./rules-form-end";

const ACTION = "landing-counter-rules";

type Rule = {
  name: (typeof COUNTER_RULES_FIELDS)[number];
  kind: "whole" | "money";
  unit?: "km" | "minutes";
  label: string;
};

/** The rules in the order the counter meets them: kilometres, fuel, lateness, cleaning, drivers. */
const RULES: Rule[] = [
  { name: "km_included_per_day", kind: "whole", unit: "km", label: "kmIncluded" },
  { name: "extra_km_fee", kind: "money", label: "extraKm" },
  { name: "fuel_eighth_fee", kind: "money", label: "fuelEighth" },
  { name: "late_grace_minutes", kind: "whole", unit: "minutes", label: "grace" },
  { name: "late_hour_fee", kind: "money", label: "lateHour" },
  { name: "cleaning_fee", kind: "money", label: "cleaning" },
  { name: "additional_driver_fee", kind: "money", label: "additionalDriver" },
];

/**
 * "Entrega y devolución" (issue 28): what a return costs beyond the booking (kilometres past
 * those included, fuel missing, hours late, cleaning) and each additional driver. Saved on its own,
 * with the landing's version; a return already recorded keeps the charges it was priced with.
 */
export function CounterRulesForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const language = currentLanguage();
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const save = useSaveCounterRules(userId, landing.id);
  const form = useForm<CounterRulesValues>({
    resolver: counterRulesResolver,
    defaultValues: counterRulesFormValues(landing.counter_rules, landing.version, language),
  });
  const draft = useFormDraft(`landing-counter-rules:${landing.id}`, form);
  // The rules as this form read them: the landing saved meanwhile by the other forms of the tab
  // (same counter rules, newer version) is taken up without touching what was typed.
  const loaded = useRef({ rules: JSON.stringify(landing.counter_rules), version: landing.version });
  const { onSubmit, reload, discard, stale, reloading, failure } = useVersionedSave({
    form,
    draft,
    action: ACTION,
    fields: () => COUNTER_RULES_FIELDS,
    send: async (values) => (await save.mutateAsync(counterRulesPayload(values))).landing,
    refetch: () => queryClient.fetchQuery({ ...landingQuery(userId, landing.id), staleTime: 0 }),
    load: (fresh: Landing) => {
      loaded.current = { rules: JSON.stringify(fresh.counter_rules), version: fresh.version };
      form.reset(counterRulesFormValues(fresh.counter_rules, fresh.version, language));
    },
    onSaved: () => notify.success(ACTION, t("counterRules.saved")),
    onReloadError: (error) =>
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic")),
  });
  const { reset } = form;
  useEffect(() => {
    const same = JSON.stringify(landing.counter_rules) === loaded.current.rules;
    if (landing.version <= loaded.current.version || !same) return;
    loaded.current = { rules: loaded.current.rules, version: landing.version };
    reset(counterRulesFormValues(landing.counter_rules, landing.version, language), { keepDirtyValues: true });
  }, [landing, language, reset]);
  const { isDirty } = form.formState;
  useLeaveGuard(isDirty, { onLeave: draft.clear });
  const currency = landing.currency;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t("counterRules.title")}
      aria-busy={save.isPending || undefined}
      className="flex flex-col gap-6"
    >
      <FormSection title={t("counterRules.title")} description={t("counterRules.body")}>
        <div className="grid gap-5 sm:grid-cols-2">
          {RULES.map(({ label, ...rule }) => (
            <RuleInput
              key={rule.name}
              {...rule}
              form={form}
              language={language}
              disabled={save.isPending}
              currency={currency}
              label={t(`counterRules.${label}`)}
              hint={t(`counterRules.${label}Hint`, { currency })}
            />
          ))}
        </div>
      </FormSection>
      <RulesFormEnd
        stale={stale}
        reloading={reloading}
        onReload={() => void reload()}
        failure={failure}
        failedText={t("counterRules.failed")}
        dirty={isDirty}
        onDiscard={discard}
        pending={save.isPending}
        saveText={t("counterRules.save")}
      />
    </form>
  );
}

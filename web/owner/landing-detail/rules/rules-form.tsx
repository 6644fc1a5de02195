import type { Landing } from "@domain/landings";
import { otherLanguage } from "@domain/translations";
import { useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import { DraftRestoredNote, landingQuery } from "@web/owner/landings";
import { useVersionedSave } from "@web/owner/rules";
import { Alert } from "@web/ui/alert";
import { useEffect, useRef } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveLandingRules } from "./api";
import { RulesFormEnd } from "./rules-form-end";
import { RulesSections } from "./rules-sections";
import { RULES_FIELDS, type RulesValues, rulesFormValues, rulesPayload, rulesResolver } from "./rules-values";

const ACTION = "landing-rules";

/**
 * The "Reglas y tarifas" tab's form (issue 10): every rule of the landing, saved together with
 * the version the form was loaded at. If someone saved in between (409), what was typed stays and
 * the owner can reload; what was typed and not saved survives a reload of the page (a draft), and
 * leaving with unsaved changes asks first, as in Configuración.
 */
export function RulesForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const language = currentLanguage();
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const save = useSaveLandingRules(userId, landing.id);
  const form = useForm<RulesValues>({
    resolver: rulesResolver,
    defaultValues: rulesFormValues(landing.rules, landing.version, language),
  });
  const {
    reset,
    getValues,
    formState: { isDirty, errors, submitCount },
  } = form;
  const draft = useFormDraft(`landing-rules:${landing.id}`, form);
  // The rules as this form read them: a newer version of the landing with the same rules (its
  // custom domain or Configuración saved meanwhile) is taken up without touching what was typed.
  const loaded = useRef({ rules: JSON.stringify(landing.rules), version: landing.version });
  const { onSubmit, reload, discard, stale, reloading, failure } = useVersionedSave({
    form,
    draft,
    action: ACTION,
    fields: () => [
      ...RULES_FIELDS,
      ...getValues("closures").flatMap((_row, index) =>
        (["from", "to", "note"] as const).map((part) => `closures.${index}.${part}` as Path<RulesValues>),
      ),
      ...getValues("faq").flatMap((_row, index) =>
        (["question", "answer"] as const).map((part) => `faq.${index}.${part}` as Path<RulesValues>),
      ),
    ],
    send: async (values) =>
      (await save.mutateAsync(rulesPayload(values, otherLanguage(landing.default_language)))).landing,
    refetch: () => queryClient.fetchQuery({ ...landingQuery(userId, landing.id), staleTime: 0 }),
    load: (fresh: Landing) => {
      loaded.current = { rules: JSON.stringify(fresh.rules), version: fresh.version };
      reset(rulesFormValues(fresh.rules, fresh.version, language));
    },
    onSaved: () => notify.success(ACTION, t("rules.saved")),
    onReloadError: (error) =>
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic")),
  });

  useEffect(() => {
    if (landing.version <= loaded.current.version || JSON.stringify(landing.rules) !== loaded.current.rules) return;
    loaded.current = { rules: loaded.current.rules, version: landing.version };
    // Fields the owner changed keep their text; the version (unless a draft brought an older one) moves on.
    reset(rulesFormValues(landing.rules, landing.version, language), { keepDirtyValues: true });
  }, [landing, language, reset]);

  useLeaveGuard(isDirty, { onLeave: draft.clear });
  const showSummary = submitCount > 0 && Object.keys(errors).length > 0;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={t("detail.tabs.rules")}
      aria-busy={save.isPending || undefined}
    >
      {draft.restored && isDirty && <DraftRestoredNote files={[]} onDiscard={discard} />}
      {showSummary && <Alert>{t("rules.fixErrors")}</Alert>}
      <RulesSections
        form={form}
        landing={landing}
        language={language}
        otherLanguage={otherLanguage(landing.default_language)}
        disabled={save.isPending}
      />
      <RulesFormEnd
        stale={stale}
        reloading={reloading}
        onReload={() => void reload()}
        failure={failure}
        failedText={t("rules.failed")}
        dirty={isDirty}
        onDiscard={discard}
        pending={save.isPending}
        saveText={t("rules.save")}
      />
    </form>
  );
}

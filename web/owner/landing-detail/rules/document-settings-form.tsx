import { ADDRESS_MAX, documentSettingsInputSchema, LEGAL_NAME_MAX, TAX_ID_MAX, TERMS_MAX } from "@domain/documents";
import type { Landing } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import { landingQuery } from "@web/owner/landings";
import { useVersionedSave } from "@web/owner/rules";
import { CountedTextareaField } from "@web/ui/counted-textarea-field";
import { FormSection } from "@web/ui/form-section";
import { TextField } from "@web/ui/text-field";
import { TextareaField } from "@web/ui/textarea-field";
import { useEffect, useRef } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveDocumentSettings } from "./api";
import { RulesFormEnd } from "./rules-form-end";

const ACTION = "landing-document-settings";
const FIELDS = ["legal_name", "tax_id", "address", "terms_es", "terms_en"] as const;

type DocumentSettingsValues = Landing["document_settings"] & { version: number };

const resolver = zodResolver(documentSettingsInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<DocumentSettingsValues>;

const valuesOf = (landing: Landing): DocumentSettingsValues => ({
  ...landing.document_settings,
  version: landing.version,
});

/**
 * "Contrato y factura" (issue 28): the company's legal name, tax id and address as the rental
 * agreement and the invoice print them, and the agreement's own terms in Spanish and English.
 * Saved on its own with the landing's version; a document already signed or issued keeps what it said.
 */
export function DocumentSettingsForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const save = useSaveDocumentSettings(userId, landing.id);
  const form = useForm<DocumentSettingsValues>({ resolver, defaultValues: valuesOf(landing) });
  const draft = useFormDraft(`${ACTION}:${landing.id}`, form);
  const loaded = useRef({ settings: JSON.stringify(landing.document_settings), version: landing.version });
  const { onSubmit, reload, discard, stale, reloading, failure } = useVersionedSave({
    form,
    draft,
    action: ACTION,
    fields: () => FIELDS,
    send: async (values) => (await save.mutateAsync(values)).landing,
    refetch: () => queryClient.fetchQuery({ ...landingQuery(userId, landing.id), staleTime: 0 }),
    load: (fresh: Landing) => {
      loaded.current = { settings: JSON.stringify(fresh.document_settings), version: fresh.version };
      form.reset(valuesOf(fresh));
    },
    onSaved: () => notify.success(ACTION, t("documentSettings.saved")),
    onReloadError: (error) =>
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic")),
  });
  const { reset, register } = form;
  // The landing saved meanwhile by the tab's other forms (same settings, newer version) is taken up.
  useEffect(() => {
    const same = JSON.stringify(landing.document_settings) === loaded.current.settings;
    if (landing.version <= loaded.current.version || !same) return;
    loaded.current = { settings: loaded.current.settings, version: landing.version };
    reset(valuesOf(landing), { keepDirtyValues: true });
  }, [landing, reset]);
  const { isDirty, errors } = form.formState;
  const [termsEs = "", termsEn = ""] = useWatch({ control: form.control, name: ["terms_es", "terms_en"] });
  useLeaveGuard(isDirty, { onLeave: draft.clear });
  const busy = save.isPending;
  const error = (name: (typeof FIELDS)[number]) => displayMessage(t, errors[name]?.message);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t("documentSettings.title")}
      aria-busy={busy || undefined}
      className="flex flex-col gap-6"
    >
      <FormSection title={t("documentSettings.title")} description={t("documentSettings.body")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("documentSettings.legalName")}
            hint={t("documentSettings.legalNameHint")}
            maxLength={LEGAL_NAME_MAX}
            error={error("legal_name")}
            disabled={busy}
            {...register("legal_name")}
          />
          <TextField
            label={t("documentSettings.taxId")}
            maxLength={TAX_ID_MAX}
            error={error("tax_id")}
            disabled={busy}
            {...register("tax_id")}
          />
          <div className="sm:col-span-2">
            <TextareaField
              label={t("documentSettings.address")}
              maxLength={ADDRESS_MAX}
              rows={2}
              error={error("address")}
              disabled={busy}
              {...register("address")}
            />
          </div>
          <CountedTextareaField
            label={t("documentSettings.termsEs")}
            hint={t("documentSettings.termsHint")}
            count={textLength(termsEs.trim())}
            limit={TERMS_MAX}
            rows={6}
            error={error("terms_es")}
            disabled={busy}
            {...register("terms_es")}
          />
          <CountedTextareaField
            label={t("documentSettings.termsEn")}
            hint={t("documentSettings.termsHint")}
            count={textLength(termsEn.trim())}
            limit={TERMS_MAX}
            rows={6}
            error={error("terms_en")}
            disabled={busy}
            {...register("terms_en")}
          />
        </div>
      </FormSection>
      <RulesFormEnd
        stale={stale}
        reloading={reloading}
        onReload={() => void reload()}
        failure={failure}
        failedText={t("documentSettings.failed")}
        dirty={isDirty}
        onDiscard={discard}
        pending={busy}
        saveText={t("documentSettings.save")}
      />
    </form>
  );
}

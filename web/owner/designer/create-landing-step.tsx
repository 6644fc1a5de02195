import {
  DEFAULT_CURRENCY,
  DEFAULT_TAX_LABEL,
  DEFAULT_TAX_RATE_BASIS_POINTS,
  DEFAULT_TIME_ZONE,
  LOGO_MAX_BYTES,
} from "@domain/landings";
import { slugify } from "@domain/slug";
import { zodResolver } from "@hookform/resolvers/zod";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { applyFieldErrors } from "@web/lib/form-errors";
import { useFileDraft } from "@web/lib/use-file-draft";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { Dialog } from "@web/ui/dialog";
import { ImageField } from "@web/ui/image-field";
import { LoadingScreen } from "@web/ui/loading-screen";
import { ArrowRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../auth";
import {
  DraftRestoredNote,
  HEX_COLOR,
  logoAdvice,
  REGION_FIELDS,
  readableUrl,
  saveDraftLanding,
  useCreateLanding,
  usePublicBase,
  useSlugCheck,
} from "../landings";
import { CreatedDialog } from "./created-dialog";
import { DraftInProgress, DraftInProgressError, ServerDraftNote } from "./draft-in-progress";
import { ADD_VEHICLES_PATH } from "./steps";
import { useLandingInProgress } from "./use-landing-in-progress";
import { WizardAside } from "./wizard-aside";
import { WizardLookSections } from "./wizard-look-sections";
import { WizardNameSection } from "./wizard-name-section";
import { WizardPreview } from "./wizard-preview";
import { WizardRegionSection } from "./wizard-region-section";
import { type WizardInput, type WizardOutput, wizardSchema } from "./wizard-schema";
import { WizardSection } from "./wizard-section";
import { type WizardItem, wizardStatus } from "./wizard-status";

const FIELDS = [
  "display_name",
  "name",
  "color_primary",
  "color_secondary",
  "default_language",
  ...REGION_FIELDS,
] as const;

/** What the wizard's unsaved text is kept under in this tab (web/lib/use-form-draft.ts). */
const DRAFT_KEY = "landing-wizard";
/** ...and the logo chosen, in the browser's file drafts (web/lib/file-drafts.ts). */
const LOGO_DRAFT_KEY = "landing-wizard:logo";

const EMPTY: DefaultValues<WizardInput> = {
  display_name: "",
  name: "",
  color_primary: "",
  color_secondary: "",
  default_language: undefined,
  time_zone: DEFAULT_TIME_ZONE,
  currency: DEFAULT_CURRENCY,
  tax_label: DEFAULT_TAX_LABEL,
  tax_rate: String(DEFAULT_TAX_RATE_BASIS_POINTS / 100),
  slug_edited: false,
  logo_file: "",
};

/**
 * Step 1, "Logo & Colores": five steps on one page with a live preview (SPEC §2). A landing in
 * progress is offered only once the server says it still exists (never a trashed one).
 */
export function CreateLandingStep() {
  const { t } = useTranslation("landings");
  const progress = useLandingInProgress();
  // Once the form is shown it stays: creating a landing stores it as the one in progress.
  const [formShown, setFormShown] = useState(false);
  if (!formShown && (progress.state === "none" || progress.state === "gone")) setFormShown(true);
  if (formShown) {
    return (
      <>
        {/* None in progress in this browser: the owner may still have one on the server (another device). */}
        {(progress.state === "none" || progress.state === "gone") && <ServerDraftNote />}
        <CreateLandingForm />
      </>
    );
  }
  if (progress.state === "ready") return <DraftInProgress landing={progress.landing} />;
  if (progress.state === "error") return <DraftInProgressError onRetry={progress.retry} retrying={progress.retrying} />;
  return <LoadingScreen label={t("detail.loading")} />;
}

function CreateLandingForm() {
  const { t, i18n } = useTranslation("landings");
  const navigate = useNavigate();
  const userId = useSession()?.userId ?? 0;
  const create = useCreateLanding(userId);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const form = useForm<WizardInput, unknown, WizardOutput>({
    resolver: zodResolver(wizardSchema),
    defaultValues: EMPTY,
    // Each field says what is wrong with it once the owner leaves it, as Configuración does:
    // Continuar stays disabled until all is right, so a submit would never show them.
    mode: "onTouched",
  });
  const {
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    trigger,
    getValues,
    formState: { isDirty },
  } = form;
  // What was typed survives a reload until the landing is created, and so does the logo chosen
  // (kept in the browser beside the text, issue 25.15).
  const draft = useFormDraft(DRAFT_KEY, form);
  // Text brought back from before a reload was typed and left already: what is wrong with it is
  // said at once, not only once each field is visited again.
  useEffect(() => {
    if (!draft.restored) return;
    void trigger(FIELDS.filter((field) => String(getValues(field) ?? "").trim() !== ""));
  }, [draft.restored, trigger, getValues]);
  const values = watch();
  const logoDraft = useFileDraft(LOGO_DRAFT_KEY, values.logo_file ?? "");
  const logo = logoDraft.file;
  const forgetDraft = () => {
    draft.clear();
    logoDraft.forget();
  };
  const changed = (isDirty || logo !== null) && created === null;
  useLeaveGuard(changed, { onLeave: forgetDraft });

  const displayName = values.display_name ?? "";
  const slugText = values.name ?? "";
  const slug = slugify(slugText);
  // Once created, the address belongs to this landing: it is not "taken" behind the success modal.
  const check = useSlugCheck(slugText, { landingId: createdId ?? undefined });
  const base = usePublicBase(undefined, t("name.placeholderSlug"));
  const trimmedName = displayName.trim();
  // A field left empty is "missing"; one filled with a value the rules refuse is to be corrected.
  const status = wizardStatus(values, logo !== null, check);
  const { complete } = status;
  const ready = status.missing.length === 0 && status.fix.length === 0;

  const goToVehicles = useCallback(() => navigate(ADD_VEHICLES_PATH), [navigate]);

  const discard = () => {
    reset();
    forgetDraft();
    logoDraft.choose(null);
    setLogoError(undefined);
  };

  const onSubmit = handleSubmit(async (submitted) => {
    if (!logo) {
      setLogoError(t("api:logoRequired"));
      return;
    }
    setLogoError(undefined);
    try {
      const landing = await create.mutateAsync({ ...submitted, name: slugify(submitted.name), logo });
      // Created: the typed text and the logo are now the landing itself.
      forgetDraft();
      saveDraftLanding({ id: landing.id, name: landing.name });
      setCreatedId(landing.id);
      setCreated(landing.display_name);
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      if (error instanceof ApiError) setLogoError(error.fieldMessage("logo"));
      setFailure(error instanceof ApiError ? error.message : t("errors.generic"));
    }
  });

  const listOf = (items: WizardItem[]) =>
    new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
      items.map((item) => t(`wizard.missingStep.${item}`)),
    );
  const missingText = ready
    ? t("wizard.ready")
    : status.fix.length === 0
      ? t("wizard.missing", { steps: listOf(status.missing) })
      : status.missing.length === 0
        ? t("wizard.fix", { steps: listOf(status.fix) })
        : t("wizard.missingAndFix", { missing: listOf(status.missing), fix: listOf(status.fix) });
  const continueButton = (
    <Button
      type="submit"
      disabled={!ready || created !== null}
      loading={create.isPending}
      aria-describedby="wizard-missing"
      className="max-lg:w-full"
    >
      {create.isPending ? t("wizard.creating") : t("wizard.continue")}
      {!create.isPending && <ArrowRight aria-hidden="true" className="size-4" />}
    </Button>
  );
  const missingNote = (className?: string): ReactNode => (
    <p id="wizard-missing" className={cn("text-sm text-gray-600", className)} aria-live="polite">
      {missingText}
    </p>
  );

  const preview = (
    <WizardPreview
      name={trimmedName}
      address={readableUrl(`${base ?? "/"}${slug || t("name.placeholderSlug")}`)}
      logo={logo}
      colorPrimary={values.color_primary ?? ""}
      colorSecondary={values.color_secondary ?? ""}
      language={values.default_language ?? (i18n.language === "en" ? "en" : "es")}
    />
  );

  return (
    <>
      {draft.restored && changed && (
        <div className="mb-6">
          <DraftRestoredNote
            files={values.logo_file && !logo && !logoDraft.restoring ? [{ field: "logo", name: values.logo_file }] : []}
            onDiscard={discard}
          />
        </div>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-8"
      >
        <Card className="p-5 sm:p-6">
          <WizardNameSection form={form} check={check} base={base} complete={complete.name} />
          <WizardSection
            number={2}
            title={t("wizard.logoTitle")}
            description={t("wizard.logoBody")}
            complete={complete.logo}
          >
            <ImageField
              label={t("fields.logo")}
              hint={logoAdvice(t)}
              file={logo}
              onFileChange={(file) => {
                logoDraft.choose(file);
                setLogoError(undefined);
                setValue("logo_file", file?.name ?? "", { shouldDirty: true });
              }}
              maxBytes={LOGO_MAX_BYTES}
              error={logoError}
              background={HEX_COLOR.test(values.color_primary ?? "") ? values.color_primary : undefined}
            />
          </WizardSection>
          <WizardLookSections form={form} complete={complete} />
          <WizardRegionSection form={form} complete={complete.region} />
        </Card>

        <WizardAside
          preview={preview}
          actions={(className) => (
            <>
              {missingNote(className)}
              {continueButton}
            </>
          )}
        />
      </form>

      <CreatedDialog name={created} onContinue={goToVehicles} />
      <Dialog
        open={failure !== null}
        onOpenChange={(open) => {
          if (!open) setFailure(null);
        }}
        title={t("wizard.errorTitle")}
        description={failure ?? ""}
        footer={<Button onClick={() => setFailure(null)}>{t("wizard.errorClose")}</Button>}
      />
    </>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, ChevronDown, Eye } from "lucide-react";
import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { Controller, type DefaultValues, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DISPLAY_NAME_MAX, LANDING_NAME_MAX, LOGO_MAX_BYTES, landingNameProblem } from "../../../domain/landings";
import { slugFromDisplayName, slugify } from "../../../domain/slug";
import { displayMessage } from "../../i18n/messages";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { applyFieldErrors } from "../../lib/form-errors";
import { useFormDraft } from "../../lib/use-form-draft";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import { useMediaQuery } from "../../lib/use-media-query";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ColorField } from "../../ui/color-field";
import { Dialog } from "../../ui/dialog";
import { ImageField } from "../../ui/image-field";
import { LoadingScreen } from "../../ui/loading-screen";
import { useSession } from "../auth/session-store";
import { useCreateLanding } from "../landings/api";
import { DisplayNameField } from "../landings/display-name-field";
import { DraftRestoredNote } from "../landings/draft-restored-note";
import { readableUrl } from "../landings/format";
import { LanguageChoice } from "../landings/language-choice";
import { SlugField } from "../landings/slug-field";
import { usePublicBase, useSlugCheck } from "../landings/use-name-check";
import { CreatedDialog } from "./created-dialog";
import { DraftInProgress, DraftInProgressError } from "./draft-in-progress";
import { saveDraftLanding } from "./draft-landing";
import { logoAdvice } from "./recommended-size";
import { ADD_VEHICLES_PATH } from "./steps";
import { useLandingInProgress } from "./use-landing-in-progress";
import { WizardPreview } from "./wizard-preview";
import { HEX_COLOR, type WizardInput, type WizardOutput, wizardSchema } from "./wizard-schema";
import { WizardSection } from "./wizard-section";

const FIELDS = ["display_name", "name", "color_primary", "color_secondary", "default_language"] as const;

/** What the wizard's unsaved text is kept under in this tab (web/lib/use-form-draft.ts). */
const DRAFT_KEY = "landing-wizard";

const EMPTY: DefaultValues<WizardInput> = {
  display_name: "",
  name: "",
  color_primary: "",
  color_secondary: "",
  default_language: undefined,
  slug_edited: false,
  logo_file: "",
};

/**
 * Step 1, "Logo & Colores": four steps on one page with a live preview (SPEC §2). A landing in
 * progress is offered only once the server says it still exists (never a trashed one).
 */
export function CreateLandingStep() {
  const { t } = useTranslation("landings");
  const progress = useLandingInProgress();
  // Once the form is shown it stays: creating a landing stores it as the one in progress.
  const [formShown, setFormShown] = useState(false);
  if (!formShown && (progress.state === "none" || progress.state === "gone")) setFormShown(true);
  if (formShown) return <CreateLandingForm />;
  if (progress.state === "ready") return <DraftInProgress landing={progress.landing} />;
  if (progress.state === "error") return <DraftInProgressError onRetry={progress.retry} retrying={progress.retrying} />;
  return <LoadingScreen label={t("detail.loading")} />;
}

function CreateLandingForm() {
  const { t, i18n } = useTranslation("landings");
  const navigate = useNavigate();
  const userId = useSession()?.userId ?? 0;
  const create = useCreateLanding(userId);
  const wide = useMediaQuery("(min-width: 1024px)");
  const previewId = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewSection = useRef<HTMLElement>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const form = useForm<WizardInput, unknown, WizardOutput>({
    resolver: zodResolver(wizardSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isSubmitted, isDirty },
  } = form;
  // What was typed survives a reload until the landing is created; the logo file cannot (only its name).
  const draft = useFormDraft(DRAFT_KEY, form);
  const changed = (isDirty || logo !== null) && created === null;
  useLeaveGuard(changed, { onLeave: draft.clear });

  const values = watch();
  // The address follows the business name until the owner types one of their own.
  const slugEdited = values.slug_edited === true;
  const displayName = values.display_name ?? "";
  const slugText = values.name ?? "";
  const slug = slugify(slugText);
  // Once created, the address belongs to this landing: it is not "taken" behind the success modal.
  const check = useSlugCheck(slugText, { landingId: createdId ?? undefined });
  const base = usePublicBase(undefined, t("name.placeholderSlug"));
  const trimmedName = displayName.trim();
  const complete = {
    name:
      trimmedName !== "" &&
      trimmedName.length <= DISPLAY_NAME_MAX &&
      slugText.trim() !== "" &&
      landingNameProblem(slugText) === null &&
      check.kind !== "taken",
    logo: logo !== null,
    colors: HEX_COLOR.test(values.color_primary ?? "") && HEX_COLOR.test(values.color_secondary ?? ""),
    language: values.default_language === "es" || values.default_language === "en",
  };
  const missing = (Object.keys(complete) as (keyof typeof complete)[]).filter((step) => !complete[step]);
  const ready = missing.length === 0;

  const goToVehicles = useCallback(() => navigate(ADD_VEHICLES_PATH), [navigate]);

  const discard = () => {
    reset();
    draft.clear();
    setLogo(null);
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
      // Created: the typed text is now the landing itself.
      draft.clear();
      saveDraftLanding({ id: landing.id, name: landing.name });
      setCreatedId(landing.id);
      setCreated(landing.display_name);
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      if (error instanceof ApiError) setLogoError(error.fieldMessage("logo"));
      setFailure(error instanceof ApiError ? error.message : t("errors.generic"));
    }
  });

  const displayNameField = register("display_name", {
    onChange: (event: { target: { value: string } }) => {
      if (slugEdited) return;
      setValue("name", slugFromDisplayName(event.target.value, LANDING_NAME_MAX), { shouldValidate: isSubmitted });
    },
  });
  const slugInput = register("name", {
    onChange: (event: { target: { value: string } }) =>
      setValue("slug_edited", event.target.value.trim() !== "", { shouldDirty: true }),
    onBlur: (event: { target: { value: string } }) => {
      // "Mi Empresa" reads as the address it becomes, "mi-empresa", once the owner moves on.
      const normalized = slugify(event.target.value);
      if (normalized && normalized !== event.target.value)
        setValue("name", normalized, { shouldValidate: isSubmitted });
    },
  });

  const missingText = ready
    ? t("wizard.ready")
    : t("wizard.missing", {
        steps: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
          missing.map((step) => t(`wizard.missingStep.${step}`)),
        ),
      });
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
            files={values.logo_file && !logo ? [{ field: "logo", name: values.logo_file }] : []}
            onDiscard={discard}
          />
        </div>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-8"
      >
        <Card className="p-5 sm:p-6">
          <WizardSection
            number={1}
            title={t("wizard.nameTitle")}
            description={t("wizard.nameBody")}
            complete={complete.name}
          >
            <DisplayNameField
              label={t("fields.displayName")}
              hint={t("wizard.displayNameHint")}
              value={displayName}
              error={displayMessage(t, errors.display_name?.message)}
              placeholder={t("wizard.namePlaceholder")}
              {...displayNameField}
            />
            <SlugField
              label={t("fields.slug")}
              value={slugText}
              check={check}
              base={base}
              error={displayMessage(t, errors.name?.message)}
              placeholder={t("name.placeholderSlug")}
              {...slugInput}
            />
          </WizardSection>
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
                setLogo(file);
                setLogoError(undefined);
                setValue("logo_file", file?.name ?? "", { shouldDirty: true });
              }}
              maxBytes={LOGO_MAX_BYTES}
              error={logoError}
              background={HEX_COLOR.test(values.color_primary ?? "") ? values.color_primary : undefined}
            />
          </WizardSection>
          <WizardSection
            number={3}
            title={t("wizard.colorsTitle")}
            description={t("wizard.colorsBody")}
            complete={complete.colors}
          >
            <div className="flex flex-col gap-5">
              <Controller
                control={control}
                name="color_primary"
                render={({ field, fieldState }) => (
                  <ColorField
                    label={t("fields.colorPrimary")}
                    hint={t("wizard.colorPrimaryHint")}
                    name={field.name}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={displayMessage(t, fieldState.error?.message)}
                  />
                )}
              />
              <Controller
                control={control}
                name="color_secondary"
                render={({ field, fieldState }) => (
                  <ColorField
                    label={t("fields.colorSecondary")}
                    hint={t("wizard.colorSecondaryHint")}
                    name={field.name}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={displayMessage(t, fieldState.error?.message)}
                  />
                )}
              />
            </div>
          </WizardSection>
          <WizardSection
            number={4}
            title={t("wizard.languageTitle")}
            description={t("wizard.languageBody")}
            complete={complete.language}
          >
            <LanguageChoice
              legend={t("fields.language")}
              value={values.default_language}
              error={displayMessage(t, errors.default_language?.message)}
              {...register("default_language")}
            />
          </WizardSection>
        </Card>

        <div className="flex flex-col gap-4 lg:sticky lg:top-6">
          {wide ? (
            <section aria-labelledby="wizard-preview-title" className="flex flex-col gap-3">
              <div className="flex items-center justify-between gap-3">
                <h2 id="wizard-preview-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
                  <Eye aria-hidden="true" className="size-4 text-gray-500" />
                  {t("wizard.previewTitle")}
                </h2>
                <span className="text-sm text-gray-600">{t("wizard.previewLive")}</span>
              </div>
              {preview}
            </section>
          ) : (
            // On a phone the preview is folded away, so the form and its Continuar come first.
            <section
              ref={previewSection}
              aria-labelledby="wizard-preview-title"
              className="flex scroll-mt-20 flex-col gap-3"
            >
              <h2 id="wizard-preview-title" className="text-base font-semibold text-gray-900">
                <button
                  type="button"
                  aria-expanded={previewOpen}
                  aria-controls={previewId}
                  onClick={() => {
                    const opening = !previewOpen;
                    setPreviewOpen(opening);
                    // Opened below the form: bring it into view, under the top bar.
                    if (opening) {
                      requestAnimationFrame(() =>
                        previewSection.current?.scrollIntoView({ block: "start", behavior: "smooth" }),
                      );
                    }
                  }}
                  className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-gray-200 bg-white px-4 py-2 text-left shadow-xs hover:bg-gray-50"
                >
                  <Eye aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
                  <span className="flex-1">{t("wizard.previewTitle")}</span>
                  <span className="text-sm font-medium text-brand-700">
                    {previewOpen ? t("wizard.previewHide") : t("wizard.previewShow")}
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className={cn("size-4 shrink-0 text-brand-700 transition-transform", previewOpen && "rotate-180")}
                  />
                </button>
              </h2>
              <div id={previewId} hidden={!previewOpen}>
                {previewOpen && preview}
              </div>
            </section>
          )}
          {wide && (
            <Card className="flex flex-row items-center justify-between gap-3 p-4">
              {missingNote()}
              {continueButton}
            </Card>
          )}
        </div>

        {!wide && (
          // The action bar stays at the bottom of the screen while the owner scrolls the form.
          <div
            className="sticky bottom-0 z-10 -mx-4 -mb-6 flex flex-col gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.12)] backdrop-blur sm:-mx-6 sm:-mb-8 sm:px-6"
            data-testid="wizard-actions"
          >
            {missingNote("text-xs sm:text-sm")}
            {continueButton}
          </div>
        )}
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

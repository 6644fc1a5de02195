import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, Eye } from "lucide-react";
import { useCallback, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LOGO_MAX_BYTES, landingNameProblem, RECOMMENDED_SIZES } from "../../../domain/landings";
import { slugify } from "../../../domain/slug";
import { displayMessage } from "../../i18n/messages";
import { ApiError } from "../../lib/api";
import { applyFieldErrors } from "../../lib/form-errors";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ColorField } from "../../ui/color-field";
import { Dialog } from "../../ui/dialog";
import { ImageField } from "../../ui/image-field";
import { useSession } from "../auth/session-store";
import { useCreateLanding } from "../landings/api";
import { landingTitle } from "../landings/format";
import { LanguageChoice } from "../landings/language-choice";
import { NameField } from "../landings/name-field";
import { useNameCheck } from "../landings/use-name-check";
import { CreatedDialog } from "./created-dialog";
import { DraftInProgress } from "./draft-in-progress";
import { readDraftLanding, saveDraftLanding } from "./draft-landing";
import { recommendedSize } from "./recommended-size";
import { ADD_VEHICLES_PATH } from "./steps";
import { WizardPreview } from "./wizard-preview";
import { HEX_COLOR, type WizardInput, type WizardOutput, wizardSchema } from "./wizard-schema";
import { WizardSection } from "./wizard-section";

const FIELDS = ["name", "color_primary", "color_secondary", "default_language"] as const;

/** Step 1, "Logo & Colores": four steps on one page with a live preview (SPEC §2). */
export function CreateLandingStep() {
  const [draft, setDraft] = useState(readDraftLanding);
  if (draft) return <DraftInProgress draft={draft} onStartNew={() => setDraft(null)} />;
  return <CreateLandingForm />;
}

function CreateLandingForm() {
  const { t, i18n } = useTranslation("landings");
  const navigate = useNavigate();
  const userId = useSession()?.userId ?? 0;
  const create = useCreateLanding(userId);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<WizardInput, unknown, WizardOutput>({
    resolver: zodResolver(wizardSchema),
    defaultValues: { name: "", color_primary: "", color_secondary: "", default_language: undefined },
  });

  const values = watch();
  const name = values.name ?? "";
  // Once created, the name belongs to this landing: it is not "taken" behind the success modal.
  const check = useNameCheck(name, { landingId: createdId ?? undefined });
  const complete = {
    name: name.trim() !== "" && landingNameProblem(name) === null && check.kind !== "taken",
    logo: logo !== null,
    colors: HEX_COLOR.test(values.color_primary ?? "") && HEX_COLOR.test(values.color_secondary ?? ""),
    language: values.default_language === "es" || values.default_language === "en",
  };
  const missing = (Object.keys(complete) as (keyof typeof complete)[]).filter((step) => !complete[step]);
  const ready = missing.length === 0;

  const goToVehicles = useCallback(() => navigate(ADD_VEHICLES_PATH), [navigate]);

  const onSubmit = handleSubmit(async (form) => {
    if (!logo) {
      setLogoError(t("api:logoRequired"));
      return;
    }
    setLogoError(undefined);
    try {
      const landing = await create.mutateAsync({ ...form, logo });
      saveDraftLanding({ id: landing.id, name: landing.name });
      setCreatedId(landing.id);
      setCreated(landingTitle(landing.name));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      if (error instanceof ApiError) setLogoError(error.fieldMessage("logo"));
      setFailure(error instanceof ApiError ? error.message : t("errors.generic"));
    }
  });

  const slug = slugify(name);
  return (
    <>
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
            <NameField
              label={t("fields.name")}
              value={name}
              check={check}
              error={displayMessage(t, errors.name?.message)}
              placeholder={t("wizard.namePlaceholder")}
              {...register("name")}
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
              hint={recommendedSize(t, RECOMMENDED_SIZES.logoCreate, LOGO_MAX_BYTES)}
              file={logo}
              onFileChange={(file) => {
                setLogo(file);
                setLogoError(undefined);
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
          <section aria-labelledby="wizard-preview-title" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id="wizard-preview-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
                <Eye aria-hidden="true" className="size-4 text-gray-500" />
                {t("wizard.previewTitle")}
              </h2>
              <span className="hidden text-sm text-gray-600 sm:inline">{t("wizard.previewLive")}</span>
            </div>
            <WizardPreview
              name={name}
              slug={slug}
              logo={logo}
              colorPrimary={values.color_primary ?? ""}
              colorSecondary={values.color_secondary ?? ""}
              language={values.default_language ?? (i18n.language === "en" ? "en" : "es")}
            />
          </section>
          <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p id="wizard-missing" className="text-sm text-gray-600" aria-live="polite">
              {ready
                ? t("wizard.ready")
                : t("wizard.missing", {
                    steps: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
                      missing.map((step) => t(`wizard.missingStep.${step}`)),
                    ),
                  })}
            </p>
            <Button
              type="submit"
              disabled={!ready || created !== null}
              loading={create.isPending}
              aria-describedby="wizard-missing"
              className="max-sm:w-full"
            >
              {create.isPending ? t("wizard.creating") : t("wizard.continue")}
              {!create.isPending && <ArrowRight aria-hidden="true" className="size-4" />}
            </Button>
          </Card>
        </div>
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

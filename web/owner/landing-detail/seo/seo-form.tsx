import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  FAVICON_MAX_BYTES,
  LANDING_TEXT_FIELDS,
  LANDING_TEXT_SCHEMAS,
  type Landing,
  type LandingTextField,
  landingMetaSchema,
  normalizeRobots,
  OG_IMAGE_MAX_BYTES,
  RECOMMENDED_SIZES,
  ROBOTS_OPTIONS,
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_KEYWORDS_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
} from "../../../../domain/landings";
import { otherLanguage } from "../../../../domain/translations";
import { displayMessage } from "../../../i18n/messages";
import { ApiError } from "../../../lib/api";
import { applyFieldErrors } from "../../../lib/form-errors";
import { notify } from "../../../lib/notify";
import { useFormDraft } from "../../../lib/use-form-draft";
import { useLeaveGuard } from "../../../lib/use-leave-guard";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { FormActions, FormSection } from "../../../ui/form-section";
import { ImageField } from "../../../ui/image-field";
import { Select } from "../../../ui/select";
import { StaleDataAlert } from "../../../ui/stale-data-alert";
import { TextField } from "../../../ui/text-field";
import { useSession } from "../../auth/session-store";
import { landingQuery, useUpdateLandingMeta } from "../../landings/api";
import { DraftRestoredNote, type ForgottenFile } from "../../landings/draft-restored-note";
import { recommendedSize } from "../../landings/recommended-size";
import { CountedField } from "./counted-field";
import { SearchResultPreview } from "./search-result-preview";

/**
 * The form's fields: the API's rules. Kept with the values (and so with their draft), not shown:
 * the version they were read at, which a save sends (a draft typed before someone else saved is
 * refused with 409), and the names of images chosen and not saved yet ("" for none), since a
 * draft cannot keep the files themselves.
 */
const seoFormSchema = landingMetaSchema.extend({
  /** The texts in the landing's other language, each as long as its own may be ("" for none). */
  translations: z.object(LANDING_TEXT_SCHEMAS),
  version: z.number().int(),
  favicon_file: z.string(),
  og_image_file: z.string(),
});
type MetaInput = z.input<typeof seoFormSchema>;
type MetaOutput = z.output<typeof seoFormSchema>;

const ACTION = "landing-seo";

const FIELDS = [
  "meta_title",
  "meta_description",
  "meta_keywords",
  "og_title",
  "og_description",
  "robots",
  "canonical_url",
] as const;

const formValues = (landing: Landing): MetaInput => ({
  translations: otherTexts(landing),
  meta_title: landing.meta_title,
  meta_description: landing.meta_description,
  meta_keywords: landing.meta_keywords,
  og_title: landing.og_title,
  og_description: landing.og_description,
  robots: normalizeRobots(landing.robots) ?? "index, follow",
  canonical_url: landing.canonical_url,
  version: landing.version,
  favicon_file: "",
  og_image_file: "",
});

/** The SEO texts the owner wrote in the landing's other language, "" where none. */
function otherTexts(landing: Landing): Record<LandingTextField, string> {
  const written = landing.translations[otherLanguage(landing.default_language)] ?? {};
  return Object.fromEntries(LANDING_TEXT_FIELDS.map((field) => [field, written[field] ?? ""])) as Record<
    LandingTextField,
    string
  >;
}

/**
 * The SEO tab: every field of SPEC §3, counters that warn past the 60/160 hints (nothing is cut),
 * favicon and link-preview image. Saves carry the version the form was loaded at (409 when stale).
 * What was typed and not saved survives a reload, with that version; leaving asks first.
 */
export function SeoForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const formId = useId();
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const update = useUpdateLandingMeta(userId, landing.id);
  const [favicon, setFavicon] = useState<File | null>(null);
  const [ogImage, setOgImage] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ favicon?: string; og_image?: string }>({});
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const form = useForm<MetaInput, unknown, MetaOutput>({
    resolver: zodResolver(seoFormSchema),
    defaultValues: formValues(landing),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isDirty, submitCount },
  } = form;
  const draft = useFormDraft(`landing-seo:${landing.id}`, form);
  const other = otherLanguage(landing.default_language);
  const otherName = t(`languagesInSentence.${other}`);
  const inOther = (field: "metaTitle" | "metaDescription" | "metaKeywords" | "ogTitle" | "ogDescription") =>
    t(`seo.other.${field}`, { language: otherName });

  const showSaved = (fresh: Landing) => {
    reset(formValues(fresh));
    draft.clear();
    setFavicon(null);
    setOgImage(null);
    setFileErrors({});
    setStale(false);
    setFailure(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFileErrors({});
    setFailure(null);
    setStale(false);
    try {
      // The version the values were read at, a restored draft's included: stale answers 409.
      const saved = await update.mutateAsync({
        ...values,
        translations: { [other]: values.translations },
        favicon,
        og_image: ogImage,
      });
      showSaved(saved);
      notify.success(ACTION, t("seo.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone saved first: keep what was typed, say so beside Guardar SEO, offer to reload.
        setStale(true);
        return;
      }
      const placed =
        applyFieldErrors(error, setError, FIELDS) ||
        applyFieldErrors(
          error instanceof ApiError ? error.under(`translations.${other}`, "translations") : error,
          setError,
          LANDING_TEXT_FIELDS.map((field) => `translations.${field}` as const),
        );
      const files = {
        favicon: error instanceof ApiError ? error.fieldMessage("favicon") : undefined,
        og_image: error instanceof ApiError ? error.fieldMessage("og_image") : undefined,
      };
      setFileErrors(files);
      // Under the fields when a field explains it; otherwise one message beside the button.
      if (!placed && !files.favicon && !files.og_image) {
        setFailure({ reason: error instanceof ApiError && error.status !== 500 ? error.message : null });
      }
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      showSaved(await queryClient.fetchQuery({ ...landingQuery(userId, landing.id), staleTime: 0 }));
    } catch (error) {
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic"));
    } finally {
      setReloading(false);
    }
  };

  const discard = () => {
    reset();
    draft.clear();
    setFavicon(null);
    setOgImage(null);
    setFileErrors({});
    setStale(false);
    setFailure(null);
  };

  const title = watch("meta_title") ?? "";
  const description = watch("meta_description") ?? "";
  const changed = isDirty || favicon !== null || ogImage !== null;
  useLeaveGuard(changed, { onLeave: draft.clear });
  // Images chosen before the reload: only their names came back.
  const forgotten: ForgottenFile[] = [];
  const ogImageFile = watch("og_image_file");
  const faviconFile = watch("favicon_file");
  if (ogImageFile && !ogImage) forgotten.push({ field: "ogImage", name: ogImageFile });
  if (faviconFile && !favicon) forgotten.push({ field: "favicon", name: faviconFile });
  const showSummary = submitCount > 0 && Object.keys(errors).length > 0;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t("detail.tabs.seo")}>
      {draft.restored && changed && <DraftRestoredNote files={forgotten} onDiscard={discard} />}
      {showSummary && <Alert>{t("seo.fixErrors")}</Alert>}
      <FormSection title={t("seo.searchTitle")} description={t("seo.searchBody")}>
        <CountedField
          label={t("fields.metaTitle")}
          value={title}
          hint={SEO_TITLE_HINT}
          limit={SEO_TITLE_MAX}
          hintText={t("seo.titleHint", { hint: SEO_TITLE_HINT })}
          overHintText={t("seo.titleOverHint", { hint: SEO_TITLE_HINT })}
          error={displayMessage(t, errors.meta_title?.message)}
          required
          {...register("meta_title")}
        />
        <CountedField
          multiline
          label={t("fields.metaDescription")}
          value={description}
          hint={SEO_DESCRIPTION_HINT}
          limit={SEO_DESCRIPTION_MAX}
          hintText={t("seo.descriptionHint", { hint: SEO_DESCRIPTION_HINT })}
          overHintText={t("seo.descriptionOverHint", { hint: SEO_DESCRIPTION_HINT, length: description.length })}
          error={displayMessage(t, errors.meta_description?.message)}
          required
          {...register("meta_description")}
        />
        <CountedField
          label={t("fields.metaKeywords")}
          value={watch("meta_keywords") ?? ""}
          limit={SEO_KEYWORDS_MAX}
          hintText={t("seo.keywordsHint")}
          error={displayMessage(t, errors.meta_keywords?.message)}
          optionalLabel={t("ui.optional")}
          {...register("meta_keywords")}
        />
        <SearchResultPreview
          title={title}
          description={description}
          url={landing.canonical_url || landing.public_url}
          fallbackTitle={landing.display_name}
        />
      </FormSection>

      <FormSection title={t("seo.socialTitle")} description={t("seo.socialBody")}>
        <CountedField
          label={t("fields.ogTitle")}
          value={watch("og_title") ?? ""}
          hint={SEO_TITLE_HINT}
          limit={SEO_TITLE_MAX}
          hintText={t("seo.ogTitleHint")}
          overHintText={t("seo.titleOverHint", { hint: SEO_TITLE_HINT })}
          error={displayMessage(t, errors.og_title?.message)}
          optionalLabel={t("ui.optional")}
          {...register("og_title")}
        />
        <CountedField
          multiline
          label={t("fields.ogDescription")}
          value={watch("og_description") ?? ""}
          hint={SEO_DESCRIPTION_HINT}
          limit={SEO_DESCRIPTION_MAX}
          hintText={t("seo.ogDescriptionHint", { hint: SEO_DESCRIPTION_HINT })}
          overHintText={t("seo.descriptionOverHint", {
            hint: SEO_DESCRIPTION_HINT,
            length: (watch("og_description") ?? "").length,
          })}
          error={displayMessage(t, errors.og_description?.message)}
          required
          {...register("og_description")}
        />
        <ImageField
          label={t("fields.ogImage")}
          hint={recommendedSize(t, RECOMMENDED_SIZES.ogImage, OG_IMAGE_MAX_BYTES)}
          currentUrl={landing.og_image}
          file={ogImage}
          onFileChange={(file) => {
            setOgImage(file);
            setFileErrors((current) => ({ ...current, og_image: undefined }));
            setValue("og_image_file", file?.name ?? "", { shouldDirty: true });
          }}
          maxBytes={OG_IMAGE_MAX_BYTES}
          shape="wide"
          error={fileErrors.og_image}
          pendingNote={t("ui.pendingSave")}
        />
        <ImageField
          label={t("fields.favicon")}
          hint={recommendedSize(t, RECOMMENDED_SIZES.favicon, FAVICON_MAX_BYTES)}
          currentUrl={landing.favicon}
          file={favicon}
          onFileChange={(file) => {
            setFavicon(file);
            setFileErrors((current) => ({ ...current, favicon: undefined }));
            setValue("favicon_file", file?.name ?? "", { shouldDirty: true });
          }}
          maxBytes={FAVICON_MAX_BYTES}
          shape="square"
          error={fileErrors.favicon}
          pendingNote={t("ui.pendingSave")}
        />
      </FormSection>

      <FormSection
        title={t("seo.otherTitle", { language: otherName })}
        description={t("seo.otherBody", { language: otherName })}
      >
        <CountedField
          label={inOther("metaTitle")}
          lang={other}
          value={watch("translations.meta_title") ?? ""}
          hint={SEO_TITLE_HINT}
          limit={SEO_TITLE_MAX}
          hintText={t("seo.titleHint", { hint: SEO_TITLE_HINT })}
          overHintText={t("seo.titleOverHint", { hint: SEO_TITLE_HINT })}
          error={displayMessage(t, errors.translations?.meta_title?.message)}
          optionalLabel={t("ui.optional")}
          {...register("translations.meta_title")}
        />
        <CountedField
          multiline
          label={inOther("metaDescription")}
          lang={other}
          value={watch("translations.meta_description") ?? ""}
          hint={SEO_DESCRIPTION_HINT}
          limit={SEO_DESCRIPTION_MAX}
          hintText={t("seo.descriptionHint", { hint: SEO_DESCRIPTION_HINT })}
          overHintText={t("seo.descriptionOverHint", {
            hint: SEO_DESCRIPTION_HINT,
            length: (watch("translations.meta_description") ?? "").length,
          })}
          error={displayMessage(t, errors.translations?.meta_description?.message)}
          optionalLabel={t("ui.optional")}
          {...register("translations.meta_description")}
        />
        <CountedField
          label={inOther("metaKeywords")}
          lang={other}
          value={watch("translations.meta_keywords") ?? ""}
          limit={SEO_KEYWORDS_MAX}
          hintText={t("seo.keywordsHint")}
          error={displayMessage(t, errors.translations?.meta_keywords?.message)}
          optionalLabel={t("ui.optional")}
          {...register("translations.meta_keywords")}
        />
        <CountedField
          label={inOther("ogTitle")}
          lang={other}
          value={watch("translations.og_title") ?? ""}
          hint={SEO_TITLE_HINT}
          limit={SEO_TITLE_MAX}
          hintText={t("seo.titleHint", { hint: SEO_TITLE_HINT })}
          overHintText={t("seo.titleOverHint", { hint: SEO_TITLE_HINT })}
          error={displayMessage(t, errors.translations?.og_title?.message)}
          optionalLabel={t("ui.optional")}
          {...register("translations.og_title")}
        />
        <CountedField
          multiline
          label={inOther("ogDescription")}
          lang={other}
          value={watch("translations.og_description") ?? ""}
          hint={SEO_DESCRIPTION_HINT}
          limit={SEO_DESCRIPTION_MAX}
          hintText={t("seo.descriptionHint", { hint: SEO_DESCRIPTION_HINT })}
          overHintText={t("seo.descriptionOverHint", {
            hint: SEO_DESCRIPTION_HINT,
            length: (watch("translations.og_description") ?? "").length,
          })}
          error={displayMessage(t, errors.translations?.og_description?.message)}
          optionalLabel={t("ui.optional")}
          {...register("translations.og_description")}
        />
      </FormSection>

      <FormSection title={t("seo.indexTitle")} description={t("seo.indexBody")}>
        <Field label={t("fields.robots")} hint={t("seo.robotsHint")} error={displayMessage(t, errors.robots?.message)}>
          {(controlProps) => (
            <Select {...controlProps} {...register("robots")}>
              {ROBOTS_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {t(`seo.robots.${option.replace(/\W+/g, "_")}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          label={t("fields.canonicalUrl")}
          hint={t("seo.canonicalHint", { url: landing.public_url })}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          error={displayMessage(t, errors.canonical_url?.message)}
          {...register("canonical_url")}
        />
      </FormSection>

      {stale && <StaleDataAlert onReload={() => void reload()} reloading={reloading} />}
      {failure && !stale && (
        <Alert>
          <p className="font-semibold">{t("seo.failed")}</p>
          {failure.reason && <p className="mt-0.5">{failure.reason}</p>}
        </Alert>
      )}
      <FormActions note={changed ? t("config.unsaved") : undefined}>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t("config.saving") : t("seo.save")}
        </Button>
      </FormActions>
    </form>
  );
}

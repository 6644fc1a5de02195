import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import {
  FAVICON_MAX_BYTES,
  type Landing,
  landingMetaSchema,
  OG_IMAGE_MAX_BYTES,
  RECOMMENDED_SIZES,
  ROBOTS_OPTIONS,
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_KEYWORDS_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
} from "../../../../domain/landings";
import { displayMessage } from "../../../i18n/messages";
import { ApiError } from "../../../lib/api";
import { applyFieldErrors } from "../../../lib/form-errors";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Field } from "../../../ui/field";
import { FormActions, FormSection } from "../../../ui/form-section";
import { ImageField } from "../../../ui/image-field";
import { Select } from "../../../ui/select";
import { TextField } from "../../../ui/text-field";
import { useSession } from "../../auth/session-store";
import { recommendedSize } from "../../designer/recommended-size";
import { useUpdateLandingMeta } from "../api";
import { CountedField } from "./counted-field";
import { SearchResultPreview } from "./search-result-preview";

type MetaInput = z.input<typeof landingMetaSchema>;
type MetaOutput = z.output<typeof landingMetaSchema>;

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
  meta_title: landing.meta_title,
  meta_description: landing.meta_description,
  meta_keywords: landing.meta_keywords,
  og_title: landing.og_title,
  og_description: landing.og_description,
  robots: (ROBOTS_OPTIONS as readonly string[]).includes(landing.robots)
    ? (landing.robots as MetaInput["robots"])
    : "index, follow",
  canonical_url: landing.canonical_url,
});

/** The SEO tab: every field of SPEC §3, counters with the 60/160 hints, favicon and link-preview image. */
export function SeoForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const formId = useId();
  const userId = useSession()?.userId ?? 0;
  const update = useUpdateLandingMeta(userId, landing.id);
  const [favicon, setFavicon] = useState<File | null>(null);
  const [ogImage, setOgImage] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ favicon?: string; og_image?: string }>({});
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty, submitCount },
  } = useForm<MetaInput, unknown, MetaOutput>({
    resolver: zodResolver(landingMetaSchema),
    defaultValues: formValues(landing),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFileErrors({});
    try {
      const saved = await update.mutateAsync({ ...values, favicon, og_image: ogImage });
      reset(formValues(saved));
      setFavicon(null);
      setOgImage(null);
      toast.success(t("seo.saved"));
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      if (error instanceof ApiError) {
        setFileErrors({ favicon: error.fieldMessage("favicon"), og_image: error.fieldMessage("og_image") });
      }
      toast.error(error instanceof ApiError && error.status === 422 ? error.message : t("seo.failed"));
    }
  });

  const title = watch("meta_title") ?? "";
  const description = watch("meta_description") ?? "";
  const changed = isDirty || favicon !== null || ogImage !== null;
  const showSummary = submitCount > 0 && Object.keys(errors).length > 0;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t("detail.tabs.seo")}>
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
          overHintText={t("seo.descriptionOverHint", { hint: SEO_DESCRIPTION_HINT })}
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
          fallbackTitle={landing.name}
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
          overHintText={t("seo.descriptionOverHint", { hint: SEO_DESCRIPTION_HINT })}
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
          }}
          maxBytes={FAVICON_MAX_BYTES}
          shape="square"
          error={fileErrors.favicon}
          pendingNote={t("ui.pendingSave")}
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

      <FormActions note={changed ? t("config.unsaved") : undefined}>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t("config.saving") : t("seo.save")}
        </Button>
      </FormActions>
    </form>
  );
}

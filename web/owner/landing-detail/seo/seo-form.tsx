import {
  FAVICON_MAX_BYTES,
  LANDING_TEXT_FIELDS,
  type Landing,
  OG_IMAGE_MAX_BYTES,
  RECOMMENDED_SIZES,
  ROBOTS_OPTIONS,
} from "@domain/landings";
import { displayMessage } from "@web/i18n/messages";
import { DraftRestoredNote, recommendedSize } from "@web/owner/landings";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { Field } from "@web/ui/field";
import { FormActions, FormSection } from "@web/ui/form-section";
import { ImageField } from "@web/ui/image-field";
import { SaveFailure } from "@web/ui/save-failure";
import { Select } from "@web/ui/select";
import { TextField } from "@web/ui/text-field";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchResultPreview } from "./search-result-preview";
import { SeoTextField } from "./seo-text-field";
import { useSeoForm } from "./use-seo-form";

type Seo = ReturnType<typeof useSeoForm>;

/**
 * The SEO tab: every field of SPEC §3, counters that warn past the 60/160 hints (nothing is cut),
 * favicon and link-preview image, and the texts in the landing's other language. Saves carry the
 * version the form was loaded at (409 when stale). What was typed and not saved survives a
 * reload, with that version; leaving asks first.
 */
export function SeoForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const formId = useId();
  const seo = useSeoForm(landing);
  const { form, other } = seo;
  const { errors, submitCount } = form.formState;
  const otherName = t(`languagesInSentence.${other}`);
  return (
    <form id={formId} onSubmit={seo.save} noValidate className="flex flex-col gap-6" aria-label={t("detail.tabs.seo")}>
      {seo.restored && seo.changed && <DraftRestoredNote files={seo.forgotten} onDiscard={seo.discard} />}
      {submitCount > 0 && Object.keys(errors).length > 0 && <Alert>{t("seo.fixErrors")}</Alert>}
      <FormSection title={t("seo.searchTitle")} description={t("seo.searchBody")}>
        <SeoTextField form={form} field="meta_title" />
        <SeoTextField form={form} field="meta_description" />
        <SeoTextField form={form} field="meta_keywords" />
        <SearchResultPreview
          title={form.watch("meta_title") ?? ""}
          description={form.watch("meta_description") ?? ""}
          url={landing.canonical_url || landing.public_url}
          fallbackTitle={landing.display_name}
        />
      </FormSection>
      <FormSection title={t("seo.socialTitle")} description={t("seo.socialBody")}>
        <SeoTextField form={form} field="og_title" />
        <SeoTextField form={form} field="og_description" />
        <SeoImages landing={landing} images={seo.images} />
      </FormSection>
      <FormSection
        title={t("seo.otherTitle", { language: otherName })}
        description={t("seo.otherBody", { language: otherName })}
      >
        {LANDING_TEXT_FIELDS.map((field) => (
          <SeoTextField key={field} form={form} field={field} other={other} />
        ))}
      </FormSection>
      <SeoIndexing landing={landing} form={form} />
      <SaveFailure
        stale={seo.stale}
        reloading={seo.reloading}
        onReload={() => void seo.reload()}
        failure={seo.failure}
        failedText={t("seo.failed")}
      />
      <FormActions note={seo.changed ? t("config.unsaved") : undefined}>
        <Button type="submit" loading={seo.saving}>
          {seo.saving ? t("config.saving") : t("seo.save")}
        </Button>
      </FormActions>
    </form>
  );
}

/** The link-preview image and the favicon, chosen now and sent with the next save. */
function SeoImages({ landing, images }: { landing: Landing; images: Seo["images"] }) {
  const { t } = useTranslation("landings");
  return (
    <>
      <ImageField
        label={t("fields.ogImage")}
        hint={recommendedSize(t, RECOMMENDED_SIZES.ogImage, OG_IMAGE_MAX_BYTES)}
        currentUrl={landing.og_image}
        file={images.ogImage}
        onFileChange={(file) => images.choose("og_image", file)}
        maxBytes={OG_IMAGE_MAX_BYTES}
        shape="wide"
        error={images.errors.og_image}
        pendingNote={t("ui.pendingSave")}
      />
      <ImageField
        label={t("fields.favicon")}
        hint={recommendedSize(t, RECOMMENDED_SIZES.favicon, FAVICON_MAX_BYTES)}
        currentUrl={landing.favicon}
        file={images.favicon}
        onFileChange={(file) => images.choose("favicon", file)}
        maxBytes={FAVICON_MAX_BYTES}
        shape="square"
        error={images.errors.favicon}
        pendingNote={t("ui.pendingSave")}
      />
    </>
  );
}

/** What search engines may do with the pages, and the address they should count as the home's. */
function SeoIndexing({ landing, form }: { landing: Landing; form: Seo["form"] }) {
  const { t } = useTranslation("landings");
  const { errors } = form.formState;
  return (
    <FormSection title={t("seo.indexTitle")} description={t("seo.indexBody")}>
      <Field label={t("fields.robots")} hint={t("seo.robotsHint")} error={displayMessage(t, errors.robots?.message)}>
        {(controlProps) => (
          <Select {...controlProps} {...form.register("robots")}>
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
        {...form.register("canonical_url")}
      />
    </FormSection>
  );
}

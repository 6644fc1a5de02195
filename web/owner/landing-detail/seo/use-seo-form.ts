import { LANDING_TEXT_FIELDS, type Landing } from "@domain/landings";
import { otherLanguage } from "@domain/translations";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import type { ForgottenFile } from "@web/owner/landings";
import { landingQuery, useUpdateLandingMeta } from "@web/owner/landings";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SEO_FIELDS, type SeoFormInput, type SeoFormOutput, seoFormSchema, seoFormValues } from "./seo-form-values";

const ACTION = "landing-seo";

export type ImageErrors = { favicon?: string; og_image?: string };

/**
 * The SEO tab's state: the form and its draft, the two images chosen and not saved yet, and the
 * outcome of the last save. Saves carry the version the form was loaded at: a stale one keeps
 * what was typed and offers to reload (409); errors go under their fields, or beside the button
 * when no field explains them. Leaving with changes asks first.
 */
export function useSeoForm(landing: Landing) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const update = useUpdateLandingMeta(userId, landing.id);
  const [favicon, setFavicon] = useState<File | null>(null);
  const [ogImage, setOgImage] = useState<File | null>(null);
  const [imageErrors, setImageErrors] = useState<ImageErrors>({});
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const form = useForm<SeoFormInput, unknown, SeoFormOutput>({
    resolver: zodResolver(seoFormSchema),
    defaultValues: seoFormValues(landing),
  });
  const draft = useFormDraft(`landing-seo:${landing.id}`, form);
  const other = otherLanguage(landing.default_language);

  const forgetOutcome = () => {
    setFavicon(null);
    setOgImage(null);
    setImageErrors({});
    setStale(false);
    setFailure(null);
  };

  const showSaved = (fresh: Landing) => {
    form.reset(seoFormValues(fresh));
    draft.clear();
    forgetOutcome();
  };

  const save = form.handleSubmit(async (values) => {
    setImageErrors({});
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
        applyFieldErrors(error, form.setError, SEO_FIELDS) ||
        applyFieldErrors(
          error instanceof ApiError ? error.under(`translations.${other}`, "translations") : error,
          form.setError,
          LANDING_TEXT_FIELDS.map((field) => `translations.${field}` as const),
        );
      const images = {
        favicon: error instanceof ApiError ? error.fieldMessage("favicon") : undefined,
        og_image: error instanceof ApiError ? error.fieldMessage("og_image") : undefined,
      };
      setImageErrors(images);
      // Under the fields when a field explains it; otherwise one message beside the button.
      if (!placed && !images.favicon && !images.og_image) {
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
    form.reset();
    draft.clear();
    forgetOutcome();
  };

  /** Chooses (or clears) one of the images, remembering its name in the draft. */
  const chooseImage = (field: "favicon" | "og_image", file: File | null) => {
    (field === "favicon" ? setFavicon : setOgImage)(file);
    setImageErrors((current) => ({ ...current, [field]: undefined }));
    form.setValue(field === "favicon" ? "favicon_file" : "og_image_file", file?.name ?? "", { shouldDirty: true });
  };

  const changed = form.formState.isDirty || favicon !== null || ogImage !== null;
  useLeaveGuard(changed, { onLeave: draft.clear });
  // Images chosen before the reload: only their names came back.
  const forgotten: ForgottenFile[] = [];
  const ogImageFile = form.watch("og_image_file");
  const faviconFile = form.watch("favicon_file");
  if (ogImageFile && !ogImage) forgotten.push({ field: "ogImage", name: ogImageFile });
  if (faviconFile && !favicon) forgotten.push({ field: "favicon", name: faviconFile });

  return {
    form,
    other,
    images: { favicon, ogImage, errors: imageErrors, choose: chooseImage },
    save,
    saving: update.isPending,
    stale,
    reload,
    reloading,
    failure,
    discard,
    changed,
    restored: draft.restored,
    forgotten,
  };
}

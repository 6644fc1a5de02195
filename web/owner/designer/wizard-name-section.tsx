import { LANDING_NAME_MAX } from "@domain/landings";
import { slugFromDisplayName, slugify } from "@domain/slug";
import { displayMessage } from "@web/i18n/messages";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { SlugCheckState } from "../landings";
import { DisplayNameField, SlugField } from "../landings";
import type { WizardInput, WizardOutput } from "./wizard-schema";
import { WizardSection } from "./wizard-section";

type NameSectionProps = {
  form: UseFormReturn<WizardInput, unknown, WizardOutput>;
  /** Whether the address is free, as the server last said. */
  check: SlugCheckState;
  /** The public site's base address ("reservas.example.com/"), once known. */
  base: string | null;
  complete: boolean;
};

/**
 * The wizard's step 1: the business name as typed, and the address made from it until the owner
 * types one of their own.
 */
export function WizardNameSection({ form, check, base, complete }: NameSectionProps) {
  const { t } = useTranslation("landings");
  const {
    register,
    setValue,
    watch,
    formState: { errors, isSubmitted, touchedFields },
  } = form;
  // An address the owner has already left shows its message: one made anew from the name is checked
  // again, so a message about the old address does not stay under the new one.
  const checkAddress = isSubmitted || touchedFields.name === true;
  const slugEdited = watch("slug_edited") === true;
  const displayName = watch("display_name") ?? "";
  const slugText = watch("name") ?? "";
  const displayNameField = register("display_name", {
    onChange: (event: { target: { value: string } }) => {
      if (slugEdited) return;
      setValue("name", slugFromDisplayName(event.target.value, LANDING_NAME_MAX), { shouldValidate: checkAddress });
    },
  });
  const slugInput = register("name", {
    onChange: (event: { target: { value: string } }) =>
      setValue("slug_edited", event.target.value.trim() !== "", { shouldDirty: true }),
    onBlur: (event: { target: { value: string } }) => {
      // "Mi Empresa" reads as the address it becomes, "mi-empresa", once the owner moves on.
      const normalized = slugify(event.target.value);
      if (normalized && normalized !== event.target.value)
        setValue("name", normalized, { shouldValidate: checkAddress });
    },
  });
  return (
    <WizardSection number={1} title={t("wizard.nameTitle")} description={t("wizard.nameBody")} complete={complete}>
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
        noneFromName={!slugEdited && displayName.trim() !== "" && slugText.trim() === ""}
        placeholder={t("name.placeholderSlug")}
        {...slugInput}
      />
    </WizardSection>
  );
}

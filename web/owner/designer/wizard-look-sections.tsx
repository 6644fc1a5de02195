import { displayMessage } from "@web/i18n/messages";
import { ColorField } from "@web/ui/color-field";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LanguageChoice } from "../landings";
import type { WizardInput, WizardOutput } from "./wizard-schema";
import { WizardSection } from "./wizard-section";

type LookSectionsProps = {
  form: UseFormReturn<WizardInput, unknown, WizardOutput>;
  complete: { colors: boolean; language: boolean };
};

/** The wizard's steps 3 and 4: the landing's two colours and the language its visitors read. */
export function WizardLookSections({ form, complete }: LookSectionsProps) {
  const { t } = useTranslation("landings");
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  return (
    <>
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
          value={watch("default_language")}
          error={displayMessage(t, errors.default_language?.message)}
          {...register("default_language")}
        />
      </WizardSection>
    </>
  );
}

import { displayMessage } from "@web/i18n/messages";
import { Button } from "@web/ui/button";
import { useId, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REGION_FIELDS, RegionFields } from "../landings";
import type { WizardInput, WizardOutput } from "./wizard-schema";
import { WizardSection } from "./wizard-section";

type RegionSectionProps = {
  form: UseFormReturn<WizardInput, unknown, WizardOutput>;
  complete: boolean;
};

/**
 * The wizard's step 5: the time zone, currency and tax a new landing starts with. They come filled
 * with Nelly's defaults (PRODUCT §3), said in one line so that an operator elsewhere sees them
 * before creating; "Cambiar" opens the fields, and so does an error in one of them.
 */
export function WizardRegionSection({ form, complete }: RegionSectionProps) {
  const { t } = useTranslation("landings");
  const fieldsId = useId();
  const [open, setOpen] = useState(false);
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const errorOf = (field: (typeof REGION_FIELDS)[number]) => displayMessage(t, errors[field]?.message);
  const wrong = REGION_FIELDS.some((field) => errors[field]);
  const shown = open || wrong;
  const timeZone = watch("time_zone") ?? "";
  const currency = watch("currency") ?? "";
  return (
    <WizardSection number={5} title={t("wizard.regionTitle")} description={t("wizard.regionBody")} complete={complete}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg bg-gray-50 px-3 py-2">
        <p className="min-w-0 text-sm font-medium break-words text-gray-900" data-testid="wizard-region-summary">
          {t("wizard.regionSummary", {
            timeZone: timeZone.replaceAll("_", " "),
            currency: currency.toUpperCase(),
            taxLabel: (watch("tax_label") ?? "").trim(),
            taxRate: (watch("tax_rate") ?? "").trim(),
          })}
        </p>
        {!wrong && (
          <Button
            variant="secondary"
            aria-expanded={shown}
            aria-controls={fieldsId}
            aria-label={shown ? undefined : t("wizard.regionChange")}
            onClick={() => setOpen(!shown)}
          >
            {shown ? t("wizard.regionHide") : t("wizard.regionChangeShort")}
          </Button>
        )}
      </div>
      <div id={fieldsId} hidden={!shown}>
        <RegionFields
          fields={{
            time_zone: register("time_zone"),
            currency: register("currency"),
            tax_label: register("tax_label"),
            tax_rate: register("tax_rate"),
          }}
          errors={{
            time_zone: errorOf("time_zone"),
            currency: errorOf("currency"),
            tax_label: errorOf("tax_label"),
            tax_rate: errorOf("tax_rate"),
          }}
          timeZone={timeZone}
          currency={currency}
          paired={false}
        />
      </div>
    </WizardSection>
  );
}

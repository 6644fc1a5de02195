import { UNIT_LABEL_MAX, UNITS_MAX } from "@domain/vehicles";
import { displayMessage } from "@web/i18n/messages";
import { TextField } from "@web/ui/text-field";
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { type Control, type FieldErrors, type UseFormRegister, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { VehicleFormValues } from "./vehicle-form-schema";

/** Up to this many units, a field each is shown at once; more are folded until asked for. */
const UNIT_FIELDS_SHOWN_MAX = 12;

type UnitLabelsFieldProps = {
  control: Control<VehicleFormValues>;
  register: UseFormRegister<VehicleFormValues>;
  errors: FieldErrors<VehicleFormValues>;
  disabled: boolean;
};

/**
 * A plate or name per unit (issue 25.22), as many fields as the units typed above: optional, and
 * unique within the vehicle (the schema says which one repeats). The planner's rows and the
 * reservation's unit show them.
 */
export function UnitLabelsField({ control, register, errors, disabled }: UnitLabelsFieldProps) {
  const { t } = useTranslation("fleet");
  const typed = Number(useWatch({ control, name: "units" }));
  const labels = useWatch({ control, name: "unit_labels" });
  // Open from the start when a vehicle's labels are already typed.
  const [opened, setOpened] = useState(() => (labels ?? []).some((label) => label?.trim()));
  // A number over the most allowed is refused under its field: no fields for it (99,999 drew 1,000).
  const units = Number.isInteger(typed) && typed >= 1 && typed <= UNITS_MAX ? typed : 0;
  if (units === 0) return null;
  const fields = (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: units }, (_, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: a field is its unit: unit 1, unit 2, ...
          key={index}
          label={t("form.unitLabel", { number: index + 1 })}
          placeholder={index === 0 ? t("form.unitLabelPlaceholder") : undefined}
          maxLength={UNIT_LABEL_MAX}
          autoComplete="off"
          disabled={disabled}
          error={displayMessage(t, errors.unit_labels?.[index]?.message)}
          {...register(`unit_labels.${index}`)}
        />
      ))}
    </div>
  );
  if (units <= UNIT_FIELDS_SHOWN_MAX) {
    return (
      <fieldset data-testid="unit-labels">
        <legend className="text-sm font-medium text-gray-900">{t("form.unitLabels")}</legend>
        <p className="mt-1 text-sm text-gray-600">{t("form.unitLabelsHint")}</p>
        {fields}
      </fieldset>
    );
  }
  // A large fleet's fields are folded (999 units drew a page 23,000 pixels long): open once asked
  // for, when some were typed before, or while one is refused.
  const open = opened || errors.unit_labels !== undefined;
  return (
    <details
      open={open}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      data-testid="unit-labels"
      className="group"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 text-sm font-medium text-gray-900">
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-500 group-open:rotate-90" />
        {t("form.unitLabelsMany", { count: units })}
      </summary>
      <p className="mt-1 text-sm text-gray-600">{t("form.unitLabelsHint")}</p>
      {open && <fieldset aria-label={t("form.unitLabels")}>{fields}</fieldset>}
    </details>
  );
}

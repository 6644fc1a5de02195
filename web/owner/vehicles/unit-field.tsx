import { unitName } from "@domain/vehicles";
import { useNarrowText } from "@web/lib/use-media-query";
import { SelectField } from "@web/ui/native-select";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";

type UnitFieldProps = Omit<ComponentProps<typeof SelectField>, "label" | "options"> & {
  vehicle: { units: number; unit_labels: string[] };
};

/** "Unidad 2", or the unit's plate or name with its number (issue 25.22). */
export function unitOptionLabel(
  t: (key: string, values: Record<string, string | number>) => string,
  labels: readonly string[],
  unit: number,
) {
  const label = unitName(labels, unit);
  return label ? t("unit.named", { label, number: unit }) : t("grid.unit", { number: unit });
}

/** Which unit (car) of the vehicle a booking goes on: one of them, or any free one (""). */
export function UnitField({ vehicle, ...selectProps }: UnitFieldProps) {
  const { t } = useTranslation("planner");
  // A screen narrow for its text showed "Cualquier unidad libre" cut in a list as wide as its column.
  const narrow = useNarrowText();
  const options = [
    { value: "", label: t(narrow ? "unit.anyShort" : "unit.any") },
    ...Array.from({ length: vehicle.units }, (_, index) => ({
      value: String(index + 1),
      label: unitOptionLabel(t, vehicle.unit_labels, index + 1),
    })),
  ];
  return <SelectField label={t("unit.label")} hint={t("unit.hint")} options={options} {...selectProps} />;
}

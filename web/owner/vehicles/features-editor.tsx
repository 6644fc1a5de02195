import { FEATURE_NAME_MAX, FEATURE_VALUE_MAX, VEHICLE_FEATURES_MAX } from "@domain/vehicles";
import { displayMessage } from "@web/i18n/messages";
import { useNarrowText } from "@web/lib/use-media-query";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { CircleAlert, Plus, X } from "lucide-react";
import { useState } from "react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { VehicleFormValues } from "./vehicle-form-schema";

type FeaturesEditorProps = {
  control: Control<VehicleFormValues>;
  register: UseFormRegister<VehicleFormValues>;
  errors: FieldErrors<VehicleFormValues>;
  disabled: boolean;
};

/** The vehicle's own details as name and value rows ("color": "Rojo"); add and remove rows. */
/** A column's title over its field, shown only where the fields go one under the other. */
function ColumnTitle({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="hidden text-sm font-medium text-gray-800 cramped:col-start-1 cramped:block">
      {children}
    </span>
  );
}

export function FeaturesEditor({ control, register, errors, disabled }: FeaturesEditorProps) {
  const { t } = useTranslation("fleet");
  // On a screen narrow for its text the column's title is above each field: the example alone
  // ("Color") fits, where "Nombre, p. ej. color" showed "Nombre, p. e".
  const narrow = useNarrowText();
  const { fields, append, remove } = useFieldArray({ control, name: "features" });
  const rows = useWatch({ control, name: "features" });
  // A new row is offered only once the last one is complete (SPEC §5).
  const [incompleteRow, setIncompleteRow] = useState<number | null>(null);

  const addRow = () => {
    const lastIndex = (rows?.length ?? 0) - 1;
    const last = rows?.[lastIndex];
    if (last && (!last.name.trim() || !last.value.trim())) {
      setIncompleteRow(lastIndex);
      return;
    }
    setIncompleteRow(null);
    append({ name: "", value: "" }, { shouldFocus: true, focusName: `features.${lastIndex + 1}.name` });
  };

  const listError = displayMessage(t, errors.features?.message ?? errors.features?.root?.message);

  return (
    <div className="flex flex-col gap-3" data-rows="">
      {fields.length === 0 && <p className="text-sm text-gray-600">{t("features.empty")}</p>}
      {fields.length > 0 && (
        // Column titles for sighted users; each input carries its own full name for assistive technology.
        // Where the text is large for the screen a row's two fields go one under the other, each with
        // its title above it: side by side a column was narrower than "Nombre".
        <div
          aria-hidden="true"
          className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_calc(var(--spacing)*11)] gap-2 text-sm font-medium text-gray-800 cramped:hidden"
        >
          <span>{t("features.nameColumn")}</span>
          <span>{t("features.valueColumn")}</span>
        </div>
      )}
      {fields.length > 0 && (
        <ul className="-mt-1.5 flex flex-col gap-3">
          {fields.map((field, index) => {
            const rowErrors = errors.features?.[index];
            const message =
              index === incompleteRow && rows?.[index] && (!rows[index].name.trim() || !rows[index].value.trim())
                ? t("api:specIncomplete")
                : displayMessage(t, rowErrors?.name?.message ?? rowErrors?.value?.message);
            const errorId = `feature-${field.id}-error`;
            return (
              <li key={field.id} className="flex flex-col gap-1.5">
                <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 cramped:grid-cols-[minmax(0,1fr)_auto]">
                  <ColumnTitle>{t("features.nameColumn")}</ColumnTitle>
                  <Input
                    className="cramped:col-start-1"
                    {...register(`features.${index}.name`, {
                      onChange: () => setIncompleteRow((row) => (row === index ? null : row)),
                    })}
                    aria-label={t("features.name", { position: index + 1 })}
                    placeholder={t(narrow ? "features.nameExample" : "features.namePlaceholder")}
                    maxLength={FEATURE_NAME_MAX}
                    disabled={disabled}
                    aria-invalid={message && (!rows?.[index]?.name.trim() || rowErrors?.name) ? true : undefined}
                    aria-describedby={message ? errorId : undefined}
                  />
                  <ColumnTitle>{t("features.valueColumn")}</ColumnTitle>
                  <Input
                    className="cramped:col-start-1"
                    {...register(`features.${index}.value`, {
                      onChange: () => setIncompleteRow((row) => (row === index ? null : row)),
                    })}
                    aria-label={t("features.value", { position: index + 1 })}
                    placeholder={t(narrow ? "features.valueExample" : "features.valuePlaceholder")}
                    maxLength={FEATURE_VALUE_MAX}
                    disabled={disabled}
                    aria-invalid={message && (!rows?.[index]?.value.trim() || rowErrors?.value) ? true : undefined}
                    aria-describedby={message ? errorId : undefined}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={disabled}
                    onClick={(event) =>
                      removeRowKeepingFocus(event.currentTarget, () => {
                        setIncompleteRow(null);
                        remove(index);
                      })
                    }
                    aria-label={t("features.remove", { position: index + 1 })}
                    data-remove-row=""
                    className="text-gray-500 hover:text-red-700 cramped:col-start-2 cramped:row-span-4 cramped:row-start-1 cramped:self-center"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                {message && (
                  <p id={errorId} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
                    <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>{message}</span>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FieldError message={listError} />
      <div>
        <Button
          variant="secondary"
          onClick={addRow}
          disabled={disabled || fields.length >= VEHICLE_FEATURES_MAX}
          data-add-row=""
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("features.add")}
        </Button>
      </div>
    </div>
  );
}

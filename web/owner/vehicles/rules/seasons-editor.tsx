import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import { RULE_NOTE_MAX, SEASONS_MAX } from "@domain/rental-rules";
import { displayMessage } from "@web/i18n/messages";
import { amountInputText, currencySymbol } from "@web/lib/format";
import { RemoveRowButton, RowField, RowsEditor } from "@web/owner/rules";
import { AdornedInput } from "@web/ui/adorned-input";
import { Input } from "@web/ui/input";
import { CalendarRange } from "lucide-react";
import type { FocusEvent } from "react";
import { type UseFormReturn, useFieldArray, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { VehicleRulesValues } from "./vehicle-rules-values";

type Part = "name" | "from" | "to" | "price";

/**
 * A vehicle's seasons: date ranges (both ends included) with their own price per day; days
 * outside every season keep the vehicle's price. A rental that crosses a season's edge is
 * priced day by day, so two seasons may not share a day (the schema says which one overlaps).
 * A season's name shows in the traveller's price: it may be written in the landing's other
 * language too (PRODUCT §7), else it shows as written.
 */
export function SeasonsEditor({
  form,
  currency,
  language,
  otherLanguage,
  basePrice,
  disabled,
}: {
  form: UseFormReturn<VehicleRulesValues>;
  currency: string;
  language: Language;
  otherLanguage: Language;
  /** The vehicle's own price per day, said in the empty state. */
  basePrice: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("fleet");
  const { control, register, setValue } = form;
  const { errors } = useFormState({ control, name: "seasons" });
  const { fields, append, remove } = useFieldArray({ control, name: "seasons" });
  const symbol = currencySymbol(currency, language);
  const listError = displayMessage(t, errors.seasons?.message ?? errors.seasons?.root?.message);

  const otherName = (index: number, id: string) => (
    <RowField
      id={id}
      label={t("vehicleRules.season.otherName", { language: t(`form.languages.${otherLanguage}`) })}
      error={displayMessage(t, errors.seasons?.[index]?.translations?.[otherLanguage]?.name?.message)}
    >
      {(control) => (
        <Input
          {...control}
          disabled={disabled}
          lang={otherLanguage}
          maxLength={RULE_NOTE_MAX}
          autoComplete="off"
          {...register(`seasons.${index}.translations.${otherLanguage}.name`)}
        />
      )}
    </RowField>
  );

  const input = (index: number, part: Part, id: string) => (
    <RowField
      id={id}
      label={t(`vehicleRules.season.${part}`)}
      error={displayMessage(t, errors.seasons?.[index]?.[part]?.message)}
      longPlaceholder={part === "name" ? t("vehicleRules.season.namePlaceholder") : undefined}
    >
      {(control) =>
        part === "price" ? (
          <AdornedInput
            {...control}
            disabled={disabled}
            prefix={symbol}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...register(`seasons.${index}.price`, {
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                const parsed = parseMoney(event.target.value);
                if (event.target.value.trim() !== "" && parsed.ok) {
                  setValue(`seasons.${index}.price`, amountInputText(parsed.cents, language), { shouldDirty: true });
                }
              },
            })}
          />
        ) : (
          <Input
            {...control}
            disabled={disabled}
            type={part === "name" ? "text" : "date"}
            className={part === "name" ? undefined : "px-2"}
            maxLength={part === "name" ? RULE_NOTE_MAX : undefined}
            autoComplete="off"
            {...register(`seasons.${index}.${part}`)}
          />
        )
      }
    </RowField>
  );

  return (
    <RowsEditor
      count={fields.length}
      empty={t("vehicleRules.seasonsEmpty", { price: basePrice })}
      emptyIcon={CalendarRange}
      listLabel={t("vehicleRules.seasonsTitle")}
      listError={listError}
      addLabel={t("vehicleRules.season.add")}
      onAdd={() =>
        append(
          { name: "", from: "", to: "", price: "", translations: { [otherLanguage]: { name: "" } } },
          { shouldFocus: true },
        )
      }
      countText={t("vehicleRules.seasonsCount", { count: fields.length, max: SEASONS_MAX })}
      full={fields.length >= SEASONS_MAX}
      disabled={disabled}
    >
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <li
            key={field.id}
            aria-label={t("vehicleRules.season.label", { number })}
            // The row's width, not the screen's, decides its layout: beside the editor's other panels a
            // 1280 px screen left the name 6 rem of one line ("Por ejempl…"); under 44 rem it takes two.
            className="@container relative rounded-lg border border-gray-200 bg-gray-50/60 p-3"
            data-testid="season-row"
          >
            {/* One column on a screen narrow for its text: two dates side by side showed "mm/d". */}
            <div className="grid grid-cols-2 gap-x-2 gap-y-3 cramped:grid-cols-1 @[44rem]:grid-cols-[minmax(0,1fr)_9.5rem_9.5rem_8rem_auto] @[44rem]:items-start">
              {/* On two lines the remove button sits in the corner: the dates get the whole width. */}
              <div className="col-span-2 mr-12 cramped:col-span-1 @[44rem]:col-span-1 @[44rem]:mr-0">
                {input(index, "name", `season-${field.id}-name`)}
              </div>
              {/* Under the name it translates, on two lines as on one (there below the row). */}
              <div className="col-span-2 cramped:col-span-1 @[44rem]:col-span-1 @[44rem]:col-start-1 @[44rem]:row-start-2">
                {otherName(index, `season-${field.id}-other-name`)}
              </div>
              {input(index, "from", `season-${field.id}-from`)}
              {input(index, "to", `season-${field.id}-to`)}
              <div className="col-span-2 cramped:col-span-1 @[44rem]:col-span-1">
                {input(index, "price", `season-${field.id}-price`)}
              </div>
              <RemoveRowButton
                label={t("vehicleRules.season.remove", { number })}
                onRemove={() => remove(index)}
                disabled={disabled}
                className="absolute top-8.5 right-2 @[44rem]:static @[44rem]:col-start-5 @[44rem]:row-start-1 @[44rem]:mt-6"
              />
            </div>
          </li>
        );
      })}
    </RowsEditor>
  );
}

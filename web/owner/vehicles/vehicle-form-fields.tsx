import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import { textLength } from "@domain/text-length";
import {
  isAutomaticTransmission,
  UNITS_MAX,
  VEHICLE_DESCRIPTION_MAX,
  VEHICLE_EQUIPMENT,
  VEHICLE_NAME_MAX,
} from "@domain/vehicles";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { amountInputText, currencySymbol, intlLocale } from "@web/lib/format";
import { Field } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { SelectField, type SelectOption } from "@web/ui/native-select";
import { TextField } from "@web/ui/text-field";
import { TextareaField } from "@web/ui/textarea-field";
import { ToggleSwitch } from "@web/ui/toggle-switch";
import type { ComponentProps, FocusEvent } from "react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  type UseFormTrigger,
  useWatch,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormSection } from "./form-section";
import { UnitLabelsField } from "./unit-labels-field";
import type { VehicleFormValues } from "./vehicle-form-schema";

type VehicleFormFieldsProps = {
  register: UseFormRegister<VehicleFormValues>;
  setValue: UseFormSetValue<VehicleFormValues>;
  /** Checks one field now (the units once left, rather than only at save). */
  trigger: UseFormTrigger<VehicleFormValues>;
  control: Control<VehicleFormValues>;
  errors: FieldErrors<VehicleFormValues>;
  disabled: boolean;
  currency: string;
  descriptionLength: number;
  /** The landing's other language: the description may be written in it too. */
  otherLanguage: Language;
  carTypeOptions: SelectOption[];
  transmissionOptions: SelectOption[];
  capacityOptions: SelectOption[];
};

/** How close to its limit a vehicle's name shows its length. */
const NAME_COUNTER_FROM = 20;

/** "59/255" beside a field's label: its text's length against its limit, red past it (the hint says the limit in words). */
function LengthCount({ length, max, testId }: { length: number; max: number; testId?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn("text-xs tabular-nums", length > max ? "font-semibold text-red-700" : "text-gray-500")}
    >
      {length}/{max}
    </span>
  );
}

/** An amount input with the currency's sign inside it ("US$ 45.50"). */
function MoneyInput({ symbol, ...props }: ComponentProps<"input"> & { symbol: string }) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm font-medium text-gray-500"
      >
        {symbol}
      </span>
      <Input {...props} style={{ paddingLeft: `${0.75 + symbol.length * 0.55 + 0.5}rem` }} />
    </div>
  );
}

/** The vehicle's details, type and capacity, and equipment sections of the vehicle form. */
export function VehicleFormFields({
  register,
  setValue,
  trigger,
  control,
  errors,
  disabled,
  currency,
  descriptionLength,
  otherLanguage,
  carTypeOptions,
  transmissionOptions,
  capacityOptions,
}: VehicleFormFieldsProps) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const symbol = currencySymbol(currency, language);
  const nameLength = textLength(useWatch({ control, name: "name" }) ?? "");
  const error = (field: keyof VehicleFormValues) => displayMessage(t, errors[field]?.message as string | undefined);
  // A render helper, not a component: declared here, a component would remount (and drop focus) on each render.
  const moneyField = (field: "price" | "commissions", label: string, hint: string) => (
    <Field label={label} hint={hint} error={error(field)}>
      {(controlProps) => (
        <MoneyInput
          symbol={symbol}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          disabled={disabled}
          {...register(field, {
            // Once typed, an amount is shown as it was understood: "1.250,50" becomes "1,250.50".
            onBlur: (event: FocusEvent<HTMLInputElement>) => {
              const text = event.target.value;
              const parsed = parseMoney(text);
              if (text.trim() !== "" && parsed.ok) setValue(field, amountInputText(parsed.cents, language));
            },
          })}
          {...controlProps}
        />
      )}
    </Field>
  );
  const transmission = useWatch({ control, name: "transmision" }) ?? "";
  const otherDescription = useWatch({ control, name: "other_description" }) ?? "";
  const transmissionHint =
    transmission === ""
      ? t("form.transmissionHint")
      : isAutomaticTransmission(transmission)
        ? t("form.transmissionAutomatic")
        : t("form.transmissionManual");

  return (
    <>
      <FormSection title={t("form.sections.details")} description={t("form.sections.detailsHint")}>
        <div className="grid gap-5 sm:grid-cols-6">
          <div className="sm:col-span-4">
            <TextField
              label={t("form.name")}
              hint={t("form.nameHint", { max: VEHICLE_NAME_MAX })}
              // Shown near the limit. A longer name is kept as typed or pasted, counted in red and
              // refused once the field is left (a limit on the field cut a paste without a word).
              labelAside={
                nameLength >= VEHICLE_NAME_MAX - NAME_COUNTER_FROM ? (
                  <LengthCount length={nameLength} max={VEHICLE_NAME_MAX} />
                ) : undefined
              }
              autoComplete="off"
              disabled={disabled}
              error={error("name")}
              {...register("name", {
                onBlur: () => void (nameLength > VEHICLE_NAME_MAX && trigger("name")),
                onChange: () => void (errors.name && trigger("name")),
              })}
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              label={t("form.brand")}
              hint={t("form.brandHint")}
              autoComplete="off"
              disabled={disabled}
              error={error("brand")}
              {...register("brand")}
            />
          </div>
          <div className="sm:col-span-6">
            <TextareaField
              label={t("form.description")}
              hint={t("form.descriptionHint", { max: VEHICLE_DESCRIPTION_MAX })}
              labelAside={
                <LengthCount length={descriptionLength} max={VEHICLE_DESCRIPTION_MAX} testId="description-counter" />
              }
              disabled={disabled}
              error={error("description")}
              {...register("description")}
            />
          </div>
          <div className="sm:col-span-6">
            <TextareaField
              label={t("form.descriptionIn", { language: t(`form.languages.${otherLanguage}`) })}
              hint={t("form.descriptionInHint", { language: t(`form.languages.${otherLanguage}`) })}
              lang={otherLanguage}
              labelAside={<LengthCount length={textLength(otherDescription)} max={VEHICLE_DESCRIPTION_MAX} />}
              disabled={disabled}
              error={error("other_description")}
              {...register("other_description")}
            />
          </div>
          <div className="sm:col-span-3 lg:col-span-2">
            {moneyField("price", t("form.price"), t("form.priceHint", { currency }))}
          </div>
          <div className="sm:col-span-3 lg:col-span-2">
            {moneyField("commissions", t("form.commissions"), t("form.commissionsHint"))}
          </div>
          <div className="sm:col-span-3 lg:col-span-2">
            <TextField
              label={t("form.units")}
              hint={t("form.unitsHint", { max: UNITS_MAX.toLocaleString(intlLocale(language)) })}
              type="number"
              inputMode="numeric"
              min={1}
              max={UNITS_MAX}
              step={1}
              disabled={disabled}
              error={error("units")}
              {...register("units", {
                onBlur: () => void trigger("units"),
                // Once said wrong, said right again as soon as it is.
                onChange: () => void (errors.units && trigger("units")),
              })}
            />
          </div>
          <div className="sm:col-span-6">
            <UnitLabelsField control={control} register={register} errors={errors} disabled={disabled} />
          </div>
        </div>
      </FormSection>

      <FormSection title={t("form.sections.type")} description={t("form.sections.typeHint")}>
        <div className="grid grid-cols-2 gap-x-4 gap-y-5 sm:gap-x-5">
          <div className="col-span-2 sm:col-span-1">
            <SelectField
              label={t("form.carType")}
              placeholder={t("form.choose")}
              options={carTypeOptions}
              disabled={disabled}
              error={error("type_of_car")}
              {...register("type_of_car")}
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <SelectField
              label={t("form.transmission")}
              hint={transmissionHint}
              placeholder={t("form.choose")}
              options={transmissionOptions}
              disabled={disabled}
              error={error("transmision")}
              {...register("transmision")}
            />
          </div>
          <SelectField
            label={t("form.people")}
            placeholder={t("form.choose")}
            options={capacityOptions}
            disabled={disabled}
            error={error("people")}
            {...register("people")}
          />
          <SelectField
            label={t("form.luggage")}
            placeholder={t("form.choose")}
            options={capacityOptions}
            disabled={disabled}
            error={error("luggage")}
            {...register("luggage")}
          />
        </div>
      </FormSection>

      <FormSection title={t("form.sections.equipment")} description={t("form.sections.equipmentHint")}>
        <div className="grid gap-3 sm:grid-cols-2">
          {VEHICLE_EQUIPMENT.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <ToggleSwitch
                  label={t(`equipment.${name}`)}
                  description={t(`equipment.${name}Hint`)}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </div>
      </FormSection>
    </>
  );
}

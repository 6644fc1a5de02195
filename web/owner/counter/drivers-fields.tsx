import { DRIVERS_MAX, LICENCE_NUMBER_MAX } from "@domain/drivers";
import { currentLanguage } from "@web/i18n/setup";
import { countryOptions } from "@web/lib/countries";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { SelectField } from "@web/ui/native-select";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { TextField } from "@web/ui/text-field";
import { Plus, Trash2 } from "lucide-react";
import { type Dispatch, type SetStateAction, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type FieldErrors, fieldError } from "./form-state";
import { PhotoField } from "./photo-field";

export type DriverValues = {
  name: string;
  licence_number: string;
  licence_country: string;
  licence_expiry: string;
  birth_date: string;
  licence_photo_id?: number;
};

export const emptyDriver = (): DriverValues => ({
  name: "",
  licence_number: "",
  licence_country: "",
  licence_expiry: "",
  birth_date: "",
});

type DriversFieldsProps = {
  reservationId: number;
  drivers: DriverValues[];
  /**
   * The form's own state setter: every change is made to the drivers as they are then, since a
   * licence photo's upload ends seconds after it began (a walk's finding: its answer wrote back the
   * drivers of that moment, and a driver added meanwhile was gone).
   */
  onChange: Dispatch<SetStateAction<DriverValues[]>>;
  errors: FieldErrors;
  disabled?: boolean;
};

/** The main driver and up to three more, each with the licence the counter checks against them. */
export function DriversFields({ reservationId, drivers, onChange, errors, disabled }: DriversFieldsProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  // A country saved before that is no longer current (from the express pickup) still shows.
  const entered = drivers.map((driver) => driver.licence_country).join(",");
  const countries = useMemo(() => countryOptions(language, entered.split(",")), [language, entered]);
  const set = <K extends keyof DriverValues>(index: number, field: K, value: DriverValues[K]) =>
    onChange((current) => current.map((driver, at) => (at === index ? { ...driver, [field]: value } : driver)));
  const error = (index: number, field: keyof DriverValues) => fieldError(errors, `drivers.${index}.${field}`);
  return (
    <div className="flex flex-col gap-5" data-rows="">
      <FieldError message={fieldError(errors, "drivers")} />
      {drivers.map((driver, index) => (
        // On a screen narrow for its text the frame goes, its legend a heading over the fields, as
        // on the public site's express pickup: inside it the dates cut their year ("dd/mm/aa").
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: drivers have no id until they are recorded.
          key={index}
          className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4 cramped:border-0 cramped:p-0"
          data-row=""
        >
          <legend className="px-1 text-sm font-semibold text-gray-900 cramped:px-0">
            {index === 0 ? t("counter.mainDriver") : t("counter.additionalDriver", { number: index })}
          </legend>
          <TextField
            label={t("counter.driverName")}
            value={driver.name}
            autoComplete="off"
            onChange={(event) => set(index, "name", event.target.value)}
            error={error(index, "name")}
            disabled={disabled}
          />
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
            <TextField
              label={t("counter.licenceNumber")}
              value={driver.licence_number}
              maxLength={LICENCE_NUMBER_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(event) => set(index, "licence_number", event.target.value)}
              error={error(index, "licence_number")}
              disabled={disabled}
            />
            <SelectField
              label={t("counter.licenceCountry")}
              value={driver.licence_country}
              placeholder={t("counter.chooseCountry")}
              options={countries}
              onChange={(event) => set(index, "licence_country", event.target.value)}
              error={error(index, "licence_country")}
              disabled={disabled}
            />
            <TextField
              label={t("counter.licenceExpiry")}
              type="date"
              value={driver.licence_expiry}
              onChange={(event) => set(index, "licence_expiry", event.target.value)}
              error={error(index, "licence_expiry")}
              disabled={disabled}
            />
            <TextField
              label={t("counter.birthDate")}
              type="date"
              value={driver.birth_date}
              onChange={(event) => set(index, "birth_date", event.target.value)}
              error={error(index, "birth_date")}
              disabled={disabled}
            />
          </div>
          <PhotoField
            reservationId={reservationId}
            kind="licence"
            label={t("counter.licencePhoto")}
            photoId={driver.licence_photo_id}
            onChange={(id) => set(index, "licence_photo_id", id)}
            error={fieldError(errors, `drivers.${index}.licence_photo_id`)}
            disabled={disabled}
          />
          {index > 0 && (
            <div>
              <Button
                variant="ghost"
                onClick={(event) =>
                  removeRowKeepingFocus(event.currentTarget, () =>
                    onChange((current) => current.filter((_, at) => at !== index)),
                  )
                }
                disabled={disabled}
                className="text-red-700 hover:bg-red-50"
                data-remove-row=""
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("counter.removeDriver", { number: index })}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      {drivers.length < DRIVERS_MAX ? (
        <div>
          <Button
            variant="secondary"
            onClick={(event) => {
              const frame = event.currentTarget.closest("[data-rows]");
              onChange((current) => [...current, emptyDriver()]);
              // Into the new driver's first field, as the other rows editors do: at the limit the
              // button goes, and the focus with it fell to <body>.
              requestAnimationFrame(() => {
                const rows = frame?.querySelectorAll("[data-row]");
                rows?.[rows.length - 1]?.querySelector<HTMLElement>("input")?.focus();
              });
            }}
            disabled={disabled}
            data-add-row=""
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("counter.addDriver")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-600">{t("counter.driversFull", { count: DRIVERS_MAX - 1 })}</p>
      )}
    </div>
  );
}

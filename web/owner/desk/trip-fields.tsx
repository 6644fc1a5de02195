import type { Landing } from "@domain/landings";
import { type PlacePair, pickupPlaces, returnPlaces } from "@domain/place-pairs";
import type { Vehicle } from "@domain/vehicles";
import { displayMessage } from "@web/i18n/messages";
import { SelectField } from "@web/ui/native-select";
import { TextField } from "@web/ui/text-field";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { UnitField } from "../vehicles";
import type { BookingFormValues } from "./booking-form";

type TripFieldsProps = {
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  /** The owner's landings when the dialog was opened without one: a picker comes first. */
  landings: Landing[] | null;
  vehicles: Vehicle[];
  /** The chosen vehicle: its units can be picked. */
  vehicle: Vehicle | undefined;
  /** The landing's pairs of places, and the pickup chosen: the return list holds what it allows. */
  pairs: Omit<PlacePair, "one_way_fee_cents">[];
  pickup: string;
  /** The rules ask the driver's age (or a date was typed, or the server spoke about it). */
  askBirthDate: boolean;
  minDate: string;
  /** The people or bags beyond what the chosen vehicle takes, in words, shown until a field error replaces them. */
  overCapacity: Partial<Record<"number_person" | "number_bag", string>>;
};

/** Which landing and vehicle, where and when, and how many travel. */
export function TripFields(props: TripFieldsProps) {
  const { register, errors, landings, vehicles, vehicle, pairs, pickup, askBirthDate, minDate, overCapacity } = props;
  const { t } = useTranslation("desk");
  const error = (field: keyof BookingFormValues) => displayMessage(t, errors[field]?.message);
  const options = (places: string[]) => places.map((place) => ({ value: place, label: place }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {landings && (
        <div className="sm:col-span-2">
          <SelectField
            label={t("trip.landing")}
            placeholder={t("trip.landingPlaceholder")}
            options={landings.map((landing) => ({ value: String(landing.id), label: landing.display_name }))}
            error={error("landing_id")}
            {...register("landing_id")}
          />
        </div>
      )}
      <div className="sm:col-span-2">
        <SelectField
          label={t("trip.vehicle")}
          placeholder={t("trip.vehiclePlaceholder")}
          options={vehicles.map((vehicle) => ({
            value: String(vehicle.id),
            label: t("trip.vehicleOption", { name: vehicle.name, count: vehicle.people }),
          }))}
          error={error("id_vehicle")}
          {...register("id_vehicle")}
        />
      </div>
      {vehicle && vehicle.units > 1 && (
        <div className="sm:col-span-2">
          <UnitField vehicle={vehicle} error={error("unit")} {...register("unit")} />
        </div>
      )}
      <SelectField
        label={t("trip.pickupPlace")}
        options={options(pickupPlaces(pairs))}
        error={error("place_of_departure")}
        {...register("place_of_departure")}
      />
      <SelectField
        label={t("trip.returnPlace")}
        options={options(returnPlaces(pairs, pickup))}
        error={error("arrival_place")}
        {...register("arrival_place")}
      />
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 sm:col-span-2">
        <TextField
          type="date"
          label={t("trip.pickupDate")}
          min={minDate}
          error={error("date_of_departure")}
          {...register("date_of_departure")}
        />
        <TextField
          type="time"
          label={t("trip.pickupTime")}
          error={error("time_of_departure")}
          {...register("time_of_departure")}
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 sm:col-span-2">
        <TextField
          type="date"
          label={t("trip.returnDate")}
          min={minDate}
          error={error("date_of_arrival")}
          {...register("date_of_arrival")}
        />
        <TextField
          type="time"
          label={t("trip.returnTime")}
          error={error("time_of_arrival")}
          {...register("time_of_arrival")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <TextField
          type="number"
          inputMode="numeric"
          min={1}
          label={t("trip.people")}
          error={error("number_person") ?? overCapacity.number_person}
          {...register("number_person")}
        />
        <TextField
          type="number"
          inputMode="numeric"
          min={0}
          label={t("trip.bags")}
          error={error("number_bag") ?? overCapacity.number_bag}
          {...register("number_bag")}
        />
      </div>
      {askBirthDate && (
        <TextField
          type="date"
          label={t("trip.birthDate")}
          hint={t("trip.birthDateHint")}
          error={error("driver_birth_date")}
          {...register("driver_birth_date")}
        />
      )}
    </div>
  );
}

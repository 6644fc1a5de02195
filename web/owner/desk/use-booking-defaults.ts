import type { Landing } from "@domain/landings";
import { DEFAULT_TIME_ZONE } from "@domain/landings";
import type { Location } from "@domain/locations";
import { defaultReturn, returnPlaces, samePlace } from "@domain/place-pairs";
import { effectiveLimits } from "@domain/rental-checks";
import { DEFAULT_VEHICLE_RULES, landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { addDays, nextHalfHour, toLocal } from "@domain/rental-time";
import type { Vehicle } from "@domain/vehicles";
import { useEffect, useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { type BookingFormValues, emptyBooking, todayIn } from "./booking-form";

type Defaults = {
  open: boolean;
  form: UseFormReturn<BookingFormValues>;
  /** The landing given by the caller (the planner's), else none: the owner picks one. */
  givenLandingId?: number;
  landingId: number | null;
  landing: Landing | undefined;
  /** The owner's landings: with only one, it is chosen for them. */
  landings: Landing[] | undefined;
  vehicles: Vehicle[] | undefined;
  locations: Location[] | undefined;
  /** The planner's vehicle and day, when the dialog came from one of its cells. */
  vehicleId?: number;
  pickupDate?: string;
  /** The car of the planner's lane clicked (1 first): chosen with its vehicle. */
  unit?: number;
  /** Called whenever the form starts again (opened, another landing): forget the add-ons and messages. */
  onFresh: () => void;
  /** A booking being changed (issue 25.21): the form starts from its values and fills in nothing. */
  initial?: BookingFormValues;
};

/**
 * What the manual booking dialog fills in by itself, each only until the owner changes it: the
 * only landing, the planner's vehicle (or the only one) and the car of the lane clicked, the first
 * pair of places and a return the pickup allows, and a return date at the vehicle's minimum rental
 * (issue 25.13: a three-day minimum starts at three days, not in error).
 */
export function useBookingDefaults(props: Defaults) {
  const {
    open,
    form,
    givenLandingId,
    landingId,
    landing,
    landings,
    vehicles,
    locations,
    vehicleId,
    pickupDate,
    unit,
    onFresh,
    initial,
  } = props;
  const { reset, setValue, getValues, control, watch } = form;
  // Whether the owner picked the return date themselves since the form opened. Read from their
  // own edits, not from `dirtyFields`: a return picked back to the form's first value is not
  // dirty, yet it is the owner's choice and must not be moved again.
  const [returnChosen, setReturnChosen] = useState(false);
  useEffect(() => {
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (name === "date_of_arrival" && type === "change") setReturnChosen(true);
    });
    return unsubscribe;
  }, [watch]);
  const [chosenVehicle, pickupPlace, pickupDay] = useWatch({
    control,
    name: ["id_vehicle", "place_of_departure", "date_of_departure"],
  });

  // A fresh form each time it opens, from the planner's cell when it came from there, or from the
  // booking being changed (again when it is reloaded after a refused, stale change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening (or another cell, or a reloaded booking) starts again.
  useEffect(() => {
    if (!open) return;
    const start = pickupDate ?? addDays(todayIn(DEFAULT_TIME_ZONE), 1);
    reset(initial ?? { ...emptyBooking(start), landing_id: givenLandingId ? String(givenLandingId) : "" });
    setReturnChosen(false);
    onFresh();
  }, [open, pickupDate, givenLandingId, initial, reset]);

  // An operator with one landing has nothing to choose.
  useEffect(() => {
    const [only, ...others] = landings ?? [];
    if (!open || givenLandingId || !only || others.length > 0 || getValues("landing_id") !== "") return;
    setValue("landing_id", String(only.id));
  }, [open, givenLandingId, landings, getValues, setValue]);

  // Another landing: its own vehicles, places and add-ons.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of landing resets these.
  useEffect(() => {
    // A change keeps its landing: what it opened with stays.
    if (initial) return;
    for (const field of ["id_vehicle", "place_of_departure", "arrival_place", "unit"] as const) setValue(field, "");
    onFresh();
  }, [landingId, setValue]);

  useEffect(() => {
    const fleet = vehicles ?? [];
    if (!open || getValues("id_vehicle") !== "" || fleet.length === 0) return;
    const wanted = fleet.find((vehicle) => vehicle.id === vehicleId) ?? (fleet.length === 1 ? fleet[0] : undefined);
    if (wanted) setValue("id_vehicle", String(wanted.id));
  }, [open, vehicles, vehicleId, getValues, setValue]);

  // Another vehicle has its own units: any free one, unless it is the vehicle of the planner's lane
  // clicked, whose car it is (a walk's finding: a click on the second car's lane booked the first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening or a change of vehicle sets the unit.
  useEffect(() => {
    const planned = unit !== undefined && chosenVehicle !== "" && chosenVehicle === String(vehicleId);
    setValue("unit", planned ? String(unit) : "");
  }, [open, chosenVehicle, vehicleId, unit, setValue]);

  useEffect(() => {
    const [first] = locations ?? [];
    if (!open || !first || getValues("place_of_departure") !== "") return;
    setValue("place_of_departure", first.place_of_departure);
    setValue("arrival_place", defaultReturn(locations ?? [], first.place_of_departure));
  }, [open, locations, getValues, setValue]);

  // A pickup brings its own returns: a return it does not allow becomes the one it offers first.
  useEffect(() => {
    const pairs = locations ?? [];
    if (!pickupPlace || pairs.length === 0) return;
    // A booking's own trip stays itself, even on a pair the owner has since removed.
    if (
      initial &&
      samePlace(pickupPlace, initial.place_of_departure) &&
      samePlace(getValues("arrival_place"), initial.arrival_place)
    )
      return;
    const allowed = returnPlaces(pairs, pickupPlace);
    if (!allowed.some((place) => samePlace(place, getValues("arrival_place")))) {
      setValue("arrival_place", defaultReturn(pairs, pickupPlace));
    }
  }, [pickupPlace, locations, initial, getValues, setValue]);

  // A customer at the desk today, after the form's 10:00 has gone by: the pickup (and the return, so
  // the days stay whole) at the next half hour on the landing's clock, rather than opening on "Esa
  // hora de recogida ya pasó" (a walk's finding).
  useEffect(() => {
    if (!open || !landing || initial) return;
    const now = toLocal(new Date(), landing.time_zone);
    if (pickupDay !== now.date || getValues("time_of_departure") !== "10:00" || now.time < "10:00") return;
    const next = nextHalfHour(now.time);
    if (!next) return;
    setValue("time_of_departure", next);
    setValue("time_of_arrival", next);
  }, [open, landing, pickupDay, initial, getValues, setValue]);

  // The return at the minimum rental for this vehicle, until the owner picks a return date.
  useEffect(() => {
    if (!open || !landing || returnChosen || !pickupDay || initial) return;
    const vehicle = vehicles?.find((candidate) => String(candidate.id) === chosenVehicle);
    const { minDays } = effectiveLimits(
      landingRulesOf(landing.rules),
      vehicle ? vehicleRulesOf(vehicle.rules) : DEFAULT_VEHICLE_RULES,
    );
    setValue("date_of_arrival", addDays(pickupDay, Math.max(1, minDays)));
  }, [open, landing, vehicles, chosenVehicle, pickupDay, returnChosen, initial, setValue]);
}

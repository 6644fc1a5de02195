// The desk's benchmark data set (issue 11): one published landing with 50 vehicles (1 to 3 units)
// and a month of reservations, made through the real API as an owner and visitors would.
import { type Api, ok, seedFleet } from "./fleet-seed";

export const DESK_VEHICLES = 50;
/** How far ahead the reservations reach: the planner's month view. */
export const DESK_DAYS = 31;

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export type DeskData = { landingId: number; landingName: string; reservations: number };

/** The full data set, or a small one that only proves every measurement runs (`--quick`). */
export type DeskSize = { vehicles: number; days: number };
export const DESK_FULL: DeskSize = { vehicles: DESK_VEHICLES, days: DESK_DAYS };
export const DESK_QUICK: DeskSize = { vehicles: 4, days: 7 };

/** Seeds the data set with `api` (the owner's bearer session) and returns what it made. */
export async function seedDesk(api: Api, base: string, size: DeskSize = DESK_FULL): Promise<DeskData> {
  const { landingId, landingName, vehicles } = await seedFleet(api, size.vehicles);
  const landing = { id: landingId, name: landingName };

  // Each unit rented back to back over the month in 2- to 5-day rentals, as visitors book them.
  let reservations = 0;
  for (const [index, vehicle] of vehicles.entries()) {
    for (let unit = 0; unit < vehicle.units; unit++) {
      let day = 1 + ((index + unit) % 3);
      while (day < size.days) {
        const length = 2 + ((index + unit + day) % 4);
        const response = await fetch(`${base}/api/reservations`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            id_landing: landing.id,
            id_vehicle: vehicle.id,
            place_of_departure: "Santiago",
            arrival_place: "Santiago",
            date_of_departure: isoDay(day),
            time_of_departure: "10:00",
            date_of_arrival: isoDay(day + length),
            time_of_arrival: "09:00",
            number_person: 2,
            name: `Cliente ${reservations + 1}`,
            last_name: "Pérez",
            email: `cliente${reservations + 1}@example.com`,
            phone: "+1 809 555 0101",
            terms_accepted: true,
          }),
        });
        await ok(response, "reservation");
        reservations++;
        day += length + 1;
      }
    }
  }
  return { landingId: landing.id, landingName: landing.name, reservations };
}

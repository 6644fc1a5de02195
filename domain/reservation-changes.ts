import type { Reservation } from "./reservations";

/**
 * What a booking was, as its history keeps it (issue 25.21): the trip, the extras, the customer and
 * the driver, and the price. Written before and after each change the owner makes.
 */
export type ReservationSnapshot = {
  id_vehicle: number | null;
  vehicle: string;
  place_of_departure: string;
  arrival_place: string;
  date_of_departure: string;
  time_of_departure: string;
  date_of_arrival: string;
  time_of_arrival: string;
  number_person: number;
  number_bag: number;
  addons: { name: string; quantity: number }[];
  name: string;
  last_name: string;
  email: string;
  phone: string;
  description: string;
  driver_birth_date: string | null;
  total_cents: number;
  currency: string;
};

export function snapshotOf(r: Reservation): ReservationSnapshot {
  return {
    id_vehicle: r.id_vehicle,
    vehicle: r.vehicle.name,
    place_of_departure: r.place_of_departure,
    arrival_place: r.arrival_place,
    date_of_departure: r.date_of_departure,
    time_of_departure: r.time_of_departure,
    date_of_arrival: r.date_of_arrival,
    time_of_arrival: r.time_of_arrival,
    number_person: r.number_person,
    number_bag: r.number_bag,
    addons: r.addons.map((line) => ({ name: line.name, quantity: line.quantity })),
    name: r.name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    description: r.description,
    driver_birth_date: r.driver_birth_date,
    total_cents: r.total_cents,
    currency: r.currency,
  };
}

/** The parts of a booking a change can touch, in the order the history names them. */
export const CHANGE_PARTS = ["vehicle", "dates", "places", "people", "extras", "driver", "customer", "price"] as const;
export type ChangePart = (typeof CHANGE_PARTS)[number];

const FIELDS_OF: Record<ChangePart, (keyof ReservationSnapshot)[]> = {
  vehicle: ["id_vehicle", "vehicle"],
  dates: ["date_of_departure", "time_of_departure", "date_of_arrival", "time_of_arrival"],
  places: ["place_of_departure", "arrival_place"],
  people: ["number_person", "number_bag"],
  extras: ["addons"],
  driver: ["driver_birth_date"],
  customer: ["name", "last_name", "email", "phone", "description"],
  price: ["total_cents", "currency"],
};

/**
 * A field as compared: the extras in no particular order (a booking keeps them in the order they
 * were chosen, on the site or in the dashboard's form, which lists them otherwise).
 */
function compared(snapshot: ReservationSnapshot, field: keyof ReservationSnapshot): string {
  if (field !== "addons") return JSON.stringify(snapshot[field]);
  return JSON.stringify(
    snapshot.addons.map((line) => `${line.quantity} ${line.name}`).sort((a, b) => a.localeCompare(b)),
  );
}

/** Which parts differ between two snapshots: what a change did, in words the history can say. */
export function changedParts(before: ReservationSnapshot, after: ReservationSnapshot): ChangePart[] {
  return CHANGE_PARTS.filter((part) =>
    FIELDS_OF[part].some((field) => compared(before, field) !== compared(after, field)),
  );
}

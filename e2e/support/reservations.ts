import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { createLanding, createVehicle, type FleetOwner } from "./fleet";

/** PRODUCT §3's default: pickup and return times are wall-clock times of the landing's zone. */
export const LANDING_TIME_ZONE = "America/Santo_Domingo";

export type BookableLanding = {
  id: number;
  name: string;
  display_name: string;
  vehicle: { id: number; name: string };
};

export type BookedReservation = {
  id: number;
  reference: string;
  status: "awaiting_payment" | "pending" | "confirmed" | "cancelled" | "completed";
  name: string;
  last_name: string;
  email: string;
  phone: string;
  total_cents: number;
  currency: string;
  date_of_departure: string;
  time_of_departure: string;
  cancellation_fee_cents: number | null;
  cancelled_by: "owner" | "customer" | null;
  vehicle: { name: string };
  /** The secret of the customer's link (only in the booking's own answer). */
  customer_token?: string;
};

/** The calendar date `offset` days from today on the landing's wall clock (yyyy-mm-dd). */
export function landingDay(offset: number, now = new Date()): string {
  const shifted = new Date(now.getTime() + offset * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: LANDING_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(shifted);
}

/** `date` (yyyy-mm-dd) moved by whole calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The landing's wall-clock time `hours` from now, as a date and an HH:mm time. */
export function landingTimeIn(hours: number, now = new Date()): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: LANDING_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(now.getTime() + hours * 3_600_000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

/**
 * A published landing with one vehicle (many units, so tests never run out) and two places: round
 * trips at each, and the one-way trip Santiago -> La Romana that `book` makes (only the pairs the
 * owner created are offered).
 */
export async function createBookableLanding(
  owner: FleetOwner,
  prefix = "Reservas",
  vehicle: Record<string, string> = {},
): Promise<BookableLanding> {
  const landing = await createLanding(owner, prefix);
  const created = await createVehicle(owner, landing.id, { units: "50", price: "45.50", ...vehicle }, 1);
  for (const [from, to] of [
    ["Santiago", "Santiago"],
    ["La Romana", "La Romana"],
    ["Santiago", "La Romana"],
  ]) {
    const response = await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
      data: { place_of_departure: from, arrival_place: to },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const published = await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } });
  expect(published.status(), await published.text()).toBe(200);
  return { id: landing.id, name: landing.name, display_name: landing.display_name, vehicle: created };
}

/** The landing's own add-ons (each landing starts with three). */
export async function landingAddons(owner: FleetOwner, landingId: number) {
  const response = await owner.api.get(`/api/landings/${owner.id}/${landingId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { addons: { id: number; name: string; price_cents: number }[] }).addons;
}

export type Booking = {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  description?: string;
  /** Days from today to pickup, and how many days. */
  start?: number;
  length?: number;
  /** An exact pickup (the landing's wall clock) instead of `start`. */
  pickup?: { date: string; time: string };
  addons?: { id: number; quantity: number }[];
  /** Bags declared (1 unless told; the public site never asks, and sends none). */
  bags?: number;
  /** The driver's date of birth (yyyy-mm-dd), as the site asks for it under an age rule. */
  birth?: string;
};

/**
 * María José Peña's three days from `pickup`, taken at the desk (the owner's API, confirmed at
 * once), from Santiago to `arrival`. Unlike a visitor's, its pickup may be minutes away.
 */
export async function deskBooking(
  owner: FleetOwner,
  landing: { id: number; vehicle: { id: number } },
  pickup: { date: string; time: string },
  arrival: string,
) {
  const created = await owner.api.post(`/api/landings/${landing.id}/reservations`, {
    data: {
      id_vehicle: landing.vehicle.id,
      place_of_departure: "Santiago",
      arrival_place: arrival,
      date_of_departure: pickup.date,
      time_of_departure: pickup.time,
      date_of_arrival: addDays(pickup.date, 3),
      time_of_arrival: pickup.time,
      number_person: 2,
      name: "María José",
      last_name: "Peña",
      phone: "+1 809 555 0101",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).reservation as { id: number; reference: string };
}

/**
 * A reservation made the way a visitor's browser makes it: the public API, with no session.
 * Returns what the server answered (201).
 */
export async function book(landing: BookableLanding, booking: Booking = {}): Promise<BookedReservation> {
  const start = booking.start ?? 10;
  const length = booking.length ?? 3;
  const pickup = booking.pickup ?? { date: landingDay(start), time: "10:00" };
  const returnDay = addDays(pickup.date, length);
  const visitor: APIRequestContext = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await visitor.post("/api/reservations", {
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicle.id,
        place_of_departure: "Santiago",
        arrival_place: "La Romana",
        date_of_departure: pickup.date,
        time_of_departure: pickup.time,
        date_of_arrival: returnDay,
        time_of_arrival: "10:00",
        number_person: 2,
        number_bag: booking.bags ?? 1,
        ...(booking.birth && { driver_birth_date: booking.birth }),
        addons: booking.addons ?? [],
        name: booking.name ?? "María José",
        last_name: booking.last_name ?? "Peña",
        email: booking.email ?? "maria@example.com",
        phone: booking.phone ?? "+1 809 555 0101",
        description: booking.description ?? "Llegamos en el vuelo de las 9.",
        terms_accepted: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as BookedReservation;
  } finally {
    await visitor.dispose();
  }
}

/** The customer cancels their booking from the link in their email, as their page does. */
export async function cancelAsCustomer(landing: BookableLanding, booked: BookedReservation) {
  const visitor = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await visitor.post(
      `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${booked.customer_token}`,
    );
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await visitor.dispose();
  }
}

/**
 * A visitor asks the public API for the landing's vehicle from `pickup` for `days` days, in
 * Spanish; returns the status and message, whatever they are (for the refusals).
 */
export async function tryBooking(landing: BookableLanding, pickup: string, days: number) {
  const visitor = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await visitor.post("/api/reservations", {
      headers: { "accept-language": "es" },
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicle.id,
        place_of_departure: "Santiago",
        arrival_place: "Santiago",
        date_of_departure: pickup,
        time_of_departure: "10:00",
        date_of_arrival: addDays(pickup, days),
        time_of_arrival: "10:00",
        number_person: 1,
        name: "Luis",
        last_name: "Pérez",
        email: "luis@example.com",
        phone: "809 555 0100",
        terms_accepted: true,
      },
    });
    return { status: response.status(), message: ((await response.json()) as { message?: string }).message };
  } finally {
    await visitor.dispose();
  }
}

/** A reservation as the owner's API has it now (found through its landing's list). */
export async function storedReservation(
  owner: FleetOwner,
  landingId: number,
  reference: string,
): Promise<BookedReservation | undefined> {
  const response = await owner.api.get(`/api/reservations/${landingId}?q=${encodeURIComponent(reference)}`);
  expect(response.ok()).toBe(true);
  const { reservations } = (await response.json()) as { reservations: BookedReservation[] };
  return reservations.find((reservation) => reservation.reference === reference);
}

/** The dashboard's money format (domain/money.ts): "US$1,250.00" in Spanish. */
export const usd = (cents: number) =>
  new Intl.NumberFormat("es-DO", { style: "currency", currency: "USD" }).format(cents / 100);

/** The open dialog with this title. */
export const dialog = (page: Page, title: string | RegExp) => page.getByRole("dialog", { name: title });

import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { expect } from "vitest";
import type { App } from "../app";

export const uniqueEmail = (prefix = "owner") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
export const PASSWORD = "correct-horse-42";

export type Owner = { id: number; email: string; token: string; cookie: string };

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "nelly_session");
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `nelly_session=${cookie.value}`;
}

/** Signs a new owner up through the API and returns its credentials. */
export async function signUp(app: App, overrides: { email?: string; name?: string } = {}): Promise<Owner> {
  const email = overrides.email ?? uniqueEmail();
  const response = await app.inject({
    method: "POST",
    url: "/api/register-nelly",
    payload: { name: overrides.name ?? "Rent Owner", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return { id: body.user_id, email, token: body.token, cookie: sessionCookie(response) };
}

export const bearer = (owner: Owner) => ({ authorization: `Bearer ${owner.token}` });

/** The operator confirms a booking from the dashboard (money is recorded only on a confirmed one). */
export async function confirmAsOwner(app: App, owner: Owner, id: number) {
  const confirmed = await app.inject({
    method: "PATCH",
    url: `/api/reservations/${id}/status`,
    payload: { status: "confirmed" },
    headers: bearer(owner),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** Headers of a browser session: the session cookie plus the double-submit CSRF pair. */
export function browser(owner: Owner, xsrf = "test-xsrf-token") {
  return { cookie: `${owner.cookie}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
}

/** A multipart body as app.inject takes it, built with the platform's FormData. */
export async function multipart(fields: Record<string, string | { data: Buffer; filename: string; type: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** A real photo-like JPEG carrying EXIF metadata, to check that uploads are re-encoded. */
export function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .withExif({ IFD0: { Copyright: "secret-camera-owner", Make: "TestCam" } })
    .jpeg()
    .toBuffer();
}

/** A small real PNG logo. */
export function pngLogo(width = 250, height = 80, color = "#1d4ed8"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer();
}

/** Creates a landing through the API for `owner`, with defaults a test can override. */
export async function createLandingFor(app: App, owner: Owner, fields: Record<string, string> = {}) {
  const body = await multipart({
    id_users_landing: String(owner.id),
    name: `Rent ${randomUUID().slice(0, 8)}`,
    color_primary: "#1D4ED8",
    color_secondary: "#f59e0b",
    default_language: "es",
    ...fields,
    logo: { data: await pngLogo(), filename: "logo.png", type: "image/png" },
  });
  const response = await app.inject({
    method: "POST",
    url: "/api/landing",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner) },
  });
  if (response.statusCode !== 201) throw new Error(`landing create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; name: string; display_name: string; logo: string; version: number } & Record<
    string,
    unknown
  >;
}

export const vehicleFields = (overrides: Record<string, string> = {}) => ({
  name: "Toyota Corolla 2024",
  description: "Sedán cómodo y económico, ideal para la ciudad.",
  price: "45.50",
  luggage: "2",
  people: "5",
  type_of_car: "sedan",
  transmision: "automatic",
  brand: "Toyota",
  units: "2",
  bluetooth: "1",
  siriusxm: "0",
  gps: "1",
  automatic: "1",
  apple_car: "0",
  features: JSON.stringify([{ name: "Color", value: "Rojo" }]),
  ...overrides,
});

/** Distinct photo-like JPEGs for vehicle uploads. */
export async function photos(count: number, width = 1200, height = 900) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      data: await sharp({ create: { width, height, channels: 3, background: { r: 20 * index, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer(),
      filename: `car-${index}.jpg`,
      type: "image/jpeg",
    })),
  );
}

type FilePart = { data: Buffer; filename: string; type: string };

/** Creates a vehicle through the API on one of `owner`'s landings. */
export async function createVehicleFor(
  app: App,
  owner: Owner,
  landingId: number,
  images?: FilePart[],
  overrides: Record<string, string> = {},
) {
  const files = images ?? (await photos(2, 400, 300));
  const body = await multipart({
    id_landing: String(landingId),
    ...vehicleFields(overrides),
    ...Object.fromEntries(files.map((file, index) => [`images[${index}]`, file])),
  });
  const response = await app.inject({
    method: "POST",
    url: "/api/vehicle",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner) },
  });
  if (response.statusCode !== 201) throw new Error(`vehicle create failed: ${response.statusCode} ${response.body}`);
  return response.json().vehicle as {
    id: number;
    images: { id: number; path_images: string; srcset: string }[];
  } & Record<string, unknown>;
}

/** Adds a pickup/return pair to one of `owner`'s landings through the API: a round trip unless `arrival` is given. */
export async function addLocationFor(app: App, owner: Owner, landingId: number, place = "Santiago", arrival = place) {
  const response = await app.inject({
    method: "POST",
    url: `/api/landings/${landingId}/addLocation`,
    payload: { place_of_departure: place, arrival_place: arrival },
    headers: bearer(owner),
  });
  if (response.statusCode !== 201) throw new Error(`location add failed: ${response.statusCode} ${response.body}`);
  return response.json().location as { id: number };
}

/** A draft landing with what publishing needs: one vehicle and one location. */
export async function createPublishableLanding(app: App, owner: Owner, fields: Record<string, string> = {}) {
  const landing = await createLandingFor(app, owner, fields);
  const vehicle = await createVehicleFor(app, owner, landing.id);
  await addLocationFor(app, owner, landing.id);
  return { ...landing, vehicle };
}

/** Publishes one of `owner`'s landings (it must have a vehicle and a location). */
export async function publishLanding(app: App, owner: Owner, landingId: number) {
  const response = await app.inject({
    method: "PATCH",
    url: "/api/landing/status",
    payload: { landing_id: landingId },
    headers: bearer(owner),
  });
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Makes `language` the default of one of `owner`'s landings, as its settings form does (its texts switch with it). */
export async function switchLandingLanguage(app: App, owner: Owner, landingId: number, language: "es" | "en") {
  const landing = await app.inject({
    method: "GET",
    url: `/api/landings/${owner.id}/${landingId}`,
    headers: bearer(owner),
  });
  const response = await app.inject({
    method: "POST",
    url: `/api/landing-update/${owner.id}/${landingId}`,
    payload: {
      version: String(landing.json().version),
      color_primary: "#1d4ed8",
      color_secondary: "#f59e0b",
      default_language: language,
    },
    headers: bearer(owner),
  });
  if (response.statusCode !== 200) throw new Error(`language switch failed: ${response.statusCode} ${response.body}`);
}

/** Turns one of `owner`'s landings back into a draft. */
export async function unpublishLanding(app: App, owner: Owner, landingId: number) {
  const response = await app.inject({
    method: "PATCH",
    url: "/api/landing/status",
    payload: { landing_id: landingId, status: "draft" },
    headers: bearer(owner),
  });
  if (response.statusCode !== 200) throw new Error(`unpublish failed: ${response.statusCode} ${response.body}`);
}

/**
 * A published landing with one vehicle (2 units unless told), ready for bookings: round trips at
 * Santiago and La Romana, and the one-way trip Santiago -> La Romana that `bookingPayload` makes.
 */
export async function createBookableLanding(app: App, owner: Owner, vehicle: Record<string, string> = {}) {
  const landing = await createLandingFor(app, owner);
  const created = await createVehicleFor(app, owner, landing.id, undefined, { units: "2", ...vehicle });
  await addLocationFor(app, owner, landing.id, "Santiago");
  await addLocationFor(app, owner, landing.id, "La Romana");
  await addLocationFor(app, owner, landing.id, "Santiago", "La Romana");
  await publishLanding(app, owner, landing.id);
  return { ...landing, vehicle: created };
}

/** A valid booking payload for `landing`'s vehicle, picked up `startDay` days after `today`. */
export function bookingPayload(
  landing: { id: number; vehicle: { id: number } },
  today: Date,
  overrides: Record<string, unknown> = {},
  days = { start: 10, length: 3 },
) {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    id_landing: landing.id,
    id_vehicle: landing.vehicle.id,
    place_of_departure: "Santiago",
    arrival_place: "La Romana",
    date_of_departure: day(days.start),
    time_of_departure: "10:00",
    date_of_arrival: day(days.start + days.length),
    time_of_arrival: "10:00",
    number_person: 2,
    number_bag: 1,
    addons: [],
    name: "María José",
    last_name: "Peña",
    email: "maria@example.com",
    phone: "+1 809 555 0101",
    description: "Llegamos en el vuelo de las 9.",
    terms_accepted: true,
    ...overrides,
  };
}

/** The public site's search for a booking payload's trip, as the search form writes it into the address. */
export function searchOf(trip: ReturnType<typeof bookingPayload>, more: Record<string, string> = {}) {
  return new URLSearchParams({
    pickup: trip.place_of_departure,
    dropoff: trip.arrival_place,
    from: trip.date_of_departure,
    fromTime: trip.time_of_departure,
    to: trip.date_of_arrival,
    toTime: trip.time_of_arrival,
    ...more,
  });
}

/** Signs an existing owner in again through the API: another session (another device) of the same account. */
export async function signIn(app: App, owner: Pick<Owner, "id" | "email">, password = PASSWORD): Promise<Owner> {
  const response = await app.inject({
    method: "POST",
    url: "/api/login-nelly",
    payload: { email: owner.email, password },
    remoteAddress: `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { id: owner.id, email: owner.email, token: response.json().token, cookie: sessionCookie(response) };
}

/** A signature as a signature pad sends it (a PNG data URL): one stroke, or a blank pad. */
export async function signaturePng(blank = false): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">${
    blank
      ? ""
      : '<path d="M20 150 C 120 20, 220 180, 320 60 S 520 140, 580 40" stroke="#111" stroke-width="6" fill="none"/>'
  }</svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
}

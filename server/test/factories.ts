import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
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
  return response.json() as { id: number; name: string; logo: string } & Record<string, unknown>;
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

import { type APIRequestContext, expect, type Page, request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { newOwner, type SignInOptions, signIn } from "./owners";
import { test as base } from "./test";

export type FleetOwner = { id: number; email: string; password: string; name: string; api: APIRequestContext };
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };
export type CreatedLanding = { id: number; name: string; display_name: string };
export type StoredVehicle = {
  id: number;
  name: string;
  description: string;
  price: number;
  price_cents: number;
  luggage: number;
  people: number;
  type_of_car: string;
  transmision: string;
  brand: string;
  commissions: number;
  units: number;
  bluetooth: boolean;
  siriusxm: boolean;
  gps: boolean;
  automatic: boolean;
  apple_car: boolean;
  features: { name: string; value: string }[];
  special_features: { id: number; name: string }[];
  images: { id: number; path_images: string; position: number; width: number; height: number }[];
  version: number;
};

/**
 * A new owner with an API context of its own: the bearer token from sign-up, so setup calls need no
 * browser cookies or CSRF token.
 */
async function createFleetOwner(label: string, baseURL: string | undefined): Promise<FleetOwner> {
  const owner = newOwner(label);
  const anonymous = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await anonymous.post("/api/register-nelly", {
      data: { name: owner.name, email: owner.email, password: owner.password, password_confirmation: owner.password },
    });
    expect(response.status()).toBe(201);
    const session = (await response.json()) as { user_id: number; token: string };
    const api = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${session.token}`, Accept: "application/json" },
    });
    return { ...owner, id: session.user_id, api };
  } finally {
    await anonymous.dispose();
  }
}

type FleetFixtures = {
  /** Makes a new owner (with an API context, disposed after the test). */
  fleetOwner: (label: string) => Promise<FleetOwner>;
  /**
   * Makes a new owner and signs this page in as them; the page is left on the landings list, or
   * blank with `open: false` (`signIn`).
   */
  signedInOwner: (label: string, options?: SignInOptions) => Promise<FleetOwner>;
};

export const test = base.extend<FleetFixtures>({
  fleetOwner: async ({ baseURL }, use) => {
    const made: FleetOwner[] = [];
    await use(async (label) => {
      const owner = await createFleetOwner(label, baseURL);
      made.push(owner);
      return owner;
    });
    for (const owner of made) await owner.api.dispose();
  },
  signedInOwner: async ({ page, fleetOwner }, use) => {
    await use(async (label, options) => {
      const owner = await fleetOwner(label);
      await signIn(page, owner, options);
      return owner;
    });
  },
});

const PALETTE = ["#0ea5e9", "#f97316", "#22c55e", "#a855f7", "#ef4444", "#eab308", "#14b8a6", "#6366f1"];

/** A real photo-like PNG, different for each index so order can be told apart. */
export async function photo(index: number, name = `car-${index + 1}.png`): Promise<FilePayload> {
  const color = PALETTE[index % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${color}"/>
    <rect x="120" y="220" width="400" height="110" rx="40" fill="#ffffff" fill-opacity="0.85"/>
    <circle cx="210" cy="340" r="42" fill="#111827"/><circle cx="430" cy="340" r="42" fill="#111827"/>
  </svg>`;
  return { name, mimeType: "image/png", buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

export const photos = (count: number, from = 0) =>
  Promise.all(Array.from({ length: count }, (_, index) => photo(from + index)));

/**
 * A draft landing of this owner, created through the API like the wizard does. Addresses are unique
 * across the platform, so each display name gets a random suffix; `title` is the display name, as
 * typed and as the dashboard shows it (its slug is derived by the server).
 */
export async function createLanding(owner: FleetOwner, prefix = "Flota"): Promise<CreatedLanding & { title: string }> {
  const displayName = `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  const logo = await sharp({ create: { width: 250, height: 80, channels: 4, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const response = await owner.api.post("/api/landing", {
    multipart: {
      display_name: displayName,
      color_primary: "#1d4ed8",
      color_secondary: "#f59e0b",
      default_language: "es",
      logo: { name: "logo.png", mimeType: "image/png", buffer: logo },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const landing = (await response.json()) as CreatedLanding;
  expect(landing.display_name).toBe(displayName);
  return { ...landing, title: landing.display_name };
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
  commissions: "5",
  bluetooth: "1",
  siriusxm: "0",
  gps: "1",
  automatic: "1",
  apple_car: "0",
  features: JSON.stringify([{ name: "color", value: "Rojo" }]),
  ...overrides,
});

export async function storedVehicle(owner: FleetOwner, landingId: number, vehicleId: number): Promise<StoredVehicle> {
  const response = await owner.api.get(`/api/vehicles/${landingId}/${vehicleId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StoredVehicle;
}

/** A vehicle created through the API, with `count` photos. */
export async function createVehicle(
  owner: FleetOwner,
  landingId: number,
  overrides: Record<string, string> = {},
  count = 2,
) {
  const files = await photos(count);
  const response = await owner.api.post("/api/vehicle", {
    multipart: {
      id_landing: String(landingId),
      ...vehicleFields(overrides),
      ...Object.fromEntries(files.map((file, index) => [`images[${index}]`, file])),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { vehicle: StoredVehicle }).vehicle;
}

export async function storedVehicles(owner: FleetOwner, landingId: number): Promise<StoredVehicle[]> {
  const response = await owner.api.get(`/api/vehicles/${landingId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StoredVehicle[];
}

/** The landing the designer is building, as the wizard leaves it in localStorage. */
export async function setDraftLanding(page: Page, landing: { id: number; name: string }) {
  await page.evaluate(({ id, name }) => {
    localStorage.setItem("nelly.designer.landingId", String(id));
    localStorage.setItem("nelly.designer.landingName", name);
  }, landing);
}

/** A toast with this text (sonner renders each in its own list item; two saves in a row show two). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** What the journeys type into the vehicle form; selects take their visible labels. */
export type VehicleInput = {
  name: string;
  description: string;
  price: string;
  brand?: string;
  commissions?: string;
  units?: string;
  carType: string;
  transmission: string;
  people: string;
  luggage: string;
  /** Switches to turn on, by label. */
  equipment?: string[];
  features?: { name: string; value: string }[];
};

/** Fills the vehicle form (Spanish labels) without touching its photos. */
export async function fillVehicleForm(page: Page, vehicle: VehicleInput) {
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Nombre", { exact: true }).fill(vehicle.name);
  if (vehicle.brand !== undefined) await form.getByLabel("Marca", { exact: true }).fill(vehicle.brand);
  await form.getByLabel("Descripción", { exact: true }).fill(vehicle.description);
  await form.getByLabel("Precio por día", { exact: true }).fill(vehicle.price);
  if (vehicle.commissions !== undefined) await form.getByLabel("Comisión", { exact: true }).fill(vehicle.commissions);
  if (vehicle.units !== undefined) await form.getByLabel("Unidades", { exact: true }).fill(vehicle.units);
  await form.getByLabel("Tipo de vehículo").selectOption({ label: vehicle.carType });
  await form.getByLabel("Transmisión").selectOption({ label: vehicle.transmission });
  await form.getByLabel("Personas").selectOption(vehicle.people);
  await form.getByLabel("Equipaje").selectOption(vehicle.luggage);
  for (const label of vehicle.equipment ?? []) {
    const toggle = form.getByRole("switch", { name: label, exact: true });
    if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
  }
  for (const feature of vehicle.features ?? []) {
    await form.getByRole("button", { name: "Agregar dato" }).click();
    const names = form.getByRole("textbox", { name: /^Nombre del dato/ });
    const values = form.getByRole("textbox", { name: /^Valor del dato/ });
    await names.last().fill(feature.name);
    await values.last().fill(feature.value);
  }
}

/** The vehicle form's photo picker. */
export const photoInput = (page: Page) => page.getByRole("main").getByLabel("Elige tus fotos o arrástralas aquí");
export const photoTiles = (page: Page) => page.getByRole("main").getByTestId("photo-tile");

/**
 * Which test photo each stored image is, in the stored order: the photos of `photo(index)` have a
 * background of their own colour, and the server's re-encoded copy keeps it in the corner.
 */
export async function storedPhotoIndexes(owner: FleetOwner, vehicle: StoredVehicle): Promise<number[]> {
  const palette = PALETTE.map((hex) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)));
  const indexes: number[] = [];
  for (const image of [...vehicle.images].sort((a, b) => a.position - b.position)) {
    const response = await owner.api.get(image.path_images);
    expect(response.ok()).toBe(true);
    const { data } = await sharp(await response.body())
      .extract({ left: 4, top: 4, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    const distances = palette.map((rgb) =>
      rgb.reduce((sum, value, channel) => sum + Math.abs(value - (pixel[channel] ?? 0)), 0),
    );
    indexes.push(distances.indexOf(Math.min(...distances)));
  }
  return indexes;
}

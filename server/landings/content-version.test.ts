import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  addLocationFor,
  bearer,
  bookingPayload,
  createBookableLanding,
  multipart,
  photos,
  signUp,
  vehicleFields,
} from "../test/factories";

const { app, clock, db } = await createTestApp();

const contentVersion = async (landingId: number) =>
  (await db.select({ v: landings.contentVersion }).from(landings).where(eq(landings.id, landingId)))[0]?.v ?? 0;

/** Runs `write` and answers whether the landing's content version went up. */
async function bumps(landingId: number, write: () => Promise<{ statusCode: number; body: string }>) {
  const before = await contentVersion(landingId);
  const response = await write();
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (await contentVersion(landingId)) > before;
}

describe("the content version follows every change a visitor could see", () => {
  it("goes up with each kind of write, in the same transaction, and not with a booking", {
    timeout: 60_000,
  }, async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const headers = bearer(owner);
    const inject = (method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url, payload, headers });
    const vehicleId = landing.vehicle.id;
    let version = 1;
    const landingForm = (fields: Record<string, string>) =>
      inject("POST", `/api/landing-update/${owner.id}/${landing.id}`, {
        name: landing.name,
        color_primary: "#112233",
        color_secondary: "#445566",
        default_language: "es",
        version: String(version++),
        ...fields,
      });
    const checks: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ["landing colours", () => landingForm({})],
      ["add-ons", () => landingForm({ addons: JSON.stringify([{ name: "GPS", price: "5" }]) })],
      [
        "SEO",
        () =>
          inject("POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
            version: String(version++),
            meta_title: "T",
            meta_description: "D",
            og_description: "O",
          }),
      ],
      [
        "a location added",
        async () => ({ statusCode: 201, body: JSON.stringify(await addLocationFor(app, owner, landing.id, "Bávaro")) }),
      ],
      [
        "a vehicle edited",
        () =>
          inject("PUT", `/api/vehicles/${landing.id}/${vehicleId}`, {
            ...vehicleFields({ name: "Kia Rio" }),
            version: 1,
          }),
      ],
      [
        "a photo added",
        async () => {
          const body = await multipart({ "images[0]": (await photos(1, 200, 150))[0] as never });
          return app.inject({
            method: "POST",
            url: `/api/vehicles/${landing.id}/${vehicleId}/images`,
            payload: body.payload,
            headers: { ...body.headers, ...headers },
          });
        },
      ],
      [
        "a special feature assigned",
        async () => {
          const feature = (
            await inject("POST", "/api/special-features", { name: `Wifi ${landing.id}`, description: "A bordo" })
          ).json().feature;
          return inject("POST", `/api/vehicles/${vehicleId}/special-features`, { special_feature_id: feature.id });
        },
      ],
      [
        "that feature renamed",
        async () => {
          const list = (await app.inject({ method: "GET", url: "/api/special-features", headers })).json();
          const wifi = list.find((item: { name: string }) => item.name === `Wifi ${landing.id}`);
          return inject("PATCH", `/api/special-features/${wifi.id}`, {
            name: `Wi-Fi ${landing.id}`,
            description: "A bordo",
            previous: { name: wifi.name, description: wifi.description },
          });
        },
      ],
      ["unpublished", () => inject("PATCH", "/api/landing/status", { landing_id: landing.id, status: "draft" })],
      ["trashed", () => inject("DELETE", `/api/landing/${landing.id}`)],
      ["restored", () => inject("POST", `/api/landing/restore/${landing.id}`)],
      ["the vehicle deleted", () => inject("DELETE", `/api/vehicle/${vehicleId}`)],
    ];
    const missed: string[] = [];
    for (const [what, write] of checks) if (!(await bumps(landing.id, write))) missed.push(what);
    expect(missed).toEqual([]);
  });

  it("does not move when a visitor books", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const before = await contentVersion(landing.id);
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now()),
    });
    expect(booked.statusCode).toBe(201);
    expect(await contentVersion(landing.id)).toBe(before);
  });
});

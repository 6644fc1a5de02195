import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { addLocationFor, bearer, createLandingFor, createVehicleFor, signUp } from "../test/factories";

const { app } = await createTestApp();

describe("public vehicle reads", () => {
  it("answer for published landings only, without signing in", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const vehicle = await createVehicleFor(app, owner, landing.id);
    const feature = (
      await app.inject({
        method: "POST",
        url: "/api/special-features",
        payload: { name: "GPS", description: "Navigation" },
        headers: bearer(owner),
      })
    ).json().feature;
    await app.inject({
      method: "POST",
      url: `/api/vehicles/${vehicle.id}/special-features`,
      payload: { special_feature_id: feature.id },
      headers: bearer(owner),
    });

    const vehicleUrl = `/api/publicLanding/${landing.name}/vehicle/${vehicle.id}`;
    const featuresUrl = `/api/vehicle/${vehicle.id}/special-features-public`;
    expect((await app.inject({ method: "GET", url: vehicleUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: featuresUrl })).statusCode).toBe(404);

    await addLocationFor(app, owner, landing.id);
    await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id, user_id: owner.id },
      headers: bearer(owner),
    });
    const published = await app.inject({ method: "GET", url: vehicleUrl });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: vehicle.id, name: "Toyota Corolla 2024" });
    // Public answers have their own presenter: nothing of the owner's business (issue 7.19).
    for (const field of ["commissions", "units", "version", "created_at"]) {
      expect(published.json(), field).not.toHaveProperty(field);
    }
    expect((await app.inject({ method: "GET", url: featuresUrl })).json()).toEqual({
      specialFeatures: [{ id: feature.id, name: "GPS", description: "Navigation" }],
    });
    expect(
      (await app.inject({ method: "GET", url: `/api/publicLanding/another-name/vehicle/${vehicle.id}` })).statusCode,
    ).toBe(404);

    await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(owner) });
    expect((await app.inject({ method: "GET", url: vehicleUrl })).statusCode).toBe(404);
  });
});

/** Every key of a JSON value, however deep. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)])
      : [];

describe("GET /api/publicLanding/{name}", () => {
  it("answers a published landing with its vehicles, places and prices, and nothing private", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner, { display_name: "Autos Año Nuevo & Cía" });
    await createVehicleFor(app, owner, landing.id);
    await addLocationFor(app, owner, landing.id, "Santiago");
    const url = `/api/publicLanding/${landing.name}`;
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id },
      headers: bearer(owner),
    });
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      name: landing.name,
      display_name: "Autos Año Nuevo & Cía",
      currency: "USD",
      tax_label: "ITBIS",
      tax_rate: 18,
      locations: [{ place_of_departure: "Santiago", arrival_place: "Santiago" }],
      vehicles: [{ name: "Toyota Corolla 2024", price_cents: 45_50 }],
    });
    expect(body.addons).toHaveLength(3);
    const privateKeys = [
      "id_users_landing",
      "commissions",
      "units",
      "status",
      "version",
      "deleted_at",
      "published_at",
      "reservations_count",
      "vehicles_count",
      "email",
      "owner_id",
    ];
    expect(keysOf(body).filter((key) => privateKeys.includes(key))).toEqual([]);
    expect(response.body).not.toContain(owner.email);
    await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(owner) });
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
  });
});

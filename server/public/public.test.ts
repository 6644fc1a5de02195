import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bearer, createLandingFor, createVehicleFor, signUp } from "../test/factories";

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

    await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id, user_id: owner.id },
      headers: bearer(owner),
    });
    const published = await app.inject({ method: "GET", url: vehicleUrl });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: vehicle.id, name: "Toyota Corolla 2024" });
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

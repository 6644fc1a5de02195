import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bearer, createBookableLanding, createVehicleFor, signUp } from "../test/factories";

// findBookableLanding keeps each landing read whole while its content version stands: every public
// answer must still follow the owner's changes at once, and a second instance's too (on PostgreSQL).
const { app } = await createTestApp();
/** A second instance on the same database (PostgreSQL only: PGlite is one process). */
const second = process.env.NELLY_TEST_DATABASE === "postgres" ? (await createTestApp()).app : null;
const instances = second ? [app, second] : [app];

const fleetSize = async (instance: typeof app, name: string) =>
  ((await instance.inject({ method: "GET", url: `/api/publicLanding/${name}` })).json().vehicles as unknown[]).length;

const placesOf = async (instance: typeof app, name: string) => {
  const answer = await instance.inject({ method: "GET", url: `/api/publicLanding/${name}` });
  return answer.statusCode === 200 ? (answer.json().locations as { place_of_departure: string }[]) : answer.statusCode;
};

describe("a landing kept between requests", () => {
  it("follows a new place, a new vehicle, an unpublish and a republish at once, on both instances", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const before = await placesOf(app, landing.name);
    expect(Array.isArray(before) && before.length).toBeGreaterThan(0);
    if (second) expect(await placesOf(second, landing.name)).toEqual(before);

    const added = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/addLocation`,
      payload: { place_of_departure: "Bávaro", arrival_place: "Bávaro" },
      headers: bearer(owner),
    });
    expect(added.statusCode).toBe(201);
    for (const instance of instances) {
      const places = await placesOf(instance, landing.name);
      expect(Array.isArray(places) && places.map((pair) => pair.place_of_departure)).toContain("Bávaro");
    }

    // A new vehicle shows at once in the kept fleet too.
    const fleetBefore = await fleetSize(app, landing.name);
    await createVehicleFor(app, owner, landing.id);
    for (const instance of instances) expect(await fleetSize(instance, landing.name)).toBe(fleetBefore + 1);

    const setStatus = (status: "draft" | "published") =>
      app.inject({
        method: "PATCH",
        url: "/api/landing/status",
        payload: { landing_id: landing.id, status },
        headers: bearer(owner),
      });
    expect((await setStatus("draft")).statusCode).toBe(200);
    for (const instance of instances) expect(await placesOf(instance, landing.name)).toBe(404);
    expect((await setStatus("published")).statusCode).toBe(200);
    for (const instance of instances) expect(Array.isArray(await placesOf(instance, landing.name))).toBe(true);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, createBookableLanding, createVehicleFor, signUp } from "../test/factories";
import { TRUST_MS } from "./recent-lookups";

// findBookableLanding keeps each landing read whole while its content version stands, and public
// reads reuse a moment-old lookup of that version: every public answer must still follow the
// owner's changes at once on the instance that made them, and on a second instance (PostgreSQL)
// as soon as the database's notice arrives, well before the moment a lookup is trusted.
const { app, db } = await createTestApp();
/** A second instance on the same database (PostgreSQL only: PGlite is one process). */
const second = process.env.NELLY_TEST_DATABASE === "postgres" ? (await createTestApp()).app : null;
const instances = second ? [app, second] : [app];
/** Half the time a lookup is trusted: seeing a change within it proves the notice, not the expiry, told. */
const NOTICE = { timeout: TRUST_MS / 2, interval: 10 };

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
    const bavaro = async (instance: typeof app) => {
      const places = await placesOf(instance, landing.name);
      return Array.isArray(places) && places.some((pair) => pair.place_of_departure === "Bávaro");
    };
    expect(await bavaro(app)).toBe(true);
    if (second) await expect.poll(() => bavaro(second), NOTICE).toBe(true);

    // A new vehicle shows at once in the kept fleet too.
    const fleetBefore = await fleetSize(app, landing.name);
    await createVehicleFor(app, owner, landing.id);
    expect(await fleetSize(app, landing.name)).toBe(fleetBefore + 1);
    if (second) await expect.poll(() => fleetSize(second, landing.name), NOTICE).toBe(fleetBefore + 1);

    const setStatus = (status: "draft" | "published") =>
      app.inject({
        method: "PATCH",
        url: "/api/landing/status",
        payload: { landing_id: landing.id, status },
        headers: bearer(owner),
      });
    expect((await setStatus("draft")).statusCode).toBe(200);
    expect(await placesOf(app, landing.name)).toBe(404);
    if (second) await expect.poll(() => placesOf(second, landing.name), NOTICE).toBe(404);
    expect((await setStatus("published")).statusCode).toBe(200);
    expect(Array.isArray(await placesOf(app, landing.name))).toBe(true);
    if (second) await expect.poll(async () => Array.isArray(await placesOf(second, landing.name)), NOTICE).toBe(true);
  });

  it("hears a change written straight to the database (as another instance writes it) within a moment", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const shownName = async (instance: typeof app) =>
      (await instance.inject({ method: "GET", url: `/api/publicLanding/${landing.name}` })).json().display_name;
    for (const instance of instances) expect(await shownName(instance)).toBe(landing.display_name);
    await db.update(landings).set({ displayName: "Flota Renovada" }).where(eq(landings.id, landing.id));
    for (const instance of instances) await expect.poll(() => shownName(instance), NOTICE).toBe("Flota Renovada");
    await db.update(landings).set({ deletedAt: new Date() }).where(eq(landings.id, landing.id));
    for (const instance of instances) {
      await expect
        .poll(async () => (await instance.inject({ method: "GET", url: `/${landing.name}` })).statusCode, NOTICE)
        .toBe(404);
    }
  });
});

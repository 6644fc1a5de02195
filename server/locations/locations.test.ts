import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  createBookableLanding,
  createLandingFor,
  type Owner,
  signUp,
  unpublishLanding,
} from "../test/factories";

const { app, db } = await createTestApp();

const call = (owner: Owner, method: "GET" | "POST" | "DELETE", url: string, payload?: object, lang = "en") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": lang } });

describe("locations", () => {
  it("are added, listed and removed per landing", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const added = await call(owner, "POST", `/api/landings/${landing.id}/addLocation`, {
      place_of_departure: "Santiago",
      arrival_place: "La Romana",
    });
    expect(added.statusCode).toBe(201);
    const location = added.json().location;
    expect(location).toMatchObject({
      place_of_departure: "Santiago",
      arrival_place: "La Romana",
      id_landing: landing.id,
    });
    await call(owner, "POST", `/api/landings/${landing.id}/addLocation`, {
      place_of_departure: "Punta Cana",
      arrival_place: "Punta Cana",
    });
    const list = await call(owner, "GET", `/api/landings/${landing.id}/locations`);
    expect(list.json().map((l: { place_of_departure: string }) => l.place_of_departure)).toEqual([
      "Santiago",
      "Punta Cana",
    ]);
    const removed = await call(owner, "DELETE", `/api/landing/${landing.id}/locations`, { location_id: location.id });
    expect(removed.statusCode).toBe(200);
    const byQuery = await call(owner, "DELETE", `/api/landing/${landing.id}/locations?location_id=${location.id}`);
    expect(byQuery.statusCode).toBe(404);
    expect((await call(owner, "GET", `/api/landings/${landing.id}/locations`)).json()).toHaveLength(1);
  });

  it("need both places, and a location id to remove", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const bad = await call(
      owner,
      "POST",
      `/api/landings/${landing.id}/addLocation`,
      { place_of_departure: "", arrival_place: "x".repeat(121) },
      "es",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      place_of_departure: ["Este campo es obligatorio."],
      arrival_place: ["El lugar no puede superar los 120 caracteres."],
    });
    expect((await call(owner, "DELETE", `/api/landing/${landing.id}/locations`)).statusCode).toBe(422);
  });

  it("refuses a pair the landing already has, however it is spelt, even from two tabs at once", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const add = (from: string, to: string) =>
      call(
        owner,
        "POST",
        `/api/landings/${landing.id}/addLocation`,
        { place_of_departure: from, arrival_place: to },
        "es",
      );
    expect((await add("Aeropuerto SDQ", "Hotel Sol")).statusCode).toBe(201);
    const again = await add("  aeropuerto sdq ", "HOTEL SOL");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      arrival_place: ["Esa pareja de recogida y devolución ya existe en esta landing."],
    });
    // The way back is another trip, and is added.
    expect((await add("Hotel Sol", "Aeropuerto SDQ")).statusCode).toBe(201);
    const together = await Promise.all([add("Santiago", "Santiago"), add("Santiago", "Santiago")]);
    expect(together.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await db.select().from(locations).where(eq(locations.landingId, landing.id))).toHaveLength(3);
  });

  it("never cross owners: 404 on every call", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    const mine = await createLandingFor(app, owner);
    const location = (
      await call(other, "POST", `/api/landings/${theirs.id}/addLocation`, {
        place_of_departure: "A",
        arrival_place: "B",
      })
    ).json().location;
    expect((await call(owner, "GET", `/api/landings/${theirs.id}/locations`)).statusCode).toBe(404);
    expect(
      (
        await call(owner, "POST", `/api/landings/${theirs.id}/addLocation`, {
          place_of_departure: "X",
          arrival_place: "Y",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, "DELETE", `/api/landing/${theirs.id}/locations`, { location_id: location.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, "DELETE", `/api/landing/${mine.id}/locations`, { location_id: location.id })).statusCode,
    ).toBe(404);
    expect(await db.select().from(locations).where(eq(locations.landingId, theirs.id))).toHaveLength(1);
  });

  it("keeps a published landing's last location, saying why; a draft's goes", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const pairs = await db.select().from(locations).where(eq(locations.landingId, landing.id));
    expect(pairs.length).toBeGreaterThan(1);
    const remove = (id: number) =>
      call(owner, "DELETE", `/api/landing/${landing.id}/locations`, { location_id: id }, "es");
    for (const pair of pairs.slice(1)) expect((await remove(pair.id)).statusCode).toBe(200);
    const last = pairs[0]?.id ?? 0;
    const refused = await remove(last);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Es la última localización de una landing publicada: sin ella nadie puede reservar. Agrega otra antes de eliminarla, o despublica la landing.",
    );
    expect(await db.select().from(locations).where(eq(locations.landingId, landing.id))).toHaveLength(1);
    await unpublishLanding(app, owner, landing.id);
    expect((await remove(last)).statusCode).toBe(200);
  });
});

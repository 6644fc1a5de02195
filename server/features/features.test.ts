import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { specialFeatures } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  createBookableLanding,
  createLandingFor,
  createVehicleFor,
  type Owner,
  signUp,
} from "../test/factories";

const { app, db } = await createTestApp();

const call = (owner: Owner, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, lang = "en") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": lang } });

async function ownerWithVehicle() {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  const vehicle = await createVehicleFor(app, owner, landing.id);
  return { owner, landing, vehicle };
}

describe("special features", () => {
  it("are created, listed per owner and deleted", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const created = await call(
      owner,
      "POST",
      "/api/special-features",
      { name: "Asientos calefactados", description: "Para el invierno" },
      "es",
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: "Caracteristica agregada con éxito.",
      feature: { name: "Asientos calefactados" },
    });
    await call(other, "POST", "/api/special-features", { name: "Techo solar", description: "Panorámico" });
    const list = await call(owner, "GET", "/api/special-features");
    expect(list.json().map((f: { name: string }) => f.name)).toEqual(["Asientos calefactados"]);
    const duplicate = await call(owner, "POST", "/api/special-features", {
      name: "asientos CALEFACTADOS",
      description: "x",
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ name: ["You already have a feature with this name."] });
    // Spaced otherwise, it is the same name: refused too, and a new one is kept with single spaces.
    const spaced = await call(owner, "POST", "/api/special-features", {
      name: "  asientos \t  calefactados ",
      description: "x",
    });
    expect(spaced.json().errors).toEqual({ name: ["You already have a feature with this name."] });
    const roof = await call(owner, "POST", "/api/special-features", { name: "Techo   solar", description: "x" });
    expect(roof.json().feature.name).toBe("Techo solar");
    expect((await call(owner, "DELETE", `/api/special-features/${roof.json().feature.id}`)).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/api/special-features/${created.json().feature.id}`)).statusCode).toBe(200);
    expect((await call(owner, "GET", "/api/special-features")).json()).toEqual([]);
  });

  it("need a name and a description", async () => {
    const owner = await signUp(app);
    const response = await call(owner, "POST", "/api/special-features", { name: " ", description: "" }, "es");
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ["Por favor, completa todos los campos de la característica."],
      description: ["Por favor, completa todos los campos de la característica."],
    });
  });

  it("are assigned to and removed from the owner's vehicles, by id or by names", async () => {
    const { owner, vehicle } = await ownerWithVehicle();
    const heated = (
      await call(owner, "POST", "/api/special-features", { name: "Heated seats", description: "Warm" })
    ).json().feature;
    const roof = (
      await call(owner, "POST", "/api/special-features", { name: "Sunroof", description: "Open sky" })
    ).json().feature;
    const assigned = await call(owner, "POST", `/api/vehicles/${vehicle.id}/special-features`, {
      special_feature_id: heated.id,
      name: heated.name,
    });
    expect(assigned.json().special_features.map((f: { id: number }) => f.id)).toEqual([heated.id]);
    const byNames = await call(owner, "POST", `/api/special-feature/${vehicle.id}`, {
      // Whatever the case and spaces, a name named twice or a blank one counts once or not at all.
      features: [{ name: " sunroof " }, { name: "HEATED SEATS" }, { name: "Sunroof" }, { name: "  " }],
    });
    expect(byNames.json().special_features.map((f: { name: string }) => f.name)).toEqual(["Heated seats", "Sunroof"]);
    const unknown = await call(owner, "POST", `/api/special-feature/${vehicle.id}`, {
      features: [{ name: "jetpack" }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(["features"]);
    const cleared = await call(owner, "POST", `/api/special-feature/${vehicle.id}`, { features: [] });
    expect(cleared.json().special_features).toEqual([]);
    await call(owner, "POST", `/api/special-feature/${vehicle.id}`, {
      features: [{ name: "sunroof" }, { name: "heated seats" }],
    });
    const removed = await call(owner, "DELETE", `/api/vehicles/${vehicle.id}/special-features/${roof.id}`);
    expect(removed.json().special_features.map((f: { name: string }) => f.name)).toEqual(["Heated seats"]);
  });

  it("are renamed and redescribed from what the form showed; a stale form, a taken name or bad input change nothing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const create = async (name: string, who = owner) =>
      (await call(who, "POST", "/api/special-features", { name, description: "A bordo" })).json().feature;
    const wifi = await create("Wifi");
    const gps = await create("GPS");
    const theirs = await create("Techo solar", other);
    const patch = (id: number, body: object, who = owner) =>
      app.inject({
        method: "PATCH",
        url: `/api/special-features/${id}`,
        payload: body,
        headers: { ...bearer(who), "accept-language": "es" },
      });
    const previous = { name: "Wifi", description: "A bordo" };

    const renamed = await patch(wifi.id, { name: " Wi-Fi 5G ", description: "En todo el coche", previous });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      message: "Característica guardada.",
      feature: { id: wifi.id, name: "Wi-Fi 5G", translations: {}, description: "En todo el coche" },
    });
    // A second tab still showing "Wifi" is refused, and the first tab's words stay.
    const stale = await patch(wifi.id, { name: "Wifi gratis", description: "A bordo", previous });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Estos datos cambiaron en otra pestaña o por otra persona. Recárgalos antes de guardar.",
    );
    const taken = await patch(wifi.id, {
      name: "gps",
      description: "x",
      previous: { name: "Wi-Fi 5G", description: "En todo el coche" },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ["Ya tienes una característica con este nombre."] });
    const empty = await patch(wifi.id, { name: "", description: "x".repeat(5000), previous: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      "description",
      "name",
      "previous.description",
      "previous.name",
    ]);
    // Another owner's feature is not found, whatever it is sent with.
    const crossed = await patch(theirs.id, {
      name: "Mío",
      description: "x",
      previous: { name: "Techo solar", description: "A bordo" },
    });
    expect(crossed.statusCode).toBe(404);

    const stored = await db.select().from(specialFeatures).where(eq(specialFeatures.ownerId, owner.id));
    expect(stored.map((row) => [row.name, row.description]).sort()).toEqual([
      ["GPS", "A bordo"],
      ["Wi-Fi 5G", "En todo el coche"],
    ]);
    const [untouched] = await db.select().from(specialFeatures).where(eq(specialFeatures.id, theirs.id));
    expect(untouched?.name).toBe("Techo solar");
    expect(gps.name).toBe("GPS");
  });

  it("say their words in the other language where the owner wrote them, and visitors read them in theirs", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const created = await call(owner, "POST", "/api/special-features", {
      name: "Asientos calefactables",
      description: "Calor en invierno",
      translations: { en: { name: "Heated seats", description: "  " } },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A text left blank is not written: the description shows as written.
    expect(created.json().feature).toMatchObject({ translations: { en: { name: "Heated seats" } } });
    const { id } = created.json().feature;
    await call(owner, "POST", `/api/vehicles/${landing.vehicle.id}/special-features`, { special_feature_id: id });
    const shown = async (lang: "es" | "en") =>
      (
        await app.inject({ url: `/api/publicLanding/${landing.name}/vehicle/${landing.vehicle.id}?lang=${lang}` })
      ).json().special_features;
    expect(await shown("en")).toEqual([
      { id, name: "Heated seats", description: "Calor en invierno", untranslated: { description: "es" } },
    ]);
    expect(await shown("es")).toEqual([{ id, name: "Asientos calefactables", description: "Calor en invierno" }]);
    // Edited: the translation goes with the form's other words; too long is refused, nothing changed.
    const long = await call(owner, "PATCH", `/api/special-features/${id}`, {
      name: "Asientos calefactables",
      description: "Calor en invierno",
      translations: { en: { name: "x".repeat(41) } },
      previous: { name: "Asientos calefactables", description: "Calor en invierno" },
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(["translations.en.name"]);
    const edited = await call(owner, "PATCH", `/api/special-features/${id}`, {
      name: "Asientos calefactables",
      description: "Calor en invierno",
      translations: { en: { name: "Heated seats", description: "Warm in winter" } },
      previous: { name: "Asientos calefactables", description: "Calor en invierno" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await shown("en")).toEqual([{ id, name: "Heated seats", description: "Warm in winter" }]);
    // A client that sends no translations (as before they existed) leaves them as they are.
    const without = await call(owner, "PATCH", `/api/special-features/${id}`, {
      name: "Asientos con calor",
      description: "Calor en invierno",
      previous: { name: "Asientos calefactables", description: "Calor en invierno" },
    });
    expect(without.statusCode, without.body).toBe(200);
    const [stored] = await db.select().from(specialFeatures).where(eq(specialFeatures.id, id));
    expect(stored?.translations).toEqual({ en: { name: "Heated seats", description: "Warm in winter" } });
  });

  it("never cross owners: 404 on every call", async () => {
    const { owner } = await ownerWithVehicle();
    const { owner: other, vehicle: theirVehicle } = await ownerWithVehicle();
    const theirFeature = (
      await call(other, "POST", "/api/special-features", { name: "Theirs", description: "x" })
    ).json().feature;
    const mine = (await call(owner, "POST", "/api/special-features", { name: "Mine", description: "x" })).json()
      .feature;
    expect((await call(owner, "DELETE", `/api/special-features/${theirFeature.id}`)).statusCode).toBe(404);
    expect(
      (await call(owner, "POST", `/api/vehicles/${theirVehicle.id}/special-features`, { special_feature_id: mine.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(other, "POST", `/api/vehicles/${theirVehicle.id}/special-features`, { special_feature_id: mine.id }))
        .statusCode,
    ).toBe(404);
    expect((await call(owner, "POST", `/api/special-feature/${theirVehicle.id}`, { features: [] })).statusCode).toBe(
      404,
    );
    expect(
      (await call(owner, "DELETE", `/api/vehicles/${theirVehicle.id}/special-features/${theirFeature.id}`)).statusCode,
    ).toBe(404);
    expect(await db.select().from(specialFeatures).where(eq(specialFeatures.id, theirFeature.id))).toHaveLength(1);
  });
});

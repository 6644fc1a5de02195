import type { Language } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import { DEFAULT_VEHICLE_RULES } from "@domain/rental-rules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, vehicleBlocks, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, createLandingFor, createVehicleFor, type Owner, signUp, vehicleFields } from "../test/factories";

const { app, db } = await createTestApp();

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (owner: Owner, method: Method, url: string, payload?: object, lang: Language = "en") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": lang } });

async function ownerWithVehicle(units = "2") {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  const vehicle = await createVehicleFor(app, owner, landing.id, undefined, { units });
  return { owner, landing, vehicle, base: `/api/vehicles/${landing.id}/${vehicle.id}` };
}

const storedVehicle = async (id: number) => (await db.select().from(vehicles).where(eq(vehicles.id, id)))[0];
const storedBlocks = (vehicleId: number) =>
  db.select().from(vehicleBlocks).where(eq(vehicleBlocks.vehicleId, vehicleId));

const rulesForm = {
  version: "1",
  min_days: "2",
  max_days: "",
  min_driver_age: "23",
  deposit: "250,00",
  seasons: [
    { name: " Navidad ", from: "2026-12-15", to: "2027-01-10", price: "80" },
    { name: "Verano", from: "2026-07-01", to: "2026-08-31", price: "65,50" },
  ],
};
const savedRules = {
  min_days: 2,
  max_days: null,
  min_driver_age: 23,
  deposit_cents: 25000,
  seasons: [
    { name: "Verano", from: "2026-07-01", to: "2026-08-31", price_cents: 6550 },
    { name: "Navidad", from: "2026-12-15", to: "2027-01-10", price_cents: 8000 },
  ],
};

describe("vehicle rules: PUT /vehicles/{landingId}/{id}/rules", () => {
  it("stores seasons sorted by date with prices and deposit in cents, and bumps the vehicle's version", async () => {
    const { owner, vehicle, base } = await ownerWithVehicle();
    expect(vehicle.rules).toEqual(DEFAULT_VEHICLE_RULES);
    const response = await call(owner, "PUT", `${base}/rules`, rulesForm, "es");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Reglas y tarifas guardadas.");
    expect(response.json().vehicle).toMatchObject({ id: vehicle.id, version: 2, rules: savedRules });
    expect(await storedVehicle(vehicle.id)).toMatchObject({
      version: 2,
      rules: savedRules,
      name: "Toyota Corolla 2024",
    });
    expect((await call(owner, "GET", base)).json().rules).toEqual(savedRules);
    const cleared = await call(owner, "PUT", `${base}/rules`, { version: 2 });
    expect(cleared.json().message).toBe("Rules and rates saved.");
    expect((await storedVehicle(vehicle.id))?.rules).toEqual(DEFAULT_VEHICLE_RULES);
  });

  it.each(["es", "en"] as const)("names each field's problem in %s, saving nothing", async (lang) => {
    const { owner, vehicle, base } = await ownerWithVehicle();
    const text = (key: ApiMessageKey) => [translate(lang, key)];
    const fields = await call(
      owner,
      "PUT",
      `${base}/rules`,
      {
        version: "1",
        min_days: "0",
        max_days: "400",
        min_driver_age: "10",
        deposit: "mucho",
        seasons: [
          { name: "", from: "2026-13-01", to: "2026-12-01", price: "0" },
          { name: "Alta", from: "2026-07-10", to: "2026-07-01", price: "70" },
          { name: "Baja", from: "2026-09-01", to: "2026-09-30", price: "" },
        ],
      },
      lang,
    );
    expect(fields.statusCode).toBe(422);
    expect(fields.json().errors).toEqual({
      min_days: text("daysRange"),
      max_days: text("daysRange"),
      min_driver_age: text("driverAgeRange"),
      deposit: text("feeInvalid"),
      "seasons.0.name": text("required"),
      "seasons.0.from": text("dateInvalid"),
      "seasons.0.price": text("pricePositive"),
      "seasons.1.to": text("rangeReversed"),
      "seasons.2.price": text("priceRequired"),
    });
    const crossed = await call(
      owner,
      "PUT",
      `${base}/rules`,
      {
        version: "1",
        min_days: "5",
        max_days: "3",
        seasons: [
          { name: "Alta", from: "2026-07-01", to: "2026-07-31", price: "70" },
          { name: "Agosto", from: "2026-07-31", to: "2026-08-31", price: "60" },
        ],
      },
      lang,
    );
    expect(crossed.json().errors).toEqual({
      max_days: text("maxBelowMin"),
      "seasons.1.from": text("seasonsOverlap"),
    });
    const season = { name: "S", from: "2026-01-01", to: "2026-01-01", price: "10" };
    const tooMany = await call(owner, "PUT", `${base}/rules`, { version: "1", seasons: Array(25).fill(season) }, lang);
    expect(tooMany.json().errors).toEqual({ seasons: text("seasonsInvalid") });
    expect(await storedVehicle(vehicle.id)).toMatchObject({ version: 1, rules: {} });
  });

  it("shares the vehicle's version with its fields: a stale save of either answers 409", async () => {
    const { owner, landing, vehicle, base } = await ownerWithVehicle();
    expect((await call(owner, "PUT", `${base}/rules`, rulesForm)).statusCode).toBe(200);
    const staleRules = await call(owner, "PUT", `${base}/rules`, { ...rulesForm, min_days: "9" }, "es");
    expect(staleRules.statusCode).toBe(409);
    expect(staleRules.json().message).toBe(
      "Estos datos cambiaron en otra pestaña o por otra persona. Recárgalos antes de guardar.",
    );
    const staleFields = await call(owner, "PUT", `/api/vehicles/${landing.id}/${vehicle.id}`, {
      ...vehicleFields({ name: "Old tab" }),
      version: 1,
    });
    expect(staleFields.statusCode).toBe(409);
    expect(await storedVehicle(vehicle.id)).toMatchObject({
      version: 2,
      name: "Toyota Corolla 2024",
      rules: savedRules,
    });
  });

  it("answers 404 for another owner's vehicle, another landing's or a trashed landing's, changing nothing", async () => {
    const mine = await ownerWithVehicle();
    const theirs = await ownerWithVehicle();
    const other = await call(mine.owner, "PUT", `${theirs.base}/rules`, rulesForm, "es");
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Vehículo no encontrado.");
    const crossed = await call(
      mine.owner,
      "PUT",
      `/api/vehicles/${mine.landing.id}/${theirs.vehicle.id}/rules`,
      rulesForm,
    );
    expect(crossed.statusCode).toBe(404);
    const secondLanding = await createLandingFor(app, mine.owner);
    const wrongLanding = await call(
      mine.owner,
      "PUT",
      `/api/vehicles/${secondLanding.id}/${mine.vehicle.id}/rules`,
      rulesForm,
    );
    expect(wrongLanding.statusCode).toBe(404);
    await call(mine.owner, "DELETE", `/api/landing/${mine.landing.id}`);
    expect((await call(mine.owner, "PUT", `${mine.base}/rules`, rulesForm)).statusCode).toBe(404);
    for (const id of [mine.vehicle.id, theirs.vehicle.id]) {
      expect(await storedVehicle(id)).toMatchObject({ version: 1, rules: {} });
    }
  });
});

describe("vehicle blocks: /vehicles/{landingId}/{id}/blocks", () => {
  it("stores whole days as instants in the landing's zone, lists them by date and removes one", async () => {
    const { owner, landing, vehicle, base } = await ownerWithVehicle();
    await db.update(landings).set({ timeZone: "Europe/Madrid" }).where(eq(landings.id, landing.id));
    // Madrid moves its clocks forward on 2027-03-28: the block still ends at the local midnight.
    const spring = await call(owner, "POST", `${base}/blocks`, {
      from: "2027-03-27",
      to: "2027-03-28",
      units: "2",
      note: " Taller ",
    });
    expect(spring.statusCode, spring.body).toBe(201);
    expect(spring.json()).toEqual({
      message: "Block added.",
      block: {
        id: expect.any(Number),
        id_vehicle: vehicle.id,
        from: "2027-03-27",
        to: "2027-03-28",
        units: 2,
        note: "Taller",
      },
    });
    const earlier = await call(owner, "POST", `${base}/blocks`, { from: "2027-01-05", to: "2027-01-05" }, "es");
    expect(earlier.json().message).toBe("Bloqueo agregado.");
    expect(earlier.json().block).toMatchObject({ units: 1, note: "", from: "2027-01-05", to: "2027-01-05" });
    const rows = await storedBlocks(vehicle.id);
    const springRow = rows.find((row) => row.id === spring.json().block.id);
    expect(springRow?.startsAt.toISOString()).toBe("2027-03-26T23:00:00.000Z");
    expect(springRow?.endsAt.toISOString()).toBe("2027-03-28T22:00:00.000Z");
    const winterRow = rows.find((row) => row.id === earlier.json().block.id);
    expect(winterRow?.startsAt.toISOString()).toBe("2027-01-04T23:00:00.000Z");
    expect(winterRow?.endsAt.toISOString()).toBe("2027-01-05T23:00:00.000Z");

    const list = await call(owner, "GET", `${base}/blocks`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((block: { from: string }) => block.from)).toEqual(["2027-01-05", "2027-03-27"]);

    const removed = await call(owner, "DELETE", `${base}/blocks/${earlier.json().block.id}`, undefined, "es");
    expect(removed.json()).toEqual({ message: "Bloqueo eliminado." });
    const again = await call(owner, "DELETE", `${base}/blocks/${earlier.json().block.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Block not found.");
    expect((await storedBlocks(vehicle.id)).map((row) => row.id)).toEqual([spring.json().block.id]);
  });

  it("uses the landing's default zone (Santo Domingo, UTC-4)", async () => {
    const { owner, vehicle, base } = await ownerWithVehicle();
    await call(owner, "POST", `${base}/blocks`, { from: "2027-12-24", to: "2027-12-26" });
    const [row] = await storedBlocks(vehicle.id);
    expect(row).toMatchObject({ startsOn: "2027-12-24", endsOn: "2027-12-26", units: 1 });
    expect(row?.startsAt.toISOString()).toBe("2027-12-24T04:00:00.000Z");
    expect(row?.endsAt.toISOString()).toBe("2027-12-27T04:00:00.000Z");
  });

  it.each(["es", "en"] as const)("refuses more units than the vehicle has, and bad dates, in %s", async (lang) => {
    const { owner, vehicle, base } = await ownerWithVehicle("2");
    const tooMany = await call(
      owner,
      "POST",
      `${base}/blocks`,
      { from: "2027-01-01", to: "2027-01-02", units: 3 },
      lang,
    );
    expect(tooMany.statusCode).toBe(422);
    const message =
      lang === "es"
        ? "Este vehículo tiene 2 unidades: no se pueden bloquear más."
        : "This vehicle has 2 units: no more can be blocked.";
    expect(tooMany.json()).toEqual({ message, errors: { units: [message] } });
    // One unit is said as one (a walk's: "This vehicle has 1 units").
    const single = await ownerWithVehicle("1");
    const pair = await call(
      single.owner,
      "POST",
      `${single.base}/blocks`,
      { from: "2027-01-01", to: "2027-01-02", units: 2 },
      lang,
    );
    expect(pair.json().errors.units).toEqual([
      lang === "es"
        ? "Este vehículo tiene 1 unidad: no se puede bloquear más de una."
        : "This vehicle has 1 unit: no more than one can be blocked.",
    ]);
    const text = (key: ApiMessageKey) => [translate(lang, key)];
    const bad = await call(
      owner,
      "POST",
      `${base}/blocks`,
      { from: "2027-02-29", to: "2027-03-01", units: "0", note: "x".repeat(81) },
      lang,
    );
    expect(bad.json().errors).toEqual({
      from: text("dateInvalid"),
      units: text("unitsRange"),
      note: text("noteTooLong"),
    });
    const reversed = await call(owner, "POST", `${base}/blocks`, { from: "2027-03-02", to: "2027-03-01" }, lang);
    expect(reversed.json().errors).toEqual({ to: text("rangeReversed") });
    // Days already gone would hold nothing (a walk's finding: 2020 was accepted).
    const past = await call(owner, "POST", `${base}/blocks`, { from: "2020-01-01", to: "2020-01-02" }, lang);
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({
      to: [
        lang === "es"
          ? "Esas fechas ya pasaron: un bloqueo debe terminar hoy o después."
          : "Those dates have passed: a block must end today or later.",
      ],
    });
    expect(await storedBlocks(vehicle.id)).toEqual([]);
  });

  it("never crosses owners, vehicles, landings or the trash: 404 and nothing changed", async () => {
    const mine = await ownerWithVehicle();
    const theirs = await ownerWithVehicle();
    const second = await createVehicleFor(app, mine.owner, mine.landing.id);
    const block = { from: "2027-01-01", to: "2027-01-02" };
    const theirBlock = (await call(theirs.owner, "POST", `${theirs.base}/blocks`, block)).json().block;
    const secondBlock = (
      await call(mine.owner, "POST", `/api/vehicles/${mine.landing.id}/${second.id}/blocks`, block)
    ).json().block;
    const answers = await Promise.all([
      call(mine.owner, "GET", `${theirs.base}/blocks`),
      call(mine.owner, "POST", `${theirs.base}/blocks`, block),
      call(mine.owner, "DELETE", `${theirs.base}/blocks/${theirBlock.id}`),
      call(mine.owner, "DELETE", `${mine.base}/blocks/${theirBlock.id}`),
      call(mine.owner, "DELETE", `${mine.base}/blocks/${secondBlock.id}`),
      call(mine.owner, "POST", `/api/vehicles/${theirs.landing.id}/${mine.vehicle.id}/blocks`, block),
      call(mine.owner, "GET", `/api/vehicles/${mine.landing.id}/${theirs.vehicle.id}/blocks`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(answers[3]?.json().message).toBe("Block not found.");
    expect(answers[4]?.json().message).toBe("Block not found.");
    expect(await storedBlocks(theirs.vehicle.id)).toHaveLength(1);
    expect(await storedBlocks(second.id)).toHaveLength(1);
    expect(await storedBlocks(mine.vehicle.id)).toEqual([]);

    await call(mine.owner, "DELETE", `/api/landing/${mine.landing.id}`);
    const trashed = await Promise.all([
      call(mine.owner, "GET", `/api/vehicles/${mine.landing.id}/${second.id}/blocks`),
      call(mine.owner, "POST", `/api/vehicles/${mine.landing.id}/${second.id}/blocks`, block),
      call(mine.owner, "DELETE", `/api/vehicles/${mine.landing.id}/${second.id}/blocks/${secondBlock.id}`),
    ]);
    expect(trashed.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(await storedBlocks(second.id)).toHaveLength(1);
  });
});

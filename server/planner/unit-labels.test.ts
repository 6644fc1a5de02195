import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservations, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createVehicleFor,
  type Owner,
  signUp,
  vehicleFields,
} from "../test/factories";

// Issue 25.22: a plate (or name) per unit, on the planner's lanes, and a booking put on a unit,
// never two on one car at once.
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;
const PLATES = ["A123456", "B654321", "G098765"];

async function setUp() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "3", unit_labels: JSON.stringify(PLATES) });
  return { owner, landing };
}

const call = (owner: Owner, method: "GET" | "PUT" | "PATCH" | "POST", url: string, payload?: object, language = "es") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });

/** A manual booking of the landing's vehicle (Santiago round trip), `start` days on for `length`. */
async function bookByHand(owner: Owner, landing: Landing, start: number, length: number, extra: object = {}) {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(
    landing,
    clock.now(),
    { place_of_departure: "Santiago", arrival_place: "Santiago" },
    { start, length },
  );
  return call(owner, "POST", `/api/landings/${landing.id}/reservations`, { ...payload, ...extra });
}

const assign = (owner: Owner, id: number, unit: number | null, language = "es") =>
  call(owner, "PATCH", `/api/planner/reservations/${id}/unit`, { unit }, language);

async function lanesOf(owner: Owner, landing: Landing) {
  const from = new Date(clock.now().getTime() + 8 * 86_400_000).toISOString().slice(0, 10);
  const planner = (await call(owner, "GET", `/api/planner/${landing.id}?from=${from}&days=7`)).json();
  return planner.vehicles[0].lanes as { label: string | null; reservations: { id: number; unit: number | null }[] }[];
}

const unitOf = async (id: number) =>
  (await db.select({ unit: reservations.unit }).from(reservations).where(eq(reservations.id, id)))[0]?.unit;

describe("a plate or name per unit", () => {
  it("is kept with the vehicle, one per unit, and labels the planner's lanes in place of the numbers", async () => {
    const { owner, landing } = await setUp();
    const vehicle = (await call(owner, "GET", `/api/vehicles/${landing.id}/${landing.vehicle.id}`)).json();
    expect(vehicle.unit_labels).toEqual(PLATES);
    expect((await lanesOf(owner, landing)).map((lane) => lane.label)).toEqual(PLATES);
    // A blank unit keeps its number; a label past the units is not kept.
    const saved = await call(owner, "PUT", `/api/vehicles/${landing.id}/${landing.vehicle.id}`, {
      ...vehicleFields({ units: "2" }),
      unit_labels: JSON.stringify(["", " Blanco 2 ", "Sobra"]),
      version: vehicle.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().vehicle.unit_labels).toEqual(["", "Blanco 2"]);
    expect((await lanesOf(owner, landing)).map((lane) => lane.label)).toEqual([null, "Blanco 2"]);
  });

  it.each([
    ["es", "Otra unidad de este vehículo ya se llama así."],
    ["en", "Another unit of this vehicle already has this name."],
  ])("refuses two units of one vehicle with the same name, in %s, naming the repeat", async (language, message) => {
    const { owner, landing } = await setUp();
    const response = await call(
      owner,
      "PUT",
      `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      { ...vehicleFields({ units: "3" }), unit_labels: ["A1", "b2", " a1 "], version: 1 },
      language,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ "unit_labels.2": [message] });
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id));
    expect(row?.unitLabels).toEqual(PLATES);
  });

  it("may repeat a plate on another vehicle, and refuses a label over 30 characters", async () => {
    const { owner, landing } = await setUp();
    const other = await createVehicleFor(app, owner, landing.id, undefined, { units: "2", unit_labels: '["A123456"]' });
    expect(other.unit_labels).toEqual(["A123456"]);
    const long = await call(owner, "PUT", `/api/vehicles/${landing.id}/${other.id}`, {
      ...vehicleFields({ units: "2" }),
      unit_labels: ["x".repeat(31)],
      version: 1,
    });
    expect(long.json().errors).toEqual({ "unit_labels.0": ["Máximo 30 caracteres por unidad."] });
  });
});

describe("a booking put on a unit", () => {
  it("is drawn on that unit's lane, even with a lower one free, and names the car in the answer", async () => {
    const { owner, landing } = await setUp();
    const booked = (await bookByHand(owner, landing, 10, 3)).json().reservation;
    expect((await lanesOf(owner, landing))[0]?.reservations.map((bar) => bar.id)).toEqual([booked.id]);
    const response = await assign(owner, booked.id, 3);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Reserva asignada a la unidad G098765.",
      reservation: { unit: 3 },
    });
    const lanes = await lanesOf(owner, landing);
    expect(lanes.map((lane) => lane.reservations.map((bar) => [bar.id, bar.unit]))).toEqual([[], [], [[booked.id, 3]]]);
    expect((await assign(owner, booked.id, null, "en")).json().message).toBe(
      "The reservation will go on any free unit.",
    );
    expect(await unitOf(booked.id)).toBeNull();
  });

  it("is never on a car another booking holds at the same time: 409 naming it, nothing changed", async () => {
    const { owner, landing } = await setUp();
    const first = (await bookByHand(owner, landing, 10, 3, { unit: 2 })).json().reservation;
    expect(first.unit).toBe(2);
    const second = (await bookByHand(owner, landing, 12, 3)).json().reservation;
    const clash = await assign(owner, second.id, 2, "en");
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      `That unit already has reservation ${first.reference} on those dates. Choose another unit or let the planner place it.`,
    );
    expect(await unitOf(second.id)).toBeNull();
    // The booking itself, asked on a taken unit, is refused whole.
    const refused = await bookByHand(owner, landing, 11, 1, { unit: 2, rules_override: null });
    expect(refused.statusCode).toBe(409);
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(2);
    // Back to back is fine: the first returns as the next picks up.
    const after = await bookByHand(owner, landing, 13, 3, { unit: 2 });
    expect(after.statusCode, after.body).toBe(201);
  });

  it("frees its car when cancelled, refuses a unit the vehicle does not have, and holds none once cancelled", async () => {
    const { owner, landing } = await setUp();
    const first = (await bookByHand(owner, landing, 10, 3, { unit: 1 })).json().reservation;
    const other = (await bookByHand(owner, landing, 10, 3)).json().reservation;
    const tooFar = await assign(owner, other.id, 4);
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().errors).toEqual({ unit: ["Este vehículo tiene 3 unidades: elige una de la 1 a la 3."] });
    await call(owner, "PATCH", `/api/reservations/${first.id}/status`, { status: "cancelled" });
    expect((await assign(owner, other.id, 1)).statusCode).toBe(200);
    expect((await assign(owner, first.id, 2)).statusCode).toBe(409);
    // A no-show holds no car either (its pickup came and nobody took it).
    await db.update(reservations).set({ status: "no_show" }).where(eq(reservations.id, other.id));
    const absent = await assign(owner, other.id, 2);
    expect(absent.statusCode).toBe(409);
    expect(absent.json().message).toBe("Una reserva cancelada o no presentada no ocupa ninguna unidad.");
    expect(await unitOf(other.id)).toBe(1);
  });

  it("goes back to any free unit when the owner removes the unit it was on", async () => {
    const { owner, landing } = await setUp();
    const booked = (await bookByHand(owner, landing, 10, 3, { unit: 3 })).json().reservation;
    const vehicle = (await call(owner, "GET", `/api/vehicles/${landing.id}/${landing.vehicle.id}`)).json();
    const saved = await call(owner, "PUT", `/api/vehicles/${landing.id}/${landing.vehicle.id}`, {
      ...vehicleFields({ units: "2" }),
      unit_labels: JSON.stringify(PLATES.slice(0, 2)),
      version: vehicle.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await unitOf(booked.id)).toBeNull();
    expect((await lanesOf(owner, landing))[0]?.reservations.map((bar) => bar.id)).toEqual([booked.id]);
  });

  it("stays on its unit through a change while that car is free, and goes back to any free one when not", async () => {
    const { owner, landing } = await setUp();
    const pinned = (await bookByHand(owner, landing, 10, 3, { unit: 2 })).json().reservation;
    await bookByHand(owner, landing, 20, 3, { unit: 2 });
    const change = async (start: number, version: number) => {
      const { id_landing, terms_accepted, email, ...payload } = bookingPayload(
        landing,
        clock.now(),
        { place_of_departure: "Santiago", arrival_place: "Santiago" },
        { start, length: 3 },
      );
      return call(owner, "PUT", `/api/reservations/${pinned.id}`, { ...payload, version });
    };
    const moved = await change(12, 1);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await unitOf(pinned.id)).toBe(2);
    // Onto the days the other booking holds unit 2: the change is made, the car is the planner's to choose.
    const clashing = await change(19, 2);
    expect(clashing.statusCode, clashing.body).toBe(200);
    expect(await unitOf(pinned.id)).toBeNull();
  });

  it("is another owner's to move only: 404, nothing changed", async () => {
    const { owner, landing } = await setUp();
    const booked = (await bookByHand(owner, landing, 10, 3)).json().reservation;
    const stranger = await signUp(app);
    expect((await assign(stranger, booked.id, 2)).statusCode).toBe(404);
    expect(await unitOf(booked.id)).toBeNull();
    expect((await assign(owner, booked.id, 2)).statusCode).toBe(200);
  });
});

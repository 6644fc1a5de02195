import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingAddons, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, multipart, type Owner, signUp } from "../test/factories";

/**
 * Each add-on has a kind and a most per booking (issue 24.12): the owner sets them, a coverage is
 * taken once, and a booking asking for more is refused with the add-on's name, storing nothing.
 */
const { app, clock, db } = await createTestApp();

type Addon = { id: number; name: string; kind: string; max_quantity: number };

async function saveAddons(owner: Owner, landingId: number, addons: object[], lang = "es") {
  const current = (
    await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landingId}`, headers: bearer(owner) })
  ).json();
  const body = await multipart({
    version: String(current.version),
    name: current.name,
    color_primary: current.color_primary,
    color_secondary: current.color_secondary,
    default_language: current.default_language,
    time_zone: current.time_zone,
    currency: current.currency,
    tax_label: current.tax_label,
    tax_rate: String(current.tax_rate),
    addons: JSON.stringify(addons),
  });
  return app.inject({
    method: "POST",
    url: `/api/landing-update/${owner.id}/${landingId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": lang },
  });
}

describe("add-on kinds and limits", () => {
  it("a new landing starts with two coverages taken once and a child seat", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const addons = (await app.inject({ method: "GET", url: `/api/publicLanding/${landing.name}` })).json()
      .addons as Addon[];
    expect(addons.map(({ kind, max_quantity }) => [kind, max_quantity])).toEqual([
      ["coverage", 1],
      ["coverage", 1],
      ["child_seat", 3],
    ]);
  });

  it("stores the owner's kinds and maximums; a coverage's maximum is always one", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const saved = await saveAddons(owner, landing.id, [
      { name: "Seguro total", price: "15", kind: "coverage", max_quantity: 4 },
      { name: "GPS", price: "5", kind: "equipment", max_quantity: "2" },
      { name: "Conductor adicional", price: "10", kind: "driver", max_quantity: 1 },
      // An older client sends neither: the add-on is "other", up to 20.
      { name: "Nevera", price: "3" },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().addons.map(({ name, kind, max_quantity }: Addon) => [name, kind, max_quantity])).toEqual([
      ["Seguro total", "coverage", 1],
      ["GPS", "equipment", 2],
      ["Conductor adicional", "driver", 1],
      ["Nevera", "other", 20],
    ]);
    const rows = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    expect(rows.find((row) => row.name === "Seguro total")?.maxQuantity).toBe(1);
  });

  it("refuses an unknown kind or a maximum outside 1 to 20, in the owner's language, and keeps the old list", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const before = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    for (const [addon, lang, message] of [
      [{ name: "Jetpack", price: "5", kind: "jetpack" }, "es", "Elige qué tipo de extra es."],
      [
        { name: "GPS", price: "5", kind: "equipment", max_quantity: 0 },
        "es",
        "El máximo por reserva debe ser un número entero entre 1 y 20.",
      ],
      [
        { name: "GPS", price: "5", kind: "equipment", max_quantity: "2.5" },
        "en",
        "The maximum per booking must be a whole number from 1 to 20.",
      ],
      [
        { name: "GPS", price: "5", kind: "equipment", max_quantity: 21 },
        "en",
        "The maximum per booking must be a whole number from 1 to 20.",
      ],
    ] as const) {
      const response = await saveAddons(owner, landing.id, [addon], lang);
      expect(response.statusCode, JSON.stringify(addon)).toBe(422);
      expect(JSON.stringify(response.json().errors), JSON.stringify(addon)).toContain(message);
    }
    const after = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    expect(after).toEqual(before);
  });

  it("refuses a booking with more of an add-on than allowed, naming it, and stores nothing", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    await saveAddons(owner, landing.id, [
      { name: "Seguro total", price: "15", kind: "coverage" },
      { name: "Silla de bebé", price: "8", kind: "child_seat", max_quantity: 2 },
    ]);
    const addons = (await app.inject({ method: "GET", url: `/api/publicLanding/${landing.name}` })).json()
      .addons as Addon[];
    const [coverage, seat] = addons as [Addon, Addon];
    const payload = bookingPayload(landing, clock.now());
    const book = (chosen: { id: number; quantity: number }[], lang = "es") =>
      app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: { ...payload, addons: chosen },
        headers: { "accept-language": lang },
      });

    const twoCoverages = await book([{ id: coverage.id, quantity: 2 }]);
    expect(twoCoverages.statusCode).toBe(422);
    expect(twoCoverages.json().errors["addons.0.quantity"]).toEqual([
      "Puedes añadir como máximo 1 de «Seguro total» por reserva.",
    ]);
    const threeSeats = await book([{ id: seat.id, quantity: 3 }], "en");
    expect(threeSeats.json().errors["addons.0.quantity"]).toEqual([
      "You can add at most 2 of “Silla de bebé” per booking.",
    ]);
    const quote = (addons: string) =>
      app.inject({
        method: "GET",
        url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${payload.date_of_departure}T${payload.time_of_departure}&to=${payload.date_of_arrival}T${payload.time_of_arrival}&addons=${addons}`,
        headers: { "accept-language": "en" },
      });
    const tooMany = await quote(`${seat.id}:3`);
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    // One add-on named twice, within its limit each time, as the booking refuses it (an attacker's
    // walk got a price for four seats of a most-two).
    for (const twice of [`${seat.id}:2,${seat.id}:2`, `${coverage.id}:1,${coverage.id}:1`]) {
      const repeated = await quote(twice);
      expect(repeated.statusCode, repeated.body).toBe(422);
      expect(repeated.json().message).toBe(translate("en", "addonsInvalid"));
      expect(
        (
          await book([
            { id: seat.id, quantity: 1 },
            { id: seat.id, quantity: 1 },
          ])
        ).statusCode,
      ).toBe(422);
    }
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toEqual([]);

    const allowed = await book([
      { id: coverage.id, quantity: 1 },
      { id: seat.id, quantity: 2 },
    ]);
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});

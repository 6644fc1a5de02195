import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locations, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  addLocationFor,
  bearer,
  bookingPayload,
  createLandingFor,
  createVehicleFor,
  publishLanding,
  signUp,
} from "../test/factories";
import { parseHtml } from "../test/html";

// Issue 25.2, as the operator reported it: a round trip at STI and Oficina -> SDQ with a US$40
// one-way fee. SDQ is only a return place; STI -> SDQ was never created.
const { app, clock, db } = await createTestApp();

const MESSAGES = {
  es: {
    pair: "No se ofrece recoger en STI y devolver en SDQ.",
    pickup: "No hay recogidas en SDQ. Elige un lugar de recogida de la lista.",
  },
  en: {
    pair: "Picking up at STI and returning at SDQ is not offered.",
    pickup: "There are no pickups at SDQ. Choose a pickup place from the list.",
  },
};

async function operatorSite() {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  const vehicle = await createVehicleFor(app, owner, landing.id, undefined, { name: "Toyota Yaris", price: "55" });
  await addLocationFor(app, owner, landing.id, "STI");
  const oneWay = await addLocationFor(app, owner, landing.id, "Oficina", "SDQ");
  await app.inject({
    method: "PATCH",
    url: `/api/landing/${landing.id}/locations/${oneWay.id}`,
    payload: { one_way_fee: "40" },
    headers: bearer(owner),
  });
  await publishLanding(app, owner, landing.id);
  return { owner, landing: { ...landing, vehicle }, oneWay };
}

type Site = Awaited<ReturnType<typeof operatorSite>>;

const book = (site: Site, places: { from: string; to: string }, language = "es") =>
  app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(site.landing, clock.now(), { place_of_departure: places.from, arrival_place: places.to }),
    headers: { "accept-language": language },
  });
const bookByHand = (site: Site, places: { from: string; to: string }, extra: object = {}) => {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(site.landing, clock.now(), {
    place_of_departure: places.from,
    arrival_place: places.to,
  });
  return app.inject({
    method: "POST",
    url: `/api/landings/${site.landing.id}/reservations`,
    payload: { ...payload, ...extra },
    headers: { ...bearer(site.owner), "accept-language": "en" },
  });
};
const stored = (site: Site) => db.select().from(reservations).where(eq(reservations.landingId, site.landing.id));

describe("a booking follows the pairs the owner created", () => {
  it.each(["es", "en"] as const)(
    "refuses a pair never created with a 422 naming it, in %s, storing nothing",
    async (language) => {
      const site = await operatorSite();
      const response = await book(site, { from: "STI", to: "SDQ" }, language);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        errors: { arrival_place: [MESSAGES[language].pair] },
        rules: ["placePair"],
      });
      expect(await stored(site)).toEqual([]);
    },
  );

  it("refuses a pickup at a place given only as a return, naming it", async () => {
    const site = await operatorSite();
    const response = await book(site, { from: "SDQ", to: "SDQ" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ place_of_departure: [MESSAGES.es.pickup] });
    expect(await stored(site)).toEqual([]);
  });

  it("books the pairs offered: the round trip with no fee, the one-way trip with its fee", async () => {
    const site = await operatorSite();
    const round = await book(site, { from: "sti", to: " STI" });
    expect(round.statusCode).toBe(201);
    // Toyota, 3 days at US$55 with 18 % ITBIS: the figure of the report, now only for STI -> STI.
    expect(round.json()).toMatchObject({
      place_of_departure: "STI",
      arrival_place: "STI",
      fees: [],
      total_cents: 194_70,
    });
    const oneWay = await book(site, { from: "Oficina", to: "SDQ" });
    expect(oneWay.statusCode).toBe(201);
    expect(oneWay.json()).toMatchObject({
      fees: [{ kind: "oneWay", total_cents: 40_00 }],
      total_cents: 241_90,
    });
    expect((await stored(site)).map((row) => [row.placeOfDeparture, row.arrivalPlace, row.totalCents])).toEqual(
      expect.arrayContaining([
        ["STI", "STI", 194_70],
        ["Oficina", "SDQ", 241_90],
      ]),
    );
  });

  it("quotes a pair never created with its problem, and a pickup alone as its round trip", async () => {
    const site = await operatorSite();
    const period = bookingPayload(site.landing, clock.now());
    const query = (places: string) =>
      app.inject({
        method: "GET",
        url: `/api/publicLanding/${site.landing.name}/quote?vehicle=${site.landing.vehicle.id}&from=${period.date_of_departure}T10:00&to=${period.date_of_arrival}T10:00${places}`,
        headers: { "accept-language": "en" },
      });
    const refused = (await query("&pickup=STI&return=SDQ")).json();
    expect(refused.problems).toEqual([{ rule: "placePair", field: "arrival_place", message: MESSAGES.en.pair }]);
    expect(refused.fees).toEqual([]);
    expect((await query("&pickup=Oficina")).json().problems[0]).toMatchObject({ rule: "placePair" });
    expect((await query("&pickup=Oficina&return=SDQ")).json()).toMatchObject({
      problems: [],
      fees: [{ kind: "oneWay", total_cents: 40_00 }],
    });
    // No places at all: the first pair the owner created.
    expect((await query("")).json()).toMatchObject({ problems: [], fees: [] });
  });

  it("holds the owner's manual bookings and quotes to the same pairs, even when they skip their own rules", async () => {
    const site = await operatorSite();
    const refused = await bookByHand(site, { from: "STI", to: "SDQ" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ arrival_place: [MESSAGES.en.pair] });
    const skipping = await bookByHand(site, { from: "STI", to: "SDQ" }, { rules_override: { reason: "Cliente VIP" } });
    expect(skipping.statusCode).toBe(422);
    expect(skipping.json().errors).toEqual({ arrival_place: [MESSAGES.en.pair] });
    const {
      name,
      last_name,
      phone,
      description,
      number_person,
      number_bag,
      email,
      id_landing,
      terms_accepted,
      ...quote
    } = bookingPayload(site.landing, clock.now(), { place_of_departure: "SDQ", arrival_place: "SDQ" });
    const quoted = await app.inject({
      method: "POST",
      url: `/api/landings/${site.landing.id}/quote`,
      payload: quote,
      headers: { ...bearer(site.owner), "accept-language": "en" },
    });
    expect(quoted.json().problems).toEqual([
      { rule: "placePair", field: "place_of_departure", message: MESSAGES.en.pickup, overridable: false },
    ]);
    expect(await stored(site)).toEqual([]);
    expect((await bookByHand(site, { from: "Oficina", to: "SDQ" })).statusCode).toBe(201);
  });

  it("keeps bookings made under a pair the owner removed since; new ones on it are refused", async () => {
    const site = await operatorSite();
    const booked = (await book(site, { from: "Oficina", to: "SDQ" })).json();
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/landing/${site.landing.id}/locations?location_id=${site.oneWay.id}`,
      headers: bearer(site.owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(await db.select().from(locations).where(eq(locations.id, site.oneWay.id))).toEqual([]);
    const confirmed = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${booked.id}/status`,
      payload: { status: "confirmed" },
      headers: bearer(site.owner),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().reservation).toMatchObject({
      place_of_departure: "Oficina",
      arrival_place: "SDQ",
      status: "confirmed",
      total_cents: 241_90,
    });
    expect((await book(site, { from: "Oficina", to: "SDQ" })).statusCode).toBe(422);
    // Its owner can still change it (here, a day later) on the places it was booked with.
    const { id_landing, terms_accepted, ...payload } = bookingPayload(
      site.landing,
      clock.now(),
      { place_of_departure: "Oficina", arrival_place: "SDQ" },
      { start: 11, length: 3 },
    );
    const changed = await app.inject({
      method: "PUT",
      url: `/api/reservations/${booked.id}`,
      payload: { ...payload, version: confirmed.json().reservation.version },
      headers: bearer(site.owner),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().reservation).toMatchObject({ place_of_departure: "Oficina", arrival_place: "SDQ" });
  });
});

describe("the public pages follow the pairs too, before any script runs", () => {
  const page = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return parseHtml(response.body);
  };
  type Html = ReturnType<typeof parseHtml>;
  const byTestId = (html: Html, id: string) =>
    html.elements("p").find((element) => html.attribute(element, "data-testid") === id);
  const optionsOf = (html: Html, name: string) => {
    const select = html.elements("select").find((element) => html.attribute(element, "name") === name);
    return select?.childNodes.flatMap((child) => ("tagName" in child ? [html.text(child)] : []));
  };

  it("home: the pickup list holds pickup places only, and a round-trip pickup says the car comes back there", async () => {
    const site = await operatorSite();
    const html = await page(`/${site.landing.name}`);
    expect(optionsOf(html, "pickup")).toEqual(["STI", "Oficina"]);
    // STI, the first pickup, has only its round trip: no return list, and the page says so.
    expect(optionsOf(html, "dropoff")).toBeUndefined();
    expect(html.text(byTestId(html, "same-place-return"))).toBe("Devolución en el mismo lugar.");
  });

  it("vehicle list (the search without JavaScript): a pair never created is named under the return field", async () => {
    const site = await operatorSite();
    const period = bookingPayload(site.landing, clock.now());
    const search = new URLSearchParams({
      pickup: "STI",
      dropoff: "SDQ",
      from: period.date_of_departure,
      fromTime: "10:00",
      to: period.date_of_arrival,
      toTime: "10:00",
      seats: "2",
      lang: "en",
    });
    const html = await page(`/${site.landing.name}/vehicle?${search}`);
    expect(html.text(byTestId(html, "search-error-dropoff"))).toBe(MESSAGES.en.pair);
    const oneWay = await page(
      `/${site.landing.name}/vehicle?${new URLSearchParams({ ...Object.fromEntries(search), pickup: "Oficina" })}`,
    );
    expect(byTestId(oneWay, "search-error-dropoff")).toBeUndefined();
    expect(optionsOf(oneWay, "dropoff")).toEqual(["SDQ"]);
  });
});

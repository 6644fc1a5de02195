import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createVehicleFor,
  type Owner,
  signIn,
  signUp,
} from "../test/factories";
import { parseHtml } from "../test/html";

/**
 * What one anonymous request could do to an operator (issue 23), each refused now: a booking for
 * centuries, work per day without end, a cancel once the car is out, someone else's booking through
 * a replayed Idempotency-Key, amounts past 32 bits, and loose input stored as something else.
 */
const { app, clock, db } = await createTestApp();

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);

const book = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: payload as object,
    headers: { "accept-language": "es", ...headers },
  });

async function setUp(vehicle: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, vehicle);
  return { owner, landing };
}

type Html = ReturnType<typeof parseHtml>;
const byTestId = (html: Html, id: string) =>
  ["div", "section", "button", "p"].flatMap((tag) =>
    html.elements(tag).filter((element) => html.attribute(element, "data-testid") === id),
  );

const stored = (landingId: number) => db.select().from(reservations).where(eq(reservations.landingId, landingId));

/** A booking `length` days long starting `start` days from now. */
const period = (landing: { id: number; vehicle: { id: number } }, start: number, length: number) =>
  bookingPayload(landing, clock.now(), {}, { start, length });

describe("a rental's length and how far ahead it starts (items 1 and 2)", () => {
  it("refuses a booking over 365 days, up to centuries, with a 422 naming the rule, in es and en", async () => {
    const { landing } = await setUp();
    for (const length of [366, 20 * 365, 355_379]) {
      for (const [language, message] of [
        ["es", "Máximo 365 días de alquiler."],
        ["en", "Maximum 365 rental days."],
      ] as const) {
        const response = await book(period(landing, 10, length), { "accept-language": language });
        expect(response.statusCode, `${length} days`).toBe(422);
        expect(response.json()).toMatchObject({ rules: ["maxDays"], errors: { date_of_arrival: [message] } });
      }
    }
    expect(await stored(landing.id)).toHaveLength(0);
    const year = await book(period(landing, 10, 365));
    expect(year.statusCode).toBe(201);
    expect(year.json().days).toBe(365);
  });

  it("lets the owner's maximum lower the platform's, never raise it", async () => {
    const { owner, landing } = await setUp();
    // What the "Reglas y tarifas" form sends, with everything else left at its default.
    const rules = (maxDays: number) =>
      app.inject({
        method: "PUT",
        url: `/api/landings/${owner.id}/${landing.id}/rules`,
        payload: { version: "1", min_days: "1", max_days: String(maxDays) },
        headers: bearer(owner),
      });
    const tooLong = await rules(400);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty("max_days");
    expect((await rules(30)).statusCode).toBe(200);
    const response = await book(period(landing, 10, 31));
    expect(response.json()).toMatchObject({
      rules: ["maxDays"],
      errors: { date_of_arrival: ["Máximo 30 días de alquiler."] },
    });
  });

  it("opens bookings 24 months ahead when the owner set no horizon", async () => {
    const { landing } = await setUp();
    const tooFar = await book(period(landing, 25 * 31, 3));
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json()).toMatchObject({
      rules: ["bookingHorizon"],
      errors: { date_of_departure: ["Solo se aceptan reservas con hasta 24 meses de antelación."] },
    });
    expect((await book(period(landing, 23 * 30, 3))).statusCode).toBe(201);
  });

  it("answers a quote or availability for centuries with the same 422, before pricing a day of it", async () => {
    const { landing } = await setUp();
    const from = `${day(10)}T10:00`;
    const to = "2999-12-30T10:00";
    for (const url of [
      `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${from}&to=${to}`,
      `/api/publicLanding/${landing.name}/availability?from=${from}&to=${to}`,
    ]) {
      const response = await app.inject({ method: "GET", url, headers: { "accept-language": "en" } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toMatchObject({
        rules: ["maxDays"],
        errors: { date_of_arrival: ["Maximum 365 rental days."] },
      });
    }
  });

  it("shows the limit on the public list and vehicle pages instead of pricing centuries", async () => {
    const { landing } = await setUp();
    const query = `from=${day(10)}&to=2999-12-30&pickup=Santiago`;
    for (const path of [
      `/${landing.name}/vehicle?${query}`,
      `/${landing.name}/vehicles/${landing.vehicle.id}?${query}`,
    ]) {
      const response = await app.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(200);
      const text = parseHtml(response.body).text(parseHtml(response.body).elements("main")[0]);
      expect(text, path).toContain("El alquiler puede durar como máximo 365 días.");
    }
  });

  it("refuses a manual booking over 365 days too", async () => {
    const { owner, landing } = await setUp();
    const { id_landing, terms_accepted, ...payload } = period(landing, 10, 400);
    const response = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/reservations`,
      payload,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().rules).toEqual(["maxDays"]);
    expect(await stored(landing.id)).toHaveLength(0);
  });
});

describe("a customer's cancel once the pickup time has come (item 3)", () => {
  async function confirmedBooking(owner: Owner, landing: { id: number; name: string; vehicle: { id: number } }) {
    const booked = (await book(period(landing, 2, 3))).json();
    const confirm = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${booked.id}/status`,
      payload: { status: "confirmed" },
      headers: bearer(owner),
    });
    expect(confirm.statusCode).toBe(200);
    return booked as { id: number; reference: string; customer_token: string; pickup_at: string };
  }
  const cancelUrl = (name: string, booked: { reference: string; customer_token: string }) =>
    `/api/publicLanding/${name}/reservation/${booked.reference}/cancel?t=${booked.customer_token}`;

  it("is refused after pickup: the unit stays held, nobody else books it, the owner still can cancel", async () => {
    const { owner, landing } = await setUp({ units: "1" });
    const booked = await confirmedBooking(owner, landing);
    clock.advance(Date.parse(booked.pickup_at) - clock.now().getTime() + 60_000);
    for (const [language, message] of [
      ["es", "La hora de recogida ya pasó: esta reserva ya no se puede cancelar en línea."],
      ["en", "The pickup time has passed: this reservation can no longer be cancelled online."],
    ]) {
      const refused = await app.inject({
        method: "POST",
        url: cancelUrl(landing.name, booked),
        headers: { "accept-language": language },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(message);
    }
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row).toMatchObject({ status: "confirmed", cancelledAt: null, cancellationFeeCents: null });
    // The running rental still holds the only unit.
    const returnDay = day(5);
    const other = await book(
      bookingPayload(landing, clock.now(), { date_of_arrival: returnDay }, { start: 1, length: 1 }),
    );
    expect(other.statusCode).toBe(409);
    // Days have passed: the owner signs in again.
    const again = await signIn(app, owner);
    const byOwner = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${booked.id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(again),
    });
    expect(byOwner.statusCode).toBe(200);
  });

  it("is still possible a minute before pickup", async () => {
    const { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    clock.advance(Date.parse(booked.pickup_at) - clock.now().getTime() - 60_000);
    const response = await app.inject({ method: "POST", url: cancelUrl(landing.name, booked) });
    expect(response.statusCode).toBe(200);
    expect(response.json().reservation.status).toBe("cancelled");
  });

  it("the customer's page says so after pickup and offers no cancel button", async () => {
    const { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    const pageUrl = `/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}`;
    const before = parseHtml((await app.inject({ method: "GET", url: pageUrl })).body);
    expect(byTestId(before, "cancel-open")).toHaveLength(1);
    expect(byTestId(before, "after-pickup")).toHaveLength(0);
    clock.advance(Date.parse(booked.pickup_at) - clock.now().getTime());
    // No phone or WhatsApp on the site (a walk's finding: it said "call or message" with neither
    // to hand): the booking's email, which answers to the operator.
    for (const [language, words, how] of [
      ["es", "ya no se puede cancelar en línea", "responde al correo de tu reserva"],
      ["en", "can no longer be cancelled online", "reply to your booking email"],
    ]) {
      const after = parseHtml((await app.inject({ method: "GET", url: `${pageUrl}&lang=${language}` })).body);
      expect(byTestId(after, "cancel-open")).toHaveLength(0);
      const [notice] = byTestId(after, "after-pickup");
      expect(notice).toBeDefined();
      expect(after.text(notice)).toContain(words);
      expect(after.text(notice)).toContain(how);
      expect(after.text(notice)).not.toMatch(/llama o escribe|call or message/);
      expect(byTestId(after, "reservation-contact")).toHaveLength(0);
    }
    // With a phone, it says to call or message, and the buttons are there.
    const rules = await app.inject({
      method: "PUT",
      url: `/api/landings/${owner.id}/${landing.id}/rules`,
      payload: { version: "1", contact_phone: "+1 809 555 0101" },
      headers: bearer(await signIn(app, owner)),
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const withPhone = parseHtml((await app.inject({ method: "GET", url: `${pageUrl}&lang=en` })).body);
    const [notice] = byTestId(withPhone, "after-pickup");
    expect(withPhone.text(notice)).toContain("To cancel or change it, call or message");
    expect(byTestId(withPhone, "reservation-contact")).toHaveLength(1);
  });
});

describe("an Idempotency-Key replayed with other values (item 4)", () => {
  it("answers 422 with nothing of the first booking; a true replay answers it, marked replayed", async () => {
    const { landing } = await setUp();
    const key = { "idempotency-key": "victim-key-0001" };
    const victim = period(landing, 10, 3);
    const first = await book(victim, key);
    expect(first.statusCode).toBe(201);
    const attack = await book(
      { ...period(landing, 20, 2), name: "Attacker", email: "attacker@example.com", phone: "+1 809 000 0000" },
      { ...key, "accept-language": "en" },
    );
    expect(attack.statusCode).toBe(422);
    expect(attack.json()).toEqual({
      message: "This Idempotency-Key was already used with other booking values. Use a new key for a new booking.",
      errors: {
        "idempotency-key": [
          "This Idempotency-Key was already used with other booking values. Use a new key for a new booking.",
        ],
      },
    });
    for (const secret of [
      "María",
      "maria@example.com",
      "555 0101",
      first.json().reference,
      first.json().customer_token,
    ]) {
      expect(attack.body).not.toContain(secret);
    }
    // Only the comment differs: still other values.
    expect((await book({ ...victim, description: "Otro vuelo" }, key)).statusCode).toBe(422);
    const replay = await book(victim, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(first.json().id);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await stored(landing.id)).toHaveLength(1);
  });

  it("answers a late retry with its booking after its pickup has passed and after its car was deleted", async () => {
    const { owner, landing } = await setUp();
    const key = { "idempotency-key": "late-retry-0001" };
    const payload = period(landing, 1, 2);
    const first = await book(payload, key);
    expect(first.statusCode).toBe(201);
    // The pickup has passed: the request alone would now be refused (422), the retry is not.
    clock.advance(3 * DAY_MS);
    expect((await book({ ...payload, description: "otro" })).statusCode).toBe(422);
    const late = await book(payload, key);
    expect(late.statusCode).toBe(201);
    expect(late.headers["idempotent-replayed"]).toBe("true");
    expect(late.json().id).toBe(first.json().id);
    // The car is gone (another is left: a published landing keeps its last): no vehicle row
    // carries the earlier booking any more; it is still found.
    const session = await signIn(app, owner);
    await createVehicleFor(app, session, landing.id);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/vehicle/${landing.id}/${landing.vehicle.id}`,
      headers: bearer(session),
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await book(payload, key);
    expect(gone.statusCode).toBe(201);
    expect(gone.json().reference).toBe(first.json().reference);
    // Other values with the same key are still refused, and a new key finds no car.
    expect((await book({ ...payload, name: "Otra" }, key)).statusCode).toBe(422);
    expect((await book(payload, { "idempotency-key": "late-retry-0002" })).statusCode).toBe(404);
    expect(await stored(landing.id)).toHaveLength(1);
  });

  it("keeps keys per landing: the same key on another landing is a new booking", async () => {
    const one = await setUp();
    const two = await setUp();
    const key = { "idempotency-key": "shared-key-0001" };
    expect((await book(period(one.landing, 10, 3), key)).statusCode).toBe(201);
    const other = await book(period(two.landing, 10, 3), key);
    expect(other.statusCode).toBe(201);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("refuses the owner's key with other values on a manual booking too", async () => {
    const { owner, landing } = await setUp();
    const { id_landing, terms_accepted, ...payload } = period(landing, 10, 3);
    const create = (body: object) =>
      app.inject({
        method: "POST",
        url: `/api/landings/${landing.id}/reservations`,
        payload: body,
        headers: { ...bearer(owner), "idempotency-key": "desk-key-0001" },
      });
    expect((await create(payload)).statusCode).toBe(201);
    expect((await create({ ...payload, notify_customer: true })).statusCode).toBe(422);
    const replay = await create(payload);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("money and ids past 32 bits (item 6)", () => {
  it("quotes and books a year at 100,000.00 a day, the same total in both, stored whole", async () => {
    const { landing } = await setUp({ price: "100000" });
    const payload = period(landing, 10, 365);
    const quote = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${payload.date_of_departure}T10:00&to=${payload.date_of_arrival}T10:00`,
    });
    expect(quote.statusCode).toBe(200);
    // 365 x 10,000,000 cents and 18 % tax: past 2^31 - 1 = 2,147,483,647.
    expect(quote.json()).toMatchObject({ available: true, rental_cents: 3_650_000_000, total_cents: 4_307_000_000 });
    const booked = await book(payload);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().total_cents).toBe(quote.json().total_cents);
    const [row] = await stored(landing.id);
    expect(row?.totalCents).toBe(4_307_000_000);
    expect(row?.taxCents).toBe(657_000_000);
  });

  it("names the field of an id no integer column holds, never a bare 400", async () => {
    const { owner, landing } = await setUp();
    const response = await book({
      ...period(landing, 10, 3),
      id_vehicle: 2_147_483_648,
      addons: [{ id: 2_147_483_648, quantity: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(["addons.0.id", "id_vehicle"]);
    const path = await app.inject({ method: "GET", url: `/api/vehicle/2147483648/special-features-public` });
    expect(path.statusCode).toBe(422);
    const owned = await app.inject({
      method: "GET",
      url: `/api/landings/${owner.id}/2147483648`,
      headers: bearer(owner),
    });
    expect(owned.statusCode).toBe(422);
  });

  it("says a number like 1e999 is not a valid number (not that it is missing)", async () => {
    const { landing } = await setUp();
    const body = JSON.stringify(period(landing, 10, 3)).replace('"number_person":2', '"number_person":1e999');
    expect(body).toContain("1e999");
    const response = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: body,
      headers: { "content-type": "application/json", "accept-language": "es" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ number_person: ["El valor no es válido."] });
  });
});

describe("loose input (item 8)", () => {
  it("takes numbers and numeric strings only: true, [3] and 0x3 are refused, '3' is 3", async () => {
    const { landing } = await setUp();
    for (const value of [true, [3], "0x3", "", "3e0", null]) {
      const response = await book({ ...period(landing, 10, 3), number_person: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      expect(response.json().errors, JSON.stringify(value)).toHaveProperty("number_person");
    }
    for (const quantity of [true, "2x", [1]]) {
      const response = await book({ ...period(landing, 10, 3), addons: [{ id: 1, quantity }] });
      expect(response.json().errors, JSON.stringify(quantity)).toHaveProperty(["addons.0.quantity"]);
    }
    expect(await stored(landing.id)).toHaveLength(0);
    const typed = await book({ ...period(landing, 10, 3), number_person: " 3 " });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().number_person).toBe(3);
  });

  it("refuses a name of only invisible characters and strips direction controls from what is stored", async () => {
    const { owner, landing } = await setUp();
    for (const name of ["\u200b\u200b", "\u202e\u2066", "\ufeff 123 \u200d"]) {
      const response = await book({ ...period(landing, 10, 3), name });
      expect(response.statusCode, JSON.stringify(name)).toBe(422);
      expect(response.json().errors.name, JSON.stringify(name)).toEqual([
        expect.stringMatching(/^(El nombre debe tener al menos una letra\.|Este campo es obligatorio\.)$/),
      ]);
    }
    // The last name's refusals name it, not "the name" (it is the field beside it).
    const surname = await book({ ...period(landing, 10, 3), last_name: "🚗🌴" });
    expect(surname.json().errors).toEqual({ last_name: ["El apellido debe tener al menos una letra."] });
    const longSurname = await book({ ...period(landing, 10, 3), last_name: "a".repeat(101) });
    expect(longSurname.json().errors).toEqual({ last_name: ["El apellido no puede superar los 100 caracteres."] });
    const booked = await book({
      ...period(landing, 10, 3),
      name: "Ana\u202eairaM",
      last_name: "Pe\u200bña",
      description: "Vuelo \u2067AA 123\u2069",
    });
    expect(booked.statusCode).toBe(201);
    const [row] = await stored(landing.id);
    expect(row).toMatchObject({ name: "AnaairaM", lastName: "Peña", description: "Vuelo AA 123" });
    const csv = await app.inject({
      method: "GET",
      url: `/api/reservations/${landing.id}/export.csv`,
      headers: bearer(owner),
    });
    expect(csv.body).toContain("AnaairaM");
    expect(csv.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("refuses a sign-up name with no letter", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      payload: {
        name: "\u200b\u202e",
        email: "zw@example.com",
        password: "correct-horse-42",
        password_confirmation: "correct-horse-42",
      },
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual(["This field is required."]);
  });
});

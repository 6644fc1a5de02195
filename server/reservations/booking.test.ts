import { formatMoney } from "@domain/money";
import { priceRental } from "@domain/pricing";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  landingAddons,
  landings,
  outbox,
  reservationAddons,
  reservations,
  vehicleImages,
  vehicles,
} from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  confirmAsOwner,
  createBookableLanding,
  createLandingFor,
  createVehicleFor,
  signUp,
} from "../test/factories";

const { app, clock, db } = await createTestApp();

const book = (payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/reservations", payload, headers: { "accept-language": "es", ...headers } });

async function setUp(vehicle: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, vehicle);
  const full = (
    await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landing.id}`, headers: bearer(owner) })
  ).json();
  return { owner, landing, addons: full.addons as { id: number; name: string; price_cents: number }[] };
}

describe("POST /api/reservations", () => {
  it("prices the booking on the server, ignoring any total sent, and stores it with its add-ons", async () => {
    const { landing, addons } = await setUp({ price: "45.50" });
    // A coverage once and two child seats (a coverage is taken once per booking).
    const [first, , second] = addons;
    const response = await book(
      bookingPayload(landing, clock.now(), {
        addons: [
          { id: first?.id, quantity: 1 },
          { id: second?.id, quantity: 2 },
        ],
        total_price: 0.01,
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const expected = priceRental({
      pricePerDayCents: 45_50,
      days: 3,
      addons: [
        { id: first?.id ?? 0, name: first?.name ?? "", priceCents: 12_00, quantity: 1 },
        { id: second?.id ?? 0, name: second?.name ?? "", priceCents: 12_00, quantity: 2 },
      ],
      taxRateBasisPoints: 18_00,
      taxLabel: "ITBIS",
      currency: "USD",
    });
    expect(body).toMatchObject({
      status: "pending",
      reference: expect.stringMatching(/^NLY-[2-9A-HJKMNP-Z]{6}$/),
      days: 3,
      rental_cents: 136_50,
      addons_cents: 108_00,
      subtotal_cents: 244_50,
      tax_cents: 44_01,
      total_cents: 288_51,
      total_price: 288.51,
      currency: "USD",
      name: "María José",
      place_of_departure: "Santiago",
      vehicle: { name: "Toyota Corolla 2024", image: expect.stringMatching(/^\/storage\//) },
    });
    expect(body.total_cents).toBe(expected.totalCents);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, body.id));
    expect(row).toMatchObject({ totalCents: 288_51, status: "pending", pickupDate: body.date_of_departure });
    // The car as booked: its first photo, at the size emails and pages show.
    const [cover] = await db
      .select({ variants: vehicleImages.variants })
      .from(vehicleImages)
      .where(eq(vehicleImages.vehicleId, landing.vehicle.id))
      .orderBy(asc(vehicleImages.position))
      .limit(1);
    expect(row?.vehicleImage).toBe(cover?.variants["960"]);
    expect(body.vehicle.image).toContain(cover?.variants["960"]);
    expect(await db.select().from(reservationAddons).where(eq(reservationAddons.reservationId, body.id))).toHaveLength(
      2,
    );
  });

  it("reads pickup and return in the landing's time zone", async () => {
    const { landing } = await setUp();
    const body = (await book(bookingPayload(landing, clock.now()))).json();
    const [row] = await db.select().from(reservations).where(eq(reservations.id, body.id));
    // Santo Domingo is UTC-4 all year.
    expect(row?.pickupAt.toISOString()).toBe(`${body.date_of_departure}T14:00:00.000Z`);
  });

  it("refuses a pickup at this very minute as past, under its hour (the date, today, is fine)", async () => {
    const { landing } = await setUp();
    const payload = bookingPayload(landing, clock.now(), {}, { start: 1, length: 2 });
    // 10:00 in Santo Domingo (UTC-4) on the pickup day, to the millisecond.
    clock.advance(Date.parse(`${payload.date_of_departure}T14:00:00.000Z`) - clock.now().getTime());
    const response = await book(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      time_of_departure: ["Esa hora de recogida ya pasó: elige una hora posterior."],
    });
  });

  it("answers 422 with a translated message per field, storing nothing", async () => {
    const { landing, addons } = await setUp();
    const response = await book({
      ...bookingPayload(landing, clock.now()),
      place_of_departure: "",
      date_of_departure: "2031-02-30",
      time_of_arrival: "25:00",
      number_person: 0,
      email: "no-es-un-correo",
      phone: "llámame",
      terms_accepted: false,
      addons: [{ id: addons[0]?.id, quantity: 0 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      place_of_departure: ["Este campo es obligatorio."],
      date_of_departure: ["Introduce una fecha válida."],
      time_of_arrival: ["Introduce una hora válida."],
      number_person: ["Indica un número entero de personas, de 1 a 50."],
      email: ["Introduce un correo electrónico válido."],
      phone: [
        "Escribe el teléfono solo con números, espacios, guiones, paréntesis y puntos, y el + solo al principio.",
      ],
      terms_accepted: ["Debes aceptar los términos y condiciones."],
      "addons.0.quantity": ["La cantidad debe ser un número entero entre 1 y 20."],
    });
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(0);
  });

  it("refuses a phone too short to reach anyone, or of more digits than any phone, in the visitor's language, storing nothing", async () => {
    const { landing } = await setUp();
    for (const [phone, language, message] of [
      ["1", "en", "Enter a valid phone number, of 6 to 18 digits."],
      ["+1 (8)", "es", "Introduce un teléfono válido, de 6 a 18 dígitos."],
      // A walk's finding: 25 digits within the 30 characters was booked, and kept on the customer.
      ["+1 809 555 1234 99999999999999", "es", "Introduce un teléfono válido, de 6 a 18 dígitos."],
    ] as const) {
      const response = await book({ ...bookingPayload(landing, clock.now()), phone }, { "accept-language": language });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ phone: [message] });
    }
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(0);
  });

  it("refuses a phone with letters or slashes for its characters, not its digits, in the visitor's language, storing nothing", async () => {
    const { landing } = await setUp();
    for (const [phone, language, message] of [
      [
        "(809) 555-1234 ext. 12",
        "es",
        "Escribe el teléfono solo con números, espacios, guiones, paréntesis y puntos, y el + solo al principio.",
      ],
      [
        "809-555-CARS",
        "en",
        "Enter the phone number with only digits, spaces, dashes, parentheses and dots, and + only at the start.",
      ],
      [
        "809/555/0101",
        "es",
        "Escribe el teléfono solo con números, espacios, guiones, paréntesis y puntos, y el + solo al principio.",
      ],
      // Two "+" were told "at least 6 digits" (a walk's finding): the "+" is the problem.
      [
        "++1 809 555 0101",
        "es",
        "Escribe el teléfono solo con números, espacios, guiones, paréntesis y puntos, y el + solo al principio.",
      ],
    ] as const) {
      const response = await book({ ...bookingPayload(landing, clock.now()), phone }, { "accept-language": language });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ phone: [message] });
    }
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(0);
    // Every separator it took before is still taken.
    const booked = await book({ ...bookingPayload(landing, clock.now()), phone: "+1 (809) 555.0101-2" });
    expect(booked.statusCode).toBe(201);
  });

  it("checks places, capacity, add-ons and dates against the landing and the vehicle", async () => {
    const { landing } = await setUp({ people: "4", luggage: "2" });
    const now = clock.now();
    const errors = async (overrides: Record<string, unknown>) =>
      (await book(bookingPayload(landing, now, overrides))).json().errors;
    expect(await errors({ place_of_departure: "Punta Cana", arrival_place: "la romana" })).toEqual({
      place_of_departure: ["Este lugar no se ofrece en esta landing."],
    });
    expect(await errors({ number_person: 5, number_bag: 3 })).toEqual({
      number_person: ["Este vehículo admite como máximo 4 personas."],
      number_bag: ["Este vehículo admite como máximo 2 maletas."],
    });
    expect(await errors({ addons: [{ id: 999_999, quantity: 1 }] })).toEqual({
      "addons.0.id": ["Este extra no existe en esta landing."],
    });
    // Two days back: a UTC "yesterday" is still today in Santo Domingo for four hours of each day.
    const past = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await errors({ date_of_departure: past })).toMatchObject({
      date_of_departure: ["La fecha de recogida ya pasó: elige una fecha futura."],
    });
    const pickup = bookingPayload(landing, now).date_of_departure;
    // Returning at the very minute of pickup is no rental either.
    expect(await errors({ date_of_arrival: pickup, time_of_arrival: "10:00" })).toEqual({
      date_of_arrival: ["La devolución debe ser después de la recogida."],
    });
    expect(await errors({ arrival_place: "Punta Cana" })).toEqual({
      arrival_place: ["Este lugar no se ofrece en esta landing."],
    });
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(0);
    // Exactly the vehicle's capacity fits, and places match whatever their case and spaces.
    const full = { number_person: 4, number_bag: 2, place_of_departure: " SANTIAGO ", arrival_place: "la romana" };
    expect((await book(bookingPayload(landing, now, full))).statusCode).toBe(201);
    const [stored] = await db.select().from(reservations).where(eq(reservations.landingId, landing.id));
    expect(stored).toMatchObject({ people: 4, bags: 2, placeOfDeparture: "Santiago", arrivalPlace: "La Romana" });
  });

  it("books only vehicles of published landings, by id or by name", async () => {
    const { landing } = await setUp();
    const owner = await signUp(app);
    const draft = await createLandingFor(app, owner);
    expect((await book({ ...bookingPayload(landing, clock.now()), id_landing: draft.id })).statusCode).toBe(404);
    const byName = await book({
      ...bookingPayload(landing, clock.now()),
      id_landing: undefined,
      name_landing: landing.name,
    });
    expect(byName.statusCode).toBe(201);
    const otherVehicle = await book({ ...bookingPayload(landing, clock.now()), id_vehicle: 999_999 });
    expect(otherVehicle.statusCode).toBe(404);
  });

  it("answers 409 when no unit is free, and lets the same email book any number of times", async () => {
    const { landing } = await setUp({ units: "2" });
    const payload = bookingPayload(landing, clock.now());
    expect((await book(payload)).statusCode).toBe(201);
    expect((await book(payload)).statusCode).toBe(201);
    const third = await book(payload);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      "Este vehículo ya no está disponible en esas fechas. Elige otras fechas u otro vehículo.",
    );
    // Back to back: the next pickup at the previous return time is free.
    const after = bookingPayload(landing, clock.now(), {}, { start: 13, length: 2 });
    expect((await book(after)).statusCode).toBe(201);
  });

  it("answers a retry with the same Idempotency-Key with the first booking", async () => {
    const { landing } = await setUp({ units: "1" });
    const payload = bookingPayload(landing, clock.now());
    const headers = { "idempotency-key": "retry-key-0001" };
    const first = await book(payload, headers);
    const retried = await book(payload, headers);
    expect(first.statusCode).toBe(201);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().id).toBe(first.json().id);
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(1);
    expect((await book(payload, { "idempotency-key": "short" })).statusCode).toBe(422);
  });

  it("answers a retry whose page confirmed the total meanwhile, or switched language, with the first booking", async () => {
    const { landing } = await setUp({ units: "5" });
    const payload = { ...bookingPayload(landing, clock.now()), language: "es" };
    const headers = { "idempotency-key": "retry-key-total-0001" };
    // Sent before the page's quote answered: no total.
    const first = await book(payload, headers);
    expect(first.statusCode).toBe(201);
    const total = first.json().total_cents;
    for (const again of [
      { ...payload, expected_total_cents: total },
      { ...payload, language: "en" },
    ]) {
      const retried = await book(again, headers);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers["idempotent-replayed"]).toBe("true");
      expect(retried.json()).toMatchObject({ id: first.json().id, customer_token: first.json().customer_token });
    }
    // Another person with the same key is still refused.
    expect((await book({ ...payload, email: "otra@example.com" }, headers)).statusCode).toBe(422);
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(1);
  });

  it("writes the owner's and the customer's email in the same transaction", async () => {
    const { owner, landing } = await setUp();
    const body = (await book(bookingPayload(landing, clock.now()))).json();
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, body.id));
    expect(mails.map((mail) => [mail.kind, mail.recipient, mail.status]).sort()).toEqual([
      ["reservation.customer", "maria@example.com", "pending"],
      ["reservation.owner", owner.email, "pending"],
    ]);
    const customer = mails.find((mail) => mail.kind === "reservation.customer");
    expect(customer?.subject).toBe(`Tu reserva ${body.reference} en ${landing.display_name}`);
    expect(customer?.text).toContain(body.reference);
    expect(customer?.text).toContain(`Total: ${formatMoney(body.total_cents, "USD", "es")}`);
    // The customer's own page, with the secret only they get; the owner's email has no such link.
    expect(customer?.text).toContain(
      `Ver o cancelar tu reserva: http://localhost:3000/${landing.name}/reservation/${body.reference}?t=${body.customer_token}`,
    );
    const ownerMail = mails.find((mail) => mail.kind === "reservation.owner");
    expect(ownerMail?.text).toContain("maria@example.com");
    expect(ownerMail?.text).toContain("+1 809 555 0101");
    expect(ownerMail?.text).not.toContain(body.customer_token);
    // It takes the owner to the booking in their dashboard, where they confirm or cancel it.
    expect(ownerMail?.text).toContain(
      `Abrir en tu panel: http://localhost:3000/reservation?q=${body.reference}&open=${body.id}`,
    );
    expect(customer?.html).toContain("Política de cancelación");
  });

  it("gives the customer's comment its own heading in the owner's email, on the lines it was written on", async () => {
    const { landing } = await setUp();
    const comment = "Vuelo AA123\nLlegamos a las 9:30\n\n<b>dos sillas</b>";
    const body = (await book(bookingPayload(landing, clock.now(), { description: comment }))).json();
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, body.id));
    const ownerMail = mails.find((mail) => mail.kind === "reservation.owner");
    // Under "Comentario", escaped, in a paragraph that keeps its line breaks; not a right-aligned cell.
    expect(ownerMail?.html).toMatch(
      /<h2[^>]*>Comentario<\/h2><p style="[^"]*white-space:pre-line">Vuelo AA123\nLlegamos a las 9:30\n\n&#60;b&#62;dos sillas&#60;\/b&#62;<\/p>/,
    );
    expect(ownerMail?.html).not.toMatch(/text-align:right[^"]*">Vuelo/);
    expect(ownerMail?.text).toContain(`Comentario\n${comment}`);
    // The customer's own email does not repeat it back.
    expect(mails.find((mail) => mail.kind === "reservation.customer")?.text).not.toContain("Vuelo AA123");
  });
});

describe("a booking checks the landing as it stands, not the copy kept of it", () => {
  // A booking starts from the landing's copy kept by earlier reads, and its vehicle's statement
  // checks that copy's version (site-booking.ts): every change since must count.
  const versionOf = async (landingId: number) =>
    (await db.select({ version: landings.contentVersion }).from(landings).where(eq(landings.id, landingId)))[0]
      ?.version;

  it("prices an add-on at its price as changed since the last booking", async () => {
    const { landing, addons } = await setUp({ units: "3" });
    const [coverage] = addons;
    const withCoverage = () => bookingPayload(landing, clock.now(), { addons: [{ id: coverage?.id, quantity: 1 }] });
    const first = await book(withCoverage());
    expect(first.statusCode).toBe(201);
    const before = await versionOf(landing.id);
    await db
      .update(landingAddons)
      .set({ priceCents: 30_00 })
      .where(eq(landingAddons.id, coverage?.id ?? 0));
    expect(await versionOf(landing.id)).not.toBe(before);
    const second = await book(withCoverage());
    expect(second.statusCode).toBe(201);
    // Three days of the coverage, at the price of each booking's moment.
    expect(first.json().addons_cents).toBe(36_00);
    expect(second.json().addons_cents).toBe(90_00);
  });

  it("refuses a booking whose price changed since the visitor read it, booking nothing, and books at the total read", async () => {
    const { landing } = await setUp({ units: "3", price: "45.50" });
    const payload = bookingPayload(landing, clock.now());
    const read = (await book(payload)).json().total_cents as number;
    // The visitor read that total; meanwhile the owner raised the add-on-free price (a season, say).
    await db.update(vehicles).set({ priceCents: 60_00 }).where(eq(vehicles.id, landing.vehicle.id));
    const before = (await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).length;
    const changed = await book({ ...payload, expected_total_cents: read });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message:
        "El precio de este alquiler cambió mientras reservabas. Revisa el nuevo total y vuelve a reservar: aún no se ha reservado nada.",
      rules: ["price"],
    });
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(before);
    // With the new total read, it books at it.
    const now = priceRental({
      pricePerDayCents: 60_00,
      days: 3,
      addons: [],
      taxRateBasisPoints: 18_00,
      taxLabel: "ITBIS",
      currency: "USD",
    });
    const booked = await book({ ...payload, expected_total_cents: now.totalCents });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().total_cents).toBe(now.totalCents);
  });

  it("refuses a vehicle deleted while the visitor filled in the form, naming it, storing nothing", async () => {
    const { owner, landing } = await setUp({ units: "3" });
    // Another vehicle, so this one is not the published landing's last and may be deleted.
    await createVehicleFor(app, owner, landing.id);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/vehicle/${landing.vehicle.id}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await book(bookingPayload(landing, clock.now()));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Vehículo no encontrado.", rules: ["vehicle"] });
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(0);
  });

  it("refuses a place no longer offered, and a landing turned back into a draft, storing nothing", async () => {
    const { owner, landing } = await setUp({ units: "3" });
    expect((await book(bookingPayload(landing, clock.now()))).statusCode).toBe(201);
    await db.execute(sql`delete from locations where landing_id = ${landing.id} and arrival_place = 'La Romana'`);
    const oneWay = await book(bookingPayload(landing, clock.now()));
    expect(oneWay.statusCode).toBe(422);
    expect(oneWay.json().errors.arrival_place).toEqual(["Este lugar no se ofrece en esta landing."]);
    const draft = await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id, status: "draft" },
      headers: bearer(owner),
    });
    expect(draft.statusCode).toBe(200);
    const refused = await book({
      ...bookingPayload(landing, clock.now()),
      place_of_departure: "Santiago",
      arrival_place: "Santiago",
    });
    expect(refused.statusCode).toBe(404);
    // Named, so the site says the site stopped taking bookings rather than "landing not found".
    expect(refused.json()).toEqual({ message: "Landing no encontrada o ha sido eliminada.", rules: ["landing"] });
    expect(await db.select().from(reservations).where(eq(reservations.landingId, landing.id))).toHaveLength(1);
  });
});

describe("quote and availability", () => {
  it("quotes the same breakdown the booking will have, and says whether the vehicle is free", async () => {
    const { landing, addons } = await setUp({ units: "1", price: "30" });
    const payload = bookingPayload(landing, clock.now());
    const from = `${payload.date_of_departure}T10:00`;
    const to = `${payload.date_of_arrival}T12:00`;
    const url = `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${from}&to=${to}&addons=${addons[2]?.id}:2`;
    const quote = (await app.inject({ method: "GET", url })).json();
    expect(quote).toMatchObject({
      days: 4,
      rental_cents: 120_00,
      addons_cents: 96_00,
      subtotal_cents: 216_00,
      tax_cents: 38_88,
      total_cents: 254_88,
      available: true,
    });
    const booked = await book({ ...payload, time_of_arrival: "12:00", addons: [{ id: addons[2]?.id, quantity: 2 }] });
    expect(booked.json().total_cents).toBe(quote.total_cents);
    expect((await app.inject({ method: "GET", url })).json().available).toBe(false);
  });

  it("lists which vehicles are free for a period in one answer", async () => {
    const { owner, landing } = await setUp({ units: "1" });
    const payload = bookingPayload(landing, clock.now());
    await book(payload);
    const from = `${payload.date_of_departure}T10:00`;
    const to = `${payload.date_of_arrival}T10:00`;
    const url = `/api/publicLanding/${landing.name}/availability?from=${from}&to=${to}`;
    expect((await app.inject({ method: "GET", url })).json()).toEqual({
      vehicles: [{ id: landing.vehicle.id, available: false }],
    });
    const later = `/api/publicLanding/${landing.name}/availability?from=${payload.date_of_arrival}T10:00&to=${payload.date_of_arrival}T18:00`;
    expect((await app.inject({ method: "GET", url: later })).json().vehicles[0].available).toBe(true);
    const bad = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/availability?from=mañana&to=${to}`,
    });
    expect(bad.statusCode).toBe(422);
    expect(owner.id).toBeGreaterThan(0);
  });
});

describe("the customer's own reservation (secret link)", () => {
  it("opens with the token from the booking, and answers 404 to anything else", async () => {
    const { landing } = await setUp();
    const booked = (await book(bookingPayload(landing, clock.now()), { "idempotency-key": "customer-link-1" })).json();
    expect(booked.customer_token).toMatch(/^[\w-]{43}$/);
    // A retry (its first answer lost) is handed the same token: its thank-you page opens the booking.
    const replay = await book(bookingPayload(landing, clock.now()), { "idempotency-key": "customer-link-1" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().customer_token).toBe(booked.customer_token);
    // Without a key, each booking's token is random.
    const once = await book(bookingPayload(landing, clock.now(), {}, { start: 20, length: 3 }));
    const twice = await book(bookingPayload(landing, clock.now(), {}, { start: 30, length: 3 }));
    expect(once.json().customer_token).toMatch(/^[\w-]{43}$/);
    expect(once.json().customer_token).not.toBe(twice.json().customer_token);
    const url = (name: string, reference: string, token: string) =>
      `/api/publicLanding/${name}/reservation/${reference}?t=${encodeURIComponent(token)}`;
    const page = await app.inject({ method: "GET", url: url(landing.name, booked.reference, booked.customer_token) });
    expect(page.json()).toMatchObject({ reference: booked.reference, status: "pending", name: "María José" });
    for (const wrong of [
      url(landing.name, booked.reference, `${booked.customer_token.slice(0, -1)}x`),
      url(landing.name, booked.reference, ""),
      url("otra-landing", booked.reference, booked.customer_token),
      url(landing.name, "NLY-AAAAAA", booked.customer_token),
      url(landing.name, "not-a-reference", booked.customer_token),
    ]) {
      expect((await app.inject({ method: "GET", url: wrong })).statusCode, wrong).toBe(404);
    }
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row?.customerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.customerTokenHash).not.toContain(booked.customer_token);
  });

  it("lets the customer cancel with the policy's fee, tells the owner, and refuses a second cancel", async () => {
    const { owner, landing } = await setUp({ price: "100" });
    const booked = (await book(bookingPayload(landing, clock.now()))).json();
    // The policy's fee is for a booking the operator confirmed.
    await confirmAsOwner(app, owner, booked.id);
    const cancel = (token: string) =>
      app.inject({
        method: "POST",
        url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${token}`,
        headers: { "accept-language": "es" },
      });
    expect((await cancel("wrong-token")).statusCode).toBe(404);
    const cancelled = await cancel(booked.customer_token);
    expect(cancelled.json()).toMatchObject({
      message: "Tu reserva fue cancelada.",
      reservation: { status: "cancelled", cancellation_fee_cents: 100_00 },
    });
    expect((await cancel(booked.customer_token)).statusCode).toBe(409);
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, booked.id));
    expect(mails.map((mail) => [mail.kind, mail.recipient]).sort()).toEqual(
      [
        ["reservation.cancelled", "maria@example.com"],
        ["reservation.confirmed", "maria@example.com"],
        ["reservation.customer", "maria@example.com"],
        ["reservation.owner", owner.email],
        ["reservation.owner.cancelled", owner.email],
      ].sort(),
    );
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row?.cancelledBy).toBe("customer");
  });

  it("lets the customer withdraw a request not yet confirmed for nothing, and says so (issue 25.1)", async () => {
    const { landing } = await setUp({ price: "100" });
    const booked = (await book(bookingPayload(landing, clock.now(), { language: "en" }))).json();
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${booked.customer_token}`,
      headers: { "accept-language": "en" },
    });
    expect(cancelled.json().reservation).toMatchObject({ status: "cancelled", cancellation_fee_cents: 0 });
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
    expect(mail?.text).toContain("Your booking was not confirmed yet, so cancelling it has no fee.");
    expect(mail?.text).not.toMatch(/refund/i);
    // Neither email has a "fee: US$0.00" row.
    const told = await db.select().from(outbox).where(eq(outbox.reservationId, booked.id));
    const cancelMails = told.filter((sent) => sent.kind.endsWith("cancelled"));
    expect(cancelMails.map((sent) => sent.kind).sort()).toEqual([
      "reservation.cancelled",
      "reservation.owner.cancelled",
    ]);
    for (const sent of cancelMails) {
      expect(sent.text, sent.kind).toMatch(/Total/);
      expect(sent.text, sent.kind).not.toMatch(/Cargo por cancelación|Cancellation fee/);
      expect(sent.html, sent.kind).not.toMatch(/Cargo por cancelación|Cancellation fee/);
    }
  });

  it("refuses a customer's cancel asked on a page that showed another status (confirmed meanwhile): 409, nothing changed", async () => {
    const { owner, landing } = await setUp({ price: "100" });
    const booked = (await book(bookingPayload(landing, clock.now(), { language: "en" }))).json();
    const cancel = (from: string) =>
      app.inject({
        method: "POST",
        url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${booked.customer_token}&from=${from}`,
        headers: { "accept-language": "en" },
      });
    // The page showed a request awaiting confirmation ("no fee"); the operator confirms it meanwhile.
    await confirmAsOwner(app, owner, booked.id);
    const stale = await cancel("pending");
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed/);
    expect((await cancel("nonsense")).statusCode).toBe(422);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row).toMatchObject({ status: "confirmed", cancellationFeeCents: null });
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
    expect(mails).toEqual([]);
    // Seen as it is now, with its fee, the cancel goes ahead.
    const cancelled = await cancel("confirmed");
    expect(cancelled.json().reservation).toMatchObject({ status: "cancelled", cancellation_fee_cents: 100_00 });
  });
});

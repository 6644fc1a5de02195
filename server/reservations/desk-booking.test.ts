import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingAddons, outbox, reservationAddons, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createLandingFor,
  type Owner,
  signIn,
  signUp,
} from "../test/factories";

const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

const headers = (owner: Owner, extra: Record<string, string> = {}) => ({
  ...bearer(owner),
  "accept-language": "es",
  ...extra,
});
const create = (owner: Owner, landingId: number, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: `/api/landings/${landingId}/reservations`,
    payload: payload as object,
    headers: headers(owner, extra),
  });
const quote = (owner: Owner, landingId: number, payload: object) =>
  app.inject({ method: "POST", url: `/api/landings/${landingId}/quote`, payload, headers: headers(owner) });

/** The site's booking payload as the owner sends it: no landing, no terms, no email unless given. */
function manualPayload(landing: Landing, overrides: Record<string, unknown> = {}, days = { start: 10, length: 3 }) {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(landing, clock.now(), {}, days);
  return { ...payload, ...overrides };
}
const rowsOf = (landingId: number) => db.select().from(reservations).where(eq(reservations.landingId, landingId));

async function setUp(vehicle: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, vehicle);
  return { owner, landing };
}

describe("POST /api/landings/:landingId/reservations", () => {
  it("stores a confirmed manual booking at the site's price, with no email to anyone unless asked", async () => {
    const { owner, landing } = await setUp({ price: "45.50" });
    const response = await create(owner, landing.id, manualPayload(landing, { last_name: undefined }));
    expect(response.statusCode).toBe(201);
    const { message, reservation } = response.json();
    expect(message).toBe(`Reserva ${reservation.reference} creada.`);
    expect(reservation).toMatchObject({
      status: "confirmed",
      source: "manual",
      price_override: null,
      email: "",
      last_name: "",
      phone: "+1 809 555 0101",
      days: 3,
      rental_cents: 136_50,
      tax_cents: 24_57,
      total_cents: 161_07,
    });
    const [row] = await rowsOf(landing.id);
    expect(row).toMatchObject({
      source: "manual",
      status: "confirmed",
      totalCents: 161_07,
      listTotalCents: null,
      priceOverrideReason: null,
    });
    expect(row?.confirmedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await db.select().from(outbox).where(eq(outbox.reservationId, reservation.id))).toHaveLength(0);
  });

  it("prices exactly as the site's quote does, and keeps that price beside an agreed total", async () => {
    const { owner, landing } = await setUp({ price: "45.50" });
    const payload = manualPayload(landing);
    const from = `${payload.date_of_departure}T10:00`;
    const to = `${payload.date_of_arrival}T10:00`;
    const site = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${from}&to=${to}&pickup=Santiago&return=La%20Romana`,
    });
    const desk = await quote(owner, landing.id, payload);
    expect(desk.statusCode).toBe(200);
    expect(desk.json()).toMatchObject({
      total_cents: site.json().total_cents,
      rental_cents: site.json().rental_cents,
      tax_cents: site.json().tax_cents,
      available: true,
      problems: [],
    });
    const response = await create(owner, landing.id, {
      ...payload,
      price_override: { total_cents: 150_00, reason: "  Cliente frecuente  " },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().reservation).toMatchObject({
      total_cents: 150_00,
      total_price: 150,
      price_override: { list_total_cents: site.json().total_cents, reason: "Cliente frecuente" },
    });
    const [row] = await rowsOf(landing.id);
    expect(row).toMatchObject({ totalCents: 150_00, listTotalCents: 161_07, priceOverrideReason: "Cliente frecuente" });
  });

  it("answers 409 when the unit is taken, and the site then refuses that unit and period too", async () => {
    const { owner, landing } = await setUp({ units: "1" });
    expect((await create(owner, landing.id, manualPayload(landing))).statusCode).toBe(201);
    const again = await create(owner, landing.id, manualPayload(landing));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Este vehículo ya no está disponible en esas fechas. Elige otras fechas u otro vehículo.",
    );
    const site = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now()),
      headers: { "accept-language": "es" },
    });
    expect(site.statusCode).toBe(409);
    expect((await quote(owner, landing.id, manualPayload(landing))).json().available).toBe(false);
    expect(await rowsOf(landing.id)).toHaveLength(1);
  });

  it("books a customer at the counter for the minute on the clock, never a minute already gone", async () => {
    const { owner: signedUp, landing } = await setUp();
    const payload = manualPayload(landing, {}, { start: 1, length: 2 });
    // 10:00:30 in Santo Domingo (UTC-4) on the pickup day: 10:00 is now, 09:59 is past.
    clock.advance(Date.parse(`${payload.date_of_departure}T14:00:30.000Z`) - clock.now().getTime());
    // A session lasts an hour idle: signed in again at the new time.
    const owner = await signIn(app, signedUp);
    const past = await create(owner, landing.id, { ...payload, time_of_departure: "09:59" });
    expect(past.statusCode).toBe(422);
    // Today's date is fine: the hour is what has passed, and the message says so under it.
    expect(past.json().errors).toEqual({
      time_of_departure: ["Esa hora de recogida ya pasó: elige una hora posterior."],
    });
    expect((await quote(owner, landing.id, { ...payload, time_of_departure: "10:00" })).statusCode).toBe(200);
    const now = await create(owner, landing.id, { ...payload, time_of_departure: "10:00" });
    expect(now.statusCode, now.body).toBe(201);
    const [row] = await rowsOf(landing.id);
    expect(row?.pickupAt.toISOString()).toBe(`${payload.date_of_departure}T14:00:00.000Z`);
  });

  it("names each field it refuses, in the owner's language, and stores nothing", async () => {
    const { owner, landing } = await setUp({ people: "4" });
    const response = await create(owner, landing.id, {
      ...manualPayload(landing),
      phone: "",
      number_person: 5,
      notify_customer: true,
      price_override: { total_cents: -1, reason: "" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phone: ["Este campo es obligatorio."],
      "price_override.total_cents": ["Introduce un precio válido (0 o más)."],
      "price_override.reason": ["Explica en 3 a 200 caracteres por qué acordaste este precio."],
    });
    const english = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/reservations`,
      payload: { ...manualPayload(landing), notify_customer: true, price_override: { total_cents: 100 } },
      headers: { ...bearer(owner), "accept-language": "en" },
    });
    expect(english.json().errors).toEqual({
      email: ["Enter the customer's email to send them the confirmation."],
      "price_override.reason": ["Say in 3 to 200 characters why you agreed this price."],
    });
    const tooMany = await create(owner, landing.id, manualPayload(landing, { number_person: 5 }));
    expect(tooMany.json().errors).toEqual({ number_person: ["Este vehículo admite como máximo 4 personas."] });
    expect(await rowsOf(landing.id)).toHaveLength(0);
  });

  it("emails the confirmation to the customer only, once, when the owner asks", async () => {
    const { owner, landing } = await setUp();
    const response = await create(
      owner,
      landing.id,
      manualPayload(landing, { email: "Cliente@Example.com", notify_customer: true }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json().reservation;
    const only = eq(outbox.reservationId, id);
    await app.mailWorker.runOnce(only);
    const mails = await db.select().from(outbox).where(only);
    expect(mails.map((mail) => [mail.kind, mail.recipient, mail.status])).toEqual([
      ["reservation.confirmed", "cliente@example.com", "sent"],
    ]);
    expect(mails[0]?.subject).toBe(`Reserva ${response.json().reservation.reference} confirmada`);
  });

  // A walk's finding: what the owner typed at the desk was shown on the customer's page as "Tu comentario".
  it("keeps the owner's comment of a desk booking off the customer's page", async () => {
    const { owner, landing } = await setUp();
    const note = "Pagó en efectivo; cliente difícil";
    const response = await create(
      owner,
      landing.id,
      manualPayload(landing, { email: "cliente@example.com", notify_customer: true, description: note }),
    );
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json().reservation;
    expect(response.json().reservation.description).toBe(note);
    const only = eq(outbox.reservationId, id);
    await app.mailWorker.runOnce(only);
    const [mail] = await db.select().from(outbox).where(only);
    expect(mail?.text).not.toContain(note);
    const link = new URL(mail?.text.match(/https?:\/\/\S+\/reservation\/NLY-\w+\?t=[\w-]+/)?.[0] ?? "");
    const token = link.searchParams.get("t") ?? "";
    const api = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/reservation/${reference}?t=${token}`,
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.body).not.toContain(note);
    const page = await app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reference);
    expect(page.body).not.toContain("Pagó en efectivo");
  });

  it("writes to the customer in the language the owner chose for them, extras included, and keeps it", async () => {
    const { owner, landing } = await setUp();
    const [seat] = await db
      .select()
      .from(landingAddons)
      .where(and(eq(landingAddons.landingId, landing.id), eq(landingAddons.kind, "child_seat")));
    const response = await create(
      owner,
      landing.id,
      manualPayload(landing, {
        email: "visitor@example.com",
        notify_customer: true,
        language: "en",
        addons: [{ id: seat?.id, quantity: 1 }],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { id, reference, language } = response.json().reservation;
    expect(language).toBe("en");
    const stored = await db.select().from(reservationAddons).where(eq(reservationAddons.reservationId, id));
    expect(stored.map((line) => line.name)).toEqual(["Baby seat"]);
    const only = eq(outbox.reservationId, id);
    await app.mailWorker.runOnce(only);
    const [mail] = await db.select().from(outbox).where(only);
    expect(mail?.subject).toBe(`Booking ${reference} confirmed`);
    expect(mail?.text).toContain("Baby seat");
    expect(mail?.text).not.toContain("Silla de bebé");
    // Without a choice, the landing's language (Spanish here).
    const plain = await create(owner, landing.id, manualPayload(landing, { phone: "809 555 0142" }));
    expect(plain.json().reservation.language).toBe("es");
  });

  it("answers a retry with the same Idempotency-Key with the first booking", async () => {
    const { owner, landing } = await setUp({ units: "1" });
    const key = { "idempotency-key": "desk-retry-0001" };
    const first = await create(owner, landing.id, manualPayload(landing), key);
    const retried = await create(owner, landing.id, manualPayload(landing), key);
    expect(first.statusCode).toBe(201);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().reservation.id).toBe(first.json().reservation.id);
    expect(await rowsOf(landing.id)).toHaveLength(1);
  });

  it("books a draft landing of the owner, never another owner's, a trashed one or an unknown one", async () => {
    const { owner, landing } = await setUp();
    const stranger = await signUp(app);
    const notFound = { message: "Landing no encontrada o ha sido eliminada." };
    const foreign = await create(stranger, landing.id, manualPayload(landing));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFound);
    expect((await quote(stranger, landing.id, manualPayload(landing))).statusCode).toBe(404);
    expect((await create(owner, 999_999_999, manualPayload(landing))).statusCode).toBe(404);
    expect(await rowsOf(landing.id)).toHaveLength(0);

    const trashed = await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(owner) });
    expect(trashed.statusCode).toBe(200);
    expect((await create(owner, landing.id, manualPayload(landing))).statusCode).toBe(404);
    expect(await rowsOf(landing.id)).toHaveLength(0);

    const draft = await createLandingFor(app, owner);
    const unknownVehicle = await create(owner, draft.id, manualPayload(landing));
    expect(unknownVehicle.statusCode).toBe(404);
  });

  it("never answers 500 to malformed JSON, huge numbers or emoji names", async () => {
    const { owner, landing } = await setUp();
    const malformed = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/reservations`,
      payload: '{"id_vehicle": 1,',
      headers: { ...headers(owner), "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await create(owner, landing.id, {
      ...manualPayload(landing),
      number_person: 1e308,
      price_override: { total_cents: 1e20, reason: "Precio especial" },
      addons: [{ id: Number.MAX_SAFE_INTEGER * 10, quantity: 1 }],
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({
      number_person: ["Indica un número entero de personas, de 1 a 50."],
      "price_override.total_cents": ["El precio acordado no puede pasar de 1,000,000."],
      "addons.0.id": ["Este extra no existe en esta landing."],
    });
    const hugeLanding = await create(owner, 1e30, manualPayload(landing));
    expect(hugeLanding.statusCode).toBeLessThan(500);
    const emoji = await create(
      owner,
      landing.id,
      manualPayload(landing, { name: "Zoë 🚗", description: "🌴".repeat(50) }),
    );
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().reservation.name).toBe("Zoë 🚗");
  });
});

import { changedParts } from "@domain/reservation-changes";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingAddons, outbox, reservationAddons, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";

/**
 * Issue 25.21: the owner changes a pending or confirmed booking; it is priced and checked again in
 * the booking transaction, its history keeps the old price, and the customer hears of it.
 */
const { app, clock, db } = await createTestApp();

type Booked = { id: number; reference: string; total_cents: number };
type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

async function book(payload: object): Promise<Booked> {
  const response = await app.inject({ method: "POST", url: "/api/reservations", payload });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The change as the dashboard sends it: the manual booking's fields, and the version read. */
function change(landing: Landing, overrides: Record<string, unknown>, days = { start: 10, length: 3 }) {
  const { id_landing, terms_accepted, ...fields } = bookingPayload(landing, clock.now(), {}, days);
  return { ...fields, version: 1, ...overrides };
}

const put = (owner: Owner, id: number, payload: object, language = "es") =>
  app.inject({
    method: "PUT",
    url: `/api/reservations/${id}`,
    payload,
    headers: { ...bearer(owner), "accept-language": language },
  });

const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];

async function setUp(vehicle: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "1", price: "50", ...vehicle });
  return { owner, landing };
}

describe("changing a booking (PUT /api/reservations/:id)", () => {
  it("prices the new dates and extras again, replaces the lines, keeps the old price in its history and emails the customer", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now(), { language: "en" }));
    // 3 days x 50 = 150, + 18 % = 177.00
    expect(booked.total_cents).toBe(177_00);
    const [seat] = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    if (!seat) throw new Error("the landing has its add-ons");
    const changed = await put(
      owner,
      booked.id,
      change(landing, { addons: [{ id: seat.id, quantity: 1 }], notify_customer: true }, { start: 10, length: 5 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe("Reserva cambiada.");
    // 5 days x 50 = 250, the add-on 5 days x its price, + 18 %.
    const subtotal = 250_00 + 5 * seat.priceCents;
    const total = subtotal + Math.round(subtotal * 0.18);
    expect(changed.json().reservation).toMatchObject({
      status: "pending",
      reference: booked.reference,
      days: 5,
      total_cents: total,
      version: 2,
      language: "en",
      addons: [{ id: seat.id, quantity: 1, total_cents: 5 * seat.priceCents }],
    });
    const row = await stored(booked.id);
    expect(row).toMatchObject({ totalCents: total, days: 5, version: 2 });
    const lines = await db.select().from(reservationAddons).where(eq(reservationAddons.reservationId, booked.id));
    // The add-on's name as the customer reads it: the booking was made in English.
    expect(lines.map((line) => [line.name, line.quantity])).toEqual([["Damage waiver", 1]]);

    const history = await app.inject({
      method: "GET",
      url: `/api/reservations/${booked.id}/changes`,
      headers: bearer(owner),
    });
    expect(history.statusCode).toBe(200);
    const [entry, ...more] = history.json().changes;
    expect(more).toEqual([]);
    expect(entry.before).toMatchObject({ total_cents: 177_00, addons: [] });
    expect(entry.after).toMatchObject({ total_cents: total, addons: [{ name: "Damage waiver", quantity: 1 }] });
    expect(entry.after.date_of_arrival > entry.before.date_of_arrival).toBe(true);

    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.changed")));
    expect(mail?.recipient).toBe("maria@example.com");
    expect(mail?.subject).toBe(`Your booking ${booked.reference} with ${landing.display_name} was changed`);
    expect(mail?.text).toContain("Previous total");
    expect(mail?.text).toContain("$177.00");
    // Like the confirmation, it takes the customer to their booking, with a secret that opens it.
    const link = /View or cancel your booking: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toContain(`/${landing.name}/reservation/${booked.reference}?t=`);
    const page = await app.inject({ method: "GET", url: new URL(link).pathname + new URL(link).search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(booked.reference);
  });

  it("names only the dates in the history when the dates move, whatever order the extras were chosen in", async () => {
    const { owner, landing } = await setUp();
    const [first, second] = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    if (!first || !second) throw new Error("the landing has its add-ons");
    // The visitor chose them in the opposite order to the dashboard's form.
    const chosen = [
      { id: second.id, quantity: 1 },
      { id: first.id, quantity: 1 },
    ];
    const booked = await book(bookingPayload(landing, clock.now(), { addons: chosen }));
    const moved = await put(
      owner,
      booked.id,
      change(landing, { addons: [...chosen].reverse() }, { start: 11, length: 3 }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const history = await app.inject({
      method: "GET",
      url: `/api/reservations/${booked.id}/changes`,
      headers: bearer(owner),
    });
    const [entry] = history.json().changes;
    expect(changedParts(entry.before, entry.after)).toEqual(["dates"]);
  });

  it("keeps the language the customer booked in, unless the owner corrects it", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now(), { language: "en" }));
    const kept = await put(owner, booked.id, change(landing, { description: "Otra nota" }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await stored(booked.id))?.language).toBe("en");
    const corrected = await put(
      owner,
      booked.id,
      change(landing, { version: 2, language: "es", notify_customer: true }),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await stored(booked.id))?.language).toBe("es");
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.changed")));
    expect(mail?.subject).toBe(`Tu reserva ${booked.reference} en ${landing.display_name} cambió`);
  });

  // A walk's finding: a double click on "Cambiar" landed its second click on "Guardar cambios" and
  // emailed the customer that a booking nobody touched had changed.
  it("saved as it was, changes nothing: no new version, no line in its history, no email", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now()));
    for (const language of ["es", "en"] as const) {
      const same = await put(owner, booked.id, change(landing, { notify_customer: true }), language);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().message).toBe(
        language === "es"
          ? "No cambiaste nada: la reserva sigue como estaba y no se avisó al cliente."
          : "You changed nothing: the booking stays as it was and the customer was not told.",
      );
      expect(same.json().reservation).toMatchObject({ version: 1, total_cents: booked.total_cents });
    }
    expect(await stored(booked.id)).toMatchObject({ version: 1 });
    const history = await app.inject({
      method: "GET",
      url: `/api/reservations/${booked.id}/changes`,
      headers: bearer(owner),
    });
    expect(history.json().changes).toEqual([]);
    const kinds = (await db.select().from(outbox).where(eq(outbox.reservationId, booked.id))).map((row) => row.kind);
    expect(kinds).not.toContain("reservation.changed");
    // A change of the emails' language alone is a change.
    const corrected = await put(owner, booked.id, change(landing, { language: "en", notify_customer: true }));
    expect(corrected.json().reservation).toMatchObject({ version: 2, language: "en" });
  });

  it("emails nobody unless asked, and takes the owner's agreed price beside the rules' one", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now()));
    const changed = await put(
      owner,
      booked.id,
      change(landing, { price_override: { total_cents: 150_00, reason: "Cliente de siempre" } }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().reservation).toMatchObject({
      total_cents: 150_00,
      price_override: { list_total_cents: 177_00, reason: "Cliente de siempre" },
    });
    const kinds = (await db.select().from(outbox).where(eq(outbox.reservationId, booked.id))).map((row) => row.kind);
    expect(kinds).not.toContain("reservation.changed");
  });

  it("refuses a form read at an older version, a cancelled booking, and a taken period, and changes nothing", async () => {
    const { owner, landing } = await setUp();
    const first = await book(bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }));
    const other = await book(bookingPayload(landing, clock.now(), { name: "Otra" }, { start: 20, length: 3 }));
    const before = await stored(first.id);

    const stale = await put(owner, first.id, change(landing, { version: 7 }, { start: 10, length: 4 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/guard/i);
    // Each refusal names its rule where it has one, so the dialog tells them apart.
    expect(stale.json().rules).toBeUndefined();

    // The one unit is the other booking's from day 20: moving into it is refused.
    const taken = await put(owner, first.id, change(landing, {}, { start: 18, length: 4 }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/reservad|disponible/i);
    expect(taken.json().rules).toEqual(["availability"]);
    // Its own period never stands in its way: a day longer on the same unit is fine.
    expect((await put(owner, first.id, change(landing, {}, { start: 10, length: 4 }))).statusCode).toBe(200);

    await app.inject({
      method: "PATCH",
      url: `/api/reservations/${other.id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(owner),
    });
    const cancelled = await put(owner, other.id, change(landing, { version: 2 }, { start: 30, length: 2 }));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe("Solo se cambia una reserva pendiente o confirmada.");
    expect(cancelled.json().rules).toEqual(["status"]);
    expect((await stored(other.id))?.returnDate).toBe(
      bookingPayload(landing, clock.now(), {}, { start: 20, length: 3 }).date_of_arrival,
    );
    // Only the one change that was allowed went through.
    expect((await stored(first.id))?.version).toBe((before?.version ?? 0) + 1);
  });

  it("applies the landing's rules to the new trip, naming the field", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now()));
    const refused = await put(owner, booked.id, change(landing, { number_person: 99 }));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain("number_person");
    const backwards = await put(owner, booked.id, change(landing, {}, { start: 10, length: -1 }));
    expect(backwards.statusCode).toBe(422);
    expect((await stored(booked.id))?.version).toBe(1);
  });

  it("extends a rental under way: a pickup kept as it was is not 'in the past'", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now(), {}, { start: 1, length: 3 }));
    const row = await stored(booked.id);
    // Two days into the rental, the customer calls to keep the car two more days.
    clock.advance((row?.pickupAt.getTime() ?? 0) - clock.now().getTime() + 2 * 86_400_000);
    const later = await signIn(app, owner);
    const extended = await put(later, booked.id, change(landing, {}, { start: 1, length: 5 }));
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().reservation.days).toBe(5);
    // Moving the pickup is a new pickup: it may not be in the past. A minute on, today's pickup
    // time is gone (at its own minute it is the desk's now: desk-booking.test.ts).
    clock.advance(60_000);
    const moved = await put(later, booked.id, change(landing, { version: 2 }, { start: 0, length: 3 }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toMatchObject({
      time_of_departure: ["Esa hora de recogida ya pasó: elige una hora posterior."],
    });
  });

  it("quotes a change as it will be checked: the booking never in its own way", async () => {
    const { owner, landing } = await setUp();
    const booked = await book(bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }));
    const {
      id_landing,
      terms_accepted,
      name,
      last_name,
      email,
      phone,
      description,
      number_person,
      number_bag,
      ...trip
    } = bookingPayload(landing, clock.now(), {}, { start: 10, length: 4 });
    const quote = (reservationId: number, as: Owner = owner) =>
      app.inject({
        method: "POST",
        url: `/api/reservations/${reservationId}/quote`,
        payload: trip,
        headers: { ...bearer(as), "accept-language": "es" },
      });
    const own = await quote(booked.id);
    expect(own.statusCode, own.body).toBe(200);
    // One unit, held by this very booking: a day longer is still free for it, 4 x 50 + 18 %.
    expect(own.json()).toMatchObject({ available: true, total_cents: 236_00, problems: [] });
    // The landing's own quote, for a new booking, sees the unit taken.
    const fresh = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/quote`,
      payload: trip,
      headers: bearer(owner),
    });
    expect(fresh.json().available).toBe(false);
    expect((await quote(booked.id, await signUp(app))).statusCode).toBe(404);
  });

  it("is another owner's to neither change nor read", async () => {
    const { landing } = await setUp();
    const stranger = await signUp(app);
    const booked = await book(bookingPayload(landing, clock.now()));
    expect((await put(stranger, booked.id, change(landing, {}))).statusCode).toBe(404);
    const history = await app.inject({
      method: "GET",
      url: `/api/reservations/${booked.id}/changes`,
      headers: bearer(stranger),
    });
    expect(history.statusCode).toBe(404);
    expect((await stored(booked.id))?.version).toBe(1);
  });
});

import { phoneKey } from "@domain/customers";
import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { toLocal } from "@domain/rental-time";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import {
  customerContacts,
  customers,
  invoices,
  landings,
  outbox,
  rentalAgreements,
  rentalHandovers,
  rentalPhotos,
  reservationChanges,
  reservations,
} from "../db/schema";
import { createTestApp } from "../test/app";
import { deferred } from "../test/deferred";
import { bearer, bookingPayload, browser, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";
import { linkCustomer } from "./link";

/**
 * The owner's customers (issue 28.7) through the API, on PGlite and PostgreSQL: bookings matched by
 * email then phone, history and totals to the cent, notes, the "do not rent" flag refusing a
 * visitor's and the desk's booking with nothing stored, the export, the erasure, and another owner
 * finding none of it.
 */
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const send = (owner: Owner, method: Method, url: string, payload?: object, language = "es") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });

let spread = 0;
/** Booking dates far enough apart that no two bookings of a file compete for the vehicle's units. */
const nextDays = () => {
  spread += 1;
  return { start: 5 + spread * 4, length: 3 };
};

/** A visitor's booking on the public site. */
async function bookOnSite(landing: Landing, overrides: Record<string, unknown> = {}, language = "es") {
  return app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), overrides, nextDays()),
    headers: { "accept-language": language },
  });
}

async function booked(landing: Landing, overrides: Record<string, unknown> = {}) {
  const response = await bookOnSite(landing, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; reference: string; total_cents: number };
}

/** The owner's desk: a booking taken by phone (email optional). */
function deskPayload(landing: Landing, overrides: Record<string, unknown> = {}) {
  const { id_landing, terms_accepted, ...payload } = bookingPayload(
    landing,
    clock.now(),
    { email: "", ...overrides },
    nextDays(),
  );
  return payload;
}

async function bookAtDesk(owner: Owner, landing: Landing, overrides: Record<string, unknown> = {}) {
  const response = await send(
    owner,
    "POST",
    `/api/landings/${landing.id}/reservations`,
    deskPayload(landing, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reservation as { id: number; reference: string; total_cents: number };
}

const customerOf = async (reservationId: number) =>
  (await db.select({ id: reservations.customerId }).from(reservations).where(eq(reservations.id, reservationId)))[0]
    ?.id ?? null;

async function list(owner: Owner, query = "") {
  const response = await send(owner, "GET", `/api/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    customers: { id: number; name: string; email: string; phone: string; bookings: number; do_not_rent: boolean }[];
    next_cursor: string | null;
    total: number;
  };
}

async function detail(owner: Owner, id: number) {
  const response = await send(owner, "GET", `/api/customers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function setUp() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner);
  return { owner, landing };
}

/** A booking's status set straight in the database: the statuses the counter and time would bring. */
const setStatus = (id: number, status: string) =>
  db.update(reservations).set({ status }).where(eq(reservations.id, id));

/** What the owner has stored: bookings, customers, their contacts and queued emails. */
async function storedCounts(ownerId: number) {
  const [bookings] = await db.select({ n: count() }).from(reservations).where(eq(reservations.ownerId, ownerId));
  const [people] = await db.select({ n: count() }).from(customers).where(eq(customers.ownerId, ownerId));
  const [contacts] = await db
    .select({ n: count() })
    .from(customerContacts)
    .where(eq(customerContacts.ownerId, ownerId));
  const [mails] = await db.select({ n: count() }).from(outbox);
  return { bookings: bookings?.n, customers: people?.n, contacts: contacts?.n, mails: mails?.n };
}

// PGlite is one session: its transactions never run side by side, so only PostgreSQL races.
describe.skipIf(process.env.NELLY_TEST_DATABASE !== "postgres")("one person's first two bookings at once", () => {
  it("joins the later to the customer the first made, with their email and phone, and keeps no second", async () => {
    const { owner } = await setUp();
    const contact = { name: "Ana", lastName: "Ruiz", email: "ana.race@example.com", phone: "+1 809 555 0177" };
    const options = { channel: "site" as const, bookedAt: clock.now() };
    const firstLinked = deferred();
    const first = db.transaction(async (tx) => {
      const linked = await linkCustomer(tx, owner.id, contact, options);
      await linked.refresh();
      firstLinked.resolve();
      // The second finds no customer yet, makes one, and waits on this one's email until the commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return linked.id;
    });
    await firstLinked.promise;
    const second = db.transaction(async (tx) => {
      const linked = await linkCustomer(tx, owner.id, { ...contact, name: "Ana María" }, options);
      await linked.refresh();
      return linked.id;
    });
    const [firstId, secondId] = await Promise.all([first, second]);
    expect(secondId).toBe(firstId);
    const kept = await db.select({ id: customers.id }).from(customers).where(eq(customers.ownerId, owner.id));
    expect(kept).toEqual([{ id: firstId }]);
    const contacts = await db
      .select({ kind: customerContacts.kind, value: customerContacts.value, customerId: customerContacts.customerId })
      .from(customerContacts)
      .where(eq(customerContacts.ownerId, owner.id))
      .orderBy(customerContacts.kind);
    expect(contacts).toEqual([
      { kind: "email", value: "ana.race@example.com", customerId: firstId },
      { kind: "phone", value: phoneKey(contact.phone), customerId: firstId },
    ]);
  });
});

describe("one customer per person, from their bookings (issue 28.7)", () => {
  it("matches a booking by email first, then by phone, and keeps every email and phone as theirs", async () => {
    const { owner, landing } = await setUp();
    const first = await booked(landing, { email: "maria@example.com", phone: "+1 809 555 0101" });
    // At the desk, by phone only, typed another way: the same digits.
    const byPhone = await bookAtDesk(owner, landing, { phone: "1-809-555-0101", name: "María", last_name: "" });
    // Her email in capitals, from another phone: the email decides.
    const byEmail = await booked(landing, { email: "  MARIA@Example.com ", phone: "+34 600 111 222" });
    // A new email, from that second phone: found by the phone she booked with before.
    const newEmail = await booked(landing, { email: "maria.pena@work.example", phone: "+34 600-111-222" });
    const other = await booked(landing, { email: "luis@example.com", phone: "+1 809 555 0199", name: "Luis" });
    // A placeholder phone, too short to tell anyone apart, is refused at the desk too (phone.ts);
    // bookings stored with one before are matched by their email only (backfill.test.ts).
    const refused = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, {
      ...deskPayload(landing, { phone: "000", name: "Sin", last_name: "Teléfono" }),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["phone"]);
    // Without an email, a phone of her own: someone else.
    const placeholder = await bookAtDesk(owner, landing, {
      phone: "+1 809 555 0177",
      name: "Pedro",
      last_name: "Sin Correo",
    });

    const maria = await customerOf(first.id);
    expect(maria).not.toBeNull();
    for (const id of [byPhone.id, byEmail.id, newEmail.id]) expect(await customerOf(id)).toBe(maria);
    expect(await customerOf(other.id)).not.toBe(maria);
    expect(await customerOf(placeholder.id)).not.toBe(maria);

    const page = await list(owner);
    expect(page.total).toBe(3);
    expect(page.customers.map((customer) => customer.name)).toEqual([
      "Pedro Sin Correo",
      "Luis Peña",
      "María José Peña",
    ]);
    // Bookings still to come count as nothing spent yet.
    expect(page.customers[0]).toMatchObject({ bookings: 1, spent: [{ currency: "USD", cents: 0 }] });
    const shown = await detail(owner, maria ?? 0);
    expect(shown).toMatchObject({
      name: "María José Peña",
      email: "maria.pena@work.example",
      phone: "+34 600-111-222",
      bookings: 4,
      emails: ["maria.pena@work.example", "maria@example.com"],
      phones: ["+34 600-111-222", "+34 600 111 222", "1-809-555-0101", "+1 809 555 0101"],
      do_not_rent: false,
      erased: false,
      notes: "",
      licence: null,
    });
    expect(shown.history.map((row: { id: number }) => row.id)).toEqual([newEmail.id, byEmail.id, byPhone.id, first.id]);

    // The search finds her by a name, any email she used, or a phone however it is typed.
    // Typed without accents too, as people do.
    for (const q of ["maría josé", "maria jose pena", "MARIA@example", "work.example", "809 555 0101", "(600) 111"]) {
      const found = await list(owner, `?q=${encodeURIComponent(q)}`);
      expect(
        found.customers.map((customer) => customer.id),
        q,
      ).toEqual([maria]);
    }
    expect((await list(owner, "?q=nadie")).customers).toEqual([]);
    // Pages follow the cursor, newest booking first, each customer once.
    const one = await list(owner, "?limit=2");
    expect(one.customers).toHaveLength(2);
    const two = await list(owner, `?limit=2&cursor=${one.next_cursor}`);
    expect(two.next_cursor).toBeNull();
    expect([...one.customers, ...two.customers].map((customer) => customer.id)).toEqual(
      page.customers.map((customer) => customer.id),
    );
  });

  it.skipIf(process.env.NELLY_TEST_DATABASE !== "postgres")(
    "joins a first booking to the customer another first booking of theirs made a moment before",
    async () => {
      const { owner, landing } = await setUp();
      // Another first booking of hers is under way: its transaction made her customer and holds her email.
      const holding = deferred();
      const made = deferred<{ winnerId: number; pid: number }>();
      const other = db.transaction(async (tx) => {
        const [winner] = await tx
          .insert(customers)
          .values({ ownerId: owner.id, name: "Ana Ruiz", email: "ana@example.com" })
          .returning({ id: customers.id });
        await tx
          .insert(customerContacts)
          .values({ ownerId: owner.id, kind: "email", value: "ana@example.com", customerId: winner?.id ?? 0 });
        const [backend] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        made.resolve({ winnerId: winner?.id ?? 0, pid: backend?.pid ?? 0 });
        await holding.promise;
      });
      const { winnerId, pid } = await made.promise;
      try {
        const booking = bookOnSite(landing, { email: "ana@example.com", phone: "+34 611 222 333" });
        // Her second booking found no customer and waits on the email the first one holds.
        await expect
          .poll(async () => {
            const [waiting] = await rowsOf<{ n: number }>(
              db,
              sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`,
            );
            return waiting?.n;
          })
          .toBe(1);
        holding.resolve();
        await other;
        const response = await booking;
        expect(response.statusCode, response.body).toBe(201);
        expect(await customerOf(response.json().id)).toBe(winnerId);
      } finally {
        holding.resolve();
        await other;
      }
      // One customer, who has both her email and the phone the second booking brought.
      const people = await db.select().from(customers).where(eq(customers.ownerId, owner.id));
      expect(people.map((person) => person.id)).toEqual([winnerId]);
      const contacts = await db
        .select({ kind: customerContacts.kind, value: customerContacts.value, customerId: customerContacts.customerId })
        .from(customerContacts)
        .where(eq(customerContacts.ownerId, owner.id));
      expect(contacts.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
        { kind: "email", value: "ana@example.com", customerId: winnerId },
        { kind: "phone", value: phoneKey("+34 611 222 333"), customerId: winnerId },
      ]);
    },
  );

  it("tells apart people who share one phone by their first name: a hotel booking for its guests", async () => {
    const { owner, landing } = await setUp();
    const hotel = "+1 809 555 0142";
    const lukasz = await bookAtDesk(owner, landing, { phone: hotel, name: "Łukasz", last_name: "Wróbel" });
    const ivan = await bookAtDesk(owner, landing, { phone: hotel, name: "Иван", last_name: "Петров" });
    const ana = await bookAtDesk(owner, landing, { phone: hotel, name: "Ana", last_name: "Ruiz" });
    // The same first name, typed without its accent or in capitals: the same person again.
    const lukaszAgain = await bookAtDesk(owner, landing, { phone: "809-555-0142", name: "LUKASZ", last_name: "" });

    const ids = await Promise.all([lukasz, ivan, ana, lukaszAgain].map((booking) => customerOf(booking.id)));
    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[3]).toBe(ids[0]);
    const page = await list(owner);
    expect(page.customers.map((customer) => customer.name).sort()).toEqual(["Ana Ruiz", "LUKASZ", "Иван Петров"]);
    // A search by the phone finds each of them.
    const byPhone = (await list(owner, `?q=${encodeURIComponent("0142")}`)).customers.map((found) => found.id);
    expect(byPhone.sort()).toEqual([...new Set(ids)].sort());
  });

  // A walk's finding: Clientes said the latest booking was made on the 3rd (the browser's UTC day)
  // where the booking's own detail said the 2nd, 11 PM in Santo Domingo.
  it("says the day each booking was made on its landing's calendar, beside its instant", async () => {
    const { owner, landing } = await setUp();
    const who = { email: "dia@example.com", phone: "+1 809 555 0303", name: "Día", last_name: "Local" };
    const first = await booked(landing, who);
    const last = await booked(landing, who);
    // 02:30 UTC is still the evening before in Santo Domingo (UTC-4).
    await db
      .update(reservations)
      .set({ createdAt: new Date("2026-03-01T02:30:00Z") })
      .where(eq(reservations.id, first.id));
    await db
      .update(reservations)
      .set({ createdAt: new Date("2026-11-03T03:59:00Z") })
      .where(eq(reservations.id, last.id));
    const id = await customerOf(last.id);
    const [row] = (await list(owner, "?q=dia%40example.com")).customers as unknown as Record<string, unknown>[];
    expect(row).toMatchObject({ last_booking_at: "2026-11-03T03:59:00.000Z", last_booking_on: "2026-11-02" });
    expect(await detail(owner, id ?? 0)).toMatchObject({
      first_booking_at: "2026-03-01T02:30:00.000Z",
      first_booking_on: "2026-02-28",
      last_booking_on: "2026-11-02",
    });
  });

  it("sums what the rentals came to, per currency and to the cent, and lists the history newest first", async () => {
    const { owner, landing } = await setUp();
    const euros = await createBookableLanding(app, owner);
    await db.update(landings).set({ currency: "EUR" }).where(eq(landings.id, euros.id));
    const who = { email: "ana@example.com", phone: "+1 809 555 0202", name: "Ana", last_name: "Rosa" };
    const completed = await booked(landing, who);
    const returned = await booked(landing, who);
    const onRent = await booked(landing, who);
    const cancelled = await booked(landing, who);
    const noShow = await booked(landing, who);
    const upcoming = await bookAtDesk(owner, landing, who);
    const euro = await booked(euros, who);
    await setStatus(completed.id, "completed");
    await setStatus(returned.id, "returned");
    await setStatus(onRent.id, "on_rent");
    await setStatus(cancelled.id, "cancelled");
    await setStatus(noShow.id, "no_show");
    await setStatus(euro.id, "completed");
    // The returned rental's invoice: its booking plus US$56.50 of charges and their 18 % tax.
    await db.insert(invoices).values({
      landingId: landing.id,
      reservationId: returned.id,
      number: 1,
      issuedAt: clock.now(),
      currency: "USD",
      bookingCents: returned.total_cents,
      chargesCents: 56_50,
      chargesTaxCents: 10_17,
      totalCents: returned.total_cents + 56_50 + 10_17,
    });
    // 3 days of US$45.50 with 18 % ITBIS: US$161.07 each.
    expect(completed.total_cents).toBe(161_07);

    const id = (await customerOf(completed.id)) ?? 0;
    const shown = await detail(owner, id);
    expect(shown.bookings).toBe(7);
    expect(shown.spent).toEqual([
      { currency: "EUR", cents: 161_07 },
      { currency: "USD", cents: 161_07 + (161_07 + 56_50 + 10_17) + 161_07 },
    ]);
    expect(shown.history.map((row: { id: number }) => row.id)).toEqual([
      euro.id,
      upcoming.id,
      noShow.id,
      cancelled.id,
      onRent.id,
      returned.id,
      completed.id,
    ]);
    const row = (bookingId: number) => shown.history.find((entry: { id: number }) => entry.id === bookingId);
    expect(row(returned.id)).toMatchObject({
      status: "returned",
      total_cents: 161_07,
      spent_cents: 227_74,
      currency: "USD",
      landing: { id: landing.id, display_name: landing.display_name },
      vehicle_name: "Toyota Corolla 2024",
    });
    expect(row(cancelled.id)).toMatchObject({ status: "cancelled", total_cents: 161_07, spent_cents: 0 });
    expect(row(upcoming.id)).toMatchObject({ status: "confirmed", spent_cents: 0 });
    const listed = (await list(owner)).customers.find((customer) => customer.id === id);
    expect(listed).toMatchObject({ bookings: 7, spent: shown.spent });
    // A currency with only bookings to come is left out of what they spent.
    await setStatus(euro.id, "confirmed");
    expect((await detail(owner, id)).spent).toEqual([{ currency: "USD", cents: 549_88 }]);
    await setStatus(euro.id, "completed");

    // A landing in the trash takes its bookings out of the figures, as out of every list.
    await db.update(landings).set({ deletedAt: clock.now() }).where(eq(landings.id, euros.id));
    expect((await detail(owner, id)).spent).toEqual([{ currency: "USD", cents: 549_88 }]);
  });

  it("keeps the licence of the latest check-out's main driver on file", async () => {
    let { owner, landing } = await setUp();
    const reservation = await bookAtDesk(owner, landing, { name: "Pedro", last_name: "Gil", phone: "8095550303" });
    const now = clock.now();
    await db
      .update(reservations)
      .set({
        pickupDate: toLocal(now, DEFAULT_TIME_ZONE).date,
        pickupAt: now,
        returnAt: new Date(now.getTime() + 2 * 86_400_000),
        returnDate: toLocal(new Date(now.getTime() + 2 * 86_400_000), DEFAULT_TIME_ZONE).date,
      })
      .where(eq(reservations.id, reservation.id));
    owner = await signIn(app, owner);
    const out = await send(owner, "POST", `/api/reservations/${reservation.id}/check-out`, {
      odometer_km: 1_000,
      fuel_eighths: 8,
      drivers: [
        {
          name: "Pedro Gil",
          licence_number: "001-7654321-0",
          licence_country: "do",
          licence_expiry: "2031-05-31",
          birth_date: "1985-02-01",
        },
        {
          name: "Eva Gil",
          licence_number: "X-1",
          licence_country: "ES",
          licence_expiry: "2030-01-01",
          birth_date: "1990-01-01",
        },
      ],
    });
    expect(out.statusCode, out.body).toBe(200);
    const shown = await detail(owner, (await customerOf(reservation.id)) ?? 0);
    expect(shown.licence).toEqual({
      name: "Pedro Gil",
      number: "001-7654321-0",
      country: "DO",
      expiry: "2031-05-31",
      recorded_at: clock.now().toISOString(),
      recorded_on: toLocal(clock.now(), DEFAULT_TIME_ZONE).date,
      reservation_id: reservation.id,
      reference: reservation.reference,
    });
    // A walk's finding: a check-out at 11:17 PM in Santo Domingo (03:17 UTC) was said to be the next
    // day on the customer's page, where the counter and the invoice said the 4th.
    await db
      .update(rentalHandovers)
      .set({ at: new Date("2026-12-05T03:17:00Z") })
      .where(eq(rentalHandovers.reservationId, reservation.id));
    expect((await detail(owner, (await customerOf(reservation.id)) ?? 0)).licence).toMatchObject({
      recorded_at: "2026-12-05T03:17:00.000Z",
      recorded_on: "2026-12-04",
    });
    expect(shown.spent).toEqual([{ currency: "USD", cents: reservation.total_cents }]);
  });
});

describe("notes", () => {
  it("saves the owner's notes at the version read, and refuses a stale or too long one", async () => {
    const { owner, landing } = await setUp();
    const id = (await customerOf((await booked(landing)).id)) ?? 0;
    const saved = await send(owner, "PUT", `/api/customers/${id}/notes`, {
      notes: "  Cliente frecuente; prefiere SUV.\u202E ",
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("Notas guardadas.");
    expect(saved.json().customer).toMatchObject({ notes: "Cliente frecuente; prefiere SUV.", version: 2 });
    expect((await detail(owner, id)).notes).toBe("Cliente frecuente; prefiere SUV.");

    const stale = await send(owner, "PUT", `/api/customers/${id}/notes`, { notes: "Otra cosa", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Estos datos cambiaron en otra pestaña o por otra persona. Recárgalos antes de guardar.",
    );
    const long = await send(owner, "PUT", `/api/customers/${id}/notes`, { notes: "x".repeat(2001), version: 2 });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ notes: ["Las notas no pueden superar los 2,000 caracteres."] });
    const english = await send(owner, "PUT", `/api/customers/${id}/notes`, { notes: 12, version: 2 }, "en");
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ notes: ["The value is not valid."] });
    expect((await detail(owner, id)).notes).toBe("Cliente frecuente; prefiere SUV.");
  });
});

describe("do not rent", () => {
  it("refuses the customer's next booking on any of the owner's landings, by email or phone, storing nothing", async () => {
    const { owner, landing } = await setUp();
    const second = await createBookableLanding(app, owner);
    const who = { email: "bad@example.com", phone: "+1 809 555 0404", name: "Juan", last_name: "Malo" };
    const first = await booked(landing, who);
    const id = (await customerOf(first.id)) ?? 0;
    const flagged = await send(owner, "PUT", `/api/customers/${id}/do-not-rent`, {
      do_not_rent: true,
      reason: "Devolvió el auto con daños y no pagó.",
      version: 1,
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().message).toBe(
      "Marcado como «No rentar»: la próxima reserva de Juan Malo en tus landings será rechazada.",
    );
    expect(flagged.json().customer).toMatchObject({
      do_not_rent: true,
      do_not_rent_reason: "Devolvió el auto con daños y no pagó.",
      do_not_rent_at: clock.now().toISOString(),
    });
    const before = await storedCounts(owner.id);

    // On the site, in either language, with the email, or with another email and the phone: a
    // neutral refusal that names no flag and no reason.
    for (const [overrides, language, message] of [
      [who, "es", "No podemos confirmar esta reserva en línea. Contáctanos para reservar."],
      [{ ...who, email: "otro@example.com" }, "en", "We can't confirm this booking online. Please contact us to book."],
      [
        { ...who, phone: "+1 809 555 9999" },
        "es",
        "No podemos confirmar esta reserva en línea. Contáctanos para reservar.",
      ],
    ] as const) {
      const refused = await bookOnSite(second, overrides, language);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message });
    }
    // The same through the JSON API with an Idempotency-Key.
    const keyed = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), who, nextDays()),
      headers: { "idempotency-key": "customer-refused-1" },
    });
    expect(keyed.statusCode).toBe(403);

    // At the desk, the owner is told why, under the field that matched.
    const desk = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, deskPayload(landing, who));
    expect(desk.statusCode).toBe(422);
    expect(desk.json().errors).toEqual({
      email: [
        "Juan Malo está marcado como «No rentar» en Clientes: la reserva no se guardó. Quita la marca en su ficha si quieres alquilarle.",
      ],
    });
    const byPhone = await send(
      owner,
      "POST",
      `/api/landings/${landing.id}/reservations`,
      deskPayload(landing, { phone: "809.555.0404", name: "J." }),
      "en",
    );
    expect(byPhone.statusCode).toBe(422);
    expect(byPhone.json().errors.phone).toEqual([
      "Juan Malo is marked “Do not rent” in Customers: the booking was not saved. Remove the mark on their page to rent to them.",
    ]);
    // Nothing was stored: no booking, customer, contact or email.
    expect(await storedCounts(owner.id)).toEqual(before);

    // Their bookings made before the flag can still be changed, with their own details.
    const change = await send(owner, "PUT", `/api/reservations/${first.id}`, {
      ...deskPayload(landing, who),
      description: "Cambio de horario",
      version: 1,
    });
    expect(change.statusCode, change.body).toBe(200);

    // Another owner's site does not know them.
    const stranger = await setUp();
    expect((await bookOnSite(stranger.landing, who)).statusCode).toBe(201);

    // Lifted, they can book again.
    const lifted = await send(owner, "PUT", `/api/customers/${id}/do-not-rent`, { do_not_rent: false, version: 2 });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().message).toBe("Juan Malo ya puede volver a reservar.");
    expect(lifted.json().customer).toMatchObject({ do_not_rent: false, do_not_rent_reason: "", do_not_rent_at: null });
    const again = await booked(second, who);
    expect(await customerOf(again.id)).toBe(id);
  });

  it("refuses a change of a booking that would give it to a customer marked do not rent", async () => {
    const { owner, landing } = await setUp();
    const bad = await booked(landing, { email: "flag@example.com", phone: "+1 809 555 0505" });
    const badId = (await customerOf(bad.id)) ?? 0;
    const good = await bookAtDesk(owner, landing, { email: "good@example.com", phone: "+1 809 555 0606" });
    await send(owner, "PUT", `/api/customers/${badId}/do-not-rent`, { do_not_rent: true, version: 1 });
    const moved = await send(owner, "PUT", `/api/reservations/${good.id}`, {
      ...deskPayload(landing, { email: "flag@example.com", phone: "+1 809 555 0606" }),
      version: 1,
    });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(["email"]);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, good.id));
    expect(row).toMatchObject({ email: "good@example.com", version: 1 });
    expect(await customerOf(good.id)).not.toBe(badId);
  });

  // A walk's finding: Ana marked "do not rent", the change of Lucía's booking, made before with the
  // family's shared phone, was refused in Ana's name.
  it("lets a booking made with a shared phone be changed once the phone's other customer is marked", async () => {
    const { owner, landing } = await setUp();
    const shared = "+1 809 555 0808";
    const ana = await booked(landing, { name: "Ana", email: "ana@example.com", phone: shared });
    const lucia = await booked(landing, { name: "Lucía", email: "lucia@example.com", phone: shared });
    const anaId = (await customerOf(ana.id)) ?? 0;
    const luciaId = await customerOf(lucia.id);
    expect(luciaId).not.toBe(anaId);
    await send(owner, "PUT", `/api/customers/${anaId}/do-not-rent`, { do_not_rent: true, version: 1 });

    const changed = await send(owner, "PUT", `/api/reservations/${lucia.id}`, {
      ...deskPayload(landing, { name: "Lucía", email: "lucia@example.com", phone: shared }),
      description: "Llegamos más tarde",
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, lucia.id));
    expect(row).toMatchObject({ description: "Llegamos más tarde", customerId: luciaId, version: 2 });

    // Given Ana's email by the change, it is refused in her name, and nothing changes.
    const toAna = await send(owner, "PUT", `/api/reservations/${lucia.id}`, {
      ...deskPayload(landing, { name: "Lucía", email: "ana@example.com", phone: shared }),
      version: 2,
    });
    expect(toAna.statusCode).toBe(422);
    expect(Object.keys(toAna.json().errors)).toEqual(["email"]);
    const [after] = await db.select().from(reservations).where(eq(reservations.id, lucia.id));
    expect(after).toMatchObject({ email: "lucia@example.com", version: 2 });

    // A new booking with the shared phone is still refused: the flag stops the next one.
    expect((await bookOnSite(landing, { name: "Lucía", email: "lucia@example.com", phone: shared })).statusCode).toBe(
      403,
    );
  });
});

describe("export", () => {
  it("downloads everything kept about one customer as a JSON file", async () => {
    const { owner, landing } = await setUp();
    const first = await booked(landing, { email: "eva@example.com", phone: "+1 809 555 0707", name: "Eva" });
    const id = (await customerOf(first.id)) ?? 0;
    await db.insert(rentalHandovers).values({
      reservationId: first.id,
      landingId: landing.id,
      kind: "out",
      at: clock.now(),
      odometerKm: 10,
      fuelEighths: 8,
      drivers: [
        {
          name: "Eva Peña",
          licence_number: "L-77",
          licence_country: "DO",
          licence_expiry: "2030-01-01",
          birth_date: "1990-03-04",
        },
      ],
    });
    await send(owner, "PUT", `/api/customers/${id}/notes`, { notes: "Pidió silla de niño.", version: 1 });
    const response = await send(owner, "GET", `/api/customers/${id}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="customer-${id}.json"`);
    expect(response.headers["cache-control"]).toBe("no-store");
    const file = response.json();
    expect(file.customer).toMatchObject({
      id,
      name: "Eva Peña",
      email: "eva@example.com",
      phone: "+1 809 555 0707",
      notes: "Pidió silla de niño.",
      do_not_rent: false,
    });
    expect(file.reservations).toHaveLength(1);
    expect(file.reservations[0]).toMatchObject({
      reference: first.reference,
      landing: landing.display_name,
      name: "Eva",
      last_name: "Peña",
      email: "eva@example.com",
      description: "Llegamos en el vuelo de las 9.",
      total_cents: 161_07,
      currency: "USD",
      handovers: [
        {
          kind: "out",
          drivers: [
            {
              name: "Eva Peña",
              licence_number: "L-77",
              licence_country: "DO",
              licence_expiry: "2030-01-01",
              birth_date: "1990-03-04",
            },
          ],
        },
      ],
    });
  });
});

describe("erase", () => {
  it("is refused while a car of theirs is out or a booking still goes ahead, changing nothing", async () => {
    const { owner, landing } = await setUp();
    const who = { email: "out@example.com", phone: "+1 809 555 0808" };
    const rented = await booked(landing, who);
    const pending = await booked(landing, who);
    const id = (await customerOf(rented.id)) ?? 0;
    await setStatus(rented.id, "on_rent");
    const out = await send(owner, "POST", `/api/customers/${id}/erase`);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(
      `Este cliente tiene un vehículo en alquiler (${rented.reference}). Registra su devolución antes de eliminar sus datos.`,
    );
    await setStatus(rented.id, "returned");
    const ahead = await send(owner, "POST", `/api/customers/${id}/erase`, undefined, "en");
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().message).toBe(
      `This customer has bookings still going ahead (${pending.reference}). Cancel or complete them before erasing their data.`,
    );
    const [row] = await db.select().from(reservations).where(eq(reservations.id, pending.id));
    expect(row).toMatchObject({ email: "out@example.com", name: "María José" });
    expect((await detail(owner, id)).erased_at).toBeNull();
  });

  it("removes their identity everywhere, keeps the bookings' amounts, and no longer matches them", async () => {
    const { owner, landing } = await setUp();
    const who = { email: "gone@example.com", phone: "+1 809 555 0909", name: "Rosa", last_name: "Olvido" };
    const done = await booked(landing, who);
    const dropped = await booked(landing, who);
    const id = (await customerOf(done.id)) ?? 0;
    // A change kept in its history, a cancellation, a return recorded with its drivers.
    const changed = await send(owner, "PUT", `/api/reservations/${done.id}`, {
      ...deskPayload(landing, who),
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cancel = await send(owner, "PATCH", `/api/reservations/${dropped.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await setStatus(done.id, "returned");
    await db.insert(rentalHandovers).values({
      reservationId: done.id,
      landingId: landing.id,
      kind: "out",
      at: clock.now(),
      odometerKm: 10,
      fuelEighths: 8,
      note: "Rosa dejó una copia de su pasaporte.",
      drivers: [
        {
          name: "Rosa Olvido",
          licence_number: "R-9",
          licence_country: "DO",
          licence_expiry: "2030-01-01",
          birth_date: "1970-01-01",
        },
      ],
    });
    // What the counter kept of her as files (issue 28): a signed agreement, a photo of her licence,
    // the invoice's PDF with her tax id.
    const storage = app.deps.storage;
    const kept = {
      agreement: await storage.put("private/agreements", "pdf", Buffer.from("%PDF-1.4 Rosa Olvido")),
      licence: await storage.put("private/photos", "jpg", Buffer.from("licence of Rosa")),
      invoice: await storage.put("private/invoices", "pdf", Buffer.from("%PDF-1.4 invoice of Rosa")),
    };
    await db.insert(rentalAgreements).values({
      reservationId: done.id,
      landingId: landing.id,
      version: 1,
      language: "es",
      signerName: "Rosa Olvido",
      signedAt: clock.now(),
      path: kept.agreement,
      sha256: "0".repeat(64),
    });
    await db
      .insert(rentalPhotos)
      .values({ reservationId: done.id, landingId: landing.id, kind: "licence", path: kept.licence });
    await db.insert(invoices).values({
      landingId: landing.id,
      reservationId: done.id,
      number: 1,
      issuedAt: clock.now(),
      currency: "USD",
      bookingCents: 161_07,
      chargesCents: 0,
      chargesTaxCents: 0,
      totalCents: 161_07,
      customerTaxId: "001-0000000-1",
      path: kept.invoice,
    });
    await send(owner, "PUT", `/api/customers/${id}/notes`, { notes: "Quiere ser olvidada.", version: 1 });
    await send(owner, "PUT", `/api/customers/${id}/do-not-rent`, { do_not_rent: true, reason: "Prueba", version: 2 });
    const [beforeRow] = await db.select().from(reservations).where(eq(reservations.id, done.id));
    expect(
      (
        await db
          .select({ n: count() })
          .from(outbox)
          .where(inArray(outbox.reservationId, [done.id, dropped.id]))
      )[0]?.n,
    ).toBeGreaterThan(0);

    const erased = await send(owner, "POST", `/api/customers/${id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(
      "Datos personales eliminados. Sus reservas conservan importes, fechas, vehículo y estado, sin su identidad.",
    );
    expect(await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, done.id))).toEqual([]);
    expect(await db.select().from(rentalPhotos).where(eq(rentalPhotos.reservationId, done.id))).toEqual([]);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.reservationId, done.id));
    expect(invoice).toMatchObject({ number: 1, totalCents: 161_07, customerTaxId: "", path: null });
    for (const path of Object.values(kept)) await expect(storage.get(path)).rejects.toThrow();
    expect(erased.json().customer).toMatchObject({
      name: "",
      email: "",
      phone: "",
      emails: [],
      phones: [],
      notes: "",
      do_not_rent: false,
      do_not_rent_reason: "",
      erased: true,
      erased_at: clock.now().toISOString(),
      bookings: 2,
      spent: [{ currency: "USD", cents: 161_07 }],
      licence: null,
    });

    const rows = await db
      .select()
      .from(reservations)
      .where(inArray(reservations.id, [done.id, dropped.id]));
    for (const row of rows) {
      expect(row).toMatchObject({
        name: "",
        lastName: "",
        email: "",
        phone: "",
        description: "",
        driverBirthDate: null,
        customerTokenHash: null,
        customerId: id,
      });
    }
    const [after] = rows.filter((row) => row.id === done.id);
    // What the business keeps: reference, dates, vehicle, places, status and every amount.
    expect(after).toMatchObject({
      reference: beforeRow?.reference,
      status: "returned",
      vehicleName: beforeRow?.vehicleName,
      pickupAt: beforeRow?.pickupAt,
      returnAt: beforeRow?.returnAt,
      placeOfDeparture: beforeRow?.placeOfDeparture,
      totalCents: beforeRow?.totalCents,
      subtotalCents: beforeRow?.subtotalCents,
      taxCents: beforeRow?.taxCents,
      currency: "USD",
    });
    const [handover] = await db.select().from(rentalHandovers).where(eq(rentalHandovers.reservationId, done.id));
    expect(handover).toMatchObject({ drivers: [], note: "", odometerKm: 10 });
    const [history] = await db.select().from(reservationChanges).where(eq(reservationChanges.reservationId, done.id));
    for (const side of [history?.before, history?.after]) {
      expect(side).toMatchObject({ name: "", last_name: "", email: "", phone: "", description: "" });
      expect(side?.total_cents).toBe(161_07);
    }
    expect(
      (
        await db
          .select({ n: count() })
          .from(outbox)
          .where(inArray(outbox.reservationId, [done.id, dropped.id]))
      )[0]?.n,
    ).toBe(0);
    expect(await db.select().from(customerContacts).where(eq(customerContacts.customerId, id))).toEqual([]);
    // Nothing of hers in any answer about them, the export included.
    for (const url of [`/api/customers/${id}`, `/api/customers/${id}/export`, "/api/customers"]) {
      const body = (await send(owner, "GET", url)).body;
      for (const trace of ["Rosa", "Olvido", "gone@example.com", "0909", "pasaporte", "olvidada"]) {
        expect(body, `${url}: ${trace}`).not.toContain(trace);
      }
    }
    const reservationAnswer = await send(owner, "GET", `/api/planner/reservations/${done.id}`);
    expect(reservationAnswer.json()).toMatchObject({ name: "", email: "", total_cents: 161_07 });

    // Erased, they no longer match: the same email and phone start a new customer.
    const back = await booked(landing, who);
    const newId = await customerOf(back.id);
    expect(newId).not.toBe(id);
    // An erased customer is not noted, flagged or erased again.
    for (const [url, payload] of [
      [`/api/customers/${id}/notes`, { notes: "x", version: 4 }],
      [`/api/customers/${id}/do-not-rent`, { do_not_rent: true, version: 4 }],
    ] as const) {
      const refused = await send(owner, "PUT", url, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "Los datos de este cliente fueron eliminados: ya no se pueden anotar ni marcar.",
      );
    }
    const twice = await send(owner, "POST", `/api/customers/${id}/erase`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("Los datos personales de este cliente ya fueron eliminados.");
  });
});

describe("another owner, and input that is not what it should be", () => {
  it("answers 404 to another owner on every route, changing nothing, and lists none of the first owner's", async () => {
    const { owner, landing } = await setUp();
    const first = await booked(landing, { email: "mine@example.com", name: "Propia" });
    const id = (await customerOf(first.id)) ?? 0;
    const other = await signUp(app);
    const snapshot = async () => db.select().from(customers).where(eq(customers.id, id));
    const before = await snapshot();
    for (const [method, url, payload] of [
      ["GET", `/api/customers/${id}`, undefined],
      ["PUT", `/api/customers/${id}/notes`, { notes: "ajeno", version: 1 }],
      ["PUT", `/api/customers/${id}/do-not-rent`, { do_not_rent: true, version: 1 }],
      ["GET", `/api/customers/${id}/export`, undefined],
      ["POST", `/api/customers/${id}/erase`, undefined],
    ] as const) {
      for (const headers of [bearer(other), browser(other)]) {
        const response = await app.inject({ method, url, payload, headers: { ...headers, "accept-language": "es" } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: "Cliente no encontrado." });
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await list(owner)).customers.map((customer) => customer.id)).toEqual([id]);
    const theirs = await list(other, "?q=mine");
    expect(theirs).toEqual({ customers: [], next_cursor: null, total: 0 });
    const anonymous = await app.inject({ method: "GET", url: "/api/customers" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses malformed and enormous input with 400 or 422 and a message, never a 500", async () => {
    const { owner, landing } = await setUp();
    const id = (await customerOf((await booked(landing)).id)) ?? 0;
    const cases: [Method, string, unknown, number, string | RegExp][] = [
      ["GET", "/api/customers/abc", undefined, 422, "El valor no es válido."],
      ["GET", "/api/customers/0", undefined, 422, "El valor no es válido."],
      ["GET", "/api/customers/99999999999999", undefined, 422, "El valor no es válido."],
      ["GET", "/api/customers/1e3", undefined, 422, "El valor no es válido."],
      ["GET", "/api/customers/2147483647", undefined, 404, "Cliente no encontrado."],
      [
        "GET",
        `/api/customers?q=${"a".repeat(101)}`,
        undefined,
        422,
        "La búsqueda no puede superar los 100 caracteres.",
      ],
      ["GET", "/api/customers?limit=0", undefined, 422, "El valor no es válido."],
      ["GET", "/api/customers?flagged=maybe", undefined, 422, "El valor no es válido."],
      ["PUT", `/api/customers/${id}/notes`, { notes: "x".repeat(200_000), version: 1 }, 422, /2,000/],
      ["PUT", `/api/customers/${id}/notes`, { notes: "ok" }, 422, /versión/],
      ["PUT", `/api/customers/${id}/notes`, ["notes"], 422, /válid/],
      // Not JSON at all: said so, in the owner's language.
      ["PUT", `/api/customers/${id}/notes`, "texto", 415, "Tipo de contenido no admitido."],
      ["PUT", `/api/customers/${id}/do-not-rent`, { do_not_rent: "yes", version: 1 }, 422, /alquilar/],
      [
        "PUT",
        `/api/customers/${id}/do-not-rent`,
        { do_not_rent: true, reason: "r".repeat(501), version: 1 },
        422,
        /500/,
      ],
      [
        "PUT",
        `/api/customers/${id}/do-not-rent`,
        { do_not_rent: true, reason: { a: 1 }, version: 1 },
        422,
        /no es válido/,
      ],
      ["PUT", `/api/customers/${id}/do-not-rent`, { do_not_rent: true, version: "1x" }, 422, /versión/],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const response = await app.inject({
        method,
        url,
        payload: payload as object,
        headers: { ...bearer(owner), "accept-language": "es" },
      });
      expect(response.statusCode, `${method} ${url.slice(0, 80)}: ${response.body.slice(0, 200)}`).toBe(status);
      const body = response.json();
      const said = [body.message, ...Object.values(body.errors ?? {}).flat()].join(" ");
      if (typeof message === "string") expect(said, url.slice(0, 80)).toContain(message);
      else expect(said, url.slice(0, 80)).toMatch(message);
    }
    // A cursor that is not one of ours starts from the first page.
    const garbage = await send(owner, "GET", "/api/customers?cursor=%7B%22a%22%3A1%7D");
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json().customers).toHaveLength(1);
    // A search with LIKE's wildcards takes them literally.
    expect((await list(owner, "?q=%25")).customers).toEqual([]);
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.ownerId, owner.id)));
    expect(row).toMatchObject({ notes: "", version: 1, doNotRent: false });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingAddons, outbox, reservationAddons, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "../test/factories";
import { parseHtml } from "../test/html";

/**
 * Issue 24.1, 24.5 and 24.11: a booking keeps the language it was made in for every email to the
 * customer and for their page; with nothing paid online nothing speaks of a refund; emails come
 * from the landing's name with the operator to reply to, and never list bags nobody was asked for.
 */
const { app, clock, db } = await createTestApp();

async function bookIn(language: "es" | "en", overrides: Record<string, unknown> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { price: "100" });
  const response = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), { language, number_bag: 0, ...overrides }),
    headers: { "accept-language": language },
  });
  expect(response.statusCode).toBe(201);
  return { owner, landing, booked: response.json() as { id: number; reference: string; customer_token: string } };
}

const mailsOf = async (reservationId: number) =>
  (await db.select().from(outbox).where(eq(outbox.reservationId, reservationId))).sort((a, b) => a.id - b.id);

const setStatus = (owner: Owner, id: number, status: string) =>
  app.inject({ method: "PATCH", url: `/api/reservations/${id}/status`, payload: { status }, headers: bearer(owner) });

describe("the language a booking was made in", () => {
  it("writes every email to an English-speaking customer in English, and the operator's in the landing's", async () => {
    const { owner, landing, booked } = await bookIn("en");
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row?.language).toBe("en");
    const [ownerMail, customerMail] = await mailsOf(booked.id);
    expect(ownerMail?.recipient).toBe(owner.email);
    expect(ownerMail?.subject).toBe(`Nueva reserva ${booked.reference}: Toyota Corolla 2024`);
    expect(customerMail?.subject).toBe(`Your booking ${booked.reference} with ${landing.display_name}`);
    expect(customerMail?.text).toContain("Cancellation policy");
    expect(customerMail?.text).not.toMatch(/Política|Cancelar/);
    // A rate as English writes it, as the site does: "18%"; the owner's email keeps Spanish's "18 %".
    expect(customerMail?.text).toContain("ITBIS (18%)");
    expect(ownerMail?.text).toContain("ITBIS (18 %)");
    expect(customerMail?.text).toContain(
      `View or cancel your booking: http://localhost:3000/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}&lang=en`,
    );
    expect((await setStatus(owner, booked.id, "confirmed")).statusCode).toBe(200);
    const confirmed = (await mailsOf(booked.id)).find((mail) => mail.kind === "reservation.confirmed");
    expect(confirmed?.subject).toBe(`Booking ${booked.reference} confirmed`);
  });

  it("names the extras in each reader's language: the operator's email in Spanish, the customer's in English", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { price: "100" });
    const [addon] = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    const response = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), { language: "en", addons: [{ id: addon?.id, quantity: 1 }] }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [line] = await db
      .select()
      .from(reservationAddons)
      .where(eq(reservationAddons.reservationId, response.json().id));
    const { es, en } = line?.names ?? {};
    expect(es && en && es !== en, `two names: ${es} / ${en}`).toBe(true);
    const [ownerMail, customerMail] = await mailsOf(response.json().id);
    // Priced by the day, said so as on the site's lines (three days booked).
    expect(ownerMail?.text).toContain(`${es} x 1 · 3 días`);
    expect(ownerMail?.text).not.toContain(`${en}`);
    expect(customerMail?.text).toContain(`${en} x 1 · 3 days`);
  });

  it("opens the customer's page in their language without ?lang, and keeps the landing's for a Spanish booking", async () => {
    const english = await bookIn("en");
    const page = (name: string, booked: { reference: string; customer_token: string }) =>
      app.inject({ method: "GET", url: `/${name}/reservation/${booked.reference}?t=${booked.customer_token}` });
    const html = parseHtml((await page(english.landing.name, english.booked)).body);
    expect(html.lang()).toBe("en");
    expect(html.text(html.elements("h1")[0])).toBe("Your booking");
    const spanish = await bookIn("es");
    const [customerMail] = (await mailsOf(spanish.booked.id)).filter((mail) => mail.kind === "reservation.customer");
    expect(customerMail?.text).not.toContain("lang=");
    expect(parseHtml((await page(spanish.landing.name, spanish.booked)).body).lang()).toBe("es");
  });

  it("takes the landing's language when the booking does not say which", async () => {
    const { booked } = await bookIn("en", { language: undefined });
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row?.language).toBe("es");
  });
});

describe("nothing paid, nothing refunded (issue 24.5)", () => {
  it("tells the customer what the fee means and never speaks of a refund, in es and en", async () => {
    for (const [language, words] of [
      [
        "es",
        {
          fee: "Cargo por cancelación según la política",
          meaning: "No se cobró nada en línea",
          // Money given back; not the vehicle brought back early, which the policy's last line speaks of.
          refund: /reembols|devolver(?! el vehículo)/i,
        },
      ],
      ["en", { fee: "Cancellation fee under the policy", meaning: "Nothing was charged online", refund: /refund/i }],
    ] as const) {
      const { owner, landing, booked } = await bookIn(language);
      // Confirmed, so the policy's fee applies (a request withdrawn before has none, and no fee row).
      expect((await setStatus(owner, booked.id, "confirmed")).statusCode).toBe(200);
      const cancel = await app.inject({
        method: "POST",
        url: `/api/publicLanding/${landing.name}/reservation/${booked.reference}/cancel?t=${booked.customer_token}`,
      });
      expect(cancel.statusCode).toBe(200);
      const mails = await mailsOf(booked.id);
      const cancelled = mails.find((mail) => mail.kind === "reservation.cancelled");
      expect(cancelled?.text).toContain(words.fee);
      expect(cancelled?.text).toContain(words.meaning);
      for (const mail of mails.filter((m) => m.recipient === "maria@example.com")) {
        expect(mail.text, mail.kind).not.toMatch(words.refund);
        expect(mail.html, mail.kind).not.toMatch(words.refund);
      }
    }
  });
});

describe("who an email comes from, and what it lists (issue 24.11)", () => {
  it("sends the customer's emails from the landing's name with the operator to reply to, and the operator's with the customer", async () => {
    const { owner, landing, booked } = await bookIn("es");
    const [ownerMail, customerMail] = await mailsOf(booked.id);
    expect(customerMail).toMatchObject({ fromName: landing.display_name, replyTo: owner.email });
    expect(ownerMail).toMatchObject({ fromName: null, replyTo: "maria@example.com" });
  });

  it("lists bags only when the customer said some", async () => {
    const none = await bookIn("es");
    for (const mail of await mailsOf(none.booked.id)) expect(mail.text, mail.kind).not.toContain("Maletas");
    const two = await bookIn("es", { number_bag: 2 });
    for (const mail of await mailsOf(two.booked.id)) expect(mail.text, mail.kind).toContain("Maletas: 2");
  });

  it("emails nobody when the owner confirms or cancels a phone booking without an email", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const { id_landing, terms_accepted, email, ...payload } = bookingPayload(landing, clock.now());
    const created = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/reservations`,
      payload,
      headers: bearer(owner),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().reservation.id;
    expect((await setStatus(owner, id, "cancelled")).statusCode).toBe(200);
    expect(await mailsOf(id)).toEqual([]);
  });
});

describe("the language a refusal is written in", () => {
  it("answers a client without Accept-Language in the language its booking names, and Accept-Language wins over it", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { price: "100" });
    // Two days back: a UTC "yesterday" is still today in Santo Domingo for four hours of each day.
    const past = new Date(clock.now().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const refuse = (language: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, clock.now(), { language, date_of_departure: past }),
        headers,
      });
    const spanish = await refuse("es");
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().message).toMatch(/^La fecha de recogida/);
    const english = await refuse("en");
    expect(english.json().message).toMatch(/^The pickup date/);
    expect((await refuse("es", { "accept-language": "en" })).json().message).toMatch(/^The pickup date/);
    // A language the site does not speak is itself refused, in English (nothing else is known).
    const unknown = await refuse("fr");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.language).toEqual([expect.stringMatching(/^[A-Z][a-z ]/)]);
    const [none] = await db.select().from(reservations).where(eq(reservations.landingId, landing.id));
    expect(none).toBeUndefined();
  });
});

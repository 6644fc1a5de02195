import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, users } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  type Owner,
  PASSWORD,
  signUp,
  switchLandingLanguage,
  uniqueEmail,
} from "../test/factories";

// The owner's language lives on their account (PRODUCT §6, §8): the sign-up's screen sets it, the
// dashboard's switch saves it, and their emails about bookings and their calendar feed follow it,
// whatever language their landing's site is in.
const { app, db, clock } = await createTestApp();

const saveLanguage = (owner: Owner, language: unknown, id = owner.id, headers: Record<string, string> = {}) =>
  app.inject({
    method: "PUT",
    url: `/api/users/${id}/language`,
    payload: { language },
    headers: { ...bearer(owner), ...headers },
  });

const storedUser = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];

const register = (fields: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/register-nelly",
    payload: { name: "Ana", email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD, ...fields },
    headers: { "accept-language": "es" },
  });

describe("the owner's language on their account", () => {
  it("starts as the sign-up's language, Spanish when none is named, and refuses any other", async () => {
    const english = await register({ language: "en" });
    expect(english.statusCode).toBe(201);
    expect(english.json().user.language).toBe("en");
    expect((await storedUser(english.json().user_id))?.language).toBe("en");

    const unnamed = await register({});
    expect(unnamed.json().user.language).toBe("es");

    const french = await register({ language: "fr" });
    expect(french.statusCode).toBe(422);
    expect(french.json().errors).toEqual({ language: ["El valor no es válido."] });
  });

  it("is saved by the dashboard's switch without touching the profile's version, and read back", async () => {
    const owner = await signUp(app);
    const before = await storedUser(owner.id);
    clock.advance(1_000);
    const saved = await saveLanguage(owner, "en");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({
      id: owner.id,
      language: "en",
      updated_at: before?.updatedAt.toISOString(),
    });
    expect(await storedUser(owner.id)).toMatchObject({ language: "en", updatedAt: before?.updatedAt });
    const read = await app.inject({ method: "GET", url: `/api/users/${owner.id}`, headers: bearer(owner) });
    expect(read.json().language).toBe("en");
    // Saving the same language again answers the same.
    expect((await saveLanguage(owner, "en")).json().user.language).toBe("en");
  });

  it("refuses another owner's account, no session and a language it does not speak, changing nothing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    expect((await saveLanguage(owner, "en", other.id)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: "PUT",
      url: `/api/users/${owner.id}/language`,
      payload: { language: "en" },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const wrong of ["fr", "", null, 7, "x".repeat(100_000)]) {
      const refused = await saveLanguage(owner, wrong, owner.id, { "accept-language": "en" });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.language).toEqual(["The value is not valid."]);
    }
    expect((await storedUser(owner.id))?.language).toBe("es");
    expect((await storedUser(other.id))?.language).toBe("es");
  });
});

describe("what the owner reads in their language", () => {
  const book = (payload: object) => app.inject({ method: "POST", url: "/api/reservations", payload });
  const mailsOf = (reservationId: number, kind: string) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, reservationId), eq(outbox.kind, kind)));

  it("writes the owner's booking emails in their language and the customer's in the one they booked in", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    await switchLandingLanguage(app, owner, landing.id, "en");

    // Read from the database: the landing's site has kept nothing yet.
    const first = await book(bookingPayload(landing, clock.now(), { language: "en" }, { start: 10, length: 2 }));
    expect(first.statusCode).toBe(201);
    const [ownerSpanish] = await mailsOf(first.json().id, "reservation.owner");
    expect(ownerSpanish?.subject).toContain("Nueva reserva");
    expect(ownerSpanish?.text).toContain("Abrir en tu panel");
    const [customerEnglish] = await mailsOf(first.json().id, "reservation.customer");
    expect(customerEnglish?.subject).toContain("Your booking");

    // Switched to English, after a visitor's quote: the booking is checked against the site's kept copy.
    expect((await saveLanguage(owner, "en")).statusCode).toBe(200);
    const payload = bookingPayload(landing, clock.now(), { language: "es" }, { start: 20, length: 2 });
    const quote = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${payload.date_of_departure}T10:00&to=${payload.date_of_arrival}T10:00`,
    });
    expect(quote.json().available).toBe(true);
    const second = await book(payload);
    expect(second.statusCode).toBe(201);
    const [ownerEnglish] = await mailsOf(second.json().id, "reservation.owner");
    expect(ownerEnglish?.subject).toContain("New booking");
    expect(ownerEnglish?.text).toContain("Open in your dashboard");
    const [customerSpanish] = await mailsOf(second.json().id, "reservation.customer");
    expect(customerSpanish?.subject).toContain("Tu reserva");

    // The customer cancels: the owner hears of it in English too.
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/publicLanding/${landing.name}/reservation/${second.json().reference}/cancel?t=${second.json().customer_token}`,
    });
    expect(cancelled.statusCode).toBe(200);
    const [ownerCancelled] = await mailsOf(second.json().id, "reservation.owner.cancelled");
    expect(ownerCancelled?.subject).toBe(`Booking ${second.json().reference} cancelled by the customer`);
  });

  it("writes the calendar feed's events in the owner's language", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    await switchLandingLanguage(app, owner, landing.id, "en");
    expect((await book(bookingPayload(landing, clock.now()))).statusCode).toBe(201);
    const { url } = (
      await app.inject({ method: "GET", url: `/api/landings/${landing.id}/calendar`, headers: bearer(owner) })
    ).json() as { url: string };
    const feed = () => app.inject({ method: "GET", url: new URL(url).pathname });
    expect((await feed()).body).toContain("Recogida: Santiago");
    await saveLanguage(owner, "en");
    const english = (await feed()).body;
    expect(english).toContain("Pickup: Santiago");
    expect(english).not.toContain("Recogida");
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservationAddons } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { parseHtml } from "../test/html";

// A booking's extras keep their names in every language as the landing had them when booked
// (migration 0035): its customer's page read in the other language, and the owner's dashboard in
// theirs, name each extra in that language, whatever the owner renames later.
const { app, clock, db } = await createTestApp();

describe("a booking's extras in every language", () => {
  it("keeps each name as booked, and the customer's page says it in the language it is read in", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { price: "100" });
    const detail = await app.inject({
      method: "GET",
      url: `/api/landings/${owner.id}/${landing.id}`,
      headers: bearer(owner),
    });
    const seat = (detail.json() as { addons: { id: number; name: string }[] }).addons.find(
      (addon) => addon.name === "Silla de bebé",
    );
    if (!seat) throw new Error("the default extras include the baby seat");
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), { language: "es", addons: [{ id: seat.id, quantity: 1 }] }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const {
      id,
      reference,
      customer_token: token,
    } = booked.json() as {
      id: number;
      reference: string;
      customer_token: string;
    };

    // Stored: the booking's language's name, and every language's.
    const [line] = await db.select().from(reservationAddons).where(eq(reservationAddons.reservationId, id));
    expect(line).toMatchObject({ name: "Silla de bebé", names: { es: "Silla de bebé", en: "Baby seat" } });
    const listed = await app.inject({ method: "GET", url: `/api/reservations/${landing.id}`, headers: bearer(owner) });
    const [reservation] = (listed.json() as { reservations: { addons: unknown[] }[] }).reservations;
    expect(reservation?.addons).toEqual([
      expect.objectContaining({ name: "Silla de bebé", names: { es: "Silla de bebé", en: "Baby seat" } }),
    ]);

    // The owner renames the extra afterwards: the booking still says what was booked.
    await db.execute(sql`update landing_addons set name = 'Asiento infantil',
      translations = '{"en":{"name":"Child seat"}}'::jsonb where id = ${seat.id}`);
    const page = async (language: "es" | "en") => {
      const answer = await app.inject({
        method: "GET",
        url: `/${landing.name}/reservation/${reference}?t=${token}&lang=${language}`,
      });
      expect(answer.statusCode).toBe(200);
      const html = parseHtml(answer.body);
      return html.text(html.elements("main")[0]);
    };
    const english = await page("en");
    expect(english).toContain("Baby seat");
    expect(english).not.toMatch(/Silla|Child seat/);
    const spanish = await page("es");
    expect(spanish).toContain("Silla de bebé");
    expect(spanish).not.toMatch(/Baby seat|Asiento/);
  });
});

import { translate } from "@domain/messages";
import { toLocal } from "@domain/rental-time";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFeeds, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  browser,
  createBookableLanding,
  createLandingFor,
  type Owner,
  signIn,
  signUp,
} from "../test/factories";
import { DRIVER } from "../test/handovers";
import { escapeText, foldLine } from "./ical";

const logs: string[] = [];
const { app, clock, db, config } = await createTestApp(
  {},
  { logger: { level: "info", stream: { write: (line: string) => void logs.push(line) } } },
);

const book = async (payload: object) => {
  const response = await app.inject({ method: "POST", url: "/api/reservations", payload });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; reference: string };
};
const feedUrl = (owner: Owner, landingId: number) =>
  app.inject({ method: "GET", url: `/api/landings/${landingId}/calendar`, headers: bearer(owner) });
const regenerate = (owner: Owner, landingId: number, headers: Record<string, string> = bearer(owner)) =>
  app.inject({ method: "POST", url: `/api/landings/${landingId}/calendar/regenerate`, headers });
/** The path of a feed URL, for app.inject. */
const pathOf = (url: string) => new URL(url).pathname;
const readFeed = (url: string) => app.inject({ method: "GET", url: pathOf(url) });

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((event) => ({
      uid: event.getFirstPropertyValue("uid"),
      summary: event.getFirstPropertyValue("summary"),
      location: event.getFirstPropertyValue("location"),
      description: event.getFirstPropertyValue("description"),
      status: event.getFirstPropertyValue("status"),
      start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
      end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
      stamp: (event.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().toISOString(),
    })),
  };
}

describe("calendar feed", () => {
  it("lists pending, confirmed and recent completed bookings with their details, never cancelled ones", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "10" });
    const tricky = await book(
      bookingPayload(
        landing,
        clock.now(),
        { name: "Ana 🚗", last_name: "Pérez; Núñez, hija", phone: "+1 809 555 0101" },
        { start: 10, length: 3 },
      ),
    );
    const confirmed = await book(bookingPayload(landing, clock.now(), { name: "Luis" }, { start: 5, length: 2 }));
    const cancelled = await book(bookingPayload(landing, clock.now(), { name: "Eva" }, { start: 20, length: 2 }));
    const status = (id: number, value: string) =>
      app.inject({
        method: "PATCH",
        url: `/api/reservations/${id}/status`,
        payload: { status: value },
        headers: bearer(owner),
      });
    expect((await status(confirmed.id, "confirmed")).statusCode).toBe(200);
    expect((await status(cancelled.id, "cancelled")).statusCode).toBe(200);

    const answer = await feedUrl(owner, landing.id);
    expect(answer.statusCode).toBe(200);
    const { url } = answer.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${config.publicBaseUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await feedUrl(owner, landing.id)).json()).toEqual({ url });

    const response = await readFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(response.body.replace(/\r\n/g, "")).not.toMatch(/\n/);
    for (const line of response.body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Nelly//Reservations//ES");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(landing.display_name);

    const rows = await db.select().from(reservations).where(eq(reservations.landingId, landing.id));
    const row = (id: number) => rows.find((r) => r.id === id);
    const first = row(confirmed.id);
    const second = row(tricky.id);
    expect(events).toEqual([
      {
        uid: `${confirmed.reference}@nelly`,
        summary: `${confirmed.reference} · Luis Peña · Toyota Corolla 2024`,
        location: "Santiago",
        description: [
          `Recogida: Santiago, ${first?.pickupDate} 10:00`,
          `Devolución: La Romana, ${first?.returnDate} 10:00`,
          "Teléfono: +1 809 555 0101",
          "Estado: Confirmada",
        ].join("\n"),
        status: "CONFIRMED",
        start: first?.pickupAt.toISOString(),
        end: first?.returnAt.toISOString(),
        stamp: new Date(Math.floor((first?.updatedAt.getTime() ?? 0) / 1000) * 1000).toISOString(),
      },
      {
        uid: `${tricky.reference}@nelly`,
        summary: `${tricky.reference} · Ana 🚗 Pérez; Núñez, hija · Toyota Corolla 2024`,
        location: "Santiago",
        description: [
          `Recogida: Santiago, ${second?.pickupDate} 10:00`,
          `Devolución: La Romana, ${second?.returnDate} 10:00`,
          "Teléfono: +1 809 555 0101",
          "Estado: Pendiente",
        ].join("\n"),
        status: "TENTATIVE",
        start: second?.pickupAt.toISOString(),
        end: second?.returnAt.toISOString(),
        stamp: new Date(Math.floor((second?.updatedAt.getTime() ?? 0) / 1000) * 1000).toISOString(),
      },
    ]);
  });

  it("keeps completed rentals for 90 days after their return", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const done = await book(bookingPayload(landing, clock.now(), { name: "Olga" }));
    await db.update(reservations).set({ status: "completed" }).where(eq(reservations.id, done.id));
    const { url } = (await feedUrl(owner, landing.id)).json() as { url: string };
    expect(parse((await readFeed(url)).body).events.map((e) => e.status)).toEqual(["CONFIRMED"]);
    const [stored] = await db.select().from(reservations).where(eq(reservations.id, done.id));
    await db
      .update(reservations)
      .set({
        pickupAt: new Date(clock.now().getTime() - 94 * 86_400_000),
        returnAt: new Date(clock.now().getTime() - 91 * 86_400_000),
      })
      .where(eq(reservations.id, done.id));
    expect(stored?.status).toBe("completed");
    expect(parse((await readFeed(url)).body).events).toEqual([]);
  });

  it("spans a rental from when the car left to when it came back, early, keeping the booked times in its description", async () => {
    const landingOwner = await signUp(app);
    const landing = await createBookableLanding(app, landingOwner);
    const booked = await book(bookingPayload(landing, clock.now(), { name: "Rosa" }, { start: 3, length: 5 }));
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
    if (!row) throw new Error("booking not stored");
    // Signed in again at each step, as an owner's session would have lapsed meanwhile.
    const send = async (method: "POST" | "PATCH", url: string, payload: object) =>
      app.inject({ method, url, payload, headers: bearer(await signIn(app, landingOwner)) });
    expect((await send("PATCH", `/api/reservations/${booked.id}/status`, { status: "confirmed" })).statusCode).toBe(
      200,
    );
    // Handed over at 07:00, three hours before its booked 10:00 (the counter takes it from the pickup day).
    clock.advance(row.pickupAt.getTime() - 3 * 3_600_000 - clock.now().getTime());
    const outAt = clock.now();
    const out = await send("POST", `/api/reservations/${booked.id}/check-out`, {
      odometer_km: 1_000,
      fuel_eighths: 8,
      drivers: [DRIVER],
    });
    expect(out.statusCode, out.body).toBe(200);
    // Back two days and five hours later, three days early: 12:00 in Santo Domingo.
    clock.advance((2 * 24 + 5) * 3_600_000);
    const backAt = clock.now();
    const back = await send("POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 1_100,
      fuel_eighths: 8,
      damages: [],
    });
    expect(back.statusCode, back.body).toBe(200);

    const { url } = (await feedUrl(await signIn(app, landingOwner), landing.id)).json() as { url: string };
    const [event] = parse((await readFeed(url)).body).events;
    expect(event?.start).toBe(new Date(Math.floor(outAt.getTime() / 1000) * 1000).toISOString());
    expect(event?.end).toBe(new Date(Math.floor(backAt.getTime() / 1000) * 1000).toISOString());
    expect(event?.description).toBe(
      [
        `Recogida: Santiago, ${row.pickupDate} 10:00`,
        `Devolución: La Romana, ${row.returnDate} 10:00`,
        `Entregado: ${row.pickupDate} 07:00`,
        `Devuelto: ${toLocal(backAt, "America/Santo_Domingo").date} 12:00`,
        "Teléfono: +1 809 555 0101",
        "Estado: Devuelta",
      ].join("\n"),
    );
  });

  it("answers 404 with no detail for an unknown or malformed token", async () => {
    const unknown = await app.inject({ method: "GET", url: `/api/calendar/${"A".repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: translate("en", "notFound") });
    const malformed = await app.inject({ method: "GET", url: "/api/calendar/short.ics" });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: translate("en", "notFound") });
  });

  it("regenerates the URL: the old one answers 404, the new one works; browsers need the CSRF pair", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const { url: old } = (await feedUrl(owner, landing.id)).json() as { url: string };
    const withoutCsrf = await regenerate(owner, landing.id, { cookie: owner.cookie });
    expect(withoutCsrf.statusCode).toBe(403);
    expect((await readFeed(old)).statusCode).toBe(200);

    const response = await regenerate(owner, landing.id, browser(owner));
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).not.toBe(old);
    expect((await readFeed(old)).statusCode).toBe(404);
    expect((await readFeed(url)).statusCode).toBe(200);
    expect((await feedUrl(owner, landing.id)).json()).toEqual({ url });
  });

  it("answers 404 for another owner's landing and creates nothing; 401 without a session", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const read = await app.inject({
      method: "GET",
      url: `/api/landings/${landing.id}/calendar`,
      headers: { ...bearer(stranger), "accept-language": "es" },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: translate("es", "landingNotFound") });
    expect((await regenerate(stranger, landing.id)).statusCode).toBe(404);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.landingId, landing.id))).toEqual([]);
    expect((await app.inject({ method: "GET", url: `/api/landings/${landing.id}/calendar` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/landings/abc/calendar", headers: bearer(owner) })).statusCode,
    ).toBe(422);
  });

  it("never writes the token to the logs", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const { url } = (await feedUrl(owner, landing.id)).json() as { url: string };
    const token = pathOf(url).slice("/api/calendar/".length, -".ics".length);
    logs.length = 0;
    expect((await readFeed(url)).statusCode).toBe(200);
    expect((await readFeed(`${url.slice(0, -5)}x.ics`)).statusCode).toBe(404);
    expect(logs.some((line) => line.includes("/api/calendar/[redacted]"))).toBe(true);
    expect(logs.filter((line) => line.includes(token.slice(0, 20)))).toEqual([]);
  });
});

describe("iCalendar text", () => {
  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const line = `SUMMARY:${"x".repeat(66)}🚗${"é".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.map((part) => Buffer.byteLength(part))).toEqual([74, 75, 11]);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });
});

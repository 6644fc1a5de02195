import fs from "node:fs";
import { PHOTOS_MAX } from "@domain/counter";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { outbox, rentalAgreements, rentalPhotos, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  jpegWithExif,
  multipart,
  type Owner,
  signaturePng,
  signIn,
  signUp,
} from "../test/factories";
import { pdfText as linesOf } from "../test/pdf-text";
import { sendExpressReminders } from "./express-reminders";

/**
 * Express pickup (issue 28.6) through the API, on PGlite and PostgreSQL: the customer, with the
 * secret of their link, saves the drivers and a licence photo, reads and signs the agreement; the
 * counter then finds it done; nothing opens with a wrong link, and it closes once checked out.
 */
const { app, clock, db, storage } = await createTestApp();
const storedFiles = () =>
  fs.readdirSync(storage.root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".jpg"));
const pdfText = (pdf: Buffer) => linesOf(pdf).replace(/\s+/g, " ");

const driver = (overrides: Record<string, unknown> = {}) => ({
  name: "María José Peña",
  licence_number: "001-1234567-8",
  licence_country: "DO",
  licence_expiry: "2035-01-31",
  birth_date: "1988-06-15",
  ...overrides,
});

/** A booking picking up `start` days from today, confirmed by its owner now. */
async function confirmedBooking(start = 2) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner);
  const booked = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), {}, { start, length: 3 }),
    headers: { "accept-language": "es" },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const body = booked.json() as { id: number; reference: string; customer_token: string; pickup_at: string };
  const confirm = await app.inject({
    method: "PATCH",
    url: `/api/reservations/${body.id}/status`,
    payload: { status: "confirmed" },
    headers: bearer(owner),
  });
  expect(confirm.statusCode).toBe(200);
  const base = `/api/publicLanding/${landing.name}/reservation/${body.reference}/express`;
  const call = (method: "GET" | "PUT" | "POST", path: string, payload?: object, token = body.customer_token) =>
    app.inject({ method, url: `${base}${path}?t=${token}`, payload, headers: { "accept-language": "es" } });
  return { owner, landing, booking: body, base, call };
}

describe("express pickup (issue 28.6)", () => {
  it("takes the drivers with a licence photo and the signed agreement, and the counter finds it done", async () => {
    const { owner, landing, booking, base, call } = await confirmedBooking();
    const fresh = await call("GET", "");
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({
      open: true,
      drivers: [],
      photos: [],
      signed_version: null,
      deposit: { needed: false, held: false },
      completed_at: null,
    });
    expect((await call("GET", "", undefined, "not-the-token")).statusCode).toBe(404);
    expect((await call("GET", "/agreement")).json().message).toBe("Primero guarda los conductores y sus licencias.");

    const upload = await multipart({
      kind: "licence",
      photo: { data: await jpegWithExif(), filename: "licencia.jpg", type: "image/jpeg" },
    });
    const photo = await app.inject({
      method: "POST",
      url: `${base}/photos?t=${booking.customer_token}`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const photoId = photo.json().photo.id as number;
    expect(photo.json().photo.url).toBe(`${base}/photos/${photoId}?t=${booking.customer_token}`);
    const shown = await app.inject({ method: "GET", url: photo.json().photo.url });
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(shown.rawPayload).metadata()).exif).toBeUndefined();
    expect((await app.inject({ method: "GET", url: `${base}/photos/${photoId}?t=wrong` })).statusCode).toBe(404);

    const expired = await call("PUT", "/drivers", { drivers: [driver({ licence_expiry: "2020-01-01" })] });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ "drivers.0.licence_expiry": ["Esta licencia ya está vencida."] });
    const saved = await call("PUT", "/drivers", {
      drivers: [driver({ licence_photo_id: photoId }), driver({ name: "Luis Peña", licence_number: "L-2" })],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("Conductores guardados.");
    expect(saved.json().express.drivers.map((row: { name: string }) => row.name)).toEqual([
      "María José Peña",
      "Luis Peña",
    ]);

    const draft = await call("GET", "/agreement");
    expect(draft.headers["content-type"]).toBe("application/pdf");
    const draftText = pdfText(draft.rawPayload);
    expect(draftText).toContain("Luis Peña");
    expect(draftText).toContain("Firmado antes de la recogida");

    const blank = await call("POST", "/agreement", { signer_name: "María José Peña", signature: "" });
    expect(blank.statusCode).toBe(422);
    const signed = await call("POST", "/agreement", {
      signer_name: "María José Peña",
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().message).toBe(
      "Contrato firmado. Tu recogida exprés está lista: en el mostrador solo verificamos tu licencia.",
    );
    expect(signed.json().express).toMatchObject({ signed_version: 1, completed_at: clock.now().toISOString() });
    const [stored] = await db.select().from(rentalAgreements).where(eq(rentalAgreements.reservationId, booking.id));
    expect(stored).toMatchObject({ version: 1, signerName: "María José Peña" });
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booking.id), eq(outbox.kind, "reservation.agreement")));
    expect(mails).toHaveLength(1);

    // The owner sees it done, and checks out with the drivers the customer entered.
    const seen = await app.inject({
      method: "GET",
      url: `/api/planner/reservations/${booking.id}`,
      headers: bearer(owner),
    });
    expect(seen.json().express_completed_at).toBe(clock.now().toISOString());
    const planner = await app.inject({
      method: "GET",
      url: `/api/planner/${landing.id}?from=${clock.now().toISOString().slice(0, 10)}&days=7`,
      headers: bearer(owner),
    });
    const bars = planner
      .json()
      .vehicles.flatMap((vehicle: { lanes: { reservations: unknown[] }[] }) =>
        vehicle.lanes.flatMap((lane) => lane.reservations),
      );
    expect(bars).toContainEqual(expect.objectContaining({ id: booking.id, express: true }));
    clock.advance(Math.max(0, new Date(booking.pickup_at).getTime() - clock.now().getTime()));
    const again = await signIn(app, owner);
    // Inicio's list of the day's pickups says it is done.
    const today = await app.inject({ method: "GET", url: "/api/insights/summary", headers: bearer(again) });
    expect(today.json().today.pickups.items).toMatchObject([{ reference: booking.reference, express: true }]);
    const out = await app.inject({
      method: "POST",
      url: `/api/reservations/${booking.id}/check-out`,
      payload: { odometer_km: 10_000, fuel_eighths: 8, drivers: saved.json().express.drivers },
      headers: bearer(again),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().counter.agreements).toHaveLength(1);
    const closed = await call("GET", "");
    expect(closed.json().open).toBe(false);
    const late = await call("PUT", "/drivers", { drivers: [driver()] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "La recogida exprés ya no está disponible para esta reserva: completa los datos en el mostrador.",
    );
  });

  it("asks for a new signature when the drivers change, and refuses photos of another booking", async () => {
    const first = await confirmedBooking();
    await first.call("PUT", "/drivers", { drivers: [driver()] });
    await first.call("POST", "/agreement", { signer_name: "María José Peña", signature: await signaturePng() });
    const changed = await first.call("PUT", "/drivers", { drivers: [driver({ licence_number: "NUEVA-1" })] });
    expect(changed.json().express).toMatchObject({ completed_at: null, signed_version: 1 });
    const [row] = await db
      .select({ done: reservations.expressCompletedAt })
      .from(reservations)
      .where(eq(reservations.id, first.booking.id));
    expect(row?.done).toBeNull();

    const second = await confirmedBooking();
    const upload = await multipart({
      kind: "licence",
      photo: { data: await jpegWithExif(), filename: "licencia.jpg", type: "image/jpeg" },
    });
    const theirs = await app.inject({
      method: "POST",
      url: `${second.base}/photos?t=${second.booking.customer_token}`,
      payload: upload.payload,
      headers: upload.headers,
    });
    const foreign = await first.call("PUT", "/drivers", {
      drivers: [driver({ licence_photo_id: theirs.json().photo.id })],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ "drivers.0.licence_photo_id": ["Esta foto no es de esta reserva."] });
    // A stranger with another booking's link gets nothing of this one.
    const crossed = await app.inject({
      method: "GET",
      url: `${first.base}?t=${second.booking.customer_token}`,
    });
    expect(crossed.statusCode).toBe(404);
    const owner: Owner = first.owner;
    expect(owner.id).toBeGreaterThan(0);
  });
});

describe("express pickup's licence photos", () => {
  it("keeps to the cap when uploads arrive at once, leaving no file of those refused", async () => {
    const { base, booking, landing } = await confirmedBooking();
    const [waiting] = await db
      .insert(rentalPhotos)
      .values(
        Array.from({ length: PHOTOS_MAX - 2 }, (_, index) => ({
          reservationId: booking.id,
          landingId: landing.id,
          kind: "licence" as const,
          path: `private/photos/earlier-${index}.jpg`,
          createdAt: clock.now(),
        })),
      )
      .returning();
    expect(waiting).toBeDefined();
    const before = storedFiles();
    const body = await multipart({
      kind: "licence",
      photo: { data: await jpegWithExif(), filename: "licencia.jpg", type: "image/jpeg" },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({
          method: "POST",
          url: `${base}/photos?t=${booking.customer_token}`,
          payload: body.payload,
          headers: { ...body.headers, "accept-language": "es" },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 422, 422, 422, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json().errors.photo).toHaveLength(1);
    expect(await db.$count(rentalPhotos, eq(rentalPhotos.reservationId, booking.id))).toBe(PHOTOS_MAX);
    expect(storedFiles().length - before.length).toBe(2);
  });

  it("shows and keeps the photos the saved drivers name, not the uploads left behind", async () => {
    const { base, booking, call } = await confirmedBooking();
    const upload = async (replaces?: number) => {
      const body = await multipart({
        kind: "licence",
        ...(replaces !== undefined && { replaces: String(replaces) }),
        photo: { data: await jpegWithExif(), filename: "licencia.jpg", type: "image/jpeg" },
      });
      const response = await app.inject({
        method: "POST",
        url: `${base}/photos?t=${booking.customer_token}`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().photo.id as number;
    };
    const kept = () =>
      db
        .select({ id: rentalPhotos.id, attached: rentalPhotos.attachedAt })
        .from(rentalPhotos)
        .where(eq(rentalPhotos.reservationId, booking.id))
        .orderBy(rentalPhotos.id);
    // Taken, then the page reloaded and taken again, then retaken: the retake's first photo goes at once.
    const left = await upload();
    const first = await upload();
    const named = await upload(first);
    expect((await kept()).map((row) => row.id)).toEqual([left, named]);
    expect((await call("GET", "")).json().photos).toEqual([]);
    const saved = await call("PUT", "/drivers", { drivers: [driver({ licence_photo_id: named })] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().express.photos.map((photo: { id: number }) => photo.id)).toEqual([named]);
    expect((await kept()).map((row) => [row.id, row.attached !== null])).toEqual([
      [left, false],
      [named, true],
    ]);
    // Saved again with a new photo: the one the drivers named before is no longer kept.
    const newer = await upload();
    const resaved = await call("PUT", "/drivers", { drivers: [driver({ licence_photo_id: newer })] });
    expect(resaved.json().express.photos.map((photo: { id: number }) => photo.id)).toEqual([newer]);
    expect((await kept()).map((row) => [row.id, row.attached !== null])).toEqual([
      [left, false],
      [named, false],
      [newer, true],
    ]);
    // A retake never removes the photo the saved drivers name.
    await upload(newer);
    expect((await kept()).map((row) => row.id)).toContain(newer);
  });
});

describe("express pickup's reminder, 48 hours before pickup (issue 28.6)", () => {
  it("emails each confirmed customer once, with a link that opens their page and their express pickup", async () => {
    // Confirmed five days ahead: its reminder is due once the pickup is 48 hours away.
    const { booking, landing, call } = await confirmedBooking(5);
    const reminders = () =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.reservationId, booking.id), eq(outbox.kind, "reservation.express")));
    // Confirmed by the owner: its email links to the express pickup with a secret of its own.
    const [confirmation] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booking.id), eq(outbox.kind, "reservation.confirmed")));
    const confirmedLink = confirmation?.text.match(/\/reservation\/[\w-]+\/express\?t=([\w-]+)/)?.[1];
    expect(confirmedLink).toBeTruthy();
    expect((await call("GET", "", undefined, confirmedLink)).statusCode).toBe(200);

    await sendExpressReminders(app.deps);
    expect(await reminders()).toHaveLength(0);
    clock.advance(3.5 * 86_400_000);
    await sendExpressReminders(app.deps);
    await sendExpressReminders(app.deps);
    const [reminder] = await reminders();
    expect(await reminders()).toHaveLength(1);
    expect(reminder?.subject).toBe("Tu recogida de Toyota Corolla 2024 se acerca: hazla exprés");
    const token = reminder?.text.match(/\/reservation\/[\w-]+\/express\?t=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const opened = await call("GET", "", undefined, token);
    expect(opened.statusCode).toBe(200);
    const page = await app.inject({
      method: "GET",
      url: `/${landing.name}/reservation/${booking.reference}/express?t=${token}`,
    });
    expect(page.statusCode).toBe(200);
    // A mistyped link says so in the landing's page, as the booking's own page does: not found.
    const wrong = await app.inject({
      method: "GET",
      url: `/${landing.name}/reservation/${booking.reference}/express?t=wrong`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain("No encontramos esta reserva. Revisa el enlace de tu correo.");
  });

  it("is not sent for a desk booking whose owner left 'Enviar al cliente el correo' unticked", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const desk = async (email: string, notify: boolean) => {
      const { id_landing, terms_accepted, ...payload } = bookingPayload(
        landing,
        clock.now(),
        { email, notify_customer: notify },
        { start: 1, length: 3 },
      );
      const response = await app.inject({
        method: "POST",
        url: `/api/landings/${landing.id}/reservations`,
        payload,
        headers: { ...bearer(owner), "accept-language": "es" },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().reservation as { id: number };
    };
    const quiet = await desk("callada@example.com", false);
    const told = await desk("avisada@example.com", true);
    const mailsTo = (id: number) =>
      db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.reservationId, id)).orderBy(outbox.id);
    await sendExpressReminders(app.deps);
    // The owner chose not to email this customer: Nelly does not write to them on its own either.
    expect(await mailsTo(quiet.id)).toEqual([]);
    // Booked inside the 48 hours: its confirmation carried the express link, and stands for the reminder.
    expect(await mailsTo(told.id)).toEqual([{ kind: "reservation.confirmed" }]);
    const [row] = await db
      .select({ reminder: reservations.expressReminder, reminded: reservations.expressRemindedAt })
      .from(reservations)
      .where(eq(reservations.id, quiet.id));
    expect(row).toEqual({ reminder: false, reminded: null });
  });

  it("is not sent again to a customer whose confirmation came inside the 48 hours, with the same link", async () => {
    const { booking } = await confirmedBooking(1);
    await sendExpressReminders(app.deps);
    const mails = await db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.reservationId, booking.id), eq(outbox.kind, "reservation.express")));
    expect(mails).toEqual([]);
    const [row] = await db
      .select({ reminded: reservations.expressRemindedAt, confirmed: reservations.confirmedAt })
      .from(reservations)
      .where(eq(reservations.id, booking.id));
    expect(row?.reminded).toEqual(row?.confirmed);
  });
});

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reservations, vehicleImages, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createLandingFor,
  createVehicleFor,
  jpegWithExif,
  multipart,
  type Owner,
  photos,
  signUp,
  unpublishLanding,
  vehicleFields,
} from "../test/factories";

const { app, clock, db, storage } = await createTestApp();

const storedPath = (url: string) => path.join(storage.root, url.replace(/^\/storage\//, ""));
const allFiles = (vehicle: { images: { srcset: string }[] }) =>
  vehicle.images.flatMap((image) => image.srcset.split(", ").map((entry) => storedPath(entry.split(" ")[0] ?? "")));

async function postVehicle(
  owner: Owner,
  fields: Record<string, string | { data: Buffer; filename: string; type: string }>,
  lang = "en",
) {
  const body = await multipart(fields);
  return app.inject({
    method: "POST",
    url: "/api/vehicle",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": lang },
  });
}

async function ownerWithLanding() {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  return { owner, landing };
}

describe("creating a vehicle", () => {
  it("stores the fields, prices in cents and each photo as WebP variants without EXIF", async () => {
    const { owner, landing } = await ownerWithLanding();
    const exif = { data: await jpegWithExif(2000, 1500), filename: "exif.jpg", type: "image/jpeg" };
    const response = await postVehicle(
      owner,
      {
        id_landing: String(landing.id),
        ...vehicleFields(),
        "images[0]": exif,
        "images[1]": (await photos(1))[0] as never,
      },
      "es",
    );
    expect(response.statusCode).toBe(201);
    const { message, vehicle } = response.json();
    expect(message).toBe("Vehículo agregado con éxito.");
    expect(vehicle).toMatchObject({
      id_landing: landing.id,
      name: "Toyota Corolla 2024",
      price: 45.5,
      price_cents: 4550,
      luggage: 2,
      people: 5,
      type_of_car: "sedan",
      transmision: "automatic",
      units: 2,
      bluetooth: true,
      siriusxm: false,
      gps: true,
      features: [{ name: "color", value: "Rojo" }],
    });
    expect(vehicle.images).toHaveLength(2);
    // The size given is the picture's own file's, as a link preview declares it.
    expect(vehicle.images[0]).toMatchObject({ position: 0, width: 960, height: 720 });
    const shown = await sharp(fs.readFileSync(storedPath(vehicle.images[0].path_images))).metadata();
    expect([shown.width, shown.height]).toEqual([960, 720]);
    expect(vehicle.images[0].srcset).toMatch(/480w, .* 960w, .* 1600w$/);
    for (const file of allFiles(vehicle)) {
      const data = fs.readFileSync(file);
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(data.includes(Buffer.from("secret-camera-owner"))).toBe(false);
    }
    const landingNow = await app.inject({
      method: "GET",
      url: `/api/landings/${owner.id}/${landing.id}`,
      headers: bearer(owner),
    });
    expect(landingNow.json().vehicles_count).toBe(1);
  });

  it.each([
    ["no name", { name: "" }, { name: ["This field is required."] }],
    [
      "a description over 255 characters",
      { description: "d".repeat(256) },
      { description: ["The description may not be longer than 255 characters."] },
    ],
    [
      "a price that is not a number",
      { price: "cheap" },
      { price: ["The price must be greater than 0, in figures with at most two decimals, such as 45 or 45.50."] },
    ],
    [
      "a price of 0",
      { price: "0" },
      { price: ["The price must be greater than 0, in figures with at most two decimals, such as 45 or 45.50."] },
    ],
    ["luggage out of range", { luggage: "11" }, { luggage: ["Choose a number from 1 to 10."] }],
    ["missing people", { people: "" }, { people: ["Choose a number from 1 to 10."] }],
    ["an unknown type", { type_of_car: "spaceship" }, { type_of_car: ["Choose a vehicle type from the list."] }],
    ["an unknown transmission", { transmision: "warp" }, { transmision: ["Choose a transmission from the list."] }],
    [
      "a feature without a value",
      { features: JSON.stringify([{ name: "color", value: "" }]) },
      { "features.0.value": ["Fill in the name and the value of each specification."] },
    ],
  ])("answers 422 for %s and stores nothing", async (_case, override, errors) => {
    const { owner, landing } = await ownerWithLanding();
    const [photo] = await photos(1, 200, 150);
    const response = await postVehicle(owner, {
      id_landing: String(landing.id),
      ...vehicleFields(override),
      "images[0]": photo as never,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
    expect(await db.select().from(vehicles).where(eq(vehicles.landingId, landing.id))).toHaveLength(0);
  });

  it("requires images, refuses 13, a text file named .jpg, and a file over the size limit", async () => {
    const { owner, landing } = await ownerWithLanding();
    const base = { id_landing: String(landing.id), ...vehicleFields() };
    const none = await postVehicle(owner, base, "es");
    expect(none.json().errors).toEqual({ images: ["Sube al menos una imagen del vehículo."] });

    const thirteen = Object.fromEntries((await photos(13, 64, 48)).map((file, index) => [`images[${index}]`, file]));
    const tooMany = await postVehicle(owner, { ...base, ...thirteen }, "es");
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ images: ["Puedes subir un máximo de 12 imágenes."] });

    const fake = await postVehicle(owner, {
      ...base,
      "images[0]": { data: Buffer.from("plain text pretending"), filename: "car.jpg", type: "image/jpeg" },
    });
    expect(fake.json().errors).toEqual({
      "images.0": ["The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)."],
    });

    const huge = await postVehicle(owner, {
      ...base,
      "images[0]": { data: Buffer.alloc(10 * 1024 * 1024 + 1, 1), filename: "big.jpg", type: "image/jpeg" },
    });
    expect(huge.json().errors).toEqual({ images: ["The image is too large (at most 10 MB)."] });
    expect(await db.select().from(vehicles).where(eq(vehicles.landingId, landing.id))).toHaveLength(0);
  });

  it("downscales a very large photo to at most 1600 px wide", async () => {
    const { owner, landing } = await ownerWithLanding();
    const vehicle = await createVehicleFor(app, owner, landing.id, await photos(1, 6000, 4000));
    const largest = vehicle.images[0]?.srcset.split(", ").pop()?.split(" ")[0] ?? "";
    expect(await sharp(fs.readFileSync(storedPath(largest))).metadata()).toMatchObject({ width: 1600, height: 1067 });
  });

  it("answers 404 for another owner's landing", async () => {
    const { owner } = await ownerWithLanding();
    const { landing: theirs } = await ownerWithLanding();
    const [photo] = await photos(1, 100, 100);
    const response = await postVehicle(owner, {
      id_landing: String(theirs.id),
      ...vehicleFields(),
      "images[0]": photo as never,
    });
    expect(response.statusCode).toBe(404);
    expect(await db.select().from(vehicles).where(eq(vehicles.landingId, theirs.id))).toHaveLength(0);
  });
});

describe("reading, updating and deleting vehicles", () => {
  it("lists and reads the owner's vehicles, 404 for another owner's", async () => {
    const { owner, landing } = await ownerWithLanding();
    const { owner: other, landing: theirs } = await ownerWithLanding();
    const mine = await createVehicleFor(app, owner, landing.id);
    const foreign = await createVehicleFor(app, other, theirs.id);
    const list = await app.inject({ method: "GET", url: `/api/vehicles/${landing.id}`, headers: bearer(owner) });
    expect(list.json().map((v: { id: number }) => v.id)).toEqual([mine.id]);
    expect(
      (await app.inject({ method: "GET", url: `/api/vehicles/${theirs.id}`, headers: bearer(owner) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: `/api/vehicles/${landing.id}/${mine.id}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: `/api/vehicles/${theirs.id}/${foreign.id}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: `/api/vehicles/${landing.id}/${foreign.id}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(404);
  });

  it("updates fields from JSON, and refuses another owner's vehicle", async () => {
    const { owner, landing } = await ownerWithLanding();
    const { owner: other, landing: theirs } = await ownerWithLanding();
    const mine = await createVehicleFor(app, owner, landing.id);
    const foreign = await createVehicleFor(app, other, theirs.id);
    const payload = {
      ...vehicleFields({ name: "Hyundai Tucson", type_of_car: "suv", price: "80" }),
      bluetooth: false,
      features: [{ name: "Asientos", value: "Cuero" }],
      version: 1,
    };
    const updated = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${mine.id}`,
      payload,
      headers: bearer(owner),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().vehicle).toMatchObject({
      name: "Hyundai Tucson",
      type_of_car: "suv",
      price_cents: 8000,
      bluetooth: false,
      features: [{ name: "asientos", value: "Cuero" }],
      version: 2,
    });
    expect(updated.json().vehicle.images).toHaveLength(2);
    const refused = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${theirs.id}/${foreign.id}`,
      payload,
      headers: bearer(owner),
    });
    expect(refused.statusCode).toBe(404);
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, foreign.id));
    expect(row?.name).toBe("Toyota Corolla 2024");
  });

  it("deletes a vehicle with its photo files, by either route, never another owner's", async () => {
    const { owner, landing } = await ownerWithLanding();
    const { owner: other, landing: theirs } = await ownerWithLanding();
    const first = await createVehicleFor(app, owner, landing.id);
    const second = await createVehicleFor(app, owner, landing.id);
    const foreign = await createVehicleFor(app, other, theirs.id);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/vehicle/${foreign.id}`, headers: bearer(owner) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/vehicle/${landing.id}/${foreign.id}`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(404);
    const files = allFiles(first);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/vehicle/${landing.id}/${first.id}`,
      headers: { ...bearer(owner), "accept-language": "es" },
    });
    expect(deleted.json()).toEqual({ message: "Vehículo eliminado con éxito" });
    expect(files.some((file) => fs.existsSync(file))).toBe(false);
    expect(await db.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, first.id))).toHaveLength(0);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/vehicle/${second.id}`, headers: bearer(owner) })).statusCode,
    ).toBe(200);
    expect(await db.select().from(vehicles).where(eq(vehicles.id, foreign.id))).toHaveLength(1);
  });
});

describe("a vehicle with bookings", () => {
  it("is kept while a booking is still ahead; deleted after, its bookings keep their name and photo", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const book = async (start: number) => {
      const booked = await app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, clock.now(), {}, { start, length: 2 }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json() as { id: number };
    };
    const [first, second] = [await book(10), await book(20)];
    // Not the landing's last vehicle: a published landing keeps its last (below).
    const other = await createVehicleFor(app, owner, landing.id);
    // The owner's list says what holds each, before they ask to delete it.
    const held = async () => {
      const listed = await app.inject({ method: "GET", url: `/api/vehicles/${landing.id}`, headers: bearer(owner) });
      return Object.fromEntries(
        (listed.json() as { id: number; bookings_ahead: number }[]).map((v) => [v.id, v.bookings_ahead]),
      );
    };
    expect(await held()).toEqual({ [landing.vehicle.id]: 2, [other.id]: 0 });
    const remove = () =>
      app.inject({
        method: "DELETE",
        url: `/api/vehicle/${landing.id}/${landing.vehicle.id}`,
        headers: { ...bearer(owner), "accept-language": "es" },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Este vehículo tiene 2 reservas activas/);
    expect(await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id))).toHaveLength(1);

    const cancel = (id: number) =>
      app.inject({
        method: "PATCH",
        url: `/api/reservations/${id}/status`,
        payload: { status: "cancelled" },
        headers: bearer(owner),
      });
    expect((await cancel(first.id)).statusCode).toBe(200);
    expect(await held()).toEqual({ [landing.vehicle.id]: 1, [other.id]: 0 });
    expect((await remove()).json().message).toMatch(/^Este vehículo tiene 1 reserva activa/);
    expect((await cancel(second.id)).statusCode).toBe(200);
    const files = allFiles(landing.vehicle);
    expect((await remove()).statusCode).toBe(200);
    expect(await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id))).toHaveLength(0);
    const [kept] = await db.select().from(reservations).where(eq(reservations.id, first.id));
    expect(kept).toMatchObject({ vehicleId: null, vehicleName: landing.vehicle.name });
    // The photo its bookings show stays; the photo's other sizes go.
    const shown = storedPath(kept?.vehicleImage ?? "");
    expect(fs.existsSync(shown)).toBe(true);
    expect(files.filter((file) => file !== shown).some((file) => fs.existsSync(file))).toBe(false);
  });
});

describe("a published landing's last vehicle", () => {
  it("is kept, saying why; once the landing is a draft again it goes", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const remove = () =>
      app.inject({
        method: "DELETE",
        url: `/api/vehicle/${landing.vehicle.id}`,
        headers: { ...bearer(owner), "accept-language": "en" },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This is the last vehicle of a published landing: without it nobody can book. Add another before deleting it, or unpublish the landing.",
    );
    expect(await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id))).toHaveLength(1);
    await unpublishLanding(app, owner, landing.id);
    expect((await remove()).statusCode).toBe(200);
  });
});

describe("vehicle photos", () => {
  it("adds photos up to 12, reorders them, and deletes one with its files", async () => {
    const { owner, landing } = await ownerWithLanding();
    const vehicle = await createVehicleFor(app, owner, landing.id, await photos(10, 100, 80));
    const add = async (count: number) => {
      const body = await multipart(
        Object.fromEntries((await photos(count, 90, 60)).map((file, index) => [`images[${index}]`, file])),
      );
      return app.inject({
        method: "POST",
        url: `/api/vehicles/${landing.id}/${vehicle.id}/images`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner), "accept-language": "es" },
      });
    };
    const tooMany = await add(3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ images: ["Puedes subir un máximo de 12 imágenes."] });
    const added = await add(2);
    expect(added.json().message).toBe("Imágenes agregadas exitosamente.");
    const images: { id: number }[] = added.json().vehicle.images;
    expect(images).toHaveLength(12);
    // The new photos go after the existing ones, each at its own position.
    const newIds = images.map((image) => image.id).filter((id) => !vehicle.images.some((old) => old.id === id));
    expect(images.map((image) => image.id)).toEqual([...vehicle.images.map((image) => image.id), ...newIds]);
    const positions = await db.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, vehicle.id));
    expect(positions.map((row) => row.position).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);

    const reversed = images.map((image) => image.id).reverse();
    const reordered = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${vehicle.id}/images/order`,
      payload: { image_ids: reversed },
      headers: bearer(owner),
    });
    expect(reordered.json().vehicle.images.map((image: { id: number }) => image.id)).toEqual(reversed);
    const partial = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${vehicle.id}/images/order`,
      payload: { image_ids: reversed.slice(1) },
      headers: bearer(owner),
    });
    expect(partial.json().errors).toEqual({ image_ids: [expect.any(String)] });
    // Each photo once, and only this vehicle's.
    for (const wrong of [
      [...reversed.slice(1), reversed[1]],
      [...reversed.slice(1), 999_999],
    ]) {
      const refused = await app.inject({
        method: "PUT",
        url: `/api/vehicles/${landing.id}/${vehicle.id}/images/order`,
        payload: { image_ids: wrong },
        headers: bearer(owner),
      });
      expect(refused.json().errors).toEqual({ image_ids: [expect.any(String)] });
    }

    const target = reordered.json().vehicle.images[0];
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/vehicles/${landing.id}/${vehicle.id}/images/${target.id}`,
      headers: bearer(owner),
    });
    expect(deleted.json().vehicle.images).toHaveLength(11);
    for (const file of allFiles({ images: [target] })) expect(fs.existsSync(file)).toBe(false);
  });

  it("keeps the last photo, and refuses photo calls on another owner's vehicle", async () => {
    const { owner, landing } = await ownerWithLanding();
    const { owner: other, landing: theirs } = await ownerWithLanding();
    const single = await createVehicleFor(app, owner, landing.id, await photos(1, 100, 80));
    const last = await app.inject({
      method: "DELETE",
      url: `/api/vehicles/${landing.id}/${single.id}/images/${single.images[0]?.id}`,
      headers: bearer(owner),
    });
    expect(last.statusCode).toBe(422);
    expect(last.json().errors).toEqual({ images: ["A vehicle needs at least one image."] });

    const foreign = await createVehicleFor(app, other, theirs.id);
    const body = await multipart({ "images[0]": (await photos(1, 50, 50))[0] as never });
    const addForeign = await app.inject({
      method: "POST",
      url: `/api/vehicles/${theirs.id}/${foreign.id}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(addForeign.statusCode).toBe(404);
    const deleteForeign = await app.inject({
      method: "DELETE",
      url: `/api/vehicles/${theirs.id}/${foreign.id}/images/${foreign.images[0]?.id}`,
      headers: bearer(owner),
    });
    expect(deleteForeign.statusCode).toBe(404);
    const orderForeign = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${theirs.id}/${foreign.id}/images/order`,
      payload: { image_ids: foreign.images.map((i) => i.id) },
      headers: bearer(owner),
    });
    expect(orderForeign.statusCode).toBe(404);
    expect(await db.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, foreign.id))).toHaveLength(2);
  });
});

describe("owner fixes (issue 7)", () => {
  const put = (owner: Owner, landingId: number, vehicleId: number, payload: object, lang = "en") =>
    app.inject({
      method: "PUT",
      url: `/api/vehicles/${landingId}/${vehicleId}`,
      payload,
      headers: { ...bearer(owner), "accept-language": lang },
    });

  it("refuses a stale save with 409 and keeps the first one (7.2)", async () => {
    const { owner, landing } = await ownerWithLanding();
    const vehicle = await createVehicleFor(app, owner, landing.id);
    const tabA = await put(owner, landing.id, vehicle.id, { ...vehicleFields({ price: "60" }), version: 1 });
    expect(tabA.json().vehicle).toMatchObject({ price_cents: 6000, version: 2 });
    const tabB = await put(owner, landing.id, vehicle.id, { ...vehicleFields({ name: "Tab B" }), version: 1 }, "es");
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().message).toMatch(/cambiaron en otra pestaña/);
    const missing = await put(owner, landing.id, vehicle.id, vehicleFields({ name: "No version" }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["version"]);
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row).toMatchObject({ name: "Toyota Corolla 2024", priceCents: 6000, version: 2 });
  });

  it("answers 404 when the path's landing is not the vehicle's, even the owner's own (14.4)", async () => {
    const { owner, landing } = await ownerWithLanding();
    const otherLanding = await createLandingFor(app, owner);
    const vehicle = await createVehicleFor(app, owner, landing.id);
    const moved = await put(owner, otherLanding.id, vehicle.id, { ...vehicleFields({ name: "Moved" }), version: 1 });
    expect(moved.statusCode).toBe(404);
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row).toMatchObject({ name: "Toyota Corolla 2024", landingId: landing.id, version: 1 });
  });

  it.each([
    ["1,250.50", 125050],
    ["1.250,50", 125050],
    ["US$ 45", 4500],
    ["45,50", 4550],
  ])("reads the price %j as %i cents (7.5)", async (price, cents) => {
    const { owner, landing } = await ownerWithLanding();
    const response = await postVehicle(owner, {
      id_landing: String(landing.id),
      ...vehicleFields({ price, commissions: price }),
      "images[0]": (await photos(1, 200, 150))[0] as { data: Buffer; filename: string; type: string },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().vehicle).toMatchObject({ price_cents: cents, commissions: cents / 100 });
  });

  it("refuses an ambiguous or unreadable price with a message that says why (7.5)", async () => {
    const { owner, landing } = await ownerWithLanding();
    const attempt = (price: string) =>
      postVehicle(owner, { id_landing: String(landing.id), ...vehicleFields({ price }) }, "es");
    expect((await attempt("1,250")).json().errors.price).toEqual([
      "No está claro si el separador marca miles o decimales: escribe 1250, 1250,50 o 1.250,50 (o 1,250.50).",
    ]);
    expect((await attempt("doce")).json().errors.price).toEqual([
      "El precio debe ser mayor que 0, en cifras y con dos decimales como mucho, como 45 o 45.50.",
    ]);
    expect((await attempt("0")).json().errors.price).toEqual([
      "El precio debe ser mayor que 0, en cifras y con dos decimales como mucho, como 45 o 45.50.",
    ]);
    expect((await attempt("0.001")).json().errors.price).toEqual([
      "Un precio lleva como mucho dos decimales (los centavos): escribe 12,50 o 12.50.",
    ]);
    expect((await attempt("1e5")).json().errors.price).toEqual([
      "El precio debe ser mayor que 0, en cifras y con dos decimales como mucho, como 45 o 45.50.",
    ]);
    expect(await db.select().from(vehicles).where(eq(vehicles.landingId, landing.id))).toHaveLength(0);
  });

  it("derives the automatic flag from the transmission (7.7)", async () => {
    const { owner, landing } = await ownerWithLanding();
    const manual = await createVehicleFor(app, owner, landing.id, undefined, { transmision: "manual", automatic: "1" });
    expect(manual.automatic).toBe(false);
    const cvt = await put(owner, landing.id, manual.id, {
      ...vehicleFields({ transmision: "cvt", automatic: "0" }),
      version: 1,
    });
    expect(cvt.json().vehicle.automatic).toBe(true);
  });
});

import fs from "node:fs";
import { translate } from "@domain/messages";
import { VEHICLE_IMAGE_MAX_BYTES, VEHICLE_IMAGES_MAX } from "@domain/vehicles";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { vehicleImages, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  createLandingFor,
  createVehicleFor,
  multipart,
  photos,
  signUp,
  vehicleFields,
} from "../test/factories";
import { storedFiles } from "../test/stored-files";

/**
 * Issue 13, attack suite item 4: hostile uploads. Each is refused with a translated message (both
 * languages) and leaves no file and no row behind, or (a polyglot that is a real image) is stored
 * only as a re-encoded image that no longer carries the payload. multipart.test.ts covers the form
 * reader's size and count rules on a bare server; here they go through the real routes and storage.
 */
const { app, db, storage } = await createTestApp();
const owner = await signUp(app);
const landing = await createLandingFor(app, owner);
const vehicle = await createVehicleFor(app, owner, landing.id, await photos(1, 64, 48));

type File = { data: Buffer; filename: string; type: string };
const PAYLOAD = "NELLY-PAYLOAD-7f3a";

const storedFilesNow = () => storedFiles(storage.root);
const vehicleCount = async () =>
  (await db.select({ n: count() }).from(vehicles).where(eq(vehicles.landingId, landing.id)))[0]?.n;
const imageCount = async () => (await db.select({ n: count() }).from(vehicleImages))[0]?.n;

/** Creates a vehicle with `files` as its photos, in `language`. */
async function createWith(files: File[], language: "es" | "en") {
  const body = await multipart({
    id_landing: String(landing.id),
    ...vehicleFields(),
    ...Object.fromEntries(files.map((file, index) => [`images[${index}]`, file])),
  });
  return app.inject({
    method: "POST",
    url: "/api/vehicle",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": language },
  });
}

/** Adds `files` to the existing vehicle's photos, in `language`. */
async function addTo(files: File[], language: "es" | "en") {
  const body = await multipart(Object.fromEntries(files.map((file, index) => [`images[${index}]`, file])));
  return app.inject({
    method: "POST",
    url: `/api/vehicles/${landing.id}/${vehicle.id}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": language },
  });
}

/**
 * Both routes refuse `files` in Spanish and in English with `key` on `field` (`images`, or
 * `images.N` for the one file that is not an image); no file, vehicle or photo row is left.
 */
async function expectRefused(
  files: File[],
  key: Parameters<typeof translate>[1],
  params?: Record<string, number>,
  field = key === "imageInvalid" || key === "imageTooManyPixels" ? "images.0" : "images",
) {
  const before = { files: storedFilesNow(), vehicles: await vehicleCount(), images: await imageCount() };
  for (const send of [createWith, addTo]) {
    for (const language of ["es", "en"] as const) {
      const response = await send(files, language);
      const message = translate(language, key, params);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    }
  }
  expect({ files: storedFilesNow(), vehicles: await vehicleCount(), images: await imageCount() }).toEqual(before);
}

const jpeg = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const asFile = (data: Buffer, filename: string, type = "image/jpeg"): File => ({ data, filename, type });
/** A tiny ZIP archive (one stored file holding the payload), as appended to image polyglots. */
const zip = Buffer.concat([
  Buffer.from("PK\u0003\u0004\u0014\u0000\u0000\u0000\u0000\u0000"),
  Buffer.from(`shell.php<?php echo "${PAYLOAD}"; ?>`),
  Buffer.from("PK\u0005\u0006"),
]);

describe("hostile uploads (issue 13.4)", () => {
  it("stores a polyglot only as a re-encoded image that no longer carries its payload", async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer();
    const polyglots = [
      asFile(Buffer.concat([await jpeg(), Buffer.from(`<html><script>alert("${PAYLOAD}")</script></html>`)]), "a.jpg"),
      asFile(Buffer.concat([await jpeg(), zip]), "b.jpg"),
      asFile(Buffer.concat([await jpeg(), Buffer.from(`<?php system($_GET["${PAYLOAD}"]); ?>`)]), "c.php.jpg"),
      // GIF header + JS: `GIF89a=...` parses as JavaScript once the trailer hides the rest.
      asFile(Buffer.concat([gif, Buffer.from(`*/=1;alert("${PAYLOAD}");/*`)]), "d.gif", "image/gif"),
    ];
    const before = new Set(storedFilesNow());
    const response = await createWith(polyglots, "en");
    // Each is a real image with trailing bytes: accepted, and stored only as what sharp wrote.
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().vehicle as { images: { path_images: string }[] };
    expect(created.images).toHaveLength(polyglots.length);
    const added = storedFilesNow().filter((file) => !before.has(file));
    expect(added.length).toBeGreaterThanOrEqual(polyglots.length);
    for (const file of added) {
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(PAYLOAD), `${file} kept the payload`).toBe(false);
      expect(bytes.includes("<?php") || bytes.includes("<script") || bytes.includes("PK\u0003\u0004")).toBe(false);
      // Stored as WebP whatever was sent (RIFF....WEBP).
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    // And what the public is served is that file, as an image.
    const served = await app.inject({ method: "GET", url: created.images[0]?.path_images ?? "" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.rawPayload.includes(PAYLOAD)).toBe(false);
  });

  it("refuses an SVG with a script, whatever its name or declared type says", async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert("${PAYLOAD}")</script><rect width="10" height="10"/></svg>`,
    );
    await expectRefused([asFile(svg, "car.svg", "image/svg+xml")], "imageInvalid");
    await expectRefused([asFile(svg, "car.jpg", "image/jpeg")], "imageInvalid");
    // An HTML page and a PHP script named as photos.
    await expectRefused(
      [asFile(Buffer.from(`<html><body>${PAYLOAD}</body></html>`), "car.png", "image/png")],
      "imageInvalid",
    );
    await expectRefused([asFile(zip, "car.jpg")], "imageInvalid");
  });

  it("refuses a truncated image", async () => {
    const whole = await jpeg(800, 600);
    await expectRefused([asFile(whole.subarray(0, Math.floor(whole.length / 2)), "half.jpg")], "imageInvalid");
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    await expectRefused([asFile(png.subarray(0, png.length - 40), "cut.png", "image/png")], "imageInvalid");
  });

  it("refuses a decompression bomb (a small file of 225 megapixels) without decoding it: memory stays bounded", {
    timeout: 60_000,
  }, async () => {
    // 15000 x 15000 is under sharp's own default cap (16383²): only our limitInputPixels stops it.
    const bomb = await sharp({ create: { width: 15_000, height: 15_000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(VEHICLE_IMAGE_MAX_BYTES);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = Date.now();
    try {
      // Told what is wrong with it, from its header: too many pixels.
      await expectRefused([asFile(bomb, "bomb.png", "image/png")], "imageTooManyPixels", {
        width: 15_000,
        height: 15_000,
        max: 50,
      });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // Decoding it would take 675 MB of pixels (per copy); refusing it takes next to nothing.
    expect((peak - rssBefore) / 1024 / 1024).toBeLessThan(300);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("refuses a file over the size limit", async () => {
    const max = VEHICLE_IMAGE_MAX_BYTES / 1024 / 1024;
    const big = Buffer.concat([await jpeg(), Buffer.alloc(VEHICLE_IMAGE_MAX_BYTES, 7)]);
    await expectRefused([asFile(big, "big.jpg")], "imageTooLarge", { max });
  });

  it(`refuses ${VEHICLE_IMAGES_MAX + 1} files where the limit is ${VEHICLE_IMAGES_MAX}`, async () => {
    const many = (await photos(VEHICLE_IMAGES_MAX + 1, 32, 24)).map((file) => asFile(file.data, file.filename));
    await expectRefused(many, "imagesTooMany");
    // The limit itself is accepted: the refusal is the count, not the files.
    const twelve = await createWith(many.slice(0, VEHICLE_IMAGES_MAX), "en");
    expect(twelve.statusCode, twelve.body).toBe(201);
    expect(twelve.json().vehicle.images).toHaveLength(VEHICLE_IMAGES_MAX);
  });
});

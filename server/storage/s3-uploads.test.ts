import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
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
  pngLogo,
  signUp,
  vehicleFields,
} from "../test/factories";
import { parseHtml } from "../test/html";
import { startTestS3 } from "../test/s3";

// Uploads through the real routes with STORAGE_DRIVER=s3, against an S3 server in this process
// (issue 13): what the API answers points at the bucket, and what the bucket serves is the
// re-encoded image, never the upload.

const s3 = await startTestS3();
afterAll(() => s3.close());
const PLATFORM = "https://nelly.example.com";
const { app, clock, db } = await createTestApp({ ...s3.env, PUBLIC_BASE_URL: PLATFORM });
const inBucket = (url: string) => url.startsWith(`${s3.settings.publicUrl}/`);

async function fetchImage(url: string) {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type"), bytes };
}

async function send(
  owner: Owner,
  method: "GET" | "POST" | "DELETE",
  url: string,
  fields?: Parameters<typeof multipart>[0],
  language = "en",
) {
  const body = fields ? await multipart(fields) : undefined;
  return app.inject({
    method,
    url,
    payload: body?.payload,
    headers: { ...(body?.headers ?? {}), ...bearer(owner), "accept-language": language },
  });
}

describe("uploads with the S3 driver", () => {
  it("stores a vehicle's photos in the bucket, answers their S3 URLs, and deletes them with the vehicle", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const [photo] = await photos(1, 1200, 900);
    const vehicle = await createVehicleFor(app, owner, landing.id, [
      { data: await jpegWithExif(1200, 900), filename: "car.jpg", type: "image/jpeg" },
      ...(photo ? [photo] : []),
    ]);
    const cover = vehicle.images[0];
    expect(cover && inBucket(cover.path_images)).toBe(true);
    const urls = (cover?.srcset ?? "").split(", ").map((entry) => entry.split(" ")[0] as string);
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(inBucket(url)).toBe(true);
      const image = await fetchImage(url);
      expect(image.status).toBe(200);
      expect(image.type).toBe("image/webp");
      const metadata = await sharp(image.bytes).metadata();
      expect(metadata.format).toBe("webp");
      // Re-encoded: the camera's metadata never reaches the bucket.
      expect(metadata.exif).toBeUndefined();
    }

    const deleted = await send(owner, "DELETE", `/api/vehicle/${landing.id}/${vehicle.id}`);
    expect(deleted.statusCode).toBe(200);
    for (const url of urls) expect((await fetchImage(url)).status).toBe(404);
  });

  it("stores a landing's logo in the bucket and removes the old one when it is replaced", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    expect(inBucket(landing.logo)).toBe(true);
    const first = await fetchImage(landing.logo);
    expect(first.status).toBe(200);
    expect((await sharp(first.bytes).metadata()).format).toBe("webp");

    const replaced = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(landing.version),
      name: landing.name,
      color_primary: "#000000",
      color_secondary: "#ffffff",
      default_language: "en",
      logo: { data: await pngLogo(300, 100, "#dc2626"), filename: "new.png", type: "image/png" },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const logo = replaced.json().logo as string;
    expect(inBucket(logo) && logo !== landing.logo).toBe(true);
    const second = await fetchImage(logo);
    expect(second.status).toBe(200);
    expect(await sharp(second.bytes).metadata()).toMatchObject({ format: "webp", width: 300, height: 100 });
    expect((await fetchImage(landing.logo)).status).toBe(404);
  });

  it("puts the bucket's URLs as they are in the public pages, and lets the CSP load images from it", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const response = await app.inject({ method: "GET", url: `/${landing.name}`, headers: { "accept-language": "es" } });
    expect(response.statusCode).toBe(200);
    const html = parseHtml(response.body);
    expect(html.meta("og:image")).toBe(landing.vehicle.images[0]?.path_images);
    const imgSrc = String(response.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("img-src"));
    expect(imgSrc).toBe(`img-src 'self' data: blob: ${s3.endpoint}`);
    // Files are the bucket's to serve: this app has no /storage/ of its own.
    const local = await app.inject({
      method: "GET",
      url: `/storage/${landing.logo.slice(s3.settings.publicUrl.length + 1)}`,
    });
    expect(local.statusCode).toBe(404);
  });
});

describe("emails with the S3 driver", () => {
  it("show the logo and the vehicle photo at their bucket URLs as they are", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now()),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [mail] = await db.select().from(outbox).where(eq(outbox.reservationId, booked.json().id)).limit(1);
    expect(mail?.html).toContain(`src="${landing.logo}"`);
    expect(mail?.html).toContain(`src="${s3.settings.publicUrl}/vehicles/`);
    expect(mail?.html).not.toContain(`${PLATFORM}${s3.endpoint}`);
  });
});

describe("the local driver", () => {
  it("keeps images to this site in the CSP", async () => {
    const local = await createTestApp();
    const response = await local.app.inject({ method: "GET", url: "/api/health" });
    expect(String(response.headers["content-security-policy"])).toContain("img-src 'self' data: blob:;");
  });
});

describe("when S3 is unreachable (issue 13.6)", () => {
  it("answers a translated 503 quickly and leaves no row pointing at a missing file", async () => {
    const outage = await startTestS3();
    const { app: down } = await createTestApp({ ...outage.env, PUBLIC_BASE_URL: PLATFORM });
    const owner = await signUp(down);
    const landing = await createLandingFor(down, owner);
    await outage.close();

    const sendTo = async (
      method: "GET" | "POST",
      url: string,
      fields?: Parameters<typeof multipart>[0],
      lang = "en",
    ) => {
      const body = fields ? await multipart(fields) : undefined;
      return down.inject({
        method,
        url,
        payload: body?.payload,
        headers: { ...(body?.headers ?? {}), ...bearer(owner), "accept-language": lang },
      });
    };
    const vehicleForm = async () => ({
      id_landing: String(landing.id),
      ...vehicleFields(),
      ...Object.fromEntries((await photos(2, 400, 300)).map((file, index) => [`images[${index}]`, file])),
    });

    const started = Date.now();
    const vehicle = await sendTo("POST", "/api/vehicle", await vehicleForm());
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(vehicle.statusCode).toBe(503);
    expect(vehicle.json()).toEqual({ message: "The image could not be saved. Please try again in a few minutes." });
    expect(vehicle.headers["retry-after"]).toBeDefined();
    const inSpanish = await sendTo("POST", "/api/vehicle", await vehicleForm(), "es");
    expect(inSpanish.statusCode).toBe(503);
    expect(inSpanish.json().message).toBe("No se pudo guardar la imagen. Inténtalo de nuevo en unos minutos.");
    expect((await sendTo("GET", `/api/vehicles/${landing.id}`)).json()).toEqual([]);

    const logo = await sendTo("POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(landing.version),
      name: landing.name,
      color_primary: "#000000",
      color_secondary: "#ffffff",
      default_language: "en",
      logo: { data: await pngLogo(), filename: "new.png", type: "image/png" },
    });
    expect(logo.statusCode).toBe(503);
    const after = (await sendTo("GET", `/api/landings/${owner.id}/${landing.id}`)).json();
    expect(after).toMatchObject({ logo: landing.logo, version: landing.version, color_primary: landing.color_primary });

    const created = await sendTo("POST", "/api/landing", {
      id_users_landing: String(owner.id),
      name: "Never Stored",
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "en",
      logo: { data: await pngLogo(), filename: "logo.png", type: "image/png" },
    });
    expect(created.statusCode).toBe(503);
    const landings = (await sendTo("GET", `/api/landing/${owner.id}`)).json() as { id: number }[];
    expect(landings.map((found) => found.id)).toEqual([landing.id]);
  });
});

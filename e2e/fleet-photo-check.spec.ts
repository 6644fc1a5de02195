import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLanding,
  createVehicle,
  photo,
  photoInput,
  photoTiles,
  setDraftLanding,
  storedVehicle,
  test,
} from "./support/fleet";
import { heavyPhoto, watchUploads } from "./support/images";

const NOT_AN_IMAGE = "El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).";
const TABLE = "/layout-designer/add-vehicles";

/** A text file with a picture's name and type: what a browser reports for "notas.jpg". */
const textNamed = (name: string, mimeType = "image/jpeg") => ({
  name,
  mimeType,
  buffer: Buffer.from("Esto es un texto, no una foto.\n".repeat(20)),
});

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether every thumbnail in the list is a decoded picture (a broken one has no natural width). */
async function everyThumbnailDecoded(tiles: Locator) {
  return tiles
    .locator("img")
    .evaluateAll((images) =>
      images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
    );
}

test("a text file named .jpg never becomes a photo: refused at once, by name", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("photo-check");
  const landing = await createLanding(owner, "Fotos Falsas");
  await setDraftLanding(page, landing);
  await page.goto(`${TABLE}/add-form`);
  const main = page.getByRole("main");

  await photoInput(page).setInputFiles([
    textNamed("portada.jpg"),
    await photo(0),
    textNamed("trasera.png", "image/png"),
  ]);
  await expect(main.getByText(`portada.jpg: ${NOT_AN_IMAGE}`)).toBeVisible();
  await expect(main.getByText(`trasera.png: ${NOT_AN_IMAGE}`)).toBeVisible();
  // Only the real photo is in the list, and it is the cover.
  await expect(photoTiles(page)).toHaveCount(1);
  await expect(photoTiles(page).first().getByRole("img")).toHaveAccessibleName("Foto 1: car-1.png");
  // Said to a screen reader, whose focus stays on the picker (a keyboard walk heard nothing).
  await expect(main.locator("[aria-live=polite]").getByText("Foto añadida: tienes 1 de 12.")).toBeAttached();
  await expect.poll(() => everyThumbnailDecoded(photoTiles(page))).toBe(true);
  await expectNoSeriousViolations(page);

  // In the edit form of an existing vehicle, too.
  const vehicle = await createVehicle(owner, landing.id, { name: "Seat Ibiza 2021" }, 2);
  await page.goto(`${TABLE}/update-form/${vehicle.id}`);
  await expect(photoTiles(page)).toHaveCount(2);
  await photoInput(page).setInputFiles([textNamed("nueva.webp", "image/webp")]);
  await expect(main.getByText(`nueva.webp: ${NOT_AN_IMAGE}`)).toBeVisible();
  await expect(photoTiles(page)).toHaveCount(2);
  // Polled: stored photos may still be arriving; a broken one never gets a natural width.
  await expect.poll(() => everyThumbnailDecoded(photoTiles(page))).toBe(true);
  expect((await storedVehicle(owner, landing.id, vehicle.id)).images).toHaveLength(2);
});

test("a camera's photo over 10 MB is made smaller in the browser instead of refused (issue 25.16)", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("photo-shrink");
  const landing = await createLanding(owner, "Fotos Grandes");
  const vehicle = await createVehicle(owner, landing.id, { name: "Kia Sportage 2024" }, 1);
  await setDraftLanding(page, landing);
  const uploaded = await watchUploads(page);
  await page.goto(`${TABLE}/update-form/${vehicle.id}`);
  await expect(photoTiles(page)).toHaveCount(1);
  const heavy = await heavyPhoto();
  expect(heavy.length).toBeGreaterThan(10 * 1024 * 1024);
  await photoInput(page).setInputFiles([{ name: "camara.png", mimeType: "image/png", buffer: heavy }]);
  await expect(photoTiles(page)).toHaveCount(2);
  await expect(photoTiles(page).last().getByRole("img")).toHaveAccessibleName("Foto 2: camara.jpg");
  await expect(page.getByRole("main").getByText(/demasiado grande/)).toHaveCount(0);

  const upload = page.waitForRequest(
    (request) =>
      request.method() === "POST" && request.url().endsWith(`/api/vehicles/${landing.id}/${vehicle.id}/images`),
  );
  await page.getByRole("main").getByRole("button", { name: "Guardar cambios" }).click();
  await upload;
  // What was sent is the smaller photo: well under the 10 MB limit.
  expect(await uploaded()).toEqual([expect.any(Number)]);
  expect((await uploaded())[0]).toBeLessThan(heavy.length / 3);
  await expect(page).toHaveURL(new RegExp(`${TABLE}$`));
  const stored = await storedVehicle(owner, landing.id, vehicle.id);
  expect(stored.images).toHaveLength(2);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a very long file name wraps instead of widening the page", async ({ page, signedInOwner }) => {
    const owner = await signedInOwner("photo-check-long");
    const landing = await createLanding(owner, "Nombres Largos");
    await setDraftLanding(page, landing);
    await page.goto(`${TABLE}/add-form`);
    const long = `${"foto_del_vehiculo_en_la_playa_".repeat(8)}final.jpg`;
    await photoInput(page).setInputFiles([textNamed(long), await photo(1, `${"portada-".repeat(20)}.png`)]);
    const message = page.getByRole("main").getByText(`${long}: ${NOT_AN_IMAGE}`);
    await expect(message).toBeVisible();
    await expect(photoTiles(page)).toHaveCount(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const box = await message.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});

test("every image field of a landing refuses a text file named like a picture", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("image-field-check");
  const landing = await createLanding(owner, "Logos Falsos");
  const main = page.getByRole("main");

  // Configuración: the logo.
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  const logo = main.getByLabel("Logo", { exact: true });
  await expect(logo).toBeAttached();
  const preview = main.getByRole("img", { name: /Logo/ });
  const savedLogo = await preview.getAttribute("src");
  await logo.setInputFiles(textNamed("logo.png", "image/png"));
  await expect(main.getByRole("alert").filter({ hasText: NOT_AN_IMAGE })).toBeVisible();
  // The preview still shows the saved logo, not a broken picture.
  await expect(preview).toHaveAttribute("src", savedLogo ?? "");
  await expectNoSeriousViolations(page);
  // A real picture is taken (and clears the message).
  await logo.setInputFiles(await photo(2, "logo-nuevo.png"));
  await expect(main.getByRole("alert").filter({ hasText: NOT_AN_IMAGE })).toHaveCount(0);
  await expect(preview).toHaveAttribute("src", /^blob:/);

  // SEO: the link-preview image and the favicon behave the same.
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  for (const label of ["Imagen al compartir (og:image)", "Favicon"]) {
    const field = main.getByLabel(label, { exact: true });
    await field.setInputFiles(textNamed("imagen.jpg"));
    await expect(field).toHaveAccessibleDescription(new RegExp(NOT_AN_IMAGE.replace(/[.()]/g, "\\$&")));
  }
  await expect(main.locator('img[src^="blob:"]')).toHaveCount(0);
  // A huge detailed picture is drawn smaller until it fits the favicon's 2 MB, as its hint promises
  // (a walk's finding: refused as too large once drawn down to 2,560 px, still 15 MB).
  const favicon = main.getByLabel("Favicon", { exact: true });
  await favicon.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: await heavyPhoto() });
  await expect(main.locator('img[src^="blob:"]')).toHaveCount(1);
  await expect(favicon).not.toHaveAccessibleDescription(/demasiado grande/);
});

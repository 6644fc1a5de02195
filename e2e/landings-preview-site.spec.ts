import { readableText } from "@domain/colors";
import { expect } from "@playwright/test";
import {
  createLandingViaApi,
  createLocationViaApi,
  createVehicleViaApi,
  fetchLanding,
  previewSite,
  readableUrl,
  rgb,
  setLandingInProgress,
} from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Issue 9: the owner's preview is the real site. /review-component/{name} frames the landing's
// own public pages (drafts included, behind the owner's session), so what the owner checks is
// what visitors get; its links stay inside the preview, and Teléfono shows it at a phone's width.

test.use({ viewport: { width: 1440, height: 900 } });

test("the preview frames the real public pages of a draft, browsable, on a desktop and at a phone's width", async ({
  page,
}) => {
  test.slow();
  const owner = await signedInOwner(page, "preview-site", { open: false });
  const landing = await createLandingViaApi(page, owner.id, {
    language: "en",
    primary: "#fde047",
    secondary: "#1d4ed8",
  });
  await createVehicleViaApi(page, landing.id, "Toyota RAV4 2024", "45.5");
  await createLocationViaApi(page, landing.id, "Aeropuerto SDQ", "Zona Colonial");
  const title = landing.display_name;

  await page.goto("/landings");
  await page.getByRole("link", { name: `Previsualizar ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/review-component/${landing.name}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Vista previa: ${title}` })).toBeVisible();
  await expect(page.getByRole("main").getByText("Borrador", { exact: true })).toBeVisible();

  // The real site, rendered by the server for this draft: its language, colours, fleet and places.
  const frame = page.getByTitle(`Sitio de ${title} (vista previa)`);
  await expect(frame).toHaveAttribute("src", `/review-component/${landing.name}/site`);
  const site = previewSite(page);
  await expect(site.locator("html")).toHaveAttribute("lang", "en");
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(`Rent your vehicle with ${title}`);
  const header = site.locator("header").first();
  await expect(header).toHaveCSS("background-color", rgb("#fde047"));
  await expect(header).toHaveCSS("color", rgb(readableText("#fde047")));
  const card = site.getByRole("article").filter({ hasText: "Toyota RAV4 2024" });
  await expect(card).toContainText("$45.50");
  await expect(site.getByRole("combobox").first()).toContainText("Aeropuerto SDQ");
  await expect(page.getByTestId("preview-address")).toHaveText(readableUrl(landing.public_url));

  // Its links stay inside the preview; the bar shows the public address of the page on screen.
  await card.getByRole("link", { name: "Toyota RAV4 2024" }).click();
  await expect(site.getByRole("heading", { level: 1, name: "Toyota RAV4 2024" })).toBeVisible();
  await expect(page.getByTestId("preview-address")).toHaveText(
    new RegExp(`^${readableUrl(landing.public_url).replace(/[.]/g, "\\.")}/vehicles/\\d+`),
  );
  await expect(page).toHaveURL(new RegExp(`/review-component/${landing.name}$`));

  // Teléfono: the same page, laid out at a phone's width (390 px).
  await page.getByRole("button", { name: "Teléfono" }).click();
  await expect(page.getByRole("button", { name: "Teléfono" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(390);
  await expect.poll(() => site.locator("html").evaluate(() => window.innerWidth)).toBe(390);
  await expect(site.getByRole("heading", { level: 1, name: "Toyota RAV4 2024" })).toBeVisible();
  await page.getByRole("button", { name: "Escritorio" }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBeGreaterThan(1000);

  // Publicar still publishes from here.
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("published");
});

test("the designer's review shows the landing in progress as its real site", async ({ page }) => {
  const owner = await signedInOwner(page, "preview-designer");
  const landing = await createLandingViaApi(page, owner.id, { language: "es" });
  await createLocationViaApi(page, landing.id);
  await setLandingInProgress(page, landing);
  await page.goto("/layout-designer/review");
  const site = previewSite(page);
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(`Alquila tu vehículo con ${landing.display_name}`);
  await expect(site.getByText("Muy pronto verás aquí nuestra flota.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the preview fills the screen's width, with the way back beside the actions", async ({ page }) => {
    const owner = await signedInOwner(page, "preview-phone", { open: false });
    const landing = await createLandingViaApi(page, owner.id, { language: "es" });
    await page.goto(`/review-component/${landing.name}`);
    const site = previewSite(page);
    await expect(site.getByRole("heading", { level: 1 })).toHaveText(`Alquila tu vehículo con ${landing.display_name}`);
    // No device switch on a phone: the site is already at the phone's width.
    await expect(page.getByRole("button", { name: "Teléfono" })).toBeHidden();
    await expect.poll(() => site.locator("html").evaluate(() => window.innerWidth)).toBeGreaterThan(340);
    const back = page.getByRole("link", { name: "Volver a la landing" });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}$`));
  });
});

import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLandingViaApi,
  createLocationViaApi,
  createVehicleViaApi,
  logoPng,
  previewSite,
  xsrfHeaders,
} from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Each test runs axe on several screens; a loaded CI machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/**
 * The preview's own controls. The framed public site is checked by the public site's journeys
 * (issue 9); today its "see all vehicles" link with this primary (#65a30d) misses AA contrast on
 * its grey section (reported), which is not this screen's to fix.
 */
const aroundTheSite = ["[data-testid=site-frame] iframe"];

async function publish(page: Page, ownerId: number, landingId: number) {
  const response = await page.request.patch("/api/landing/status", {
    headers: await xsrfHeaders(page),
    data: { landing_id: landingId, user_id: ownerId },
  });
  expect(response.status()).toBe(200);
}

test("the landings list, the wizard and the trash have no serious accessibility problems", async ({ page }) => {
  const owner = await signedInOwner(page, "a11y-list");
  await expect(page.getByRole("heading", { name: "Aún no tienes landings" })).toBeVisible();
  await expectNoSeriousViolations(page, "empty list");

  await page.goto("/layout-designer");
  await page.getByRole("button", { name: "Continuar" }).waitFor();
  await expectNoSeriousViolations(page, "empty wizard");
  await page.getByLabel("Nombre de tu empresa").fill("Landings");
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "l.png", mimeType: "image/png", buffer: await logoPng() });
  // Light colours on purpose: the preview must keep its text readable.
  await page.getByLabel("Color principal", { exact: true }).fill("#fef08a");
  await page.getByLabel("Color secundario", { exact: true }).fill("#a3e635");
  await page.getByRole("radio", { name: /^English/ }).check();
  await expect(page.getByTestId("name-status")).toContainText("reservada");
  await expectNoSeriousViolations(page, "filled wizard");

  const first = await createLandingViaApi(page, owner.id);
  await createLandingViaApi(page, owner.id, { primary: "#111827", secondary: "#facc15" });
  await page.goto("/landings");
  await expect(page.getByTestId("landing-card")).toHaveCount(2);
  await expectNoSeriousViolations(page, "list");
  await page.getByRole("button", { name: `Eliminar ${first.display_name}` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page, "delete dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Mover a la Papelera" }).click();
  await expect(page.getByTestId("landing-card")).toHaveCount(1);

  await page.goto("/history");
  await expect(page.getByTestId("trashed-card")).toHaveCount(1);
  await expectNoSeriousViolations(page, "trash");
  await page.getByRole("button", { name: /^Eliminar definitivamente/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page, "purge dialog");
});

test("every tab of the detail, the preview and the published page have no serious accessibility problems", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "a11y-detail", { open: false });
  const landing = await createLandingViaApi(page, owner.id, { primary: "#65a30d", secondary: "#f472b6" });
  await createVehicleViaApi(page, landing.id, "Hyundai Tucson", "60");
  await createLocationViaApi(page, landing.id);

  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByText("No hay reservas disponibles.")).toBeVisible();
  await expectNoSeriousViolations(page, "reservations tab");
  for (const tab of ["Vehículos", "Configuración", "SEO"]) {
    await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolations(page, `${tab} tab`);
  }
  // From the tab, Tab goes to its panel (a tall one, scrolled past its tab): a ring says so.
  await page.getByRole("tab", { name: /^SEO/ }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel")).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveCSS("outline-style", "solid");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(page.getByText("Revisa los campos marcados para guardar el SEO.")).toBeVisible();
  await expectNoSeriousViolations(page, "SEO errors");

  await page.goto(`/review-component/${landing.name}`);
  await expect(previewSite(page).getByRole("article").filter({ hasText: "Hyundai Tucson" })).toBeVisible();
  await expectNoSeriousViolations(page, "the preview", aroundTheSite);

  await publish(page, owner.id, landing.id);
  await page.goto(`/published?landing=${landing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "published");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the list, the wizard and the detail fit and stay accessible", async ({ page }) => {
    const owner = await signedInOwner(page, "a11y-phone", { open: false });
    const landing = await createLandingViaApi(page, owner.id);
    await page.goto("/landings");
    await expect(page.getByTestId("landing-card")).toBeVisible();
    await expectNoSeriousViolations(page, "phone list");
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto("/layout-designer");
    await page.getByRole("button", { name: "Continuar" }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "phone wizard");

    await page.goto(`/view-landing/${landing.id}?tab=settings`);
    await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, "phone settings");
  });
});

// The tester's report: the suggested colours' buttons were named by their bare codes ("#1D4ED8").
test("the suggested colours say their names and which colour they set, in es and en", async ({ page }) => {
  const owner = await signedInOwner(page, "a11y-colours", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  const names = {
    es: ["Azul", "Verde azulado", "Rojo", "Ámbar", "Violeta", "Azul noche"],
    en: ["Blue", "Teal", "Red", "Amber", "Violet", "Midnight blue"],
  };
  const screens = [
    { language: "es", path: "/layout-designer", primary: "Color principal", secondary: "Color secundario" },
    {
      language: "en",
      path: `/view-landing/${landing.id}?tab=settings`,
      primary: "Primary colour",
      secondary: "Secondary colour",
    },
  ] as const;
  for (const { language, path, primary, secondary } of screens) {
    await page.addInitScript((chosen) => localStorage.setItem("nelly.lang", chosen), language);
    await page.goto(path);
    for (const label of [primary, secondary]) {
      const group = page.getByRole("group", {
        name: language === "es" ? `Colores sugeridos para ${label}` : `Suggested colours for ${label}`,
      });
      const swatches = group.getByRole("button");
      await expect(swatches).toHaveCount(6);
      expect(
        await swatches.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label"))),
      ).toEqual(names[language].map((name) => `${name} (${label})`));
      // The code is still there for whoever wants it: its title, read as its description.
      await expect(swatches.first()).toHaveAccessibleDescription(`${names[language][0]} · #1D4ED8`);
    }
    await page.getByRole("button", { name: `${names[language][3]} (${secondary})` }).click();
    await expect(page.getByLabel(secondary, { exact: true })).toHaveValue("#f59e0b");
    await expect(page.getByRole("button", { name: `${names[language][3]} (${secondary})` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectNoSeriousViolations(page, `colours ${language}`);
  }
});

import { expect, test } from "@playwright/test";
import { createLandingViaApi, createVehicleViaApi, fetchLanding, rgb } from "./support/landings";
import { signedInOwner } from "./support/owners";

test("an owner previews a landing in its language and colours, publishes it and copies its address", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const owner = await signedInOwner(page, "publish");
  const landing = await createLandingViaApi(page, owner.id, {
    language: "en",
    primary: "#fde047",
    secondary: "#1d4ed8",
  });
  await createVehicleViaApi(page, landing.id, "Toyota RAV4 2024", "45.5");
  const title = landing.name.replace(/-/g, " ");

  await page.goto("/landings");
  await page.getByRole("link", { name: `Previsualizar ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/review-component/${landing.name}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Vista previa: ${title}` })).toBeVisible();
  await expect(page.getByRole("main").getByText("Borrador")).toBeVisible();

  // The visitor's page: English (the landing's language), its colours, readable text on a light primary.
  const preview = page.getByTestId("landing-preview");
  await expect(preview).toHaveAttribute("lang", "en");
  await expect(preview.getByTestId("preview-headline")).toHaveText(`Rent your car with ${title}`);
  await expect(preview.locator("header")).toHaveCSS("background-color", rgb("#fde047"));
  await expect(preview.locator("header")).toHaveCSS("color", rgb("#111827"));
  await expect(preview.getByRole("heading", { name: "How it works" })).toBeVisible();
  const card = preview.getByRole("article").filter({ hasText: "Toyota RAV4 2024" });
  await expect(card).toContainText("5 passengers");
  await expect(card).toContainText("3 bags");
  await expect(card).toContainText("Automatic");
  await expect(card).toContainText("$45.50");
  await expect(card.getByRole("img", { name: "Toyota RAV4 2024" })).toHaveJSProperty("complete", true);
  await expect(preview.getByTestId("preview-footer")).toContainText(`© ${new Date().getFullYear()} ${title}`);

  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "¡Tu landing está publicada!" })).toBeVisible();
  await expect(page.getByTestId("published-name")).toHaveText(title);
  await expect(page.getByLabel("Dirección pública")).toHaveValue(landing.public_url);
  await expect(page.getByRole("link", { name: /Abrir sitio/ })).toHaveAttribute("href", landing.public_url);
  await expect(page.getByRole("link", { name: /Abrir sitio/ })).toHaveAttribute("target", "_blank");

  await page.getByRole("button", { name: "Copiar enlace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Enlace copiado al portapapeles." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(landing.public_url);
  // The notice lasts three seconds.
  await expect(page.getByText("Enlace copiado al portapapeles.")).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole("button", { name: "Copiar enlace" })).toBeVisible();

  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("published");
  await page.getByRole("link", { name: "Volver al panel" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByTestId("landing-card").getByText("Publicada")).toBeVisible();
});

test("the designer's review publishes the landing in progress and ends the flow", async ({ page }) => {
  const owner = await signedInOwner(page, "designer-publish");
  const landing = await createLandingViaApi(page, owner.id, { language: "es" });
  await page.evaluate(
    ({ id, name }) => {
      localStorage.setItem("nelly.designer.landingId", String(id));
      localStorage.setItem("nelly.designer.landingName", name);
    },
    { id: landing.id, name: landing.name },
  );
  await page.goto("/layout-designer/review");
  await expect(page.getByTestId("preview-headline")).toHaveText(
    `Alquila tu vehículo con ${landing.name.replace(/-/g, " ")}`,
  );
  await expect(page.getByText("Muy pronto verás aquí nuestra flota.")).toBeVisible();
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  expect(await page.evaluate(() => localStorage.getItem("nelly.designer.landingId"))).toBeNull();
});

test("publishing from the detail confirms on /publishedTap, and unpublishing asks first", async ({ page }) => {
  const owner = await signedInOwner(page, "tap");
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}`);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/publishedTap\\?landing=${landing.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "¡Tu landing está publicada!" })).toBeVisible();

  await page.getByRole("link", { name: "Gestionar landing" }).click();
  await expect(page.getByRole("main").getByText("Publicada", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Despublicar" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Despublicar esta landing?" });
  await dialog.getByRole("button", { name: "Despublicar" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "vuelve a ser un borrador" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Borrador", { exact: true })).toBeVisible();
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("draft");
});

test("publishing without a signed-in user id says what is missing", async ({ page }) => {
  const owner = await signedInOwner(page, "no-ids");
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/review-component/${landing.name}`);
  await expect(page.getByRole("button", { name: "Publicar" })).toBeEnabled();
  await page.evaluate(() => localStorage.removeItem("NellyUserId"));
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Falta el ID de usuario o de landing." }),
  ).toBeVisible();
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("draft");
});

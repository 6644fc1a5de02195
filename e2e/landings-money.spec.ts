import { expect } from "@playwright/test";
import { createLandingViaApi, createVehicleViaApi, fetchLanding, previewSite } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("add-on prices are typed the way people write money, and shown back with Intl", async ({ page }) => {
  // Two saves of a long form: more than the default 30 s on a loaded machine.
  test.slow();
  const owner = await signedInOwner(page, "money", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=settings`);

  const prices = page.getByLabel("Precio por día (USD)");
  const rows = page.getByTestId("addon-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId("addon-price-read")).toHaveText("US$12.00 por día");

  await prices.nth(0).fill("1,250.50");
  await expect(rows.nth(0).getByTestId("addon-price-read")).toHaveText("US$1,250.50 por día");
  await prices.nth(1).fill("1.250,50");
  await expect(rows.nth(1).getByTestId("addon-price-read")).toHaveText("US$1,250.50 por día");
  await prices.nth(2).fill("US$ 45");
  await expect(rows.nth(2).getByTestId("addon-price-read")).toHaveText("US$45.00 por día");

  // "1,250" reads two ways: refused with a message that says so, under the field only.
  await page.getByRole("button", { name: "Añadir extra" }).click();
  await page.getByLabel("Extra 4: nombre", { exact: true }).fill("Conductor adicional");
  await prices.nth(3).fill("1,250");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(prices.nth(3)).toHaveAccessibleDescription(/No está claro si el separador marca miles o decimales/);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // Right under the price box, not across the row under the names, where it read as theirs.
  const said = await rows
    .nth(3)
    .getByText(/No está claro si el separador/)
    .boundingBox();
  const box = await prices.nth(3).boundingBox();
  if (!said || !box) throw new Error("the price and its message are on screen");
  expect(said.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(said.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  expect(said.y).toBeLessThan(box.y + box.height + 40);
  await prices.nth(3).fill("1250");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing actualizada con éxito." })).toBeVisible();

  const saved = await fetchLanding(page, owner.id, landing.id);
  expect(saved.addons.map((addon) => addon.price_cents)).toEqual([125050, 125050, 4500, 125000]);
  // Shown back for editing in one unambiguous form.
  await expect(prices.nth(0)).toHaveValue("1250.50");
  await expect(rows.nth(3).getByTestId("addon-price-read")).toHaveText("US$1,250.00 por día");
});

test("the preview shows prices in the landing's language with es-DO and en-US conventions", async ({ page }) => {
  const owner = await signedInOwner(page, "money-preview", { open: false });
  const spanish = await createLandingViaApi(page, owner.id, { language: "es" });
  await createVehicleViaApi(page, spanish.id, "Toyota Hiace 2024", "1250");
  await page.goto(`/review-component/${spanish.name}`);
  await expect(previewSite(page).getByRole("article").filter({ hasText: "Toyota Hiace 2024" })).toContainText(
    "US$1,250.00",
  );

  const english = await createLandingViaApi(page, owner.id, { language: "en" });
  await createVehicleViaApi(page, english.id, "Toyota Hiace 2024", "1250");
  await page.goto(`/review-component/${english.name}`);
  await expect(previewSite(page).getByRole("article").filter({ hasText: "Toyota Hiace 2024" })).toContainText(
    /^(?!.*US\$).*\$1,250\.00/s,
  );
});

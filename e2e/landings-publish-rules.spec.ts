import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLandingViaApi,
  createLocationViaApi,
  createVehicleViaApi,
  fetchLanding,
  makePublishable,
  xsrfHeaders,
} from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

/** Counts the publish calls the page makes. */
function countStatusCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().endsWith("/api/landing/status")) calls.push(request.url());
  });
  return calls;
}

test("Publicar says beforehand what the landing still needs, with the way to add it", async ({ page }) => {
  // A long journey through several screens: more than the default 30 s on a loaded machine.
  test.slow();
  const owner = await signedInOwner(page, "publish-needs");
  const landing = await createLandingViaApi(page, owner.id);
  const calls = countStatusCalls(page);

  await page.goto(`/view-landing/${landing.id}`);
  const publish = page.getByRole("button", { name: "Publicar" });
  const needs = page.getByTestId("publish-requirements");
  await expect(publish).toBeDisabled();
  await expect(needs).toContainText("Aún no puedes publicar");
  await expect(needs).toContainText(
    "Para recibir reservas, tu landing necesita al menos un vehículo y una localización de recogida.",
  );
  await expect(publish).toHaveAccessibleDescription(/necesita al menos un vehículo y una localización/);
  await expect(page.getByText("0 localizaciones")).toBeVisible();
  await expectNoSeriousViolations(page, "publish requirements");

  // Each link goes where the missing thing is added.
  await needs.getByRole("link", { name: "Agregar un vehículo" }).click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles$`));
  await expect(page.getByRole("tab", { name: /^Vehículos/ })).toHaveAttribute("aria-selected", "true");
  await needs.getByRole("link", { name: "Agregar una localización" }).click();
  await expect(page).toHaveURL(new RegExp(`/location-reservaction\\?landing=${landing.id}$`));

  // With a location, only the vehicle is missing; with both, Publicar works.
  await createLocationViaApi(page, landing.id);
  await page.goto(`/view-landing/${landing.id}`);
  await expect(needs).toContainText("Para recibir reservas, tu landing necesita al menos un vehículo.");
  await expect(needs.getByRole("link", { name: "Agregar una localización" })).toHaveCount(0);

  // The preview says the same.
  await page.goto(`/review-component/${landing.name}`);
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
  await expect(needs).toContainText("al menos un vehículo.");
  expect(calls).toHaveLength(0);
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("draft");

  await createVehicleViaApi(page, landing.id, "Toyota Corolla 2024", "45");
  await page.reload();
  await expect(needs).toHaveCount(0);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("published");
});

test("a double click on Publicar sends one request", async ({ page }) => {
  const owner = await signedInOwner(page, "publish-double");
  const landing = await createLandingViaApi(page, owner.id);
  await makePublishable(page, landing.id);
  const calls = countStatusCalls(page);
  // A slow answer leaves room for a second click.
  await page.route("**/api/landing/status", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

  await page.goto(`/view-landing/${landing.id}`);
  await page.getByRole("button", { name: "Publicar" }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/publishedTap\\?landing=${landing.id}$`));
  expect(calls).toHaveLength(1);

  // The same from the preview, after unpublishing.
  const headers = await xsrfHeaders(page);
  const unpublished = await page.request.patch("/api/landing/status", {
    headers,
    data: { landing_id: landing.id, status: "draft" },
  });
  expect(unpublished.status()).toBe(200);
  await page.goto(`/review-component/${landing.name}`);
  await page.getByRole("button", { name: "Publicar" }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  expect(calls).toHaveLength(2);
});

test("a publish the server refuses shows its reasons, not a toast", async ({ page }) => {
  const owner = await signedInOwner(page, "publish-refused", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await createVehicleViaApi(page, landing.id, "Kia Rio 2023", "30");
  const location = await createLocationViaApi(page, landing.id);
  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByRole("button", { name: "Publicar" })).toBeEnabled();

  // The location is removed elsewhere after this page was loaded.
  const removed = await page.request.delete(`/api/landing/${landing.id}/locations?location_id=${location.id}`, {
    headers: await xsrfHeaders(page),
  });
  expect(removed.status()).toBe(200);
  await page.getByRole("button", { name: "Publicar" }).click();
  const needs = page.getByTestId("publish-requirements");
  await expect(needs).toContainText("No se pudo publicar");
  await expect(needs).toContainText("Agrega al menos una localización antes de publicar.");
  await expect(needs.getByRole("link", { name: "Agregar una localización" })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}$`));
  // The counts were read again: Publicar now waits for a location.
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("draft");
});

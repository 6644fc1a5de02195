import { expect, type Page, test } from "@playwright/test";
import {
  createLandingViaApi,
  makePublishable,
  publishViaApi,
  setLandingInProgress,
  uniqueSlug,
  xsrfHeaders,
} from "./support/landings";
import { signedInOwner } from "./support/owners";

const storedInProgress = (page: Page) => page.evaluate(() => localStorage.getItem("nelly.designer.landingId"));

test("a landing trashed from the list is no longer the one in progress", async ({ page }) => {
  const owner = await signedInOwner(page, "resume-trash");
  const landing = await createLandingViaApi(page, owner.id, { name: "Guagua Tours", slug: uniqueSlug("guagua tours") });
  await setLandingInProgress(page, landing);
  await page.goto("/layout-designer");
  await expect(page.getByRole("heading", { name: "Estás creando «Guagua Tours»" })).toBeVisible();

  await page.goto("/landings");
  await page.getByRole("button", { name: "Eliminar Guagua Tours" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mover a la Papelera" }).click();
  await expect(page.getByRole("heading", { name: "Aún no tienes landings" })).toBeVisible();
  expect(await storedInProgress(page)).toBeNull();

  await page.getByRole("main").getByRole("link", { name: "Crear landing" }).click();
  await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
  await expect(page.getByText("Estás creando", { exact: false })).toHaveCount(0);
  await expect(
    page.getByText("Cuatro pasos: tu marca, tus vehículos, dónde se recogen y la revisión final antes de publicar."),
  ).toBeVisible();
});

test("a landing trashed elsewhere is checked with the server and forgotten", async ({ page }) => {
  const owner = await signedInOwner(page, "resume-elsewhere");
  const landing = await createLandingViaApi(page, owner.id, { name: "Guagua Tours", slug: uniqueSlug("guagua tours") });
  await setLandingInProgress(page, landing);
  // Trashed from another tab (or another device): this browser still points at it.
  const trashed = await page.request.delete(`/api/landing/${landing.id}`, { headers: await xsrfHeaders(page) });
  expect(trashed.status()).toBe(200);

  await page.goto("/layout-designer");
  await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
  await expect(page.getByText("Estás creando", { exact: false })).toHaveCount(0);
  await expect(page.getByText("Guagua Tours")).toHaveCount(0);
  expect(await storedInProgress(page)).toBeNull();
  // The later steps are not reachable for it either.
  await expect(
    page.getByRole("navigation", { name: "Pasos del diseñador" }).getByRole("link", { name: /Previsualizar/ }),
  ).toHaveCount(0);
});

test("a landing deleted for good is gone from the designer's review, which says so", async ({ page }) => {
  const owner = await signedInOwner(page, "resume-purged");
  const landing = await createLandingViaApi(page, owner.id, { name: "Guagua Tours", slug: uniqueSlug("guagua tours") });
  await setLandingInProgress(page, landing);
  const headers = await xsrfHeaders(page);
  expect((await page.request.delete(`/api/landing/${landing.id}`, { headers })).status()).toBe(200);
  expect((await page.request.delete(`/api/landing/deletedFinal/${landing.id}`, { headers })).status()).toBe(200);

  await page.goto("/layout-designer/review");
  await expect(page.getByText("La landing que estabas creando ya no existe.", { exact: false })).toBeVisible();
  expect(await storedInProgress(page)).toBeNull();
  await page.getByRole("main").getByRole("link", { name: "Crear otra landing" }).click();
  await expect(page).toHaveURL(/\/layout-designer$/);
  await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
});

test("a landing published since is finished: Crear landing starts a new one (issue 25.11)", async ({ page }) => {
  const owner = await signedInOwner(page, "resume-published");
  const landing = await createLandingViaApi(page, owner.id, {
    name: "Autos Año Nuevo SRL",
    slug: uniqueSlug("autos ano nuevo"),
  });
  await setLandingInProgress(page, landing);
  await makePublishable(page, landing.id);
  // Published from the landing's own page, another tab or another device.
  await publishViaApi(page, owner.id, landing.id);

  await page.goto("/landings");
  await page.getByRole("main").getByRole("link", { name: "Crear landing" }).click();
  await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
  await expect(page.getByText("Estás creando", { exact: false })).toHaveCount(0);
  await expect(page.getByText("guardada como borrador", { exact: false })).toHaveCount(0);
  expect(await storedInProgress(page)).toBeNull();
});

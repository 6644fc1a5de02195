import { type Browser, expect, type Page } from "@playwright/test";
import {
  createLandingViaApi,
  makePublishable,
  publishViaApi,
  setLandingInProgress,
  uniqueSlug,
  xsrfHeaders,
} from "./support/landings";
import { type Owner, signedInOwner, signIn } from "./support/owners";
import { test } from "./support/test";

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

/** The same owner on another device: a browser of its own, signed in, with nothing in its storage. */
async function otherDevice(browser: Browser, owner: Owner) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, owner, { open: false });
  return { page, close: () => context.close() };
}

// The tester's report: a landing started on a phone was nowhere in the designer on a computer,
// whose vehicles step said to create a landing first.
test("a landing started on another device is picked up by the designer here", async ({ page, browser }) => {
  const owner = await signedInOwner(page, "resume-device", { open: false });
  await createLandingViaApi(page, owner.id, { name: "Borrador Viejo", slug: uniqueSlug("borrador viejo") });
  // Started on the phone: a draft on the server, known only to the phone's own storage.
  const landing = await createLandingViaApi(page, owner.id, { name: "Guagua Tours", slug: uniqueSlug("guagua tours") });

  const computer = await otherDevice(browser, owner);
  try {
    const desk = computer.page;
    await desk.goto("/layout-designer");
    // The latest draft is offered above the form, which stays for creating another one.
    const note = desk.getByTestId("server-draft-note");
    await expect(note.getByRole("heading", { name: "Ya estás creando «Guagua Tours»" })).toBeVisible();
    await expect(note).toContainText("Tienes 1 borrador más en Landings.");
    await expect(desk.getByLabel("Nombre de tu empresa")).toBeVisible();
    await note.getByRole("link", { name: "Continuar con los vehículos" }).click();

    await expect(desk).toHaveURL(/\/layout-designer\/add-vehicles$/);
    await expect(desk.getByRole("heading", { name: "Vehículos", level: 2 })).toBeVisible();
    await expect(desk.getByText("Estás creando «Guagua Tours».", { exact: false })).toBeVisible();
    await expect(desk.getByText("Primero necesitas una landing")).toHaveCount(0);
    expect(await storedInProgress(desk)).toBe(String(landing.id));

    // From now on it is this browser's landing in progress too.
    await desk.goto("/layout-designer");
    await expect(desk.getByRole("heading", { name: "Estás creando «Guagua Tours»" })).toBeVisible();
    await expect(desk.getByTestId("server-draft-note")).toHaveCount(0);
  } finally {
    await computer.close();
  }

  // Opening the vehicles step itself, on yet another device, picks it up at once.
  const laptop = await otherDevice(browser, owner);
  try {
    await laptop.page.goto("/layout-designer/add-vehicles");
    await expect(laptop.page.getByText("Estás creando «Guagua Tours».", { exact: false })).toBeVisible();
    await expect(laptop.page.getByRole("heading", { name: "Vehículos", level: 2 })).toBeVisible();
    await expect(laptop.page.getByTestId("no-landing-message")).toHaveCount(0);
    expect(await storedInProgress(laptop.page)).toBe(String(landing.id));
  } finally {
    await laptop.close();
  }
});

test("with no draft on the server, the vehicles step still says to create a landing first", async ({ page }) => {
  const owner = await signedInOwner(page, "resume-none", { open: false });
  await page.goto("/layout-designer/add-vehicles");
  await expect(page.getByRole("heading", { name: "Primero necesitas una landing" })).toBeVisible();
  await expect(page.getByTestId("no-landing-message")).toContainText("Serás redirigido en");

  // A published landing is finished, not in progress: the same.
  const landing = await createLandingViaApi(page, owner.id, { name: "Ya Publicada", slug: uniqueSlug("ya publicada") });
  await makePublishable(page, landing.id);
  await publishViaApi(page, owner.id, landing.id);
  await page.goto("/layout-designer/add-vehicles");
  await expect(page.getByRole("heading", { name: "Primero necesitas una landing" })).toBeVisible();
  await page.goto("/layout-designer");
  await expect(page.getByLabel("Nombre de tu empresa")).toBeVisible();
  await expect(page.getByTestId("server-draft-note")).toHaveCount(0);
  expect(await storedInProgress(page)).toBeNull();
});

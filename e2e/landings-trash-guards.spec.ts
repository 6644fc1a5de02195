import { expect } from "@playwright/test";
import { createLanding, test, toast } from "./support/fleet";
import { book, createBookableLanding } from "./support/reservations";

// Issue 25, items 6 and 8: a landing whose bookings are still ahead stays out of the Papelera
// (its customers' links and emails live under its address), and a restore is sent once however
// fast "Restaurar" is pressed.

test("a landing with bookings still ahead is kept out of the Papelera: the dialog says how many and leads to them", async ({
  page,
  signedInOwner,
  baseURL,
}) => {
  const owner = await signedInOwner("trash-bookings", { open: false });
  const landing = await createBookableLanding(owner, "Activa");
  const ana = await book(landing, { name: "Ana", start: 8 });
  const luis = await book(landing, { name: "Luis", start: 12 });
  const confirmed = await owner.api.patch(`/api/reservations/${luis.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.status()).toBe(200);

  await page.goto("/landings");
  await page.getByRole("button", { name: `Eliminar ${landing.display_name}` }).click();
  const dialog = page.getByRole("dialog", { name: `«${landing.display_name}» tiene reservas activas` });
  await expect(dialog).toContainText("Tiene 2 reservas activas (pendientes o confirmadas y aún sin devolver).");
  await expect(dialog.getByRole("button", { name: "Mover a la Papelera" })).toHaveCount(0);
  await dialog.getByRole("link", { name: "Ver sus reservas" }).click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}$`));
  for (const reference of [ana.reference, luis.reference]) {
    await expect(page.getByRole("main").getByText(reference).first()).toBeVisible();
  }

  // The API refuses it too, naming how many; the customers' site still answers.
  const refused = await owner.api.delete(`/api/landing/${landing.id}`, { headers: { "accept-language": "es" } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^Esta landing tiene 2 reservas activas/);
  expect((await page.request.get(`${baseURL}/${landing.name}`)).status()).toBe(200);
  const trash = await owner.api.get(`/api/landing/deleted/${owner.id}`);
  expect(await trash.json()).toEqual([]);

  // Unpublishing is allowed, but the question says what it does to those customers' links.
  await page.getByRole("button", { name: "Despublicar" }).click();
  const unpublish = page.getByRole("dialog", { name: "¿Despublicar esta landing?" });
  await expect(unpublish).toContainText(
    "Tiene 2 reservas activas: sus clientes no podrán abrir el enlace de su reserva ni cancelarla en línea hasta que la publiques de nuevo.",
  );
  await unpublish.getByRole("button", { name: "Cancelar" }).click();
  expect((await page.request.get(`${baseURL}/${landing.name}`)).status()).toBe(200);
});

test("a booking that arrives while the dialog is open keeps the landing too, and the dialog says so", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("trash-race", { open: false });
  const landing = await createBookableLanding(owner, "Carrera");
  await page.goto("/landings");
  await page.getByRole("button", { name: `Eliminar ${landing.display_name}` }).click();
  const dialog = page.getByRole("dialog", { name: "¿Estás seguro de eliminar esta landing?" });
  await expect(dialog).toBeVisible();
  // A visitor books while the owner reads the question.
  await book(landing, { name: "Rosa" });
  await dialog.getByRole("button", { name: "Mover a la Papelera" }).click();
  const blocked = page.getByRole("dialog", { name: `«${landing.display_name}» tiene reservas activas` });
  await expect(blocked).toContainText("Esta landing tiene 1 reserva activa");
  await blocked.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByTestId("landing-card")).toHaveCount(1);
});

test("restoring with a double click sends one request and says it worked", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("restore-twice", { open: false });
  const landing = await createLanding(owner, "Doble");
  expect((await owner.api.delete(`/api/landing/${landing.id}`)).status()).toBe(200);

  // Requests are held until both clicks are in, as on a slow connection.
  let calls = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/landing/restore/${landing.id}`, async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto("/history");
  const restore = page.getByRole("button", { name: `Restaurar ${landing.title}` });
  await restore.dblclick();
  release();
  await expect(toast(page, "Landing restaurada con éxito")).toBeVisible();
  await expect(page.getByRole("heading", { name: "La papelera está vacía" })).toBeVisible();
  expect(calls).toBe(1);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing no encontrada" })).toHaveCount(0);
  const active = await owner.api.get(`/api/landing/${owner.id}`);
  expect(((await active.json()) as { id: number }[]).map((found) => found.id)).toEqual([landing.id]);
});

test("deleting for good a landing another tab restored says so, closes the dialog and keeps the landing", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("purge-stale", { open: false });
  const landing = await createLanding(owner, "Otra pestaña");
  expect((await owner.api.delete(`/api/landing/${landing.id}`)).status()).toBe(200);
  await page.goto("/history");
  await page.getByRole("button", { name: `Eliminar definitivamente ${landing.title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // Meanwhile, another tab restores it.
  expect((await owner.api.post(`/api/landing/restore/${landing.id}`)).status()).toBe(200);
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(
    toast(page, `«${landing.title}» ya no está en la Papelera: se restauró o se eliminó en otra pestaña.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "La papelera está vacía" })).toBeVisible();
  const active = await owner.api.get(`/api/landing/${owner.id}`);
  expect(((await active.json()) as { id: number }[]).map((found) => found.id)).toEqual([landing.id]);
});

import { expect } from "@playwright/test";
import { createLandingViaApi, fetchLandings, fetchTrash, xsrfHeaders } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("a landing moved to the Papelera is restored, then deleted for good", async ({ page }) => {
  const owner = await signedInOwner(page, "trash", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  const keep = await createLandingViaApi(page, owner.id);
  const title = landing.display_name;

  await page.goto("/landings");
  await expect(page.getByTestId("list-count")).toHaveText("2");
  await page.getByLabel("Buscar por nombre").fill("AUTOS");
  await expect(page.getByTestId("landing-card")).toHaveCount(2);
  await page.getByLabel("Buscar por nombre").fill(title);
  await expect(page.getByTestId("landing-card")).toHaveCount(1);

  await page.getByRole("button", { name: `Eliminar ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "¿Estás seguro de eliminar esta landing?" });
  await expect(dialog).toContainText(`«${title}» se moverá a la Papelera`);
  await expect(dialog).toContainText("Podrás restaurarla desde la Papelera");
  await dialog.getByRole("button", { name: "Mover a la Papelera" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing movida a la papelera." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `Ninguna landing coincide con «${title}»` })).toBeVisible();
  expect((await fetchLandings(page, owner.id)).map((found) => found.id)).toEqual([keep.id]);

  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Papelera" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Papelera");
  await expect(page.getByTestId("list-count")).toHaveText("1");
  const card = page.getByTestId("trashed-card").filter({ hasText: title });
  await expect(card).toContainText(/Eliminada el \d{2}-\d{2}-\d{4}/);
  await card.getByRole("button", { name: `Restaurar ${title}` }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing restaurada con éxito" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "La papelera está vacía" })).toBeVisible();
  expect((await fetchLandings(page, owner.id)).map((found) => found.id).sort()).toEqual([landing.id, keep.id].sort());

  // Trashed again (from the API this time), then gone for good from the Papelera.
  const trashed = await page.request.delete(`/api/landing/${landing.id}`, { headers: await xsrfHeaders(page) });
  expect(trashed.status()).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: `Eliminar definitivamente ${title}` }).click();
  const purge = page.getByRole("dialog", { name: `¿Eliminar «${title}» definitivamente?` });
  await expect(purge).toContainText("¿Estás seguro de eliminar esta landing? Este proceso es irreversible.");
  const confirm = purge.getByRole("button", { name: "Eliminar definitivamente" });
  await expect(confirm).toHaveClass(/\bbg-red-600\b/);
  await confirm.click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Borrado exitoso." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "La papelera está vacía" })).toBeVisible();
  expect(await fetchTrash(page, owner.id)).toEqual([]);
  expect((await page.request.get(`/api/landings/${owner.id}/${landing.id}`)).status()).toBe(404);
});

test("a trashed landing can be put back straight from the toast", async ({ page }) => {
  const owner = await signedInOwner(page, "undo", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto("/landings");
  await page.getByRole("button", { name: `Eliminar ${landing.display_name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mover a la Papelera" }).click();
  await page.locator("[data-sonner-toast]").getByRole("button", { name: "Deshacer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing restaurada con éxito" })).toBeVisible();
  await expect(page.getByTestId("landing-card")).toHaveCount(1);
  expect(await fetchTrash(page, owner.id)).toEqual([]);
});

test("a failed list load offers a retry", async ({ page }) => {
  const owner = await signedInOwner(page, "list-retry", { open: false });
  await createLandingViaApi(page, owner.id);
  await page.route(`**/api/landing/${owner.id}`, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.goto("/landings");
  await expect(page.getByText("No pudimos cargar tus landings.", { exact: false })).toBeVisible({ timeout: 10_000 });
  await page.unroute(`**/api/landing/${owner.id}`);
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByTestId("landing-card")).toHaveCount(1);
});

test("in the Papelera, the focus moves on from a card restored or deleted, and its time is the landing's clock", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "trash-focus", { open: false });
  const first = await createLandingViaApi(page, owner.id);
  const second = await createLandingViaApi(page, owner.id);
  for (const landing of [first, second]) {
    const trashed = await page.request.delete(`/api/landing/${landing.id}`, { headers: await xsrfHeaders(page) });
    expect(trashed.status()).toBe(200);
  }
  const deletedAt = (await fetchTrash(page, owner.id))[0]?.deleted_at ?? "";
  const onLandingClock = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Santo_Domingo",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(deletedAt));
  await page.goto("/history");
  // The browser's clock is UTC here: the deletion reads on the landing's (Santo Domingo, UTC-4).
  const cards = page.getByTestId("trashed-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(/Eliminada el \d{2}-\d{2}-\d{4} · \d{1,2}:\d{2}\s[AP]M/);
  await expect(page.getByText(onLandingClock, { exact: false }).first()).toBeVisible();

  // Restored: the focus goes to the card now in its place, not to <body>.
  await cards
    .first()
    .getByRole("button", { name: /^Restaurar/ })
    .click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("button", { name: /^Restaurar/ })).toBeFocused();

  // Deleted for good, the last: the focus goes to the way back to the landings.
  await cards
    .first()
    .getByRole("button", { name: /^Eliminar definitivamente/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(page.getByRole("heading", { name: "La papelera está vacía" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Ir a Landings" })).toBeFocused();
});

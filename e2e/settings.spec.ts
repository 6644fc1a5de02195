import { expect, test } from "@playwright/test";
import { pngImage } from "./support/images";
import { fillLogin, newOwner, registerViaApi, signedInOwner, storedSession } from "./support/owners";

test("an owner updates name, phone and photo, and the shell follows", async ({ page }) => {
  const owner = await signedInOwner(page, "settings");
  await page.getByRole("link", { name: "Configuración de usuario", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configuración de usuario" })).toBeVisible();
  await expect(page.getByLabel("Nombre")).toHaveValue(owner.name);
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(owner.email);

  await page
    .getByLabel("Subir foto")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngImage() });
  // The chosen photo previews at once, before saving.
  const main = page.getByRole("main");
  await expect(main.locator('img[src^="blob:"]')).toBeVisible();

  await page.getByLabel("Nombre").fill("Flota Santo Domingo");
  await page.getByLabel("Teléfono").fill("+1 (809) 555-0101");
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  await expect(page.getByText("Usuario actualizado correctamente.")).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText("Flota Santo Domingo");

  // The saved photo is the server's re-encoded copy under /storage, and it really loads.
  const avatar = main.locator('img[src^="/storage/avatars/"]');
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("complementary").locator('img[src^="/storage/avatars/"]')).toBeVisible();

  const response = await page.request.get(`/api/users/${owner.id}`);
  expect(response.ok()).toBe(true);
  const saved = await response.json();
  expect(saved).toMatchObject({ name: "Flota Santo Domingo", phone: "+1 (809) 555-0101", email: owner.email });
  expect(saved.avatar).toMatch(/^\/storage\/avatars\/.+\.webp$/);
  expect(JSON.parse((await storedSession(page)).user ?? "{}")).toMatchObject({ name: "Flota Santo Domingo" });

  await page.reload();
  await expect(page.getByLabel("Nombre")).toHaveValue("Flota Santo Domingo");
  await expect(page.getByLabel("Teléfono")).toHaveValue("+1 (809) 555-0101");

  // Removing the photo previews the initials, then saves the removal.
  await page.getByRole("button", { name: "Quitar foto" }).click();
  await expect(main.locator('img[src^="/storage/avatars/"]')).toHaveCount(0);
  await expect(page.getByText("La foto se quitará al pulsar Guardar cambios.")).toBeVisible();
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Usuario actualizado correctamente.")).toBeVisible();
  await expect(page.getByRole("complementary").locator('img[src^="/storage/avatars/"]')).toHaveCount(0);
  expect((await (await page.request.get(`/api/users/${owner.id}`)).json()).avatar).toBeNull();
});

test("an email taken by another account is refused under the email field", async ({ page }) => {
  const other = newOwner("other");
  await registerViaApi(other);
  await signedInOwner(page, "clash");
  await page.goto("/user-config");

  await page.getByLabel("Correo electrónico").fill(other.email);
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  const message = "Ya existe una cuenta con este correo electrónico.";
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(new RegExp(message));
  // SPEC §8: the failure toast shows the server's first error.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toBeEnabled();
});

test("a file that is not an image is refused before uploading", async ({ page }) => {
  await signedInOwner(page, "badfile");
  await page.goto("/user-config");
  const uploads: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/users-update/")) uploads.push(req.url());
  });
  await page.getByLabel("Subir foto").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByText("El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).")).toBeVisible();
  await expect(page.getByRole("main").locator('img[src^="blob:"]')).toHaveCount(0);
  expect(uploads).toHaveLength(0);
});

test("changing the password keeps this session and the new password works", async ({ page }) => {
  const owner = await signedInOwner(page, "password");
  await page.goto("/user-config");
  const before = (await storedSession(page)).expiresAt;

  await page.getByLabel("Nueva contraseña", { exact: true }).fill("a-brand-new-secret");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("a-brand-new-secret");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Usuario actualizado correctamente.")).toBeVisible();
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveValue("");
  // The server ended every session and issued a new one; the stored expiry follows it.
  await expect.poll(async () => (await storedSession(page)).expiresAt).not.toBe(before);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Configuración de usuario" })).toBeVisible();
  const check = await page.request.get("/api/session");
  expect(check.status()).toBe(200);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, owner.email, "a-brand-new-secret");
  await expect(page).toHaveURL(/\/landings$/);
});

test("a failed profile load offers a retry", async ({ page }) => {
  await signedInOwner(page, "retry");
  await page.route("**/api/users/*", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.goto("/user-config");
  // Server errors are retried twice before the page gives up and says so.
  await expect(page.getByRole("heading", { name: "¡Ups! Algo salió mal." })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Ocurrió un error inesperado. Inténtalo de nuevo.")).toBeVisible();

  await page.unroute("**/api/users/*");
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByLabel("Nombre")).toHaveValue("Alquileres Caribe");
});

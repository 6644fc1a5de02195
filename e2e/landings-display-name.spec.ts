import { expect } from "@playwright/test";
import {
  fetchLanding,
  fetchLandings,
  fetchTrash,
  logoPng,
  previewSite,
  uniqueSlug,
  xsrfHeaders,
} from "./support/landings";
import { fillLogin, newOwner, registerViaApi, signedInOwner } from "./support/owners";
import { test } from "./support/test";

const readable = (url: string) => url.replace(/^https?:\/\//, "");

test("the business name is kept exactly as typed on every screen, apart from its address", async ({ page }) => {
  // A long journey through several screens: more than the default 30 s on a loaded machine.
  test.slow();
  const owner = await signedInOwner(page, "display-name", { open: false });
  const name = "Autos Año Nuevo SRL";
  const slug = uniqueSlug("autos ano nuevo");

  // The wizard: the name as typed, the address made from it, then an address of the owner's own.
  await page.goto("/layout-designer");
  await page.getByLabel("Nombre de tu empresa").fill(name);
  const address = page.getByLabel("Dirección de tu sitio");
  await expect(address).toHaveValue("autos-ano-nuevo-srl");
  await address.fill(slug);
  await expect(page.getByTestId("name-status")).toHaveText(new RegExp(`/${slug} está disponible\\.$`));
  await expect(page.getByTestId("landing-preview").getByTestId("preview-headline")).toHaveText(
    `Alquila tu vehículo con ${name}`,
  );
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await logoPng(),
  });
  await page.getByLabel("Color principal", { exact: true }).fill("#0f766e");
  await page.getByLabel("Color secundario", { exact: true }).fill("#f59e0b");
  await page.getByRole("radio", { name: /^Español/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("dialog", { name: "¡Landing creada!" })).toContainText(
    `«${name}» está guardada como borrador.`,
  );
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/, { timeout: 5_000 });
  await expect(page.getByText(`Estás creando «${name}».`, { exact: false })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Diseñador de landing | Nelly`);

  const [saved] = await fetchLandings(page, owner.id);
  expect(saved).toMatchObject({ display_name: name, name: slug });
  const id = saved?.id ?? 0;

  // The list, the detail and the preview name it the same way, and so do the browser's tabs.
  await page.goto("/landings");
  await expect(page.getByTestId("landing-card").getByRole("heading", { level: 2 })).toHaveText(name);
  await expect(page.getByTestId("landing-address")).toHaveText(readable(saved?.public_url ?? ""));
  await page.getByLabel("Buscar por nombre").fill("año nuevo");
  await expect(page.getByTestId("landing-card")).toHaveCount(1);

  await page.goto(`/view-landing/${id}`);
  await expect(page.getByTestId("detail-name")).toHaveText(name);
  await expect(page).toHaveTitle(`${name} · Detalle de la landing | Nelly`);

  await page.goto(`/review-component/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: `Vista previa: ${name}` })).toBeVisible();
  const site = previewSite(page);
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(`Alquila tu vehículo con ${name}`);
  await expect(site.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} ${name}.`);
  await expect(page).toHaveTitle(`${name} · Previsualizar | Nelly`);

  // Configuración edits the name and the address separately.
  await page.goto(`/view-landing/${id}?tab=settings`);
  const nameField = page.getByLabel("Nombre de tu empresa");
  await expect(nameField).toHaveValue(name);
  await expect(page.getByLabel("Dirección de tu sitio")).toHaveValue(slug);
  await nameField.fill("Renta Caribe & Tours PUJ");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing actualizada con éxito." })).toBeVisible();
  await expect(page.getByTestId("detail-name")).toHaveText("Renta Caribe & Tours PUJ");
  expect(await fetchLanding(page, owner.id, id)).toMatchObject({
    display_name: "Renta Caribe & Tours PUJ",
    name: slug,
  });

  const newSlug = uniqueSlug("renta caribe puj");
  await page.getByLabel("Dirección de tu sitio").fill(newSlug);
  await expect(page.getByTestId("name-status")).toContainText(`/${newSlug} está disponible.`);
  await expect(page.getByTestId("slug-change-note")).toBeVisible();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByTestId("detail-address")).toHaveText(new RegExp(`/${newSlug}$`));
  expect(await fetchLanding(page, owner.id, id)).toMatchObject({
    display_name: "Renta Caribe & Tours PUJ",
    name: newSlug,
  });

  // The Papelera names it too.
  const trashed = await page.request.delete(`/api/landing/${id}`, { headers: await xsrfHeaders(page) });
  expect(trashed.status()).toBe(200);
  expect((await fetchTrash(page, owner.id)).map((landing) => landing.display_name)).toEqual([
    "Renta Caribe & Tours PUJ",
  ]);
  await page.goto("/history");
  await expect(page.getByTestId("trashed-card").getByRole("heading", { level: 2 })).toHaveText(
    "Renta Caribe & Tours PUJ",
  );
});

test("the site address shown is the server's public address, never the browser's own host", async ({ page }) => {
  // The dashboard opened through 127.0.0.1, while the server's public address is another host.
  const port = new URL(test.info().project.use.baseURL ?? "").port;
  const internal = `http://127.0.0.1:${port}`;
  const owner = newOwner("address-host");
  await registerViaApi(owner);
  await page.goto(`${internal}/`);
  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/landings$/);

  const slug = uniqueSlug("guagua tours");
  const check = await page.request.get(`${internal}/api/landing-name-check?name=${slug}`);
  const publicUrl = ((await check.json()) as { public_url: string }).public_url;
  expect(new URL(publicUrl).host).not.toBe(`127.0.0.1:${port}`);

  await page.goto(`${internal}/layout-designer`);
  await page.getByLabel("Nombre de tu empresa").fill("Guagua Tours");
  await page.getByLabel("Dirección de tu sitio").fill(slug);
  await expect(page.getByTestId("name-status")).toHaveText(`${readable(publicUrl)} está disponible.`);
  await expect(page.getByTestId("preview-address")).toHaveText(readable(publicUrl));
  await expect(page.getByRole("main")).not.toContainText("127.0.0.1");
});

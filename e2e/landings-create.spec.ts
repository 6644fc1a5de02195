import { expect, test } from "@playwright/test";
import { createLandingViaApi, fetchLandings, logoPng, rgb, uniqueLandingName } from "./support/landings";
import { signedInOwner } from "./support/owners";

test("an owner creates a landing in the wizard while the live preview follows", async ({ page }) => {
  const owner = await signedInOwner(page, "wizard");
  // An empty list says what to do next, with the button to do it.
  await expect(page.getByRole("heading", { name: "Aún no tienes landings" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Crear landing" }).click();
  await expect(page).toHaveURL(/\/layout-designer$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crea tu landing" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Pasos del diseñador" }).locator("[aria-current=step]"),
  ).toContainText("Logo y colores");

  const continueButton = page.getByRole("button", { name: "Continuar" });
  await expect(continueButton).toBeDisabled();
  const preview = page.getByTestId("landing-preview");

  // 1. The name: the slug, its availability, and the preview's headline as it is typed.
  const name = uniqueLandingName("Autos Peña");
  const slug = name.toLowerCase().replace("ñ", "n").replace(/\s+/g, "-");
  await page.getByLabel("Nombre de la landing").fill(name);
  await expect(preview.getByTestId("preview-headline")).toHaveText(`Alquila tu vehículo con ${name}`);
  await expect(page.getByTestId("preview-address")).toHaveText(`localhost:${new URL(page.url()).port}/${slug}`);
  await expect(page.getByTestId("name-status")).toHaveText(new RegExp(`/${slug} está disponible\\.$`));
  await expect(continueButton).toBeDisabled();
  await expect(page.getByText("Para continuar falta: el logo, los dos colores y el idioma.")).toBeVisible();

  // 2. The logo previews in the form and in the landing's header.
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await logoPng(),
  });
  await expect(page.getByText("Recomendado: 250 × 80 px.", { exact: false })).toBeVisible();
  await expect(page.getByText("Tu imagen: 250 × 80 px.")).toBeVisible();
  await expect(preview.getByTestId("preview-logo")).toHaveAttribute("src", /^blob:/);

  // 3. Colours: typed as hex or picked from the suggestions, the header takes them at once.
  await page.getByLabel("Color principal", { exact: true }).fill("#0f766e");
  await expect(preview.locator("header")).toHaveCSS("background-color", rgb("#0f766e"));
  await page
    .getByRole("group", { name: "Colores sugeridos para Color secundario" })
    .getByRole("button", { name: "#F59E0B" })
    .click();
  await expect(page.getByLabel("Color secundario", { exact: true })).toHaveValue("#f59e0b");
  await expect(preview.locator("header").getByText("Reservar")).toHaveCSS("background-color", rgb("#f59e0b"));
  await expect(continueButton).toBeDisabled();

  // 4. The language: the preview switches to it.
  await page.getByRole("radio", { name: /^English/ }).check();
  await expect(preview.getByTestId("preview-headline")).toHaveText(`Rent your car with ${name}`);
  await expect(preview.getByTestId("preview-language")).toHaveText("en");
  await expect(page.getByText("Todo listo. Guardaremos tu landing como borrador.")).toBeVisible();
  await expect(continueButton).toBeEnabled();

  await continueButton.click();
  const dialog = page.getByRole("dialog", { name: "¡Landing creada!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`«${slug.replace(/-/g, " ")}» está guardada como borrador.`);
  // The modal moves on by itself after two seconds, without Aceptar.
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/, { timeout: 5_000 });
  await expect(dialog).toBeHidden();

  const [saved, ...others] = await fetchLandings(page, owner.id);
  expect(others).toHaveLength(0);
  expect(saved).toMatchObject({
    name: slug,
    color_primary: "#0f766e",
    color_secondary: "#f59e0b",
    default_language: "en",
    status: "draft",
  });
  expect(saved?.logo).toMatch(/^\/storage\/logos\/.+\.webp$/);
  // The designer remembers the landing in progress for the next steps.
  const draft = await page.evaluate(() => [
    localStorage.getItem("nelly.designer.landingId"),
    localStorage.getItem("nelly.designer.landingName"),
  ]);
  expect(draft).toEqual([String(saved?.id), slug]);
});

test("Aceptar moves on at once", async ({ page }) => {
  await signedInOwner(page, "accept");
  await page.goto("/layout-designer");
  await page.getByLabel("Nombre de la landing").fill(uniqueLandingName("Rapido"));
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "l.png", mimeType: "image/png", buffer: await logoPng() });
  await page.getByLabel("Color principal", { exact: true }).fill("#1d4ed8");
  await page.getByLabel("Color secundario", { exact: true }).fill("#0f172a");
  await page.getByRole("radio", { name: /^Español/ }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/);
});

test("names that cannot be used are explained while typing", async ({ page }) => {
  const owner = await signedInOwner(page, "names");
  const taken = await createLandingViaApi(page, owner.id, { name: uniqueLandingName("Ocupado") });
  await page.goto("/layout-designer");
  const field = page.getByLabel("Nombre de la landing");
  const status = page.getByTestId("name-status");

  await field.fill(taken.name.replace(/-/g, " "));
  await expect(status).toHaveText("Ya existe una landing con este nombre; elige otro.");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("Landings");
  await expect(status).toHaveText("Este nombre está reservado por Nelly; elige otro.");

  await field.fill("x".repeat(36));
  await expect(status).toHaveText("El nombre no puede superar los 35 caracteres.");
  await expect(page.getByText("36 / 35", { exact: true })).toBeVisible();

  await field.fill("¡¡!!");
  await expect(status).toHaveText("El nombre debe contener letras o números.");
  await expect(page.getByRole("button", { name: "Continuar" })).toBeDisabled();
});

test("a refused create shows the error dialog with the server's message and the field's error", async ({ page }) => {
  await signedInOwner(page, "refused");
  await page.goto("/layout-designer");
  const name = uniqueLandingName("Carrera");
  await page.getByLabel("Nombre de la landing").fill(name);
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "l.png", mimeType: "image/png", buffer: await logoPng() });
  await page.getByLabel("Color principal", { exact: true }).fill("#b91c1c");
  await page.getByLabel("Color secundario", { exact: true }).fill("#0f172a");
  await page.getByRole("radio", { name: /^Español/ }).check();
  await expect(page.getByTestId("name-status")).toContainText("está disponible");

  // Another owner takes the name between the check and the submit.
  await page.route("**/api/landing", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        message: "Ya existe una landing con este nombre; elige otro.",
        errors: { name: ["Ya existe una landing con este nombre; elige otro."] },
      }),
    }),
  );
  await page.getByRole("button", { name: "Continuar" }).click();
  const dialog = page.getByRole("dialog", { name: "Error al crear la landing" });
  await expect(dialog).toContainText("Ya existe una landing con este nombre; elige otro.");
  await dialog.getByRole("button", { name: "Entendido" }).click();
  await expect(page.getByLabel("Nombre de la landing")).toHaveAccessibleDescription(
    /Ya existe una landing con este nombre/,
  );
  await expect(page).toHaveURL(/\/layout-designer$/);
});

test("cancelling the process forgets the landing in progress and returns to the list", async ({ page }) => {
  const owner = await signedInOwner(page, "cancel");
  const landing = await createLandingViaApi(page, owner.id);
  await page.evaluate(
    ({ id, name }) => {
      localStorage.setItem("nelly.designer.landingId", String(id));
      localStorage.setItem("nelly.designer.landingName", name);
    },
    { id: landing.id, name: landing.name },
  );
  await page.goto("/layout-designer/review");
  await expect(
    page.getByRole("navigation", { name: "Pasos del diseñador" }).locator("[aria-current=step]"),
  ).toContainText("Previsualizar");
  await page.getByRole("button", { name: "Cancelar proceso" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Cancelar la creación de la landing?" });
  await expect(dialog).toContainText(`«${landing.name.replace(/-/g, " ")}» ya está guardada como borrador`);
  await dialog.getByRole("button", { name: "Cancelar proceso" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  expect(await page.evaluate(() => localStorage.getItem("nelly.designer.landingId"))).toBeNull();
  // The landing itself stays, as a draft in the list.
  await expect(page.getByTestId("landing-card")).toHaveCount(1);
});

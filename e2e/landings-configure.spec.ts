import { expect } from "@playwright/test";
import { heavyPhoto } from "./support/images";
import { createLandingViaApi, fetchLanding, logoPng, previewSite, uniqueLandingName } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("an owner edits name, address, colours, language, tax and extras in Configuración", async ({ page }) => {
  // A long journey through several screens: more than the default 30 s on a loaded machine.
  test.slow();
  const owner = await signedInOwner(page, "config", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByTestId("detail-name")).toHaveText(landing.display_name);
  // Reservas is the default tab.
  await expect(page.getByRole("tab", { name: /Reservas/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No hay reservas disponibles.")).toBeVisible();

  await page.getByRole("tab", { name: "Configuración" }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);
  const newName = uniqueLandingName("Flota Norte");
  const newSlug = newName.toLowerCase().replace(/\s+/g, "-");
  await page.getByLabel("Nombre de tu empresa").fill(newName);
  await page.getByLabel("Dirección de tu sitio").fill(newSlug);
  await expect(page.getByTestId("name-status")).toContainText(`/${newSlug} está disponible.`);
  await page.getByLabel("Color principal", { exact: true }).fill("#7c3aed");
  await page.getByLabel("Color secundario", { exact: true }).fill("#0F172A");
  await page.getByRole("radio", { name: /^English/ }).check();
  await page.getByLabel("Zona horaria").selectOption("America/Bogota");
  await expect(page.getByTestId("time-zone-change-note")).toHaveText(
    "Las reservas y bloqueos ya hechos conservan su fecha y hora local: una recogida a las 10:00 sigue a las 10:00, en la nueva zona horaria.",
  );
  // A walk's finding: a new currency re-labelled every live price without a word. It says so as it
  // is chosen, and asks before saving.
  await page.getByLabel("Moneda").selectOption("DOP");
  await expect(page.getByTestId("currency-change-note")).toContainText("Los precios no se convierten");
  await page.getByLabel("Nombre del impuesto").fill("IVA");
  await page.getByLabel("Tasa del impuesto").fill("16,5");

  // Extras: the three defaults, one removed, one repriced, one added.
  await expect(page.getByTestId("addon-row")).toHaveCount(3);
  const before = (await fetchLanding(page, owner.id, landing.id)).addons.map((addon) => addon.id);
  await page.getByRole("button", { name: "Quitar el extra 2" }).click();
  await expect(page.getByTestId("addon-row")).toHaveCount(2);
  await page.getByLabel("Extra 1: nombre", { exact: true }).fill("Seguro total");
  await page.getByLabel("Precio por día (DOP)").first().fill("750");
  await page.getByRole("button", { name: "Añadir extra" }).click();
  await page.getByLabel("Extra 3: nombre", { exact: true }).fill("Conductor adicional");
  // Each name in English too (issue 24.3): a new landing's own add-ons come with theirs.
  await expect(page.getByLabel("Extra 2: nombre en inglés")).toHaveValue("Baby seat");
  await page.getByLabel("Extra 1: nombre en inglés").fill("Full cover");
  await page.getByLabel("Extra 3: nombre en inglés").fill("Additional driver");
  await page.getByLabel("Precio por día (DOP)").nth(2).fill("300.50");
  // Each price names its extra for a screen reader (three alike said nothing of which was which).
  await expect(page.getByLabel("Extra 3: Precio por día (DOP)", { exact: true })).toHaveValue("300.50");
  // Kinds and maximums: the coverage says it is taken once, the seat allows two, the driver one.
  await expect(page.getByLabel("Extra 1: tipo")).toHaveValue("coverage");
  await expect(page.getByTestId("addon-row").nth(0)).toContainText("Una por reserva, como toda cobertura.");
  await expect(page.getByLabel("Extra 2: tipo")).toHaveValue("child_seat");
  await page.getByLabel("Máximo por reserva").nth(0).fill("2");
  await page.getByLabel("Extra 3: tipo").selectOption("driver");
  await page.getByLabel("Máximo por reserva").nth(1).fill("0");
  await expect(page.getByText("3 de 10")).toBeVisible();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("El máximo por reserva debe ser un número entero entre 1 y 20.")).toBeVisible();
  await page.getByLabel("Máximo por reserva").nth(1).fill("1");

  // Saved from the keyboard, the focus stays on Guardar throughout (a disabled button dropped it to <body>).
  const save = page.getByRole("button", { name: "Guardar", exact: true });
  await save.focus();
  await page.keyboard.press("Enter");
  const currencyCheck = page.getByRole("dialog", { name: "¿Cobrar en DOP?" });
  await expect(currencyCheck).toContainText("Los precios no se convierten de USD a DOP");
  await currencyCheck.getByRole("button", { name: "Cambiar a DOP" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Landing actualizada con éxito." })).toBeVisible();
  await expect(save).toBeFocused();
  await expect(page.getByTestId("detail-name")).toHaveText(newName);
  // The form shows what was saved, with nothing left unsaved (the language among it).
  await expect(page.getByRole("radio", { name: /^English/ })).toBeChecked();
  await expect(page.getByText("Tienes cambios sin guardar.")).toHaveCount(0);

  const saved = await fetchLanding(page, owner.id, landing.id);
  expect(saved).toMatchObject({
    name: newSlug,
    display_name: newName,
    color_primary: "#7c3aed",
    color_secondary: "#0f172a",
    default_language: "en",
    time_zone: "America/Bogota",
    currency: "DOP",
    tax_label: "IVA",
    tax_rate: 16.5,
  });
  // English is now the landing's language: each English name is the name, the Spanish its translation.
  expect(
    saved.addons.map(({ name, price, kind, max_quantity, translations }) => ({
      name,
      price,
      kind,
      max_quantity,
      translations,
    })),
  ).toEqual([
    {
      name: "Full cover",
      price: 750,
      kind: "coverage",
      max_quantity: 1,
      translations: { es: { name: "Seguro total" } },
    },
    {
      name: "Baby seat",
      price: 12,
      kind: "child_seat",
      max_quantity: 2,
      translations: { es: { name: "Silla de bebé" } },
    },
    {
      name: "Additional driver",
      price: 300.5,
      kind: "driver",
      max_quantity: 1,
      translations: { es: { name: "Conductor adicional" } },
    },
  ]);
  // The two kept keep their ids (a traveller's link names them); the new one has its own.
  expect(saved.addons.map((addon) => addon.id)).toEqual([before[0], before[2], expect.any(Number)]);
  expect(before).not.toContain(saved.addons[2]?.id);
  await expect(page.getByLabel("Extra 1: nombre", { exact: true })).toHaveValue("Full cover");
  await expect(page.getByLabel("Extra 1: nombre en español")).toHaveValue("Seguro total");

  // Previsualizar goes to the preview under the new name.
  await page.getByRole("main").getByRole("link", { name: "Previsualizar" }).last().click();
  await expect(page).toHaveURL(new RegExp(`/review-component/${newSlug}$`));
  await expect(previewSite(page).getByRole("heading", { level: 1 })).toHaveText(/^Rent your vehicle with/);
});

test("Guardar says why it cannot save on the fields themselves, and the server's refusals show under the fields", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "config-errors", { open: false });
  const other = await createLandingViaApi(page, owner.id, { name: uniqueLandingName("Primera") });
  const landing = await createLandingViaApi(page, owner.id, { name: uniqueLandingName("Segunda") });
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  const save = page.getByRole("button", { name: "Guardar", exact: true });
  const name = page.getByLabel("Nombre de tu empresa");
  const primary = page.getByLabel("Color principal", { exact: true });

  // Issue 25.14: an empty name and a colour written as a word. Each field says what is wrong as
  // soon as the owner leaves it; Guardar stays usable, and a click goes to the first field to fix.
  await name.fill("");
  await primary.fill("azul");
  await primary.blur();
  await expect(name).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  await expect(primary).toHaveAccessibleDescription(/Elige un color válido \(formato #RRGGBB\)\./);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(name).toBeFocused();
  await expect(page.getByText("Corrige los campos marcados en rojo para guardar.")).toBeVisible();
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    display_name: landing.display_name,
    color_primary: landing.color_primary,
  });
  await name.fill("Segunda Flota");
  await save.click();
  await expect(primary).toBeFocused();
  // CSS's short form, as people type it, is read as its six digits once they leave the field.
  await primary.fill("#0a7");
  await primary.blur();
  await expect(primary).toHaveValue("#00aa77");
  await expect(primary).not.toHaveAccessibleDescription(/Elige un color válido/);
  await primary.fill("#123456");
  await expect(primary).not.toHaveAccessibleDescription(/Elige un color válido/);
  await expect(page.getByText("Corrige los campos marcados en rojo para guardar.")).toHaveCount(0);

  // An address another landing has: the form says so while typing, and the server refuses it.
  await page.getByLabel("Dirección de tu sitio").fill(other.name);
  await expect(page.getByTestId("name-status")).toContainText("ya está en uso");
  await page.getByLabel("Tasa del impuesto").fill("250");
  await save.click();
  await expect(page.getByText("La tasa de impuesto debe ser un número entre 0 y 100.")).toBeVisible();
  await page.getByLabel("Tasa del impuesto").fill("18");
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Hubo un error al actualizar la landing." })).toBeVisible();
  await expect(page.getByLabel("Dirección de tu sitio")).toHaveAccessibleDescription(/ya está en uso/);
  expect((await fetchLanding(page, owner.id, landing.id)).name).toBe(landing.name);
});

test("an owner fills the SEO tab with favicon and link-preview image", async ({ page }) => {
  const owner = await signedInOwner(page, "seo", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}`);
  await page.getByRole("tab", { name: "SEO" }).click();

  // Required fields and a bad canonical URL are refused before anything is sent.
  await page.getByLabel("URL canónica").fill("not a url");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(page.getByText("Revisa los campos marcados para guardar el SEO.")).toBeVisible();
  await expect(page.getByLabel("Título (meta title)")).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  await expect(page.getByLabel("Descripción (meta description)")).toHaveAccessibleDescription(
    /Este campo es obligatorio\./,
  );
  await expect(page.getByLabel("Descripción al compartir (og:description)")).toHaveAccessibleDescription(
    /Este campo es obligatorio\./,
  );
  await expect(page.getByLabel("URL canónica")).toHaveAccessibleDescription(
    /Introduce una URL válida que empiece por http:\/\/ o https:\/\/\./,
  );

  // The counters follow the text, and warn past the 60 and 160 hints.
  const title = "Alquiler de autos en Santiago | SUV, sedanes y camionetas al mejor precio";
  await page.getByLabel("Título (meta title)").fill(title);
  await expect(page.getByText(`${title.length} / 60`, { exact: true })).toBeVisible();
  await expect(page.getByText("Pasas de 60 caracteres: los buscadores pueden cortar el resto.")).toBeVisible();
  await page.getByLabel("Título (meta title)").fill("Alquiler de autos en Santiago");
  await expect(page.getByText("29 / 60", { exact: true })).toBeVisible();
  const description = "Reserva tu auto en minutos: SUV, sedanes y camionetas con precio claro.";
  await page.getByLabel("Descripción (meta description)").fill(description);
  await expect(page.getByText(`${description.length} / 160`, { exact: true })).toBeVisible();
  // Its name read as it shows, the note apart (a screen reader's: "Palabras clave(opcional)").
  await page
    .getByRole("textbox", { name: "Palabras clave (opcional)", exact: true })
    .fill("alquiler de autos, Santiago, SUV");
  await page.getByLabel("Título al compartir (og:title)").fill("Autos en Santiago");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
  await page.getByLabel("Indexación (robots)").selectOption("noindex, follow");
  await page.getByLabel("URL canónica").fill("https://autos.example.com/");
  // A camera's photo over the 5 MB limit is drawn smaller in the browser, not refused.
  const heavy = await heavyPhoto();
  expect(heavy.length).toBeGreaterThan(5 * 1024 * 1024);
  await page.getByLabel("Imagen al compartir (og:image)", { exact: true }).setInputFiles({
    name: "camara.png",
    mimeType: "image/png",
    buffer: heavy,
  });
  await expect(page.getByText("Tu imagen: 2560 × 1969 px.")).toBeVisible();
  await page.getByLabel("Favicon", { exact: true }).setInputFiles({
    name: "icon.png",
    mimeType: "image/png",
    buffer: await logoPng("#b91c1c"),
  });
  await expect(page.getByRole("main").locator('img[src^="blob:"]')).toHaveCount(2);

  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "SEO actualizado con éxito." })).toBeVisible();
  await expect(page.getByRole("main").locator('img[src^="/storage/favicons/"]')).toBeVisible();
  await expect(page.getByRole("main").locator('img[src^="/storage/og/"]')).toBeVisible();

  const saved = await fetchLanding(page, owner.id, landing.id);
  expect(saved).toMatchObject({
    meta_title: "Alquiler de autos en Santiago",
    meta_description: description,
    meta_keywords: "alquiler de autos, Santiago, SUV",
    og_title: "Autos en Santiago",
    og_description: "Tu auto listo al llegar.",
    robots: "noindex, follow",
    canonical_url: "https://autos.example.com/",
  });
  expect(saved.favicon).toMatch(/^\/storage\/favicons\/.+\.png$/);
  expect(saved.og_image).toMatch(/^\/storage\/og\/.+\.jpg$/);

  await page.reload();
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Alquiler de autos en Santiago");
});

test("a landing that does not exist says so", async ({ page }) => {
  await signedInOwner(page, "missing", { open: false });
  await page.goto("/view-landing/987654321");
  await expect(page.getByRole("heading", { name: "Landing no encontrada o ha sido eliminada." })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Volver a Landings" }).click();
  await expect(page).toHaveURL(/\/landings$/);

  await page.goto("/view-landing/not-a-number");
  await expect(page.getByRole("heading", { name: "Usuario o ID de landing no encontrado." })).toBeVisible();
});

test("a failed load offers a retry", async ({ page }) => {
  const owner = await signedInOwner(page, "detail-retry", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.route(`**/api/landings/${owner.id}/${landing.id}`, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByRole("heading", { name: "Ocurrió un error al buscar la landing." })).toBeVisible({
    timeout: 10_000,
  });
  await page.unroute(`**/api/landings/${owner.id}/${landing.id}`);
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByTestId("detail-name")).toBeVisible();
});

import { expect } from "@playwright/test";
import { setDraftLanding, test, toast } from "./support/fleet";
import { createPublicLanding, hydrated, PHONE, searchQuery } from "./support/public";

/**
 * Issue 24.3: the owner writes the SEO texts and a vehicle's description in English too, and an
 * English visitor on a phone reads them (and the add-ons' English names); a Spanish one the Spanish.
 */
test("what the owner writes in English is what English pages show", async ({ page, signedInOwner }) => {
  test.slow();
  const owner = await signedInOwner("translations", { open: false });
  const site = await createPublicLanding(owner, "Bilingüe");

  await page.goto(`/view-landing/${site.id}?tab=seo`);
  await page.getByLabel("Título (meta title)").fill("Autos en Punta Cana");
  await page.getByLabel("Descripción (meta description)").fill("Alquila un auto en Punta Cana.");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
  await expect(page.getByRole("heading", { name: "Textos en inglés" })).toBeVisible();
  await page.getByLabel("Título en inglés (meta title)").fill("Cars in Punta Cana");
  await page.getByLabel("Descripción en inglés (meta description)").fill("Rent a car in Punta Cana.");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(toast(page, "SEO actualizado con éxito.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Título en inglés (meta title)")).toHaveValue("Cars in Punta Cana");

  await setDraftLanding(page, site);
  await page.goto(`/layout-designer/add-vehicles/update-form/${site.corolla.id}`);
  const main = page.getByRole("main");
  await main.getByLabel("Descripción", { exact: true }).fill("Sedán cómodo para la ciudad.");
  await main.getByLabel(/^Descripción en inglés/).fill("A comfortable city sedan.");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  const stored = await owner.api.get(`/api/vehicles/${site.id}/${site.corolla.id}`);
  expect(((await stored.json()) as { translations: unknown }).translations).toEqual({
    en: { description: "A comfortable city sedan." },
  });

  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}/vehicles/${site.corolla.id}?${searchQuery(6, 3, { lang: "en" })}`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("A comfortable city sedan.")).toBeVisible();
  await expect(page.getByText("Sedán cómodo para la ciudad.")).toHaveCount(0);
  await page.goto(`/${site.name}/additions?${searchQuery(6, 3, { vehicle: String(site.corolla.id), lang: "en" })}`);
  await hydrated(page);
  await expect(page.getByText("Baby seat", { exact: true })).toBeVisible();
  await page.goto(`/${site.name}?lang=en`);
  await expect(page).toHaveTitle(/Cars in Punta Cana/);

  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(/Autos en Punta Cana/);

  // The owner's dashboard in English names the add-ons in English too, where a booking is taken by phone.
  await page.goto("/reservation");
  await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
  await page.reload();
  await page.getByRole("main").getByRole("button", { name: "New reservation" }).click();
  const form = page.getByRole("dialog", { name: "New reservation" });
  await expect(form.getByLabel("Baby seat", { exact: false })).toBeVisible();
  await expect(form.getByText("Silla de bebé")).toHaveCount(0);
});

/**
 * Issue 24.3: the owner's rental conditions and own questions, in both languages: an English
 * visitor on a phone reads the English ones on the FAQ page and beside "I accept" at review; a
 * Spanish one the Spanish; a question left untranslated shows in Spanish to both.
 */
test("the conditions and questions the owner writes reach the FAQ and the review in each language", async ({
  page,
  signedInOwner,
}) => {
  test.slow();
  const owner = await signedInOwner("terms", { open: false });
  const site = await createPublicLanding(owner, "Condiciones");

  await page.goto(`/view-landing/${site.id}?tab=rules`);
  await page.getByLabel("Condiciones de alquiler (opcional)").fill("Licencia vigente.\nNo se permite fumar.");
  await page.getByLabel("Condiciones en inglés (opcional)").fill("A valid licence.\nNo smoking.");
  // A question removed hands the focus on (the walk's finding: it fell to <body>), here to the add button.
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  await page.getByRole("button", { name: "Quitar la pregunta 1" }).click();
  await expect(page.getByRole("button", { name: "Añadir pregunta" })).toBeFocused();
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  const first = page.getByRole("listitem", { name: "Pregunta 1" });
  await expect(first.getByLabel("Pregunta", { exact: true })).toBeFocused();
  await first.getByLabel("Pregunta", { exact: true }).fill("¿Entregan en el hotel?");
  await first.getByLabel("Respuesta", { exact: true }).fill("Sí, en Punta Cana.");
  await first.getByLabel("Pregunta en inglés (opcional)").fill("Do you deliver to hotels?");
  await first.getByLabel("Respuesta en inglés (opcional)").fill("Yes, in Punta Cana.");
  // A question without its answer is refused on the field, and nothing is saved.
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  const second = page.getByRole("listitem", { name: "Pregunta 2" });
  await second.getByLabel("Pregunta", { exact: true }).fill("¿Aceptan efectivo?");
  await page.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(second.getByText("Este campo es obligatorio.")).toBeVisible();
  await second.getByLabel("Respuesta", { exact: true }).fill("Sí, al recoger.");
  await page.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(toast(page, "Reglas y tarifas guardadas.")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("listitem", { name: "Pregunta 1" }).getByLabel("Respuesta en inglés (opcional)"),
  ).toHaveValue("Yes, in Punta Cana.");
  const stored = (await (await owner.api.get(`/api/landings/${owner.id}/${site.id}`)).json()) as {
    rules: { terms: string; terms_translations: unknown; faq: unknown[] };
  };
  expect(stored.rules.terms).toBe("Licencia vigente.\nNo se permite fumar.");
  expect(stored.rules.terms_translations).toEqual({ en: { terms: "A valid licence.\nNo smoking." } });
  expect(stored.rules.faq).toHaveLength(2);

  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}/faq?lang=en`);
  const faq = page.getByTestId("faq");
  await expect(faq.locator("summary").first()).toHaveText("Do you deliver to hotels?");
  await expect(faq.locator("summary").nth(1)).toHaveText("¿Aceptan efectivo?");
  await faq.locator("summary").first().click();
  await expect(page.getByText("Yes, in Punta Cana.")).toBeVisible();
  await expect(page.getByTestId("rental-terms")).toContainText("No smoking.");
  await expect(page.getByRole("heading", { name: "Rental conditions" })).toBeVisible();

  await page.goto(`/${site.name}/review?${searchQuery(6, 3, { vehicle: String(site.corolla.id), lang: "en" })}`);
  await hydrated(page);
  const terms = page.getByTestId("rental-terms");
  await expect(terms.getByText("A valid licence.")).toBeHidden();
  await expect(terms.locator("summary")).toHaveText(/^Read the rental conditions of Condiciones /);
  await terms.locator("summary").click();
  await expect(terms.getByText("A valid licence.")).toBeVisible();

  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("rental-terms").locator("summary")).toHaveText(
    /^Leer las condiciones de alquiler de Condiciones/,
  );
  await page.getByTestId("rental-terms").locator("summary").click();
  await expect(page.getByText("No se permite fumar.")).toBeVisible();
});

/**
 * Long texts an owner pastes (conditions, answers, the agreement's terms) are never cut short by
 * the browser: each counts its length against its limit, and past it saving says why under the
 * field and stores nothing.
 */
test("conditions and answers pasted past their limit are kept whole, counted and refused on saving", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("long-terms", { open: false });
  const site = await createPublicLanding(owner, "Largas");
  await page.goto(`/view-landing/${site.id}?tab=rules`);

  const terms = page.getByLabel("Condiciones de alquiler (opcional)");
  await terms.fill("a".repeat(5_001));
  await expect(terms).toHaveValue("a".repeat(5_001));
  await expect(page.getByText("5,001 / 5,000")).toBeVisible();
  await page.getByRole("button", { name: "Añadir pregunta" }).click();
  const row = page.getByRole("listitem", { name: "Pregunta 1" });
  await row.getByLabel("Pregunta", { exact: true }).fill("¿Entregan en el hotel?");
  await row.getByLabel("Respuesta", { exact: true }).fill("b".repeat(1_501));
  await expect(row.getByText("1,501 / 1,500")).toBeVisible();
  await page.getByRole("button", { name: "Guardar reglas" }).click();
  await expect(terms).toHaveAccessibleDescription(/Las condiciones no pueden superar los 5,000 caracteres\./);
  await expect(row.getByLabel("Respuesta", { exact: true })).toHaveAccessibleDescription(
    /La respuesta no puede superar los 1,500 caracteres\./,
  );

  const agreement = page.getByRole("form", { name: "Contrato y factura" });
  const agreementTerms = agreement.getByLabel("Condiciones del contrato (español)");
  await agreementTerms.fill("c".repeat(8_001));
  await expect(agreement.getByText("8,001 / 8,000")).toBeVisible();
  await agreement.getByRole("button", { name: "Guardar datos del contrato" }).click();
  await expect(agreementTerms).toHaveAccessibleDescription(
    /Las condiciones del contrato no pueden superar los 8,000 caracteres\./,
  );

  const stored = (await (await owner.api.get(`/api/landings/${owner.id}/${site.id}`)).json()) as {
    rules: { terms: string; faq: unknown[] };
    document_settings: { terms_es: string };
  };
  expect(stored.rules.terms).toBe("");
  expect(stored.rules.faq).toEqual([]);
  expect(stored.document_settings.terms_es).toBe("");
});

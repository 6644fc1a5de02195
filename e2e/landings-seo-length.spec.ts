import { expect } from "@playwright/test";
import { createLandingViaApi, fetchLanding } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("a meta description past 160 characters warns like the title, and is never cut", async ({ page }) => {
  const owner = await signedInOwner(page, "seo-length", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  const description = page.getByLabel("Descripción (meta description)");

  const long = `${"Alquila SUV, sedanes y vans en Santo Domingo con precio claro, seguro incluido y entrega en el aeropuerto. ".repeat(2)}Reserva hoy.`;
  expect(long.length).toBeGreaterThan(160);
  await description.fill(long);
  await expect(page.getByText(`${long.length} / 160`, { exact: true })).toBeVisible();
  await expect(description).toHaveAccessibleDescription(
    new RegExp(
      `Tiene ${long.length} caracteres: suelen mostrarse unos 160 y el resto aparece cortado\\. Se guarda completa, hasta 320\\.`,
    ),
  );
  await expect(page.getByTestId("result-cut-note")).toBeVisible();

  // An emoji is one character, as the server counts it (a walk's finding: "45 / 60" for a title
  // of 44, which read as over the limit at 60).
  const title = page.getByLabel("Título (meta title)");
  await title.fill("Alquiler de autos en Santiago 🚗 | Sol Caribe");
  await expect(page.getByText("44 / 60", { exact: true })).toBeVisible();
  await title.fill("Alquiler de autos en Santo Domingo");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "SEO actualizado con éxito." })).toBeVisible();
  expect((await fetchLanding(page, owner.id, landing.id)).meta_description).toBe(long);
  await page.reload();
  await expect(description).toHaveValue(long);

  // Past the 320-character limit nothing is cut either: the field keeps it and says why it cannot be saved.
  const tooLong = "a".repeat(330);
  await description.fill(tooLong);
  await expect(description).toHaveValue(tooLong);
  // Said as it is typed, where it said before that it would be saved in full.
  await expect(description).toHaveAccessibleDescription(
    /Tiene 330 caracteres y el máximo es 320: quita 10 para poder guardar\./,
  );
  // Its counter counts against that maximum too (a walk's finding: "5,017 / 60" beside "the most is 120").
  await expect(page.getByText("330 / 320", { exact: true })).toBeVisible();
  await expect(page.getByText("330 / 160", { exact: true })).toHaveCount(0);
  await expect(description).not.toHaveAccessibleDescription(/completa/);
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(description).toHaveAccessibleDescription(/La descripción no puede superar los 320 caracteres\./);
  expect((await fetchLanding(page, owner.id, landing.id)).meta_description).toBe(long);
});

test("the sharing texts in the other language are hinted as sharing texts, not with the search engines' lengths", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "seo-hints", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  const other = page.getByLabel("Descripción al compartir en inglés (og:description)");
  await expect(other).toHaveAccessibleDescription(/Una frase que invite a abrir el enlace/);
  await expect(other).not.toHaveAccessibleDescription(/buscadores/);
  await expect(page.getByLabel("Título al compartir en inglés (og:title)")).toHaveAccessibleDescription(
    /Si lo dejas vacío se usa el título de los buscadores/,
  );
});

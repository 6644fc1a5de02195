import { expect, type Locator, type Page } from "@playwright/test";
import { keptFiles } from "./support/file-drafts";
import { pngImage } from "./support/images";
import {
  createLandingViaApi,
  fetchLanding,
  fetchLandings,
  logoPng,
  sessionDrafts,
  uniqueLandingName,
  uniqueSlug,
  updateLandingViaApi,
  updateMetaViaApi,
} from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Issue 7, item 9: the wizard's, Configuración's and SEO's unsaved text survives a reload; leaving
// asks first; a save clears the draft; a draft keeps the version it was typed against.

// Reloads and several saves each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const restoredNote = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Recuperamos lo que habías escrito y no guardaste." });
const staleAlert = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "Estos datos cambiaron en otra pestaña o por otra persona." });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "¿Salir sin guardar?" });

/**
 * Reloads the page, answering the browser's own "Leave site?" question, and waits for `ready` (a
 * reload loads the whole dashboard again: slow on a busy machine). Says whether it was asked.
 */
async function reloadAskingFirst(page: Page, ready: Locator): Promise<boolean> {
  let asked = false;
  const answer = (dialog: { type: () => string; accept: () => Promise<void> }) => {
    if (dialog.type() === "beforeunload") asked = true;
    void dialog.accept();
  };
  page.on("dialog", answer);
  await page.reload();
  page.off("dialog", answer);
  await expect(ready).toBeVisible({ timeout: 20_000 });
  return asked;
}

test("the wizard keeps what was typed and the logo across a reload, asks before leaving, and forgets it once created", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "wizard-draft", { open: false });
  await page.goto("/layout-designer");
  const name = uniqueLandingName("Playa Dorada");
  const slug = uniqueSlug("flota-este");
  await page.getByLabel("Nombre de tu empresa").fill(name);
  await page.getByLabel("Dirección de tu sitio").fill(slug);
  await page.getByLabel("Dirección de tu sitio").blur();
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "marca-playa.png", mimeType: "image/png", buffer: await logoPng("#0369a1") });
  await expect(page.getByText("Tu imagen: 250 × 80 px.")).toBeVisible();
  await page.getByLabel("Color principal", { exact: true }).fill("#0369a1");
  await page.getByLabel("Color secundario", { exact: true }).fill("#f97316");
  await page.getByRole("radio", { name: /^English/ }).check();

  // Going to another page asks first; staying keeps everything.
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Landings" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Seguir editando" }).click();
  await expect(page).toHaveURL(/\/layout-designer$/);
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue(name);

  await expect.poll(() => keptFiles(page)).toBe(1);
  // A reload asks the browser's question, then brings the text back, and the logo with it
  // (issue 25.15): nothing to choose again.
  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(page.getByTestId("landing-preview").getByTestId("preview-logo")).toHaveAttribute("src", /^blob:/);
  await expect(page.getByText("Tu imagen: 250 × 80 px.")).toBeVisible();
  await expect(page.getByTestId("draft-files-note")).toHaveCount(0);
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue(name);
  await expect(page.getByLabel("Dirección de tu sitio")).toHaveValue(slug);
  await expect(page.getByLabel("Color principal", { exact: true })).toHaveValue("#0369a1");
  await expect(page.getByLabel("Color secundario", { exact: true })).toHaveValue("#f97316");
  await expect(page.getByRole("radio", { name: /^English/ })).toBeChecked();
  await expect(page.getByText("Todo listo. Guardaremos tu landing como borrador.")).toBeVisible();
  expect(await sessionDrafts(page)).toContain(name);
  // Nothing was created on the server.
  expect(await fetchLandings(page, owner.id)).toHaveLength(0);

  // The address typed by the owner is still theirs: renaming the business does not replace it.
  const renamed = `${name} SRL`;
  await page.getByLabel("Nombre de tu empresa").fill(renamed);
  await expect(page.getByLabel("Dirección de tu sitio")).toHaveValue(slug);

  // The landing is created with the logo kept across the reload.
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("dialog", { name: "¡Landing creada!" })).toBeVisible();
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/, { timeout: 10_000 });

  // Created: the draft is gone, the logo kept in the browser too, and the landing holds what was typed.
  expect(await sessionDrafts(page)).not.toContain(name);
  await expect.poll(() => keptFiles(page)).toBe(0);
  const [saved, ...others] = await fetchLandings(page, owner.id);
  expect(others).toHaveLength(0);
  expect(saved).toMatchObject({
    display_name: renamed,
    name: slug,
    color_primary: "#0369a1",
    color_secondary: "#f97316",
    default_language: "en",
  });
  expect(saved?.logo).toMatch(/^\/storage\/logos\/.+\.webp$/);
});

test("Configuración keeps unsaved text across a reload; Guardar stores it and forgets the draft", async ({ page }) => {
  const owner = await signedInOwner(page, "config-draft", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  const newName = uniqueLandingName("Autos Año Nuevo");
  await page.getByLabel("Nombre de tu empresa").fill(newName);
  await page.getByLabel("Nombre del impuesto").fill("IVA");
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo-nuevo.png", mimeType: "image/png", buffer: await logoPng("#b91c1c") });
  await expect(page.getByText("Tu imagen: 250 × 80 px.")).toBeVisible();

  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(restoredNote(page)).toContainText("vuelve a elegir el logo «logo-nuevo.png»");
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue(newName);
  await expect(page.getByLabel("Nombre del impuesto")).toHaveValue("IVA");
  await expect(page.getByText("Tienes cambios sin guardar.")).toBeVisible();
  // Nothing was saved yet.
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    display_name: landing.display_name,
    tax_label: landing.tax_label,
    version: landing.version,
  });

  // Saved without choosing the logo again: the text is stored, the logo stays the one saved.
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(page, "Landing actualizada con éxito.")).toBeVisible();
  await expect(restoredNote(page)).toBeHidden();
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    display_name: newName,
    tax_label: "IVA",
    logo: landing.logo,
    version: landing.version + 1,
  });
  expect(await sessionDrafts(page)).not.toContain(newName);

  // Clean again: a reload asks nothing and brings nothing back.
  expect(await reloadAskingFirst(page, page.getByLabel("Nombre de tu empresa"))).toBe(false);
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue(newName);
  await expect(restoredNote(page)).toHaveCount(0);
});

test("Descartar cambios drops a restored draft and shows what is saved", async ({ page }) => {
  const owner = await signedInOwner(page, "config-discard", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  await page.getByLabel("Nombre del impuesto").fill("IVA");
  await page.getByLabel("Color principal", { exact: true }).fill("#be123c");
  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(page.getByLabel("Nombre del impuesto")).toHaveValue("IVA");

  await restoredNote(page).getByRole("button", { name: "Descartar cambios" }).click();
  await expect(restoredNote(page)).toHaveCount(0);
  await expect(page.getByLabel("Nombre del impuesto")).toHaveValue(landing.tax_label);
  await expect(page.getByLabel("Color principal", { exact: true })).toHaveValue(landing.color_primary);
  await expect(page.getByText("Tienes cambios sin guardar.")).toHaveCount(0);
  expect(await sessionDrafts(page)).not.toContain("IVA");
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    tax_label: landing.tax_label,
    color_primary: landing.color_primary,
    version: landing.version,
  });
  // Nothing is left to lose: another tab opens without asking.
  await page.getByRole("tab", { name: "SEO" }).click();
  await expect(page).toHaveURL(/\?tab=seo$/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test("a Configuración draft restored after someone else saved is refused, never saved over their change", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "config-stale-draft", { open: false });
  const landing = await createLandingViaApi(page, owner.id, { primary: "#0f766e" });
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  await page.getByLabel("Nombre de tu empresa").fill("Renta Caribe & Tours");
  await expect.poll(() => sessionDrafts(page)).toContain("Renta Caribe & Tours");

  // Meanwhile someone else saves a colour.
  const theirs = await updateLandingViaApi(page, owner.id, landing, { color_primary: "#7c3aed" });
  expect(theirs.version).toBe(landing.version + 1);

  // The draft comes back as it was typed, against the version it was typed on.
  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue("Renta Caribe & Tours");
  await expect(page.getByLabel("Color principal", { exact: true })).toHaveValue("#0f766e");

  // Saving it is refused: their colour is not reverted, and what was typed stays in the form.
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(staleAlert(page)).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue("Renta Caribe & Tours");
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    display_name: landing.display_name,
    color_primary: "#7c3aed",
    version: theirs.version,
  });

  // Recargar shows what is saved and drops the draft.
  await staleAlert(page).getByRole("button", { name: "Recargar datos" }).click();
  await expect(staleAlert(page)).toBeHidden();
  await expect(page.getByLabel("Nombre de tu empresa")).toHaveValue(landing.display_name);
  await expect(page.getByLabel("Color principal", { exact: true })).toHaveValue("#7c3aed");
  await expect(restoredNote(page)).toHaveCount(0);
  expect(await sessionDrafts(page)).not.toContain("Renta Caribe");
});

test("SEO keeps unsaved text across a reload, asks before another tab, and Guardar SEO forgets the draft", async ({
  page,
}) => {
  const owner = await signedInOwner(page, "seo-draft", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  await page.getByLabel("Título (meta title)").fill("Alquiler de autos en Punta Cana");
  await page.getByLabel("Descripción (meta description)").fill("Autos en Punta Cana con precio claro.");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
  await page
    .getByLabel("Favicon", { exact: true })
    .setInputFiles({ name: "icono.png", mimeType: "image/png", buffer: await pngImage(64, 64) });
  await expect(page.getByText("Tu imagen: 64 × 64 px.")).toBeVisible();

  // Another tab of the landing unmounts the form: asked first.
  await page.getByRole("tab", { name: "Configuración" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Seguir editando" }).click();
  await expect(page).toHaveURL(/\?tab=seo$/);

  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(restoredNote(page)).toContainText("vuelve a elegir el favicon «icono.png»");
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Alquiler de autos en Punta Cana");
  await expect(page.getByLabel("Descripción al compartir (og:description)")).toHaveValue("Tu auto listo al llegar.");
  expect((await fetchLanding(page, owner.id, landing.id)).meta_title).toBe(landing.meta_title);

  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(toast(page, "SEO actualizado con éxito.")).toBeVisible();
  await expect(restoredNote(page)).toBeHidden();
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    meta_title: "Alquiler de autos en Punta Cana",
    meta_description: "Autos en Punta Cana con precio claro.",
    og_description: "Tu auto listo al llegar.",
    // The favicon was not chosen again: none is stored.
    favicon: null,
    version: landing.version + 1,
  });
  expect(await sessionDrafts(page)).not.toContain("Punta Cana");

  // Leaving on purpose drops a new draft: the tab shows what is saved.
  await page.getByLabel("Título (meta title)").fill("Un título que no se guardará");
  await page.getByRole("tab", { name: "Configuración" }).click();
  await leaveDialog(page).getByRole("button", { name: "Salir sin guardar" }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);
  expect(await sessionDrafts(page)).not.toContain("no se guardará");
  await page.getByRole("tab", { name: "SEO" }).click();
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Alquiler de autos en Punta Cana");
});

test("an SEO draft restored after someone else saved is refused, never saved over their change", async ({ page }) => {
  const owner = await signedInOwner(page, "seo-stale-draft", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  await page.getByLabel("Título (meta title)").fill("Renta de vehículos en Bávaro");
  await page.getByLabel("Descripción (meta description)").fill("Vehículos en Bávaro.");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Listo al llegar.");
  await expect.poll(() => sessionDrafts(page)).toContain("Renta de vehículos en Bávaro");

  const theirs = await updateMetaViaApi(page, owner.id, landing, {
    meta_title: "Alquiler de autos en Punta Cana",
    meta_description: "Autos en Punta Cana con precio claro.",
    og_description: "Tu auto listo al llegar.",
  });

  expect(await reloadAskingFirst(page, restoredNote(page))).toBe(true);
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Renta de vehículos en Bávaro");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(staleAlert(page)).toBeVisible();
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Renta de vehículos en Bávaro");
  expect(await fetchLanding(page, owner.id, landing.id)).toMatchObject({
    meta_title: "Alquiler de autos en Punta Cana",
    version: theirs.version,
  });

  await staleAlert(page).getByRole("button", { name: "Recargar datos" }).click();
  await expect(page.getByLabel("Título (meta title)")).toHaveValue("Alquiler de autos en Punta Cana");
  await expect(restoredNote(page)).toHaveCount(0);
  expect(await sessionDrafts(page)).not.toContain("Bávaro");
});

import { expect } from "@playwright/test";
import { createLandingViaApi, makePublishable, publishViaApi } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the wizard's Continuar is on screen at once, and the preview folds away", async ({ page }) => {
    await signedInOwner(page, "phone-wizard", { open: false });
    await page.goto("/layout-designer");
    const continueButton = page.getByRole("button", { name: "Continuar" });
    await expect(continueButton).toBeInViewport();
    await expect(
      page.getByText("Para continuar falta: el nombre, el logo, los dos colores y el idioma."),
    ).toBeInViewport();

    // The preview is folded; it opens on demand and the bar stays on screen.
    const toggle = page.getByRole("button", { name: /Vista previa en vivo/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("landing-preview")).toBeHidden();
    await page.getByLabel("Nombre de tu empresa").fill("Autos Año Nuevo SRL");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("preview-headline")).toHaveText("Alquila tu vehículo con Autos Año Nuevo SRL");
    await page.getByTestId("preview-headline").scrollIntoViewIfNeeded();
    await expect(continueButton).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("the detail's tabs show that more of them are off to the side", async ({ page }) => {
    const owner = await signedInOwner(page, "phone-tabs", { open: false });
    const landing = await createLandingViaApi(page, owner.id);
    await page.goto(`/view-landing/${landing.id}`);
    const seo = page.getByRole("tab", { name: "SEO" });
    await expect(seo).not.toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("tabs-more")).toBeVisible();

    // Swiping the row to its end shows SEO and the hint goes.
    await page.getByRole("tablist").evaluate((list) => {
      list.scrollLeft = list.scrollWidth;
    });
    await expect(seo).toBeInViewport({ ratio: 0.95 });
    await expect(page.getByTestId("tabs-more")).toBeHidden();

    // Opened straight on the SEO tab, the row starts scrolled to it.
    await page.goto(`/view-landing/${landing.id}?tab=seo`);
    await expect(seo).toBeInViewport({ ratio: 0.95 });

    // Published, in English: the row of its actions wraps the buttons, not their words (each on one
    // line, 44 px high), where "Visit site" broke in two beside its neighbours.
    await makePublishable(page, landing.id);
    await publishViaApi(page, owner.id, landing.id);
    await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
    await page.reload();
    const actions = ["Preview", "Visit site", "Unpublish"].map((name) =>
      page
        .getByRole("main")
        .getByRole("link", { name })
        .or(page.getByRole("main").getByRole("button", { name }))
        .first(),
    );
    for (const action of actions) {
      await expect(action).toBeVisible();
      expect((await action.boundingBox())?.height, (await action.textContent()) ?? "").toBeLessThanOrEqual(44);
    }
  });
});

test("the logo advice is one answer, in the wizard and in Configuración", async ({ page }) => {
  const owner = await signedInOwner(page, "logo-advice", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  const advice =
    "Recomendado: un logo horizontal de 500 × 160 px, en PNG con fondo transparente. JPG, PNG, WebP, GIF o AVIF; las de más de 5 MB se reducen antes de subirlas.";
  await page.goto("/layout-designer");
  await expect(page.getByLabel("Logo", { exact: true })).toHaveAccessibleDescription(
    new RegExp(advice.replace(/[.()]/g, "\\$&")),
  );
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  await expect(page.getByLabel("Logo", { exact: true })).toHaveAccessibleDescription(
    new RegExp(advice.replace(/[.()]/g, "\\$&")),
  );
});

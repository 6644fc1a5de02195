import { expect, type Page } from "@playwright/test";
import { createLandingViaApi, fetchLanding, makePublishable, publishViaApi, readableUrl } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Issue 9: the public site exists. Every link to it (the detail's "Ver sitio", the published
// page's and the preview's "Abrir sitio") opens the live site at the server's public_url in a new
// tab; a draft has no public site yet (its address answers 404), so its screens say why instead
// of offering a link that leads nowhere.

test.use({ viewport: { width: 1440, height: 900 } });

/** Clicks a link that opens a new tab and returns that tab once its page is loaded. */
async function openInNewTab(page: Page, name: string | RegExp) {
  const link = page.getByRole("link", { name });
  await expect(link).toHaveAttribute("target", "_blank");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForLoadState();
  return tab;
}

test("a published landing's links open its live public site", async ({ page }) => {
  test.slow();
  const owner = await signedInOwner(page, "public-links", { open: false });
  const landing = await createLandingViaApi(page, owner.id, { language: "es" });
  await makePublishable(page, landing.id);
  await publishViaApi(page, owner.id, landing.id);
  const heading = `Alquila tu vehículo con ${landing.display_name}`;

  // The landing detail: "Ver sitio".
  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByTestId("detail-address")).toHaveText(readableUrl(landing.public_url));
  await expect(page.getByTestId("detail-not-live")).toHaveCount(0);
  const visit = page.getByRole("link", { name: /Ver sitio/ });
  await expect(visit).toHaveAttribute("href", landing.public_url);
  const fromDetail = await openInNewTab(page, /Ver sitio/);
  expect(fromDetail.url()).toBe(landing.public_url);
  await expect(fromDetail.getByRole("heading", { level: 1 })).toHaveText(heading);
  await fromDetail.close();

  // The published page: "Abrir sitio", beside the address to copy.
  await page.goto(`/published?landing=${landing.id}`);
  await expect(page.getByLabel("Dirección pública")).toHaveValue(landing.public_url);
  await expect(page.getByTestId("published-not-live")).toHaveCount(0);
  const fromPublished = await openInNewTab(page, /Abrir sitio/);
  expect(fromPublished.url()).toBe(landing.public_url);
  await expect(fromPublished.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(fromPublished.getByRole("heading", { name: "Toyota Corolla 2024" })).toBeVisible();
  await fromPublished.close();

  // The preview of a published landing: "Abrir sitio", and the address page to share it.
  await page.goto(`/review-component/${landing.name}`);
  const fromPreview = await openInNewTab(page, /Abrir sitio/);
  expect(fromPreview.url()).toBe(landing.public_url);
  await expect(fromPreview.getByRole("heading", { level: 1 })).toHaveText(heading);
  await fromPreview.close();
  await page.getByRole("link", { name: "Compartir dirección" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
});

test("a draft says why it has no public site yet, and offers no link to it", async ({ page }) => {
  const owner = await signedInOwner(page, "draft-links", { open: false });
  const landing = await createLandingViaApi(page, owner.id, { language: "en" });

  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByTestId("detail-address")).toHaveText(readableUrl(landing.public_url));
  await expect(page.getByTestId("detail-not-live")).toHaveText(
    "Aún no es pública: tus clientes la verán en esta dirección cuando la publiques.",
  );
  await expect(page.getByRole("link", { name: /Ver sitio/ })).toHaveCount(0);

  await page.goto(`/published?landing=${landing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Esta landing aún es un borrador" })).toBeVisible();
  await expect(page.getByTestId("published-not-live")).toContainText("mientras sea un borrador");
  await expect(page.getByRole("link", { name: /Abrir sitio/ })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Previsualizar" }).click();
  await expect(page).toHaveURL(new RegExp(`/review-component/${landing.name}$`));

  // Stored as a draft, and its address is indeed not public yet.
  expect((await fetchLanding(page, owner.id, landing.id)).status).toBe("draft");
  expect((await page.request.get(landing.public_url)).status()).toBe(404);

  // In English too.
  await page.goto(`/view-landing/${landing.id}`);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByTestId("detail-not-live")).toHaveText(
    "Not public yet: your customers will see it at this address once you publish it.",
  );
});

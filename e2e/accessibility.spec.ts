import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("login and sign-up, with and without errors, have no serious accessibility problems", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Este campo es obligatorio.").first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/register");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Este campo es obligatorio.").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

/**
 * The ring a focused field draws: its widest solid shadow, as `{ width, opaque }`. A keyboard walk
 * found the dashboard's fields focused with a 20 % tint only, and one in error looked the same
 * focused or not.
 */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const shadow = getComputedStyle(document.activeElement as Element).boxShadow;
    // Each shadow's colour (rgb(), or oklch() as Tailwind writes it) and its spread.
    const rings = [...shadow.matchAll(/(\w+\([^)]*\))\s+0px\s+0px\s+0px\s+(\d+(?:\.\d+)?)px/g)].map((ring) => ({
      width: Number(ring[2]),
      opaque: !/rgba\(.*,\s*0?\.\d+\)|\//.test(ring[1] ?? ""),
    }));
    return rings.sort((a, b) => b.width - a.width)[0] ?? { width: 0, opaque: false };
  });
}

test("a focused field shows a solid ring, in error too", async ({ page }) => {
  await page.goto("/");
  const email = page.getByLabel("Correo electrónico");
  await email.focus();
  expect(await focusRing(page)).toEqual({ width: 2, opaque: true });
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.focus();
  expect(await focusRing(page)).toEqual({ width: 2, opaque: true });
});

test("the shell, settings and help have no serious accessibility problems", async ({ page }) => {
  await signedInOwner(page, "a11y");
  await expectNoSeriousViolations(page);

  await page.goto("/user-config");
  await expect(page.getByLabel("Nombre")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/help");
  await page.getByText("¿Cómo se calcula el precio de una reserva?").click();
  await expectNoSeriousViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the open drawer has no serious accessibility problems", async ({ page }) => {
    await signedInOwner(page, "a11y-phone");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("the check itself fails on a serious problem, in the page, in its frames and after a navigation", async ({
  page,
}) => {
  const failures = async () => {
    try {
      await expectNoSeriousViolations(page);
      return "";
    } catch (error) {
      return String(error);
    }
  };
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await failures()).toBe("");
  // The same document checked again (axe already in it) still sees what changed since.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement("button"), { id: "mute" })));
  expect(await failures()).toContain("button-name");
  // A frame of the page gets axe too: its unnamed button is reported through it.
  await page.evaluate(() => {
    document.getElementById("mute")?.remove();
    const frame = Object.assign(document.createElement("iframe"), { title: "Marco", srcdoc: "<button></button>" });
    document.body.append(frame);
  });
  await expect(page.frameLocator("iframe[title=Marco]").locator("button")).toBeAttached();
  expect(await failures()).toContain("button-name");
  // A new document after a navigation: axe is put in again.
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Crear cuenta" })).toBeVisible();
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement("p"), { textContent: "Texto casi invisible" });
    faint.style.color = "#eeeeee";
    document.body.append(faint);
  });
  expect(await failures()).toContain("color-contrast");
});

// An audit's finding: moving to another page of the dashboard said nothing to a screen reader (a
// page load is announced by the browser, a client-side route change is not).
test("a move to another page of the dashboard is announced with its title, Back too; the first page is not", async ({
  page,
}) => {
  await signedInOwner(page, "a11y-routes");
  const announcer = page.getByTestId("route-announcer");
  await expect(announcer).toHaveText("");
  await expect(announcer).toHaveAttribute("aria-live", "assertive");
  await page.getByRole("complementary").getByRole("link", { name: "Ayuda" }).click();
  await expect(page).toHaveTitle("Ayuda | Nelly");
  await expect(announcer).toHaveText("Ayuda | Nelly");
  await page.goBack();
  await expect(page).toHaveTitle("Landings | Nelly");
  await expect(announcer).toHaveText("Landings | Nelly");
});

import { expect, type Page } from "@playwright/test";
import { logoPng } from "./support/landings";
import { expectNoSidewaysScroll, expectWithinSides } from "./support/layout";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

/** The line beside Continuar that says what is left to do. */
const bottomLine = (page: Page) => page.locator("#wizard-missing");

// The tester's report: a name too long, a colour that is no colour and a reserved address gave no
// message under the field (or one the bottom line contradicted), and the bottom line called a
// field typed wrong "missing".
test.describe("on a desktop, in Spanish", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a wrong value says why under its field, and the bottom line asks to fix it, not to fill it", async ({
    page,
  }) => {
    await signedInOwner(page, "step1-messages", { open: false });
    await page.goto("/layout-designer");
    const name = page.getByLabel("Nombre de tu empresa");
    const continueButton = page.getByRole("button", { name: "Continuar" });

    // Its counter is read once, in words (a keyboard walk heard "0 / 60 0 de 60 caracteres").
    await expect(name).toHaveAccessibleDescription(/0 de 60 caracteres/);
    await expect(name).not.toHaveAccessibleDescription(/0 \/ 60/);
    // What the description points at holds the words alone: some screen readers read a hidden child of it too.
    const describedBy = (await name.getAttribute("aria-describedby"))?.split(" ") ?? [];
    const described = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(described.join(" ")).not.toContain("0 / 60");
    // A name too long: its message once the field is left, and it is to fix, while the rest is missing.
    await name.fill("A".repeat(300));
    await name.blur();
    await expect(page.getByText("300 / 60", { exact: true })).toBeVisible();
    await expect(page.getByText("El nombre no puede superar los 60 caracteres.")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(bottomLine(page)).toHaveText(
      "Para continuar falta: el logo, los dos colores y el idioma; corrige: el nombre.",
    );

    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "l.png", mimeType: "image/png", buffer: await logoPng() });
    await page.getByLabel("Color principal", { exact: true }).fill("#0f766e");
    await page.getByLabel("Color secundario", { exact: true }).fill("#f59e0b");
    await page.getByRole("radio", { name: /^Español/ }).check();
    await expect(bottomLine(page)).toHaveText("Para continuar corrige: el nombre.");
    await expect(continueButton).toBeDisabled();

    // A name in another script gives no address: the example is said as one, not as theirs (a walk's finding).
    await name.fill("東京レンタカー");
    await expect(page.getByLabel("Dirección de tu sitio")).toHaveValue("");
    await expect(page.getByTestId("name-status")).toContainText(
      "No se puede formar una dirección con ese nombre. Escribe una con letras de la a a la z o números, por ejemplo",
    );

    // Fixed: the message goes as the owner types.
    await name.fill("Caribe Cars & Tours");
    await expect(page.getByText("El nombre no puede superar los 60 caracteres.")).toHaveCount(0);
    await expect(bottomLine(page)).toHaveText("Todo listo. Guardaremos tu landing como borrador.");

    // A colour that is no colour.
    const primary = page.getByLabel("Color principal", { exact: true });
    await primary.fill("#zzzzzz");
    await primary.blur();
    await expect(page.getByText("Elige un color válido (formato #RRGGBB).")).toBeVisible();
    await expect(primary).toHaveAttribute("aria-invalid", "true");
    await expect(bottomLine(page)).toHaveText("Para continuar corrige: el color principal.");
    await expect(continueButton).toBeDisabled();

    // A reserved address: said under it, and it is the address to fix, not a missing name.
    const address = page.getByLabel("Dirección de tu sitio");
    await address.fill("admin");
    await address.blur();
    await expect(page.getByTestId("name-status")).toHaveText("Esta dirección está reservada por Nelly; elige otra.");
    await expect(bottomLine(page)).toHaveText("Para continuar corrige: la dirección y el color principal.");

    // An emptied colour is missing again, and said so apart from the one to fix.
    await primary.fill("#1d4ed8");
    await page.getByLabel("Color secundario", { exact: true }).fill("");
    await expect(bottomLine(page)).toHaveText("Para continuar falta: el color secundario; corrige: la dirección.");
    await page.getByLabel("Color secundario", { exact: true }).fill("#f59e0b");
    await address.fill("caribe-cars-tours-e2e");
    await expect(page.getByTestId("name-status")).toContainText("está disponible");
    await expect(bottomLine(page)).toHaveText("Todo listo. Guardaremos tu landing como borrador.");
    await expect(continueButton).toBeEnabled();
  });
});

test.describe("on a phone, in English", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the same messages and bottom line in English", async ({ page }) => {
    await signedInOwner(page, "step1-messages-en", { open: false });
    await page.addInitScript(() => localStorage.setItem("nelly.lang", "en"));
    await page.goto("/layout-designer");
    const name = page.getByLabel("Business name");
    await name.fill("B".repeat(300));
    await name.blur();
    await expect(page.getByText("The name may not be longer than 60 characters.")).toBeVisible();
    const primary = page.getByLabel("Primary colour", { exact: true });
    await primary.fill("#zzzzzz");
    await primary.blur();
    await expect(page.getByText("Choose a valid colour (format #RRGGBB).")).toBeVisible();
    await expect(bottomLine(page)).toHaveText(
      "Still missing: the logo, the secondary colour, and the language; still to fix: the name and the primary colour.",
    );
    await expect(bottomLine(page)).toBeInViewport();

    await name.fill("Caribe Cars");
    await page.getByLabel("Site address").fill("admin");
    await expect(page.getByTestId("name-status")).toHaveText("This address is reserved by Nelly; choose another.");
    await expect(bottomLine(page)).toHaveText(
      "Still missing: the logo, the secondary colour, and the language; still to fix: the address and the primary colour.",
    );
  });
});

// A walk's finding: with the phone's text one and a half times as large, the steps' row and the
// form pushed the page sideways, the close button and Continuar cut at the screen's edge.
test("on a phone with large text, the first step fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInOwner(page, "step1-large-text", { open: false });
  await page.goto("/layout-designer");
  await page.addStyleTag({ content: "html { font-size: 150% !important }" });
  const continueButton = page.getByRole("button", { name: "Continuar" });
  await expect(continueButton).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWithinSides(continueButton, page.locator("body"));
  await expectWithinSides(page.getByRole("button", { name: "Cancelar proceso" }), page.locator("body"));
});

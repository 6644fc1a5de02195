import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import { createPublicLanding, hydrated, PHONE, searchQuery } from "./support/public";

// What conformance tools flagged on pages outside the booking journey (issue 24.16): the 404 pages
// and the FAQ, in both languages, on a phone too. The platform's 404 speaks the browser's language.
test.use({ locale: "es-DO" });
for (const viewport of [undefined, PHONE]) {
  test.describe(viewport ? "on a phone" : "on a desktop", () => {
    if (viewport) test.use({ viewport });

    test("the 404 pages and the FAQ have no serious accessibility problems, and a landing's 404 leads home", async ({
      page,
      fleetOwner,
    }) => {
      // Five axe runs, each a few seconds on a busy machine.
      test.setTimeout(90_000);
      const owner = await fleetOwner(viewport ? "a11y-public-phone" : "a11y-public");
      const site = await createPublicLanding(owner);

      const platform = await page.goto("/nadie-aqui/vehicle");
      expect(platform?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
      await expectNoSeriousViolations(page, "platform 404");

      const missing = await page.goto(`/${site.name}/vehicles/999999?lang=en`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("banner")).toHaveText(site.display_name);
      await expectNoSeriousViolations(page, "landing 404");
      await page.getByRole("link", { name: `Back to ${site.display_name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/${site.name}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(site.display_name);

      for (const lang of ["es", "en"]) {
        await page.goto(`/${site.name}/faq?lang=${lang}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.getByTestId("faq").locator("summary").first().click();
        await expectNoSeriousViolations(page, `FAQ ${lang}`);
      }
    });
  });
}

// The tester's report: on the extras step the one-per-booking extras' "Añadir" and "Quitar" said
// nothing of their extra (three identical "Añadir" links side by side for a screen reader), while
// the per-unit ones' steppers did ("Añadir uno más de Silla de bebé").
for (const [language, add, remove] of [
  ["es", "Añadir", "Quitar"],
  ["en", "Add", "Remove"],
] as const) {
  test(`each extra's Añadir and Quitar name the extra (${language})`, async ({ page, fleetOwner }) => {
    const owner = await fleetOwner(`a11y-extras-${language}`);
    const site = await createPublicLanding(owner);
    await page.goto(
      `/${site.name}/additions?${searchQuery(6, 3, { vehicle: String(site.corolla.id), lang: language })}`,
    );
    await hydrated(page);
    const rows = page.getByTestId("addon");
    await expect(rows).toHaveCount(3);
    const names = (await rows.getByRole("heading", { level: 2 }).allTextContents()).map((name) => name.trim());
    expect(new Set(names).size).toBe(3);
    for (const [index, name] of names.entries()) {
      const row = rows.nth(index);
      await expect(row.getByTestId("addon-add")).toHaveAccessibleName(`${add} ${name}`);
      await row.getByTestId("addon-add").click();
      await expect(row.getByTestId("addon-remove")).toHaveAccessibleName(`${remove} ${name}`);
    }
    // No two links or buttons on the step share a name.
    const controls = page.getByTestId("addon-list").locator("a, button");
    const labels = await controls.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("aria-label") ?? element.textContent?.trim() ?? ""),
    );
    expect(new Set(labels).size).toBe(labels.length);
    await expectNoSeriousViolations(page, `extras ${language}`);

    // By keyboard: a control that gives way (Quitar, Añadir, a stepper at its limit) leaves the
    // focus in its row, on the control that takes its place, not at the start of the page.
    const once = rows.first();
    await once.getByTestId("addon-remove").focus();
    await page.keyboard.press("Enter");
    await expect(once.getByTestId("addon-add")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(once.getByTestId("addon-remove")).toBeFocused();
    const seat = rows.filter({ has: page.getByTestId("addon-increase") });
    await seat.getByTestId("addon-increase").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(seat.getByTestId("addon-quantity")).toHaveText("3");
    // At its limit the stepper keeps the focus, and one more Enter changes nothing.
    await expect(seat.getByTestId("addon-increase")).toBeFocused();
    await expect(seat.getByTestId("addon-increase")).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(seat.getByTestId("addon-quantity")).toHaveText("3");
    await seat.getByTestId("addon-decrease").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(seat.getByTestId("addon-quantity")).toHaveText("1");
    await expect(seat.getByTestId("addon-decrease")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(seat.getByTestId("addon-quantity")).toHaveText("1");

    // On a phone the control that takes the focus is scrolled clear of the bottom bar.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const last = rows.last();
    await last.getByTestId("addon-remove").focus();
    await page.keyboard.press("Enter");
    await expect(last.getByTestId("addon-add")).toBeFocused();
    const bar = await page.getByTestId("bottom-bar").boundingBox();
    await expect
      .poll(
        async () => {
          const focused = await last.getByTestId("addon-add").boundingBox();
          return (focused?.y ?? 0) + (focused?.height ?? 0);
        },
        { message: "the focused Añadir above the bar" },
      )
      .toBeLessThanOrEqual(bar?.y ?? 0);
  });
}

// A keyboard walk on a phone: refused a second time (the email mistyped), the booking's form focused
// the email, but the page's smooth scroll to the button just reached with Tab went on and left the
// field 380 px above the screen, where a sighted keyboard user could not see what to fix.
test("a refused booking takes the keyboard to its field, on screen (phone)", async ({ page, fleetOwner }) => {
  const owner = await fleetOwner("a11y-refused-field");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(PHONE);
  const chosen = searchQuery(7, 3, { vehicle: String(site.corolla.id), addons: `${site.addons[2]?.id}:2` });
  await page.goto(`/${site.name}/review?${chosen}`);
  await hydrated(page);
  const reserve = page.getByTestId("reserve");
  await reserve.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("contact-name")).toBeFocused();
  for (const typed of ["Ana", "Pérez", "ana@"]) {
    await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.type("809 555 1234");
  await page.getByTestId("contact-terms").focus();
  await page.keyboard.press("Space");
  // The email in sight at the screen's top, the page setting off smoothly for the form's end (as it
  // does to the button Tab reaches), and the bar's "Reservar ahora" pressed in the same moment.
  const email = page.getByTestId("contact-email");
  await email.evaluate((field) => {
    field.scrollIntoView({ block: "start", behavior: "instant" });
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "smooth" });
    document.querySelector<HTMLButtonElement>("[data-testid=bar-reserve]")?.click();
  });
  await expect(email).toBeFocused();
  await expect(page.getByTestId("contact-error-email")).toHaveText("Introduce un correo electrónico válido.");
  const barTop = (await page.getByTestId("bottom-bar").boundingBox())?.y ?? 0;
  // Where the page comes to rest (the same scroll on two readings in a row): the field between the
  // screen's top and the bottom bar.
  let lastScroll = -1;
  await expect
    .poll(
      async () => {
        const scroll = await page.evaluate(() => window.scrollY);
        const still = scroll === lastScroll;
        lastScroll = scroll;
        const box = await email.boundingBox();
        return still && box !== null && box.y >= 0 && box.y + box.height <= barTop;
      },
      { intervals: [250], message: "the focused field in sight once the page is still" },
    )
    .toBe(true);
});

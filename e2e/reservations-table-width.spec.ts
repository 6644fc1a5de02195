import { expect, type Page } from "@playwright/test";
import { test } from "./support/fleet";
import { expectNoSidewaysScroll, expectWithinSides, textLines } from "./support/layout";
import { book, createBookableLanding } from "./support/reservations";

// The tester's report: at 1280 × 800 the reservations table was 1,020 px in its 942 px card, its
// delete buttons at or past the card's edge, reached only by scrolling the table sideways.

const WORDS = {
  es: { delete: (reference: string) => `Eliminar la reserva ${reference}`, customer: "Cliente" },
  en: { delete: (reference: string) => `Delete reservation ${reference}`, customer: "Customer" },
} as const;

/** The table scrolls nothing sideways inside its card, and each row's delete button is whole in it. */
async function expectTableFits(page: Page, where: string, references: string[], language: "es" | "en") {
  const table = page.getByRole("main").getByRole("table");
  await expect(table).toBeVisible();
  const { content, box } = await table.evaluate((node) => ({
    content: node.scrollWidth,
    box: node.parentElement?.clientWidth ?? 0,
  }));
  expect(content, `${where}: the table is no wider than its card`).toBeLessThanOrEqual(box);
  // The card around the table: on /reservation a landing's group, on the landing's own tab its list.
  const card = table.locator("xpath=..");
  for (const reference of references) {
    const remove = table.getByRole("button", { name: WORDS[language].delete(reference) });
    await expectWithinSides(remove, card);
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
  }
  await expectNoSidewaysScroll(page);
}

for (const language of ["es", "en"] as const) {
  test(`the reservations table fits its card at 1280 and 1440 px, and the cards at 1024 (${language})`, async ({
    page,
    signedInOwner,
  }) => {
    test.setTimeout(90_000);
    const owner = await signedInOwner(`res-width-${language}`, { open: false });
    await page.addInitScript((chosen) => localStorage.setItem("nelly.lang", chosen), language);
    const landing = await createBookableLanding(owner, "Ancho");
    const booked = [
      await book(landing, { start: 6 }),
      await book(landing, {
        name: "Maximiliano Alejandro",
        last_name: "Fernández de la Concepción",
        email: "maximiliano.fernandez.concepcion@example.com",
        phone: "+1 (809) 555-0147",
        description: "Llegamos en el vuelo AA 1234 de las 9:45 con dos maletas grandes y una silla de bebé.",
        start: 9,
        length: 14,
      }),
      await book(landing, { name: "Ana", last_name: "Ruiz", description: "", start: 12 }),
    ];
    const references = booked.map((reservation) => reservation.reference);

    for (const [width, path] of [
      [1280, "/reservation"],
      [1440, "/reservation"],
      [1280, `/view-landing/${landing.id}`],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expectTableFits(page, `${path} at ${width} px`, references, language);
    }
    // Nothing is left out to fit: the customer's name, email and phone are all in the row.
    const row = page.getByTestId("reservation-row").filter({ hasText: references[1] });
    await expect(row).toContainText("Maximiliano Alejandro Fernández de la Concepción");
    await expect(row).toContainText("+1 (809) 555-0147");
    await expect(row.getByTitle("maximiliano.fernandez.concepcion@example.com")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: WORDS[language].customer })).toBeVisible();

    // Below 1280 px each reservation is a card, its delete button on screen.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/reservation");
    for (const reference of references) {
      const remove = page.getByRole("main").getByRole("button", { name: WORDS[language].delete(reference) });
      await remove.scrollIntoViewIfNeeded();
      await expect(remove).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(page);
  });
}

test("a customer with the longest name the form takes keeps their row two lines tall, the whole name on hover", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("res-long-name", { open: false });
  const landing = await createBookableLanding(owner, "Nombres");
  const name = "Maximiliano Alejandro Bartolomé Sebastián Cristóbal Maximiliano Alejandro Bartolomé Sebastián Cristó";
  const lastName = "Fernández de la Concepción y Altagracia de los Santos Fernández de la Concepción y Altagracia";
  await book(landing, { name, last_name: lastName, start: 6 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/reservation");
  const cell = page.getByRole("main").getByRole("table").getByTitle(`${name} ${lastName}`);
  await expect(cell).toBeVisible();
  const { height, line } = await cell.evaluate((node) => ({
    height: node.getBoundingClientRect().height,
    line: Number.parseFloat(getComputedStyle(node).lineHeight),
  }));
  expect(height, "two lines at most").toBeLessThanOrEqual(2 * line + 1);
});

// A walk's finding at 320 px: a card's total broke inside its figure ("US$212" over ".40"), and
// the landing's "Exportar CSV" ran past its card.
test("at 320 px a card's total stays on one line and the landing's buttons stay in its card", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("res-320", { open: false });
  const landing = await createBookableLanding(owner, "Estrecho");
  const booked = await book(landing, { start: 6, length: 14 });
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ["/reservation", `/view-landing/${landing.id}`]) {
    await page.goto(path);
    const card = page.getByRole("main").getByRole("listitem").filter({ hasText: booked.reference });
    const total = card.getByText(/^US\$/);
    await expect(total).toBeVisible();
    expect(await textLines(total), `${path}: the total on one line`).toBe(1);
    await expectWithinSides(total, card);
    await expectWithinSides(card.getByRole("button", { name: `Eliminar la reserva ${booked.reference}` }), card);
    const exportCsv = page.getByRole("main").getByRole("button", { name: /^Exportar CSV/ });
    await expectWithinSides(exportCsv, page.getByRole("main"));
    await expectNoSidewaysScroll(page);
  }
  const group = page.getByRole("main");
  await page.goto("/reservation");
  await expectWithinSides(
    group.getByRole("button", { name: /^Exportar CSV/ }),
    group.getByTestId("reservation-group").locator("header"),
  );
});

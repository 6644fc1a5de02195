import { expect, type Locator } from "@playwright/test";
import { test } from "./support/fleet";
import { book, createBookableLanding, dialog } from "./support/reservations";

// A phone on its side is 390 px tall: a dialog whose title and actions stayed put left its body a
// strip of 150 to 180 px (a walk's finding). On such a screen the dialog scrolls as one instead.
test.use({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });

/** Scrolled to its end, the dialog's title has left the screen and its last action is in view. */
async function expectScrollsAsOne(sheet: Locator, title: Locator, lastAction: Locator) {
  await expect(title).toBeInViewport();
  // Scrolled again if what it loads (the new booking's price) came after the first scroll and
  // pushed the action down (a clean clone's run: the price arrived between the two).
  await expect(async () => {
    await lastAction.scrollIntoViewIfNeeded();
    await expect(lastAction).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await expect(title).not.toBeInViewport();
  // Nothing scrolls on its own inside it: one scroll, the dialog's.
  const inner = await sheet.evaluate(
    (root) =>
      [...root.querySelectorAll<HTMLElement>("*")].filter(
        (element) => getComputedStyle(element).overflowY === "auto" && element.scrollHeight > element.clientHeight + 1,
      ).length,
  );
  expect(inner).toBe(0);
}

test("on a phone on its side, a booking's detail and the new booking form scroll as one", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("short-screen", { open: false });
  const landing = await createBookableLanding(owner, "Apaisada");
  const ana = await book(landing, { name: "Ana", start: 2 });

  await page.goto(`/reservation?open=${ana.id}`);
  const detail = dialog(page, new RegExp(`Reserva ${ana.reference}`));
  await expectScrollsAsOne(
    detail,
    detail.getByRole("heading", { name: new RegExp(ana.reference) }),
    detail.getByRole("button", { name: "Confirmar", exact: true }),
  );
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  await page.getByRole("main").getByRole("button", { name: "Nueva reserva" }).click();
  const form = dialog(page, "Nueva reserva");
  await expect(form.getByLabel("Vehículo")).toBeVisible();
  await expectScrollsAsOne(
    form,
    form.getByRole("heading", { name: "Nueva reserva" }),
    form.getByRole("button", { name: "Guardar reserva" }),
  );
});

import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test, toast } from "./support/fleet";
import { book, cancelAsCustomer, createBookableLanding, storedReservation } from "./support/reservations";

// Issue 11: a booking made (or cancelled by its customer, issue 25.7) while the owner has the
// dashboard open shows up without a reload (the toast, the list's row, the sidebar's count); the landing's calendar link can be copied and regenerated.

const main = (page: Page) => page.getByRole("main");
const reservationsLink = (page: Page) =>
  page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /^Reservaciones/ });

test("a public booking appears on the open dashboard without a reload", async ({ page, signedInOwner }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const owner = await signedInOwner("live-updates");
  const landing = await createBookableLanding(owner, "En Vivo");
  const first = await book(landing, { name: "Luis", start: 6 });
  // The stream's answer (its headers) arrives once the server listens for this owner.
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
  await page.goto("/reservation");
  await expect(main(page).getByRole("button", { name: first.reference, exact: true })).toBeVisible();
  await expect(reservationsLink(page)).toHaveAccessibleName("Reservaciones, 1 reserva pendiente");
  expect((await streamOpen).status()).toBe(200);

  const booked = await book(landing, { name: "Ana", last_name: "Pérez", start: 12 });
  const arrived = toast(page, "Nueva reserva de Ana");
  await expect(arrived).toBeVisible({ timeout: 10_000 });
  await expect(arrived).toContainText(booked.reference);
  await expect(main(page).getByRole("button", { name: booked.reference, exact: true })).toBeVisible();
  await expect(reservationsLink(page)).toHaveAccessibleName("Reservaciones, 2 reservas pendientes");
  expect((await storedReservation(owner, landing.id, booked.reference))?.status).toBe("pending");

  // The first customer cancels from their email's link: the open list hears it too (issue 25.7).
  await cancelAsCustomer(landing, first);
  const cancelled = toast(page, "Luis canceló su reserva");
  await expect(cancelled).toBeVisible({ timeout: 10_000 });
  await expect(cancelled).toContainText(first.reference);
  await expect(main(page).getByTestId("reservation-row").filter({ hasText: first.reference })).toContainText(
    "Cancelada",
  );
  await expect(reservationsLink(page)).toHaveAccessibleName("Reservaciones, 1 reserva pendiente");

  // "Ver" on a new booking's toast opens that booking.
  const third = await book(landing, { name: "Eva", last_name: "Soto", start: 20 });
  const news = toast(page, "Nueva reserva de Eva");
  await expect(news).toBeVisible({ timeout: 10_000 });
  await news.getByRole("button", { name: "Ver" }).click();
  await expect(page.getByRole("dialog", { name: `Reserva ${third.reference}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/reservation\\?q=${third.reference}&open=${third.id}$`));
});

test("the calendar link is copied, and regenerated only after a confirmation", async ({
  page,
  signedInOwner,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const owner = await signedInOwner("calendar-feed", { open: false });
  const landing = await createBookableLanding(owner, "Calendario");
  await page.goto(`/view-landing/${landing.id}`);
  const card = page.getByRole("region", { name: "Calendario de reservas" });
  const url = card.getByRole("textbox", { name: "Enlace secreto del calendario" });
  await expect(url).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const old = await url.inputValue();
  await expectNoSeriousViolations(page, "calendar card");

  await card.getByRole("button", { name: "Copiar" }).click();
  await expect(toast(page, "Enlace del calendario copiado.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old);

  await card.getByRole("button", { name: "Regenerar enlace" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Regenerar el enlace del calendario?" });
  await expect(confirm).toContainText("El enlace actual dejará de funcionar");
  await expectNoSeriousViolations(page, "regenerate dialog");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  // Closed before the next click: while it fades out, its overlay still covers the card (on a
  // busy machine the next click waited behind it until the test timed out).
  await expect(confirm).toBeHidden();
  await expect(url).toHaveValue(old);

  await card.getByRole("button", { name: "Regenerar enlace" }).click();
  await confirm.getByRole("button", { name: "Regenerar enlace" }).click();
  await expect(toast(page, "Enlace regenerado. El anterior ya no funciona.")).toBeVisible();
  await expect(url).not.toHaveValue(old);
  const fresh = await url.inputValue();
  expect((await owner.api.get(new URL(old).pathname)).status()).toBe(404);
  const feed = await owner.api.get(new URL(fresh).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`X-WR-CALNAME:${landing.display_name}`);
});

import { expect, type Page } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, fillContact, hydrated, PHONE, phoneVisitor, searchQuery } from "./support/public";

type Listed = { reference: string; email: string };

// Long enough to run past a phone's card unless the page wraps it (the thank-you and customer pages).
const EMAIL = "inigo.obrien.pena.reservas.de.vacaciones@agencia-de-viajes-internacionales.example.com";
// Polled: measured while the page's stylesheet is still on its way, the unstyled text is wider.
const fitsThePhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test("a booking whose answer was lost on the way back: the retry lands on its thank-you page, booked once", async ({
  browser,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-retry");
  const site = await createPublicLanding(owner);
  const { context, page } = await phoneVisitor(browser);
  await page.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  await fillContact(page, { name: "Íñigo", last_name: "O'Brien-Peña", email: EMAIL, phone: "809-555-0123" });

  // The first booking reaches the server and is made; its answer is cut on the way back.
  const keys: string[] = [];
  await page.route("**/api/reservations", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (keys.length > 1) return route.continue();
    const made = await route.fetch();
    expect(made.status()).toBe(201);
    await route.abort("connectionreset");
  });
  await page.getByTestId("reserve").click();
  await expect(page.getByText("No pudimos enviar tu reserva. Revisa tu conexión e inténtalo de nuevo.")).toBeVisible();

  // The traveller taps again: the same key, answered with the booking made, whose page opens.
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(new RegExp(`/${site.name}/thanks-you\\?ref=NLY-`));
  await expect(page.getByTestId("thanks-title")).toHaveText("¡Gracias, Íñigo!");
  const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
  expect(reference).toMatch(/^NLY-/);
  await expect(page.getByText("No encontramos esta reserva")).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe("");
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByText(EMAIL)).toBeVisible();
  await fitsThePhone(page);
  await page.getByTestId("thanks-manage").click();
  await expect(page.getByTestId("reservation-status")).toHaveText("Pendiente de confirmación");
  await expect(page.getByText(EMAIL)).toBeVisible();
  await fitsThePhone(page);

  // Booked once: the owner's list has exactly this one booking for the traveller.
  const listed = await owner.api.get(`/api/reservations/${site.id}?q=${encodeURIComponent(EMAIL)}`);
  const { reservations } = (await listed.json()) as { reservations: Listed[] };
  expect(reservations.map((reservation) => reservation.reference)).toEqual([reference]);
  await context.close();
});

test("a browser that kept an owner's session but not its XSRF token still books: the page asks for one and sends again", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-kept-session");
  const site = await createPublicLanding(owner);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  // Signed in in this browser, then its browser-session token lost (as before the token lasted as
  // long as the session): only the session cookie is left, which the CSRF check answers for.
  const signedIn = await context.request.post("/api/login-nelly", {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  await context.clearCookies({ name: "XSRF-TOKEN" });
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain("nelly_session");
  const page = await context.newPage();
  await page.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  await fillContact(page, { name: "Rosa", last_name: "Núñez", email: "rosa@example.com", phone: "809-555-0199" });
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(new RegExp(`/${site.name}/thanks-you\\?ref=NLY-`));
  await expect(page.getByText("La protección CSRF rechazó la solicitud", { exact: false })).toHaveCount(0);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain("XSRF-TOKEN");
  await context.close();
});

import { expect, type Page } from "@playwright/test";
import { type FleetOwner, test } from "./support/fleet";
import { type Booker, createPublicLanding, fillContact, hydrated, PHONE, searchQuery } from "./support/public";

// A traveller books a trip once, whatever the tabs and reloads: the key of an attempt at a
// booking is kept, with a hash of its request, where all of the landing's tabs find it
// (web/public/lib/booking-attempt.ts), and the server answers that key with the booking it made.

const ANA: Booker = { name: "Ana", last_name: "Gómez", email: "ana.una.vez@example.com", phone: "809-555-0142" };

/** The references of the landing's bookings, as the owner lists them. */
async function references(owner: FleetOwner, landingId: number): Promise<string[]> {
  const listed = await owner.api.get(`/api/reservations/${landingId}`);
  expect(listed.ok()).toBe(true);
  const { reservations } = (await listed.json()) as { reservations: { reference: string }[] };
  return reservations.map((reservation) => reservation.reference).sort();
}

/** The review page of `query`, its price confirmed, ready to book as `booker`. */
async function review(page: Page, site: { name: string }, query: string, booker: Booker) {
  await page.goto(`/${site.name}/review?${query}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId("reserve-blocked")).toHaveCount(0);
  await fillContact(page, booker);
}

/** "Reservar", and the thank-you page it leads to: its reference. */
async function reserve(page: Page): Promise<string> {
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
  const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
  expect(reference).toMatch(/^NLY-/);
  return reference;
}

/** What the landing's tabs share in local storage. */
const shared = (page: Page) => page.evaluate(() => JSON.stringify({ ...window.localStorage }));

test("two tabs of the same review, booked in both: one booking, shown in both; another person or 'Hacer otra reserva igual' books anew", async ({
  browser,
  fleetOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await fleetOwner("public-once-tabs");
  const site = await createPublicLanding(owner);
  // The corolla has 20 units: nothing but the key stops a second booking.
  const query = searchQuery(8, 3, { vehicle: String(site.corolla.id) });
  const context = await browser.newContext();
  const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
  if (!first || !second) throw new Error("two tabs");
  await review(first, site, query, ANA);
  await review(second, site, query, ANA);

  const reference = await reserve(first);
  await expect(first.getByTestId("thanks-again")).toHaveCount(0);
  expect(await reserve(second)).toBe(reference);
  await expect(second.getByTestId("thanks-title")).toHaveText("¡Gracias, Ana!");
  // The second tab is told its booking is the first one, not a second.
  await expect(second.getByTestId("thanks-again")).toHaveText(
    "Ya habías hecho esta reserva: es la misma, no se hizo otra.",
  );
  expect(await references(owner, site.id)).toEqual([reference]);
  // What the tabs share holds a key and a hash, nothing of the traveller.
  const stored = await shared(first);
  expect(stored).toContain(`nelly.attempts.${site.name}`);
  for (const personal of [ANA.name, ANA.last_name, ANA.email, ANA.phone, "Gómez"]) {
    expect(stored).not.toContain(personal);
  }

  // Another person booking the same trip from a tab of their own is a booking of its own.
  const third = await context.newPage();
  await review(third, site, query, { ...ANA, name: "Luis", email: "luis.otra@example.com" });
  const luis = await reserve(third);
  expect(luis).not.toBe(reference);
  expect(await references(owner, site.id)).toEqual([reference, luis].sort());

  // Back on the review booked, the same again on purpose is a new booking.
  await first.goBack();
  await expect(first.getByTestId("already-booked")).toContainText(reference);
  await first.getByTestId("book-again").click();
  await expect(first.getByTestId("contact-email")).toHaveValue(ANA.email);
  await first.getByTestId("contact-terms").check();
  const again = await reserve(first);
  expect([reference, luis]).not.toContain(again);
  expect(await references(owner, site.id)).toEqual([reference, luis, again].sort());
  await context.close();
});

test("two tabs booking the last unit at the same moment: one booking, and both land on it", async ({
  browser,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-once-race");
  const site = await createPublicLanding(owner);
  const query = searchQuery(8, 3, { vehicle: String(site.jeep.id) });
  const context = await browser.newContext();
  const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
  if (!first || !second) throw new Error("two tabs");
  await review(first, site, query, ANA);
  await review(second, site, query, ANA);

  const [one, other] = await Promise.all([reserve(first), reserve(second)]);
  expect(other).toBe(one);
  await expect(second.getByTestId("vehicle-taken")).toHaveCount(0);
  expect(await references(owner, site.id)).toEqual([one]);
  await context.close();
});

test("the answer lost, the page reloaded in the other language and booked again before its price is confirmed: the first booking's thank-you page, booked once", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-once-reload");
  const site = await createPublicLanding(owner);
  const query = searchQuery(10, 2, { vehicle: String(site.corolla.id) });
  await review(page, site, query, ANA);

  // The booking reaches the server and is made; its answer is cut on the way back.
  const keys: string[] = [];
  const totals: unknown[] = [];
  await page.route("**/api/reservations", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    totals.push(route.request().postDataJSON().expected_total_cents);
    if (keys.length > 1) return route.continue();
    expect((await route.fetch()).status()).toBe(201);
    await route.abort("connectionreset");
  });
  await page.getByTestId("reserve").click();
  await expect(page.getByText("No pudimos enviar tu reserva. Revisa tu conexión e inténtalo de nuevo.")).toBeVisible();
  expect(await references(owner, site.id)).toHaveLength(1);

  // Reloaded in English on a slow line: the price is not confirmed again yet when "Book now" goes.
  let answerQuote = () => {};
  const quoteHeld = new Promise<void>((resolve) => {
    answerQuote = resolve;
  });
  await page.route(/\/quote\?/, async (route) => {
    await quoteHeld;
    // The page may have gone to its thank-you page meanwhile.
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/${site.name}/review?${query}&lang=en`);
  await hydrated(page);
  // The details typed come back (the terms are asked again), and the same key goes.
  await expect(page.getByTestId("contact-email")).toHaveValue(ANA.email);
  await page.getByTestId("contact-terms").check();
  await expect(page.getByTestId("quote-confirmed")).toHaveCount(0);
  const reference = await reserve(page);
  answerQuote();
  await expect(page.getByTestId("thanks-title")).toHaveText("Thank you, Ana!");
  // Sent again after its answer was lost: the traveller is told no second booking was made.
  await expect(page.getByTestId("thanks-again")).toHaveText(
    "You had already made this booking: this is the same one, no second booking was made.",
  );
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(totals[0]).toEqual(expect.any(Number));
  expect(totals[1]).toBeUndefined();
  expect(await references(owner, site.id)).toEqual([reference]);
});

test("storage refused (a private mode): booking still works, and a retry in the page books once", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-once-private");
  const site = await createPublicLanding(owner);
  await page.addInitScript(() => {
    for (const kind of ["localStorage", "sessionStorage"]) {
      Object.defineProperty(window, kind, {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    }
  });
  await review(page, site, searchQuery(10, 2, { vehicle: String(site.corolla.id) }), ANA);
  let sent = 0;
  await page.route("**/api/reservations", async (route) => {
    sent += 1;
    if (sent > 1) return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByTestId("reserve").click();
  await expect(page.getByText("No pudimos enviar tu reserva. Revisa tu conexión e inténtalo de nuevo.")).toBeVisible();
  const reference = await reserve(page);
  expect(await references(owner, site.id)).toEqual([reference]);
});

test("two taps in the same instant on Reservar, then on Sí, cancelar: one booking with a plain thank-you page, one cancel said once", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-once-taps");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(PHONE);
  await review(page, site, searchQuery(12, 2, { vehicle: String(site.corolla.id) }), ANA);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/(reservations$|publicLanding\/.*\/cancel)/.test(request.url()))
      sent.push(new URL(request.url()).pathname);
  });

  // Both taps reach the page before it has drawn "Reservando…" (a walk's finding: two requests,
  // and the thank-you page then said the booking had been made before).
  await page.getByTestId("reserve").evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
  await expect(page.getByTestId("thanks-title")).toHaveText("¡Gracias, Ana!");
  await expect(page.getByTestId("thanks-again")).toHaveCount(0);
  expect(sent).toHaveLength(1);
  const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
  expect(await references(owner, site.id)).toEqual([reference]);

  // The customer's page: a pending request is withdrawn for nothing, said as no fee.
  await page.getByTestId("thanks-manage").click();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "¿Cambiaron tus planes?" })).toBeVisible();
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-fee")).toHaveText("Sin cargo por cancelación.");
  await page.getByTestId("cancel-confirm-button").evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByTestId("reservation-cancelled")).toHaveText("Tu reserva fue cancelada.");
  await expect(page.getByTestId("reservation-moved")).toHaveCount(0);
  expect(sent.filter((path) => path.endsWith("/cancel"))).toHaveLength(1);
  // Nothing left to do there but book again.
  await expect(page.getByTestId("reservation-home")).toHaveAttribute("href", `/${site.name}`);
});

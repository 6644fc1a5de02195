import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { type Booker, createPublicLanding, holdScripts, searchQuery } from "./support/public";
import { storedReservation } from "./support/reservations";

// On a slow connection the review page's form (the server's HTML) shows well before its scripts
// run, and a traveller starts typing. What they typed stays when React takes the page over, and is
// what gets booked (web/public/lib/use-typed-before-hydration.ts).

const ANA: Booker = { name: "Ana", last_name: "Gómez", email: "ana.temprano@example.com", phone: "809-555-0177" };
const FIELDS = ["name", "last_name", "email", "phone"] as const;

test("contact details typed before the review page's scripts have loaded stay, and are booked", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-typed-early");
  const site = await createPublicLanding(owner);
  const release = await holdScripts(page);
  await page.goto(`/${site.name}/review?${searchQuery(8, 2, { vehicle: String(site.corolla.id) })}`, {
    waitUntil: "commit",
  });
  for (const field of FIELDS) await page.getByTestId(`contact-${field}`).fill(ANA[field]);
  // Typed into the server's HTML: no script has run yet.
  await expect(page.locator("html.hydrated")).toHaveCount(0);
  // The greyed "Reservar ahora" says why once the wait is long (2 s), not at once (a walk: 39 s of a
  // greyed button and no word, on a slow connection).
  const preparing = page.getByTestId("reserve-preparing");
  await expect(page.getByTestId("reserve")).toBeDisabled();
  await expect(preparing).toHaveText("Preparando el formulario… Con una conexión lenta puede tardar un poco.");
  await expect.poll(() => preparing.evaluate((hint) => getComputedStyle(hint).opacity)).toBe("1");

  await release();
  // The form has rendered again since hydrating (its button works once the page does), and once
  // more for a field typed now: the four typed before are still there.
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await expect(page.getByTestId("reserve")).toBeEnabled();
  await expect(preparing).toHaveCount(0);
  await page.getByTestId("contact-description").fill("Llego en el vuelo de la tarde.");
  for (const field of FIELDS) await expect(page.getByTestId(`contact-${field}`)).toHaveValue(ANA[field]);

  // And the form holds them, not only the screen: the booking is made with them.
  await page.getByTestId("contact-terms").check();
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
  const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
  expect(await storedReservation(owner, site.id, reference)).toMatchObject({
    name: ANA.name,
    last_name: ANA.last_name,
    email: ANA.email,
  });
});

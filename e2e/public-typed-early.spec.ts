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

// A walk's finding: on a slow connection the list's filters, chosen before its scripts had run,
// were drawn back to the address's at the next change, and the cards never followed them.
test("filters chosen before the list's scripts have loaded stay, and the cards follow them", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-filters-early");
  const site = await createPublicLanding(owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  const release = await holdScripts(page);
  await page.goto(`/${site.name}/vehicle?${searchQuery(8, 2)}`, { waitUntil: "commit" });
  // The filters' box opened as a tap does (Playwright's click on its summary waits for the held scripts).
  await page.getByTestId("filters").evaluate((details: HTMLDetailsElement) => {
    details.open = true;
  });
  await page.getByTestId("filter-type").selectOption("suv");
  await page.getByTestId("filter-maxPrice").fill("80");
  await expect(page.locator("html.hydrated")).toHaveCount(0);
  await expect(page.getByTestId("vehicle-card")).toHaveCount(3);

  await release();
  await expect(page.getByTestId("vehicle-card")).toHaveCount(1);
  await expect(page.getByTestId("vehicle-card")).toContainText("Hyundai Tucson 2024");
  await expect(page).toHaveURL(/[?&]type=suv(&|$)/);
  // A change made now renders the form again: the two chosen before are still there.
  await page.getByTestId("filter-q").fill("Hyundai");
  await expect(page.getByTestId("filter-type")).toHaveValue("suv");
  await expect(page.getByTestId("filter-maxPrice")).toHaveValue("80");
  await expect(page.getByTestId("vehicle-card")).toHaveCount(1);
});

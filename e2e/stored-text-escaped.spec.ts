import { expect, type Page, request as playwrightRequest } from "@playwright/test";
import { test } from "./support/fleet";
import { hydrated } from "./support/public";
import { createBookableLanding, landingDay } from "./support/reservations";

/**
 * Issue 13, attack suite item 3: text an owner or a visitor stores is shown as text on every page
 * that shows it. Each payload would set `window.__xss` if it were ever parsed as markup.
 */
const SCRIPT = "<script>window.__xss=1</script>";
const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '"><svg onload=window.__xss=1>';

const VEHICLE_NAME = `Jeep ${SCRIPT}`;
const VEHICLE_DESCRIPTION = `Amplio ${IMG} y ${SVG}`;
const SEO_TITLE = `Alquiler ${SVG}`;
const SEO_DESCRIPTION = `Los mejores ${SCRIPT} ${IMG}`;
const COMMENT = `Llego tarde ${SCRIPT} ${IMG} ${SVG}`;

/** Nothing ran, and no element of the payloads exists in the page. */
async function expectInert(page: Page, label: string) {
  await page.waitForLoadState("load");
  // onerror and onload handlers run on their own; give them a turn of the event loop.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `${label} ran a payload`).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload], script:text("window.__xss")').count(), label).toBe(0);
}

test("stored text renders escaped on the public site and the dashboard", async ({ page, signedInOwner }) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner("xss");
  const landing = await createBookableLanding(owner, "Escapes", {
    name: VEHICLE_NAME,
    description: VEHICLE_DESCRIPTION,
  });
  const detail = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  const { version } = (await detail.json()) as { version: number };
  const meta = await owner.api.post(`/api/landings/${owner.id}/${landing.id}/meta`, {
    data: {
      version: String(version),
      meta_title: SEO_TITLE,
      meta_description: SEO_DESCRIPTION,
      og_description: SEO_DESCRIPTION,
    },
  });
  expect(meta.status(), await meta.text()).toBe(200);

  // A visitor books through the public API with the payloads in the comment.
  const visitor = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const from = landingDay(12);
  const booking = await visitor.post("/api/reservations", {
    data: {
      id_landing: landing.id,
      id_vehicle: landing.vehicle.id,
      place_of_departure: "Santiago",
      arrival_place: "La Romana",
      date_of_departure: from,
      time_of_departure: "10:00",
      date_of_arrival: landingDay(15),
      time_of_arrival: "10:00",
      number_person: 2,
      number_bag: 1,
      addons: [],
      name: "Ana",
      last_name: "Pérez",
      email: "ana@example.com",
      phone: "+1 809 555 0101",
      description: COMMENT,
      terms_accepted: true,
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const booked = (await booking.json()) as { reference: string; customer_token: string };
  await visitor.dispose();

  // Public home: the SEO title and description are the page's title and meta, as text.
  await page.goto(`/${landing.name}`);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(SEO_TITLE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", SEO_DESCRIPTION);
  await expect(page.getByTestId("vehicle-card").first()).toContainText(VEHICLE_NAME);
  await expectInert(page, "home");

  // The list of vehicles for a search.
  await page.goto(`/${landing.name}/vehicle?from=${from}&to=${landingDay(15)}`);
  await hydrated(page);
  await expect(page.getByTestId("vehicle-card").first()).toContainText(VEHICLE_NAME);
  await expectInert(page, "list");

  // The vehicle's own page: name and description shown literally.
  await page.getByTestId("vehicle-link").first().click();
  await expect(page.getByTestId("vehicle-name")).toHaveText(VEHICLE_NAME);
  await expect(page.getByText(VEHICLE_DESCRIPTION).first()).toBeVisible();
  await hydrated(page);
  await expectInert(page, "vehicle");

  // The booking confirmation the visitor lands on, and their own reservation page.
  await page.goto(`/${landing.name}/thanks-you?ref=${booked.reference}&t=${booked.customer_token}`);
  await expect(page.getByTestId("thanks-reference")).toHaveText(booked.reference);
  await expect(page.getByText(VEHICLE_NAME).first()).toBeVisible();
  await hydrated(page);
  await expectInert(page, "thanks");
  await page.goto(`/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}`);
  await expect(page.getByTestId("reservation-status")).toBeVisible();
  await hydrated(page);
  await expectInert(page, "customer's reservation page");

  // The dashboard: the landing's vehicles, and the reservation's detail with its comment.
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await expect(panel.getByRole("row").filter({ hasText: VEHICLE_NAME })).toBeVisible();
  await expectInert(page, "dashboard vehicles");
  await page.goto("/reservation");
  await expect(page.getByRole("main").getByRole("row").filter({ hasText: VEHICLE_NAME })).toBeVisible();
  await expectInert(page, "dashboard reservations");
  await page.getByRole("main").getByRole("button", { name: booked.reference, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Reserva ${booked.reference}` });
  await expect(dialog).toContainText(COMMENT);
  await expect(dialog).toContainText(VEHICLE_NAME);
  await expectInert(page, "reservation detail");
});

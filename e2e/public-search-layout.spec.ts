import { formatDate, formatTime } from "@domain/date-format";
import { expect, type Locator, type Page } from "@playwright/test";
import { createVehicle, test } from "./support/fleet";
import { expectNoSidewaysScroll, expectWithinSides, textLines } from "./support/layout";
import { createPublicLanding, hydrated, searchQuery } from "./support/public";
import { addDays, landingDay } from "./support/reservations";

/**
 * How wide a date or time field must be to show its whole value: the width the browser gives the
 * same field, in the same place, when left to size itself (a date's with a four-digit year).
 */
function wholeValueWidth(field: Locator) {
  return field.evaluate((input: HTMLInputElement) => {
    const probe = input.cloneNode() as HTMLInputElement;
    probe.removeAttribute("id");
    if (probe.type === "date") probe.max = "9999-12-31";
    probe.style.width = "auto";
    probe.style.position = "absolute";
    probe.style.visibility = "hidden";
    input.after(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  });
}

/** Each date and time field of the page's first search form shows its whole value, and a date's box lines up with its time's. */
async function expectReadableDates(page: Page, where: string) {
  const form = page.getByTestId("search-form").first();
  for (const [date, time] of [
    ["from", "fromTime"],
    ["to", "toTime"],
  ]) {
    const dateField = form.getByTestId(`search-${date}`);
    const timeField = form.getByTestId(`search-${time}`);
    for (const field of [dateField, timeField]) {
      const box = await field.boundingBox();
      expect(
        box?.width ?? 0,
        `${where}: ${await field.getAttribute("name")} shows its whole value`,
      ).toBeGreaterThanOrEqual((await wholeValueWidth(field)) - 0.5);
    }
    const dateBox = await dateField.boundingBox();
    const timeBox = await timeField.boundingBox();
    if (!dateBox || !timeBox) throw new Error(`${where}: the ${date} fields are not on screen`);
    if (timeBox.x > dateBox.x) {
      // Side by side: one line of boxes, whatever the labels above them take.
      expect(Math.abs(timeBox.y - dateBox.y), `${where}: ${date}'s boxes on one line`).toBeLessThanOrEqual(0.5);
      expect(timeBox.height).toBeCloseTo(dateBox.height, 0);
    } else {
      expect(timeBox.y, `${where}: ${time} under its date`).toBeGreaterThanOrEqual(dateBox.y + dateBox.height);
    }
  }
  await expectNoSidewaysScroll(page);
}

/**
 * The step strip's steps (tablet and desktop) show what was chosen in full: no line of it cut off,
 * the return date and time included.
 */
async function expectWholeTripInSteps(page: Page, where: string, returnsAt: string) {
  const steps = page.getByTestId("step-strip").locator("ol");
  await expect(steps.locator("li").first(), `${where}: the whole return`).toContainText(returnsAt);
  const clipped = await steps.evaluate((list) =>
    // (Words kept for screen readers only, .sr-only, are a pixel's box by design.)
    [...list.querySelectorAll("*:not(.sr-only)")]
      .filter(
        (element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.textContent),
  );
  expect(clipped, `${where}: no step's text cut off`).toEqual([]);
  // On a tablet too the strip stays a strip: the trip's step takes two columns, so its places,
  // dates and times are three lines at most, not the six a fifth of 768 px made of them.
  const height = await steps.evaluate((list) => list.getBoundingClientRect().height);
  expect(height, `${where}: the strip's height`).toBeLessThanOrEqual(100);
}

/**
 * The list's search and cards start and end where the header's brand and the step strip do: on a
 * desktop the list once ran wider than the header above it (a wider column than every other page).
 */
async function expectInLineWithHeader(page: Page, where: string) {
  const brand = await page.getByTestId("public-brand").boundingBox();
  const steps = await page.getByTestId("step-strip").locator("ol").boundingBox();
  const search = await page.locator("#search").boundingBox();
  if (!brand || !steps || !search) throw new Error(`${where}: the header, strip or search is not on screen`);
  expect(Math.abs(search.x - brand.x), `${where}: the search's left edge under the brand's`).toBeLessThanOrEqual(1);
  expect(
    Math.abs(search.x + search.width - (steps.x + steps.width)),
    `${where}: the search's right edge under the strip's`,
  ).toBeLessThanOrEqual(1);
}

// The tester's report: at 360 px the pickup and return dates read "12/01/20…" and their boxes sat
// lower than the times' (DESIGN.md: everything readable at 360 px).
for (const language of ["es", "en"] as const) {
  test(`the search's dates show the whole date, in line with their times, from a 360 px phone to a desktop (${language})`, async ({
    page,
    fleetOwner,
  }) => {
    const owner = await fleetOwner(`search-dates-${language}`);
    const site = await createPublicLanding(owner);
    const pages = [
      ["home", `/${site.name}?lang=${language}`, [360, 390, 768, 1024, 1280]],
      [
        "vehicle list",
        `/${site.name}/vehicle?${searchQuery(5, 3, { dropoff: "La Romana" })}&lang=${language}`,
        [360, 390, 768, 1024, 1280, 1440],
      ],
      ["vehicle page", `/${site.name}/vehicles/${site.corolla.id}?lang=${language}`, [360, 1024, 1280]],
    ] as const;
    const returnsAt = `${formatDate(addDays(landingDay(5), 3), language)} ${formatTime("10:00", language)}`;
    for (const [name, path, widths] of pages) {
      // Opened once at the narrowest width, then widened in place: the layout is the stylesheet's
      // media queries, which follow the window as a phone turned sideways or a desktop's resize does.
      await page.setViewportSize({ width: widths[0], height: 900 });
      await page.goto(path);
      await hydrated(page);
      // The list page folds its search away once a search is made.
      const fold = page.locator("details:has([data-testid=search-form])");
      if ((await fold.count()) > 0) await fold.evaluate((details: HTMLDetailsElement) => (details.open = true));
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await expectReadableDates(page, `${name} at ${width} px`);
        // The tester's report: on a desktop the strip cut the return off ("Dec 22, 2026…").
        if (name === "vehicle list" && width >= 768) {
          await expectWholeTripInSteps(page, `${name} at ${width} px`, returnsAt);
          await expectInLineWithHeader(page, `${name} at ${width} px`);
        }
      }
    }
    // Below a row's width the time goes under its date and says which time it is.
    await page.setViewportSize({ width: 360, height: 900 });
    await page.goto(`/${site.name}?lang=${language}`);
    await expect(page.getByText(language === "es" ? "Hora de recogida" : "Pickup time", { exact: true })).toBeVisible();
    await expect(page.getByLabel(language === "es" ? "Hora de devolución" : "Return time")).toBeVisible();

    // A pickup earlier today whose hour has passed (a tab left open, a link kept): once the page
    // runs, the list says so under the pair and prices nothing, as the search form and the server
    // do (the server's HTML counts from the start of the day). The landing is in Santo Domingo (UTC-4).
    const today = landingDay(0);
    await page.clock.setFixedTime(new Date(`${today}T23:59:00-04:00`));
    await page.goto(
      `/${site.name}/vehicle?pickup=Santiago&from=${today}&fromTime=23:00&to=${addDays(today, 2)}&toTime=10:00&lang=${language}`,
    );
    await hydrated(page);
    // The hour is what passed, not the date: the time field is the one in error.
    await expect(page.getByTestId("search-fromTime")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("search-from")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("search-error-fromTime")).toHaveText(
      language === "es"
        ? "Esa hora de recogida ya pasó: elige una hora posterior."
        : "That pickup time has passed: choose a later time.",
    );
    await expect(page.getByTestId("vehicle-total")).toHaveCount(0);
  });
}

// The tester's report: a technical-sheet value of 80 characters with no space squeezed its label to
// a letter per line ("C / ol / or") on a 390 px phone. The label keeps its words; the value breaks.
test("a vehicle's technical sheet keeps its labels whole beside a very long value, on a phone", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("spec-sheet-long");
  const site = await createPublicLanding(owner);
  const long = `Rojoperla${"x".repeat(71)}`; // the most a value holds (FEATURE_VALUE_MAX), no space to break at
  const vehicle = await createVehicle(owner, site.id, {
    name: "Kia Picanto 2024",
    features: JSON.stringify([
      { name: "Color", value: long },
      { name: "Motor", value: "1.2 L" },
    ]),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${site.name}/vehicles/${vehicle.id}`);
  const sheet = page.getByRole("region", { name: "Más información" });
  const label = sheet.getByRole("term").first();
  await expect(label).toHaveText("Color");
  // Counted in line boxes: the row stretches the label's box to the value's height.
  expect(await textLines(label), "the label on one line").toBe(1);
  await expect(sheet.getByRole("definition").first()).toHaveText(long);
  await expectWithinSides(sheet.getByRole("definition").first(), sheet);
  await expectNoSidewaysScroll(page);
});

// A walk's finding: on a 320 px phone the step strip's summary broke the return date at its hyphen
// ("14-" at a line's end, "12-2026 10:00 AM" on the next).
for (const language of ["es", "en"] as const) {
  test(`the step strip's summary keeps each date and time whole on a 320 px phone (${language})`, async ({
    page,
    fleetOwner,
  }) => {
    const owner = await fleetOwner(`step-dates-${language}`);
    const site = await createPublicLanding(owner);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(
      `/${site.name}/additions?${searchQuery(5, 3, { vehicle: String(site.corolla.id) })}&lang=${language}`,
    );
    const summary = page.getByTestId("step-summary");
    await expect(summary).toContainText(site.corolla.name);
    for (const offset of [5, 8]) {
      const at = `${formatDate(landingDay(offset), language)} ${formatTime("10:00", language)}`;
      const piece = summary.getByText(at);
      await expect(piece, at).toBeVisible();
      expect(await textLines(piece), `${at} on one line`).toBe(1);
    }
    await expectNoSidewaysScroll(page);
  });
}

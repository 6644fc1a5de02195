import { expect, type Page } from "@playwright/test";
import { type FleetOwner, test } from "./support/fleet";
import { doubleTheText, reflowProblems, textLines } from "./support/layout";
import { hydrated } from "./support/public";
import {
  addDays,
  type BookableLanding,
  book,
  createBookableLanding,
  landingAddons,
  landingDay,
} from "./support/reservations";

// WCAG 1.4.10 (Reflow) and 1.4.4 (Resize text) on the traveller's site: on a 320 px phone with the
// browser's text at 200 % (a screen 10 rem wide) every public page fits the window's width, in
// Spanish and in English: nothing cut off, no sideways scroll, no word broken where it fits whole.
// Before, the FAQ's chevrons ended 30 px off the screen under a title broken mid-word ("Pregun" /
// "tas"), the bottom bar's WhatsApp and main button and a vehicle card's price ran 9 to 29 px past
// the edge, the step strip's "Cambiar" 1 px, and cards squeezed their words a syllable a line. Each
// page's problems are named (reflowProblems), and every page of a language is checked before its
// journey fails.

test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

const softly = expect.configure({ soft: true, timeout: 5_000 });

/**
 * Opens `path` at 200 % text and checks how it reflows, once the page's script has taken over and
 * `prepare` has opened what the page folds.
 */
async function checkPage(
  page: Page,
  where: string,
  path: string,
  { script = true, prepare }: { script?: boolean; prepare?: () => Promise<void> } = {},
) {
  await page.goto(path);
  if (script) await hydrated(page);
  await prepare?.();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), "text at 200 %").toBe("32px");
  await softly.poll(() => reflowProblems(page), { message: `${where} at 320 px and 200 % text` }).toEqual([]);
  softly(await linesShorterThanTheirText(page), `${where}: lines as tall as their letters`).toEqual([]);
}

/**
 * Text whose line is shorter than its letters, so its lines run into each other: a line height on
 * the spacing scale (leading-7), which stops growing with the text on a screen narrow for it.
 */
function linesShorterThanTheirText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("*")]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
      .filter((element) => {
        const style = getComputedStyle(element);
        return parseFloat(style.lineHeight) < parseFloat(style.fontSize);
      })
      .map((element) => `${(element as HTMLElement).innerText.slice(0, 40)}: ${getComputedStyle(element).lineHeight}`),
  );
}

/** A phone number and a WhatsApp one on the landing: its bottom bars, cards and footer offer them. */
async function addContactNumbers(owner: FleetOwner, landing: BookableLanding) {
  const detail = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  const { version } = (await detail.json()) as { version: number };
  const saved = await owner.api.put(`/api/landings/${owner.id}/${landing.id}/rules`, {
    data: { version, contact_phone: "+1 (809) 555-0101", whatsapp: "+1 809 555 0199" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

for (const language of ["es", "en"] as const) {
  test(`at 320 px and 200 % text every public page reflows (${language})`, async ({ page, fleetOwner }) => {
    test.setTimeout(120_000);
    const owner = await fleetOwner(`public-reflow-${language}`);
    // A price of four figures a day and a total of five: as wide as a landing's in Dominican pesos
    // ("RD$3,500.00"), the widest a card's, the review's and the bar's amounts get; and a vehicle's
    // name with a long word, as its page's title.
    const landing = await createBookableLanding(owner, "Alquileres Santamaría", {
      name: "Volkswagen Amarok 2024",
      price: "3500",
    });
    await addContactNumbers(owner, landing);
    const [addon] = await landingAddons(owner, landing.id);
    const booked = await book(landing, { name: "Maximiliano", last_name: "Santamaría", start: 10 });
    const from = landingDay(7);
    // A one-way trip, the longest summary the strip and the review show.
    const trip = new URLSearchParams({
      pickup: "Santiago",
      dropoff: "La Romana",
      from,
      fromTime: "10:00",
      to: addDays(from, 3),
      toTime: "10:00",
      seats: "2",
      lang: language,
    });
    const chosen = `${trip}&vehicle=${landing.vehicle.id}&addons=${addon?.id}:1`;
    const site = `/${landing.name}`;
    const own = `t=${booked.customer_token}&lang=${language}`;

    await doubleTheText(page);
    await checkPage(page, "the home", `${site}?lang=${language}`);
    // The search's lists, dates and times alike: each the fields' 44 px, none twice as tall as the rest.
    const heights = await page
      .locator("[data-testid^=search-]:is(select, input)")
      .evaluateAll((fields) =>
        fields.map((field) => field.getBoundingClientRect().height).filter((height) => height > 0),
      );
    softly(heights.length, "the search's fields").toBeGreaterThanOrEqual(5);
    for (const height of heights) softly(height, "a search field's height").toBeCloseTo(44, 0);
    await checkPage(page, "the vehicle list", `${site}/vehicle?${trip}`);
    await checkPage(page, "a vehicle's page", `${site}/vehicles/${landing.vehicle.id}?${trip}`);
    await checkPage(page, "the extras", `${site}/additions?${chosen}`);
    await checkPage(page, "the review", `${site}/review?${chosen}`);
    await checkPage(page, "the booking's thanks", `${site}/thanks-you?ref=${booked.reference}&${own}`);
    // Broken at its hyphen, the reference read as two codes (a walk's finding).
    softly(await textLines(page.getByTestId("thanks-reference")), "the reference on one line").toBe(1);
    // Still pending: its status is the longest in both languages ("Pendiente de confirmación").
    await checkPage(page, "the customer's booking", `${site}/reservation/${booked.reference}?${own}`);
    // Confirmed, the booking opens its express pickup: the drivers and the agreement, before pickup.
    const confirmed = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "confirmed" } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // The driver's name as short as a first name, which a field as wide as the card allows shows
    // whole (the whole "Maximiliano Santamaría" shows its start, as any field does); the dates empty,
    // showing their "mm/dd/yyyy".
    const shortName = () => page.locator("#driver-0-name").fill("Maximiliano");
    await checkPage(page, "the express pickup", `${site}/reservation/${booked.reference}/express?${own}`, {
      prepare: shortName,
    });
    // Every answer open: each is read as well as its question.
    const openAnswers = () =>
      page.locator("details").evaluateAll((all) => {
        for (const details of all) (details as HTMLDetailsElement).open = true;
      });
    await checkPage(page, "the FAQ", `${site}/faq?lang=${language}`, { prepare: openAnswers });
    // The landing's own 404: plain HTML, no script.
    await checkPage(page, "the not-found page", `${site}/nowhere?lang=${language}`, { script: false });
  });
}

// The check itself: an amount is one word, and a total drawn over its card's edge is found though
// nothing cuts it off (both were missed: "US$45." / "50" on a vehicle's page, a five-figure total
// over the edge of the review's card).
test("the reflow check finds an amount broken in two and a total over its card's edge", async ({ page }) => {
  await page.setContent(`<main style="font: 16px sans-serif; overflow-wrap: break-word">
    <p style="width: 4rem">US$12,390.00</p>
    <div style="border: 1px solid; width: 6rem; display: flex">
      <span style="margin-left: auto; white-space: nowrap">US$12,390.00</span>
    </div>
  </main>`);
  const problems = await reflowProblems(page);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toBe('the amount "US$12,390.00" is broken in <p> "US$12,390.00"');
  expect(problems[1]).toMatch(/^<span> "US\$12,390\.00" runs \d+ px out of <div>/);
});

// The check itself: a field that cuts its placeholder, a date or a short value (the express pickup's
// driver form showed "Maximilianc" and "mm/dd/y" at 320 px and 200 %), and a pill whose words wrap
// to lines inside its oval (the booking's "Pendiente de confirmación" on three), both missed before;
// a long value's start and caret in a field as wide as its column is what any field shows.
test("the reflow check finds a field that cuts what it shows and a pill of several lines", async ({ page }) => {
  await page.setContent(`<main style="font: 32px sans-serif">
    <input id="short" style="font: inherit; width: 8rem" value="Maximiliano">
    <input id="long" style="font: inherit; width: 100%; box-sizing: border-box" value="Maximiliano Santamaría de los Ángeles">
    <input id="hint" style="font: inherit; width: 8rem" placeholder="Maximiliano">
    <input id="date" type="date" style="font: inherit; width: 8rem">
    <input id="whole-date" type="date" style="font: inherit; width: 100%; box-sizing: border-box">
    <span style="display: inline-block; width: 8rem; border-radius: 9999px; background: #fde68a">Pendiente de confirmación</span>
    <span style="display: inline-block; width: 8rem; border-radius: 1em; background: #fde68a">Pendiente de confirmación</span>
    <span style="border-radius: 9999px; background: #bbf7d0">Confirmada</span>
  </main>`);
  const problems = await reflowProblems(page);
  expect(problems).toHaveLength(4);
  expect(problems[0]).toMatch(/^the field "short" cuts "Maximiliano" \(\d+ px in \d+\), which a field as wide/);
  expect(problems[1]).toMatch(/^the field "hint" cuts its placeholder "Maximiliano"/);
  expect(problems[2]).toMatch(/^the pill <span> "Pendiente de confirmación" wraps to \d lines inside its oval$/);
  expect(problems[3]).toMatch(/^the date field #date cuts its (day|year) by \d+ px$/);
});

// The check itself: a list that cuts its choice where a list as wide as its column would show it
// (the express pickup's "Elige un país", the counter's, a landing's extra "Silla infanti" at 320 px
// and 200 %), with Chromium's arrow or without it (appearance: none); a long country name in a list
// as wide as its column is cut as a field's long value is, and is not a problem.
test("the reflow check finds a list that cuts its choice", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.setContent(`<main style="font: 16px sans-serif">
    <select id="native" style="font: inherit; width: 7rem; padding: 0 12px"><option>Elige un país</option></select>
    <select id="plain" style="font: inherit; width: 7rem; padding: 0 40px 0 12px; appearance: none"><option>Silla infantil</option></select>
    <select id="fits" style="font: inherit; width: 12rem; padding: 0 12px"><option>Elige un país</option></select>
    <select id="long" style="font: inherit; width: 100%; padding: 0 12px"><option>República Democrática del Congo y Santo Tomé y Príncipe</option></select>
  </main>`);
  const problems = await reflowProblems(page);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(
    /^the list "native" cuts "Elige un país" \(\d+ px in \d+\), which a list as wide as its column/,
  );
  expect(problems[1]).toMatch(/^the list "plain" cuts "Silla infantil" \(\d+ px in \d+\), which a list as wide/);
});

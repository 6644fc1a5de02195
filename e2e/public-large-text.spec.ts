import { expect, type Page } from "@playwright/test";
import { test } from "./support/fleet";
import { doubleTheText, setTextSize, textLines } from "./support/layout";
import { createPublicLanding, fillContact, hydrated, searchQuery } from "./support/public";

/**
 * No two of the header's visible links (the brand, the language switch...) overlap, each taken with
 * all it draws: a logo wider than its shrunk link spills over its neighbour without moving its box.
 */
async function expectHeaderApart(page: Page, where: string) {
  const boxes = await page.locator("header").evaluate((header) =>
    [...header.querySelectorAll("a")]
      .filter((link) => link.getBoundingClientRect().width > 0)
      .map((link) => {
        const drawn = [link, ...link.querySelectorAll("*")].map((element) => element.getBoundingClientRect());
        return {
          name: link.textContent?.trim() || link.getAttribute("data-testid"),
          left: Math.min(...drawn.map((box) => box.left)),
          right: Math.max(...drawn.map((box) => box.right)),
          top: Math.min(...drawn.map((box) => box.top)),
          bottom: Math.max(...drawn.map((box) => box.bottom)),
        };
      }),
  );
  expect(boxes.length, `${where}: the header's links`).toBeGreaterThanOrEqual(2);
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `${where}: "${a.name}" and "${b.name}" overlap in the header`).toBe(true);
    }
  }
}

/**
 * Every list of the search on screen shows its whole choice: the choice's text, in the list's own
 * font, fits between its paddings and the list's arrow (a list cuts what does not fit). At 200 %
 * the places' icon took that room, and "Santiago" read "Santiag".
 */
async function expectChoicesWhole(page: Page, where: string) {
  const cut = await page.locator("select[data-testid^=search-]").evaluateAll((lists) =>
    lists
      .filter((list) => list.getBoundingClientRect().width > 0)
      .map((list) => {
        const select = list as HTMLSelectElement;
        const style = getComputedStyle(select);
        const measure = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
        measure.font = style.font;
        const text = select.selectedOptions[0]?.textContent ?? "";
        // The arrow Chromium draws inside the list: about 24 px at any text size.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return { text, room: Math.round(room), needs: Math.ceil(measure.measureText(text).width) };
      })
      .filter(({ room, needs }) => needs > room),
  );
  expect(cut, `${where}: lists whose choice is cut`).toEqual([]);
}

// The traveller's walk: at 200 % the header drew the language switch over the company's name, and
// the extras and the review scrolled sideways (so did the vehicle, thanks and reservation pages).
for (const language of ["es", "en"] as const) {
  test(`every public page fits a 360 px phone with text at 200 % (${language})`, async ({ page, fleetOwner }) => {
    const owner = await fleetOwner(`large-text-${language}`);
    const site = await createPublicLanding(owner);
    await page.setViewportSize({ width: 360, height: 740 });
    const chosen = searchQuery(7, 3, { vehicle: String(site.corolla.id), addons: `${site.addons[2]?.id}:2` });
    // A booking first, at the usual size, for its thanks and reservation pages.
    await page.goto(`/${site.name}/review?${chosen}&lang=${language}`);
    await hydrated(page);
    await fillContact(page, { name: "Ana", last_name: "Pérez", email: "ana@example.com", phone: "+1 809 555 0101" });
    await page.getByTestId("reserve").click();
    await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
    const thanks = page.url();
    const reservation = (await page.getByTestId("thanks-manage").getAttribute("href")) ?? "";

    await doubleTheText(page);
    const pages = [
      ["home", `/${site.name}?lang=${language}`],
      ["vehicle list", `/${site.name}/vehicle?${searchQuery(7, 3)}&lang=${language}`],
      ["vehicle page", `/${site.name}/vehicles/${site.corolla.id}?${searchQuery(7, 3)}&lang=${language}`],
      ["additions", `/${site.name}/additions?${chosen}&lang=${language}`],
      [
        "review",
        `/${site.name}/review?${chosen.replace(`vehicle=${site.corolla.id}`, `vehicle=${site.tucson.id}`)}&lang=${language}`,
      ],
      // The same review, booked already from this tab: where to see the booking.
      ["review booked", `/${site.name}/review?${chosen}&lang=${language}`],
      ["thanks", thanks],
      ["reservation", reservation],
      ["FAQ", `/${site.name}/faq?lang=${language}`],
    ] as const;
    for (const [name, path] of pages) {
      await page.goto(path);
      await hydrated(page);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - innerWidth), {
          message: `${name}: no sideways scroll`,
        })
        .toBeLessThanOrEqual(0);
      await expectHeaderApart(page, name);
      await expectChoicesWhole(page, name);
      // The step strip's summary whole: cut at three lines, the return date and the car were lost
      // with no way to read them (a walk's finding).
      const summary = page.getByTestId("step-summary");
      if ((await summary.count()) > 0 && (await summary.isVisible())) {
        const clipped = await summary.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
        expect(clipped, `${name}: the step summary shown whole`).toBe(false);
      }
      // The customer's phone number on one line, not "+1 809" and "555 0101" read as two.
      if (name === "reservation") expect(await textLines(page.getByText("+1 809 555 0101"))).toBe(1);
      // The trip's vehicle beside its photo: whole words, not a letter a line.
      const trip = page.getByTestId("trip-summary").locator("p").first();
      if ((await trip.count()) > 0) {
        const words = ((await trip.textContent()) ?? "").trim().split(/\s+/).length;
        const lines = await textLines(trip);
        expect(lines, `${name}: the trip's vehicle name in whole words`).toBeLessThanOrEqual(words);
      }
    }
  });
}

// A walk's finding: a phone on its side is as wide as a tablet, so the page had no bottom bar and
// Continue sat three screens down; and the skip link showed as a cramped box with no padding.
// Another: on a 320 px phone the bar's button goes under the total, and the phone field reached
// with Tab, and the page's end, were left a quarter under the taller bar.
test("a phone on its side keeps the bottom bar, a 320 px phone's bar covers nothing, and the skip link shows padded on focus", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("landscape-bar");
  const site = await createPublicLanding(owner);
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/${site.name}/additions?${searchQuery(8, 3, { vehicle: String(site.corolla.id) })}`);
  await hydrated(page);
  const bar = page.getByTestId("bottom-bar");
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(390);
  await expect(bar.getByTestId("bar-continue")).toBeInViewport();
  await context.close();

  const narrow = await browser.newPage({ viewport: { width: 320, height: 640 }, reducedMotion: "reduce" });
  await narrow.goto(`/${site.name}/review?${searchQuery(8, 3, { vehicle: String(site.corolla.id) })}`);
  await hydrated(narrow);
  const narrowBar = await narrow.getByTestId("bottom-bar").boundingBox();
  // The button under the total: the bar this finding is about.
  expect(narrowBar?.height ?? 0).toBeGreaterThan(100);
  const barTop = narrowBar?.y ?? 0;
  await narrow.getByLabel("Correo electrónico").focus();
  await narrow.evaluate(() => window.scrollTo(0, 0));
  await narrow.keyboard.press("Tab");
  const phone = narrow.getByLabel("Teléfono");
  await expect(phone).toBeFocused();
  await expect
    .poll(async () => {
      const box = await phone.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    })
    .toBeLessThanOrEqual(barTop);
  await narrow.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footer = await narrow.getByRole("contentinfo").boundingBox();
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(barTop);
  await narrow.close();

  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desk.goto(`/${site.name}`);
  await desk.keyboard.press("Tab");
  const skip = desk.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  expect(await skip.evaluate((link) => getComputedStyle(link).paddingLeft)).toBe("16px");
  await expect(desk.getByTestId("bottom-bar")).toHaveCount(0);
  await desk.close();
});

// A walk's finding: with text at 200 % the bottom bar is a third of a phone's screen, and "Book now"
// without the terms accepted focused the box with its message left under the bar.
test("at 200 % a refused Book now shows the field and its message clear of the bottom bar", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("large-text-refused");
  const site = await createPublicLanding(owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${site.name}/review?${searchQuery(7, 3, { vehicle: String(site.corolla.id) })}&lang=en`);
  await hydrated(page);
  // The root's size doubled, as a reader's own stylesheet or text setting does, with the media
  // queries left at 16 px: the bar's padding without its script was set for the usual text.
  await page.addStyleTag({ content: "html { font-size: 200% }" });
  for (const [field, value] of [
    ["name", "Ana"],
    ["last_name", "Pérez"],
    ["email", "ana@example.com"],
    ["phone", "+1 809 555 0101"],
  ] as const) {
    await page.getByTestId(`contact-${field}`).fill(value);
  }
  const bar = page.getByTestId("bottom-bar");
  await bar.getByTestId("bar-reserve").click();
  await expect(page.getByTestId("contact-terms")).toBeFocused();
  const message = page.getByTestId("contact-error-terms_accepted");
  await expect(message).toBeVisible();
  const barTop = (await bar.boundingBox())?.y ?? 0;
  expect(barTop).toBeLessThan(844 * 0.8);
  await expect
    .poll(async () => {
      const box = await message.boundingBox();
      return (box?.y ?? 0) + (box?.height ?? 0);
    })
    .toBeLessThanOrEqual(barTop);
  await expect(page.getByTestId("contact-terms")).toBeInViewport();
  // The page's end, scrolled to, is not under the bar either.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footer = await page.getByRole("contentinfo").boundingBox();
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(barTop);
});

// A walk's finding: with text at 200 % on a 320 px phone the review's bar was 240 px of 640, and on a
// phone on its side at 200 % over a third of the screen, on every scroll. Taller than three tenths of
// the screen it now waits at the content's end, before the footer; back to the usual text, it docks.
test("a bottom bar taller than three tenths of the screen waits at the content's end, and docks again", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("bar-in-flow");
  const site = await createPublicLanding(owner);
  const review = `/${site.name}/review?${searchQuery(8, 3, { vehicle: String(site.corolla.id) })}`;
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 844, height: 390 },
  ]) {
    const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await doubleTheText(page);
    await page.goto(review);
    await hydrated(page);
    const bar = page.getByTestId("bottom-bar");
    const where = `${viewport.width} x ${viewport.height} at 200 %`;
    await expect(bar, where).not.toBeInViewport();
    expect(await bar.evaluate((element) => getComputedStyle(element).position), where).toBe("static");
    // After the content, before the footer, with nothing of the page hidden under it.
    const barBox = await bar.boundingBox();
    const footer = await page.getByRole("contentinfo").boundingBox();
    const content = await page.locator("main > :first-child").boundingBox();
    expect((content?.y ?? 0) + (content?.height ?? 0), where).toBeLessThanOrEqual(barBox?.y ?? 0);
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0), where).toBeLessThanOrEqual(footer?.y ?? 0);
    // Its button still sends the form: unfilled, the first field is focused and on screen.
    await bar.getByTestId("bar-reserve").click();
    await expect(page.getByTestId("contact-name"), where).toBeFocused();
    await expect(page.getByTestId("contact-name"), where).toBeInViewport();
    // The usual text: the bar is short again and stays at the screen's bottom.
    await setTextSize(page, 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar, `${where}, then 100 %`).toBeInViewport();
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    await context.close();
  }
});

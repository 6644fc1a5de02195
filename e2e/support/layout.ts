import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Fails unless `upper` ends above where `lower` starts on screen: a field's message in view above a
 * form's bar of actions, not under it.
 */
export async function expectAbove(upper: Locator, lower: Locator) {
  const top = await upper.boundingBox();
  const bottom = await lower.boundingBox();
  expect(top, "the upper element is on screen").not.toBeNull();
  expect(bottom, "the lower element is on screen").not.toBeNull();
  expect((top?.y ?? 0) + (top?.height ?? 0)).toBeLessThanOrEqual(bottom?.y ?? 0);
}

/** Fails if the page scrolls sideways: something wider than the window pushes it out. */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** Fails unless `inner` lies within `outer`'s left and right edges (half a pixel of rounding allowed). */
export async function expectWithinSides(inner: Locator, outer: Locator) {
  const box = await inner.boundingBox();
  const frame = await outer.boundingBox();
  expect(box, "the inner element is on screen").not.toBeNull();
  expect(frame, "the outer element is on screen").not.toBeNull();
  expect(box?.x ?? 0).toBeGreaterThanOrEqual((frame?.x ?? 0) - 0.5);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0) + 0.5);
}

/** Fails if what `element` holds is wider than its box: a long word running out of it (even when clipped). */
export async function expectContentFits(element: Locator) {
  const { content, box } = await element.evaluate((node) => ({ content: node.scrollWidth, box: node.clientWidth }));
  expect(content, "its content is no wider than its box").toBeLessThanOrEqual(box);
}

/**
 * The lines an element's text is laid out on: its line boxes' distinct tops (`Range.getClientRects`
 * gives one box per line, and per inline piece on it). A height over a line height reads `NaN` when
 * the line height is `normal`, and a box stretched by its row counts lines that are not there.
 */
export function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
}

/**
 * Text at 200 %, as a visitor sets Chrome's text size: it raises the browser's default font size,
 * which every rem and em follows, media and container queries included (an `html { font-size: 200% }`
 * would leave the queries at 16 px). `Page.setFontSizes` does the same, for as long as its CDP
 * session stays open (detached, the page goes back to 16 px) and until a full-page screenshot
 * (`fullPage: true`), which drops it.
 */
export async function doubleTheText(page: Page) {
  await setTextSize(page, 2);
}

/** Chrome's text size as a factor of its default 16 px (1 puts it back). */
export async function setTextSize(page: Page, factor: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16 * factor, fixed: 13 * factor } });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${16 * factor}px`);
}

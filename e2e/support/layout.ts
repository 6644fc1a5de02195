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

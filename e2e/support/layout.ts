import { expect, type Locator } from "@playwright/test";

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

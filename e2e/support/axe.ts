import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails with each serious or critical axe violation on the page (rule, help and where it is). */
export async function expectNoSeriousViolations(page: Page, where?: string) {
  // Contrast is measured on what is on screen: let entrance transitions (toasts, dialogs) finish.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page })
    // Sonner draws older toasts faded and scaled behind the newest one until hovered; those are
    // decoration at that moment, not text to read, so only the front toast is checked.
    .exclude('[data-sonner-toast][data-front="false"]')
    // A toast on its way out fades for a moment before it leaves the page: nothing to read either.
    .exclude('[data-sonner-toast][data-removed="true"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, where).toEqual([]);
}

import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { reflowProblems } from "./support/layout";

test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

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

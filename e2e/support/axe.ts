import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type axe from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

// axe's minified build: 0.58 MB to send and parse per document against 1.3 MB (280 ms against
// 400 ms a document on a two-core machine), the same rules.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Puts axe-core in every frame of the page that does not have it yet. A journey checks the same
 * document several times (after each dialog, each step): axe's script is evaluated once per
 * document, not once per check. (`@axe-core/playwright` evaluated it twice per check and
 * opened a blank page for each: 1.4 to 2.2 s a check on a two-core machine, against 0.15 s for
 * axe's own run. Without it the journeys' summed time fell by a fifth, docs/testing.md.)
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => "axe" in window)) continue;
      await frame.evaluate(AXE_SOURCE);
    } catch {
      // A frame that went away or navigated meanwhile: axe reports the frame itself if it matters.
    }
  }
}

/**
 * Fails with each serious or critical axe violation on the page (rule, help and where it is).
 * `exclude` leaves parts of the page out, as CSS selectors (a framed site checked elsewhere).
 */
export async function expectNoSeriousViolations(page: Page, where?: string, exclude: string[] = []) {
  // Contrast is measured on what is on screen: let entrance transitions (toasts, dialogs) finish.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await injectAxe(page);
  const serious = await page.evaluate(
    async ({ tags, excluded }) => {
      const results = await window.axe.run(
        { exclude: excluded.map((selector) => [selector]) },
        // Only the violations are read: the passes' and the incompletes' details are not gathered.
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      );
      return results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
        );
    },
    {
      tags: TAGS,
      excluded: [
        // Sonner draws older toasts faded and scaled behind the newest one until hovered; those are
        // decoration at that moment, not text to read, so only the front toast is checked.
        '[data-sonner-toast][data-front="false"]',
        // A toast on its way out fades for a moment before it leaves the page: nothing to read either.
        '[data-sonner-toast][data-removed="true"]',
        ...exclude,
      ],
    },
  );
  expect(serious, where).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

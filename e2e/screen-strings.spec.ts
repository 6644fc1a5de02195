import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { createLandingViaApi } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Each screen loads only the string namespaces it needs (web/i18n/setup.ts): one a screen uses but
// does not load would show its keys' names ("list.title") instead of words. Every screen, opened
// directly by its address (nothing loaded before it), in both languages, must show none.

const CATALOGS = path.join(import.meta.dirname, "..", "web", "i18n");
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every dotted key of the dashboard's catalogs ("titles.dashboard"), as i18next shows a missing one. */
function dottedKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value !== "object" || value === null) {
      if (prefix.includes(".")) keys.add(prefix).add(prefix.replace(PLURAL, ""));
      return;
    }
    for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key);
  };
  for (const file of readdirSync(CATALOGS).filter((name) => name.endsWith(".json")))
    walk(JSON.parse(readFileSync(path.join(CATALOGS, file), "utf8")), "");
  return keys;
}

const KEYS = dottedKeys();

/** The keys' names the screen shows: in its text, its title and its labels, placeholders and tooltips. */
async function rawKeysOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.title,
      document.body.innerText,
      ...Array.from(document.querySelectorAll("[aria-label], [placeholder], [title]")).flatMap((element) =>
        ["aria-label", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""),
      ),
    ].join("\n"),
  );
  const words = text.split(/[\s,;:()"'«»¿?¡!|·]+/).map((word) => word.replace(/\.+$/, ""));
  return [...new Set(words.filter((word) => KEYS.has(word)))];
}

async function opened(page: Page, address: string, language: "es" | "en") {
  await page.goto(address);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

for (const language of ["es", "en"] as const) {
  test(`every screen opened by its address shows words, not keys, in ${language}`, async ({ page }) => {
    test.slow();
    // The language is the owner's remembered choice, read before the dashboard's first script.
    await page.addInitScript((chosen) => localStorage.setItem("nelly.lang", chosen), language);
    for (const address of ["/", "/register", "/forgot-password", "/reset-password"]) {
      await opened(page, address, language);
      expect(await rawKeysOn(page), address).toEqual([]);
    }

    const owner = await signedInOwner(page, `strings-${language}`);
    const landing = await createLandingViaApi(page, owner.id);
    for (const address of [
      "/dashboard",
      "/planner",
      "/landings",
      `/view-landing/${landing.id}`,
      "/reservation",
      "/customers",
      "/feature-view",
      "/location-reservaction",
      "/history",
      "/help",
      "/user-config",
      "/layout-designer",
      "/landings/missing",
    ]) {
      await opened(page, address, language);
      expect(await rawKeysOn(page), address).toEqual([]);
    }
  });
}

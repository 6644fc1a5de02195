import type { Page } from "@playwright/test";

/**
 * Opens `path` in the dashboard already loaded in `page` without loading it again, as its own
 * links do: the address changes and the router hears it (React Router follows `popstate`). For a
 * journey that visits many screens to check what each shows, not how it loads: a full load costs
 * Chromium about 0.8 s of CPU (docs/testing.md), and such a journey made 19 of them per width.
 */
export async function openInDashboard(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // The router numbers its history entries (`idx`) to tell Back from Forward; a new entry is the next one.
    const index = Number((window.history.state as { idx?: number } | null)?.idx ?? 0);
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

import { expect } from "@playwright/test";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// The server's Content-Security-Policy allows no inline script and no other host; a violation,
// a failed asset or a React warning would show up in the console.
test("every screen loads without console errors or blocked resources", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Going to the next page cancels what the last one was still loading (its favicon, say):
    // that is the browser's doing, not a blocked or missing resource.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
  });

  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await signedInOwner(page, "console", { open: false });
  for (const path of [
    "/reservation",
    "/feature-view",
    "/location-reservaction",
    "/history",
    "/help",
    "/user-config",
    "/layout-designer/add-vehicles",
    "/landings/missing",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The only expected failure is none at all: the session check and the pages all succeed.
  expect(problems).toEqual([]);
});

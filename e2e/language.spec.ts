import { expect, type Page } from "@playwright/test";
import { fillLogin, newOwner, registerViaApi, signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("the dashboard starts in Spanish and remembers a switch to English", async ({ page }) => {
  const owner = newOwner("language");
  await registerViaApi(owner);

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in | Nelly");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("nelly.lang"))).toBe("en");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  // The server answers in the dashboard's language too (Accept-Language).
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("These credentials do not match our records.");

  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  // Chosen on the sign-in screen, it is now the account's: the owner's emails follow it.
  await expect.poll(() => accountLanguage(page)).toBe("en");

  // Back to Spanish from the shell, saved to the account as well.
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
  await expect(page).toHaveTitle("Landings | Nelly");
  await expect.poll(() => accountLanguage(page)).toBe("es");
  await page.reload();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
});

/** The language saved on the signed-in owner's account, as the API answers it. */
async function accountLanguage(page: Page) {
  const userId = await page.evaluate(() => localStorage.getItem("NellyUserId"));
  const response = await page.request.get(`/api/users/${userId}`);
  return ((await response.json()) as { language: string }).language;
}

test("an account's language follows its owner to a new browser, and a sign-up keeps the screen's", async ({
  page,
  browser,
}) => {
  // Signed up in English: the account is English.
  await page.goto("/register");
  await page.getByRole("button", { name: "English" }).click();
  const owner = newOwner("language-account");
  await page.getByLabel("Name").fill(owner.name);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect.poll(() => accountLanguage(page)).toBe("en");

  // Another browser, which starts in Spanish: signing in there shows the account's English.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto("/");
  await expect(elsewhere.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await fillLogin(elsewhere, owner.email, owner.password);
  await expect(elsewhere.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "en");
  await other.close();

  // The settings say what the language is for, and choose it there too.
  await page.goto("/user-config");
  await expect(
    page.getByText("The language of your dashboard, of the emails that tell you about your bookings"),
  ).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Idioma" })).toBeVisible();
  await expect.poll(() => accountLanguage(page)).toBe("es");
});

test("client-side validation messages follow the language", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    /The password must be at least 8 characters\./,
  );
});

test("a language the account could not save is said so, and the dashboard still switches", async ({ page }) => {
  await signedInOwner(page, "language-offline");
  await page.route("**/api/users/*/language", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect(page.getByText("Your language could not be saved to your account")).toBeVisible();
  await expect.poll(() => accountLanguage(page)).toBe("es");

  // Pressed again once the server answers: saved, and the notice goes.
  await page.unroute("**/api/users/*/language");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByText("Your language could not be saved to your account")).toBeHidden();
  await expect.poll(() => accountLanguage(page)).toBe("en");
});

test("the last language pressed wins, even when the one pressed before arrives later", async ({ page }) => {
  await signedInOwner(page, "language-race");
  // English's strings arrive slowly, as on a poor phone connection.
  await page.route(/\/assets\/(translation|owner)\.en-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/language")) saves.push(request.postData() ?? "");
  });
  await page.getByRole("button", { name: "English" }).click();
  await page.waitForTimeout(200);
  await page.getByRole("button", { name: "Español" }).click();
  // Long after English's strings have arrived, the dashboard is still in Spanish, and nothing was saved.
  await page.waitForTimeout(3_000);
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
  expect(saves).toEqual([]);
  expect(await accountLanguage(page)).toBe("es");
});

test("a switch the account missed is saved once the dashboard is back, and one made elsewhere shows here", async ({
  page,
  browser,
}) => {
  const owner = await signedInOwner(page, "language-step");
  await page.route("**/api/users/*/language", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByText("Your language could not be saved to your account")).toBeVisible();
  // Reloaded with the server reachable again: the switch is sent again, not forgotten.
  await page.unroute("**/api/users/*/language");
  await page.reload();
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect.poll(() => accountLanguage(page)).toBe("en");

  // Another device switches back to Spanish: this dashboard follows at its next session check.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto("/");
  await fillLogin(elsewhere, owner.email, owner.password);
  await expect(elsewhere.getByRole("link", { name: "Reservations" })).toBeVisible();
  await elsewhere.getByRole("button", { name: "Español" }).click();
  await expect.poll(() => accountLanguage(elsewhere)).toBe("es");
  await other.close();
  await page.reload();
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
});

test("a dashboard whose toasts' code could not arrive stays on screen, and shows its toasts once it can", async ({
  page,
}) => {
  await page.route(/\/assets\/toaster-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
  await signedInOwner(page, "language-toaster");
  await page.route("**/api/users/*/language", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Landings" })).toBeVisible();
  // The connection returns: the toaster arrives, with the notice raised meanwhile.
  await page.unroute(/\/assets\/toaster-[^/]+\.js$/);
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  // The first of them: CI once found two of this notice on screen at that moment (one leaving as
  // the next came), which a check for exactly one failed.
  await expect(page.getByText("Your language could not be saved to your account").first()).toBeVisible();
});

test("two presses while the server is slow leave the account on the last one", async ({ page }) => {
  await signedInOwner(page, "language-slow-saves");
  // English's strings are here (a switch there and back); the server takes a second to answer each save.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
  await expect.poll(() => accountLanguage(page)).toBe("es");
  await page.route("**/api/users/*/language", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  // English is saved first; Spanish, pressed while that save is on its way, is saved after it.
  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
  await page.waitForTimeout(3_000);
  expect(await accountLanguage(page)).toBe("es");
});

test("a switch whose saves keep failing is saved by the dashboard's checks once the server answers, untouched", async ({
  page,
}) => {
  await page.clock.install();
  await signedInOwner(page, "language-idle");
  await page.route("**/api/users/*/language", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByText("Your language could not be saved to your account")).toBeVisible();
  // The next session check sends it again, and that fails too.
  const retried = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/language"));
  await page.clock.runFor(61_000);
  await retried;
  await page.unroute("**/api/users/*/language");
  expect(await accountLanguage(page)).toBe("es");
  // The owner touches nothing: the check after it, answered as the one before, still sends it.
  await page.clock.runFor(61_000);
  await expect.poll(() => accountLanguage(page)).toBe("en");
});

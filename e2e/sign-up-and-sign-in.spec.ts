import { expect } from "@playwright/test";
import { fillLogin, newOwner, registerViaApi, storedSession } from "./support/owners";
import { test } from "./support/test";

test("an owner signs up, signs out, and signs back in after a wrong password", async ({ page }) => {
  const owner = newOwner("journey", "Autos del Cibao");

  await page.goto("/");
  await page.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel("Nombre").fill(owner.name);
  await page.getByLabel("Correo electrónico").fill(owner.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Landings" })).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText(owner.name);

  // The browser keeps who and until when, never the token (it is an httpOnly cookie).
  const stored = await storedSession(page);
  expect(JSON.parse(stored.user ?? "{}")).toMatchObject({ name: owner.name, email: owner.email });
  expect(Number(stored.userId)).toBeGreaterThan(0);
  expect(Date.parse(stored.expiresAt ?? "")).toBeGreaterThan(Date.now());
  expect(stored.everything).not.toMatch(/token/i);

  // A landing half-built in the designer is this owner's business only.
  await page.evaluate(() => {
    localStorage.setItem("nelly.designer.landingId", "7");
    localStorage.setItem("nelly.designer.landingName", "mine");
  });
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saliendo..." })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  expect((await storedSession(page)).userId).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("nelly.designer.landingId"))).toBeNull();

  await fillLogin(page, owner.email, "not-the-password");
  const email = page.getByLabel("Correo electrónico");
  await expect(email).toHaveAccessibleDescription("Estas credenciales no coinciden con nuestros registros.");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/$/);

  await page.getByLabel("Contraseña", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByTestId("shell-user-name")).toHaveText(owner.name);
});

test("the sign-up form sent empty says every field is needed, the password's confirmation too", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  for (const label of ["Nombre", "Correo electrónico", "Confirmar contraseña"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  }
});

test("the login form explains what is wrong before calling the server", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Este campo es obligatorio.");
  await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(
    "Este campo es obligatorio.",
  );

  await page.getByLabel("Correo electrónico").fill("not-an-email");
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
    "Introduce un correo electrónico válido.",
  );
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/");
  const password = page.getByLabel("Contraseña", { exact: true });
  await password.fill("secret-value");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Mostrar contraseña" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Ocultar contraseña" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("rate limiting and unexpected failures are explained on the login page", async ({ page }) => {
  // Real lockouts would block this machine's address for every other test, so the answers are stubbed.
  let answer: { status: number; body: unknown } = {
    status: 429,
    body: { message: "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en 15 min." },
  };
  await page.route("**/api/login-nelly", (route) =>
    route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }),
  );
  await page.goto("/");
  await fillLogin(page, "someone@e2e.example", "whatever-it-is");
  await expect(page.getByRole("alert")).toHaveText(
    "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en 15 min.",
  );

  answer = { status: 500, body: { message: "Internal" } };
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("Ocurrió un error inesperado. Inténtalo de nuevo.");
  await expect(page).toHaveURL(/\/$/);
});

test("sign-up shows the server's field error when the email is taken", async ({ page }) => {
  const existing = newOwner("taken");
  await registerViaApi(existing);

  await page.goto("/register");
  await page.getByLabel("Nombre").fill("Second owner");
  await page.getByLabel("Correo electrónico").fill(existing.email.toUpperCase());
  await page.getByLabel("Contraseña", { exact: true }).fill("another-password");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("another-passwrd");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(
    "Las contraseñas no coinciden.",
  );

  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("another-password");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
    "Ya existe una cuenta con este correo electrónico.",
  );
  await expect(page).toHaveURL(/\/register$/);
});

test("an owner page opened before having an account opens once the account is created", async ({ page }) => {
  const owner = newOwner("shared-link", "Guaguas del Sur");
  await page.goto("/feature-view");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Crear cuenta" }).click();
  await page.getByLabel("Nombre").fill(owner.name);
  await page.getByLabel("Correo electrónico").fill(owner.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/feature-view$/);
  await expect(page.getByTestId("shell-user-name")).toHaveText(owner.name);
});

test("each language's strings load on their own: English arrives on a switch, and strings that cannot arrive are explained", async ({
  page,
}) => {
  // Each namespace of each language is a chunk of its own ("translation.es-<hash>.js").
  const catalogs: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/([a-z]+\.(?:es|en))-/.exec(request.url());
    if (match?.[1]) catalogs.push(match[1]);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  // The sign-in screen needs only what every screen shares, in the owner's language.
  expect(catalogs).toEqual(["translation.es"]);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(catalogs).toEqual(["translation.es", "translation.en"]);

  // Offline (or a deploy that replaced the strings): a message in both languages, not a blank page.
  await page.route(/\/assets\/[a-z]+\.(es|en)-/, (route) => route.abort());
  await page.evaluate(() => localStorage.removeItem("nelly.lang"));
  await page.reload();
  await expect(page.getByRole("alert")).toContainText("No se pudo cargar Nelly");
  await expect(page.getByRole("alert")).toContainText("Nelly could not load");
});

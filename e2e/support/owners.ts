import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";

export type Owner = { name: string; email: string; password: string };
export type SessionBody = {
  user_id: number;
  user: { id: number; name: string; email: string; phone: string | null; avatar: string | null };
  expires_at: string;
};

/** A new owner whose email no other test uses, so tests never share accounts. */
export function newOwner(label: string, name = "Alquileres Caribe"): Owner {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${label}-${unique}@e2e.example`, password: "a-long-secret-1" };
}

/**
 * Creates the account through the API, from a request context of its own: one without cookies
 * is not a browser session, so it needs no CSRF token, and the page stays signed out.
 */
export async function registerViaApi(owner: Owner): Promise<SessionBody> {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await api.post("/api/register-nelly", {
      data: { name: owner.name, email: owner.email, password: owner.password, password_confirmation: owner.password },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as SessionBody;
  } finally {
    await api.dispose();
  }
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** Whether signing in also opens the landings list (the default) or leaves the page blank. */
export type SignInOptions = { open?: boolean };

/**
 * Signs in the way the login page does, without drawing it (sign-up-and-sign-in.spec.ts drives the
 * page itself): the login call from this page's context, so its cookies are the browser's, then
 * the keys the dashboard keeps in storage (SPEC §3), written before the dashboard's first script
 * runs (once per tab: signing out later must stay signed out). Waits for the landings.
 *
 * With `open: false` the page stays blank and the journey's own first `page.goto` opens the
 * dashboard already signed in: one dashboard load fewer, about a second of Chromium's CPU a journey
 * (docs/testing.md), for journeys that start somewhere else than the landings.
 */
export async function signIn(page: Page, owner: Owner, { open = true }: SignInOptions = {}) {
  const response = await page.request.post("/api/login-nelly", {
    data: { email: owner.email, password: owner.password },
  });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as SessionBody;
  await page.addInitScript((signedIn) => {
    if (sessionStorage.getItem("e2e.signedIn") === String(signedIn.user_id)) return;
    sessionStorage.setItem("e2e.signedIn", String(signedIn.user_id));
    localStorage.setItem("NellyUserId", String(signedIn.user_id));
    localStorage.setItem("nelly.user", JSON.stringify(signedIn.user));
    localStorage.setItem("nelly.expiresAt", signedIn.expires_at);
  }, session);
  if (!open) return;
  await page.goto("/landings");
  await expect(page.getByRole("heading", { level: 1, name: "Landings" })).toBeVisible();
}

/** A registered owner, signed in in this page. */
export async function signedInOwner(
  page: Page,
  label: string,
  options: SignInOptions = {},
): Promise<Owner & { id: number }> {
  const owner = newOwner(label);
  const session = await registerViaApi(owner);
  await signIn(page, owner, options);
  return { ...owner, id: session.user_id };
}

/** The stored-session keys of SPEC §3, as the page sees them. */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    userId: localStorage.getItem("NellyUserId"),
    user: localStorage.getItem("nelly.user"),
    expiresAt: localStorage.getItem("nelly.expiresAt"),
    everything: JSON.stringify(localStorage),
  }));
}

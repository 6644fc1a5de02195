import { afterAll, describe, expect, it, vi } from "vitest";

// The dashboard's strings set the page's language when they load: a page of its own here.
vi.stubGlobal("document", { documentElement: {}, cookie: "" });
const { apiRequest, toApiError } = await import("./api");
const { i18nReady } = await import("../i18n/setup");
await i18nReady;
// Test files share their workers (vitest.config.ts): the next file finds no page.
afterAll(() => {
  vi.unstubAllGlobals();
});

const UNEXPECTED = "Ocurrió un error inesperado. Inténtalo de nuevo.";

describe("toApiError", () => {
  it("shows the server's own 503, which says what cannot be reached and when to try again", () => {
    const stripe = "No pudimos hablar con Stripe ahora mismo. Inténtalo de nuevo en unos minutos.";
    expect(toApiError(503, { message: stripe }).message).toBe(stripe);
    const error = toApiError(503, { message: "La imagen no se pudo guardar." });
    expect([error.status, error.message]).toEqual([503, "La imagen no se pudo guardar."]);
  });

  it("shows its own sentence for Fastify's English 503 while closing, any other 5xx and a body that is not ours", () => {
    const closing = { error: "Service Unavailable", message: "Service Unavailable", statusCode: 503 };
    expect(toApiError(503, closing).message).toBe(UNEXPECTED);
    expect(toApiError(500, { message: "Something broke", request_id: "r-1" }).message).toBe(UNEXPECTED);
    expect(toApiError(502, undefined).message).toBe(UNEXPECTED);
    expect(toApiError(503, undefined).message).toBe(UNEXPECTED);
    expect(toApiError(0, undefined).message).toBe(UNEXPECTED);
  });

  it("keeps a 4xx's message, field errors and rules", () => {
    const error = toApiError(409, {
      message: "Ya está reservado.",
      errors: { to: ["Ocupado"] },
      rules: ["availability"],
    });
    expect([error.status, error.message, error.fieldMessage("to"), error.rules]).toEqual([
      409,
      "Ya está reservado.",
      "Ocupado",
      ["availability"],
    ]);
  });
});

describe("apiRequest without a connection", () => {
  it("says the server could not be reached, in the dashboard's language", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(apiRequest("/api/session")).rejects.toMatchObject({
      status: 0,
      message: "No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.",
    });
  });
});

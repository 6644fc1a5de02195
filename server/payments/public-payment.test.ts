import { afterAll, describe, expect, it } from "vitest";
import { bearer, createBookableLanding, signUp } from "../test/factories";
import { parseHtml } from "../test/html";
import { payingWorld } from "../test/paying-landings";

// Issue 27: how a landing's bookings are paid is told before booking, on its FAQ (a question of its
// own and the cancellation policy) and in its public data, and follows the owner's changes at once
// (the payments row bumps the landing's content version, which keys the cached pages).

const { app, standIn, cardLanding } = await payingWorld();
afterAll(() => standIn.close());

async function faqText(name: string, lang = "es") {
  const response = await app.inject({ method: "GET", url: `/${name}/faq?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  const html = parseHtml(response.body);
  const main = html.elements("main")[0];
  if (!main) throw new Error("no main");
  return html.text(main).replace(/\s+/g, " ");
}

describe("the FAQ of a landing", () => {
  it("says everything is paid at pickup, and that nothing is charged online, when nothing is taken before", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const text = await faqText(landing.name);
    expect(text).toContain("¿Cómo se paga?");
    expect(text).toContain("No se paga nada al reservar: todo se paga en la recogida (efectivo, tarjeta).");
    expect(text).toContain("Nada se cobra en línea");
  });

  it("says what the card pays when booking, and follows the owner's change at once", async () => {
    const { owner, landing } = await cardLanding("2");
    const full = await faqText(landing.name);
    expect(full).toContain("Pagas el total con tarjeta al reservar, en la página segura de Stripe.");
    expect(full).toContain("Lo que pagues en línea vuelve a tu tarjeta si cancelas, menos el cargo que corresponda.");
    expect(full).not.toContain("Nada se cobra en línea");

    const saved = await app.inject({
      method: "PUT",
      url: `/api/landings/${owner.id}/${landing.id}/payments`,
      payload: { version: 2, prepay: "percent", prepay_percent: "30", channel: "card", pickup_methods: ["cash"] },
      headers: bearer(owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await faqText(landing.name, "en")).toContain(
      "When booking you pay 30 % of the total by card, on Stripe's secure page; the rest is paid at pickup (cash).",
    );
    const data = await app.inject({ method: "GET", url: `/api/publicLanding/${landing.name}` });
    expect(data.json().payment).toEqual({
      prepay: "percent",
      prepay_percent: 30,
      prepay_amount_cents: 0,
      channel: "card",
      pickup_methods: ["cash"],
      deposit_hold: "none",
    });
    // Nothing of the account reaches the public data.
    expect(data.body).not.toMatch(/sk_test|whsec_|acct_/);
  });
});

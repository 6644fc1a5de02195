import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { reservations } from "../db/schema";
import { bearer, bookingPayload } from "../test/factories";
import { payingWorld } from "../test/paying-landings";
import { settleOnReturn } from "./checkout";

// Issue 27.3: the provider's page a booking is sent to says what Stripe is asked for (the amount,
// the currency, the booking it pays, where the visitor comes back, the card kept for a deposit), and
// the customer's return asks the provider only about a booking still waiting on its page.

const { app, clock, db, standIn, cardLanding, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
const sessionOf = (id: string | null | undefined) => standIn.sessions().find((session) => session.id === id);

describe("the provider's page for a booking paid by card", () => {
  it("charges the prepayment in the booking's currency, for that booking, and comes back to the customer's page", async () => {
    const { landing } = await cardLanding("2");
    const created = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), { language: "en" }),
      headers: { "accept-language": "en" },
    });
    const body = created.json();
    const row = await stored(body.id);
    const session = sessionOf(row?.checkoutId);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: row?.totalCents,
      currency: "usd",
      locale: "en",
      customer_email: row?.email,
      customer_creation: null,
      metadata: { reservation_id: String(body.id), reference: body.reference, landing_id: String(landing.id) },
    });
    // The provider's page names what is paid for: the vehicle and the booking's reference.
    const providerPage = await (await fetch(body.payment_url)).text();
    expect(providerPage).toContain(`${row?.vehicleName} · ${body.reference}`);
    const page = `http://localhost:3000/${landing.name}/reservation/${body.reference}?t=${body.customer_token}&lang=en`;
    expect(session?.success_url).toBe(`${page}&paid=1`);
    expect(session?.cancel_url).toBe(page);
  });

  it("keeps the card without charging anything when only a deposit is held on it", async () => {
    const landing = await holdingLanding("before_pickup");
    const saved = await app.inject({
      method: "PUT",
      url: `/api/landings/${landing.owner.id}/${landing.id}/payments`,
      payload: {
        version: 3,
        prepay: "none",
        pickup_methods: ["cash"],
        deposit_hold: "before_pickup",
        deposit_hold_days: "2",
      },
      headers: bearer(landing.owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await book(landing)).json();
    expect(body.status).toBe("awaiting_payment");
    const session = sessionOf((await stored(body.id))?.checkoutId);
    expect(session).toMatchObject({
      mode: "setup",
      amount_total: null,
      currency: "usd",
      customer_creation: "always",
      payment_status: "no_payment_required",
    });
  });

  it("is not opened again for a booking no longer waiting for its payment", async () => {
    const { landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    expect((await stored(body.id))?.status).toBe("confirmed");
    const again = await app.inject({
      method: "POST",
      url: `/api/publicLanding/${landing.name}/reservation/${body.reference}/pay?t=${body.customer_token}`,
      headers: { "accept-language": "es" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate("es", "paymentNotDue"));
  });
});

describe("the customer's return", () => {
  it("asks the provider only about a booking waiting on its page, and settles it when paid", async () => {
    const { landing } = await cardLanding("2", "manual");
    const body = (await book(landing)).json();
    const row = await stored(body.id);
    if (!row) throw new Error("not stored");
    // Not paid yet: nothing moves.
    expect(await settleOnReturn(app.deps, row)).toBe(false);
    await pay(body.payment_url);
    // A booking read as something else than waiting, or without its page, is not asked about.
    expect(await settleOnReturn(app.deps, { ...row, status: "pending" })).toBe(false);
    expect(await settleOnReturn(app.deps, { ...row, checkoutId: null })).toBe(false);
    expect((await stored(body.id))?.status).toBe("awaiting_payment");
    expect(await settleOnReturn(app.deps, row)).toBe(true);
    expect((await stored(body.id))?.status).toBe("confirmed");
  });

  it("leaves the booking waiting when the provider cannot answer", async () => {
    const { landing } = await cardLanding("2", "manual");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const row = await stored(body.id);
    if (!row) throw new Error("not stored");
    standIn.failNext(2, 503);
    expect(await settleOnReturn(app.deps, row)).toBe(false);
    expect((await stored(body.id))?.status).toBe("awaiting_payment");
  });
});

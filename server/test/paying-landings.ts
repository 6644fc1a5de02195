import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { vehicles } from "../db/schema";
import { createTestApp } from "./app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "./factories";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in";

/**
 * A test app listening on a port, the Stripe stand-in beside it, and operators whose landings take
 * payments through it (issue 27): the suites of server/payments/ start from here.
 */
export async function payingWorld() {
  const standIn: StripeStandIn = await startStripeStandIn();
  const test = await createTestApp({ STRIPE_API_URL: standIn.url, SECRETS_KEY: randomBytes(32).toString("base64") });
  const { app, clock, db } = test;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  const serverUrl = `http://127.0.0.1:${address.port}`;

  /** Saves a landing's payment settings as its owner does from the Pagos tab; fails the test unless they are stored. */
  async function savePayments(owner: Owner, landingId: number, payload: Record<string, unknown>) {
    const saved = await app.inject({
      method: "PUT",
      url: `/api/landings/${owner.id}/${landingId}/payments`,
      payload,
      headers: bearer(owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** An operator whose landing takes the whole total by card; `units` of its one vehicle. */
  async function cardLanding(units = "2", delivery: "before-return" | "manual" = "before-return") {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units });
    const id = randomUUID().replaceAll("-", "");
    const account = { secretKey: `sk_test_${id}`, webhookSecret: `whsec_${id}` };
    standIn.addAccount({
      secretKey: account.secretKey,
      publishableKey: `pk_test_${id}`,
      webhookSecret: account.webhookSecret,
      webhookUrl: `${serverUrl}/api/payments/stripe/webhook/${landing.id}`,
      deliver: delivery,
    });
    const base = `/api/landings/${owner.id}/${landing.id}/payments`;
    const keys = {
      secret_key: account.secretKey,
      publishable_key: `pk_test_${id}`,
      webhook_secret: account.webhookSecret,
    };
    expect(
      (await app.inject({ method: "PUT", url: `${base}/stripe`, payload: keys, headers: bearer(owner) })).statusCode,
    ).toBe(200);
    await savePayments(owner, landing.id, { version: 1, prepay: "full", channel: "card", pickup_methods: [] });
    return { owner, landing, account };
  }

  /** A landing taking half the total by bank transfer within a day; `units` of its one vehicle. */
  async function transferLanding(units = "2") {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units });
    await savePayments(owner, landing.id, {
      version: 0,
      prepay: "percent",
      prepay_percent: "50",
      channel: "transfer",
      pickup_methods: ["cash"],
      transfer: { bank: "Banco Popular", holder: "Autos SRL", account: "812-345678-9", deadline_hours: "24" },
    });
    return { owner, landing };
  }

  /** A landing that takes nothing before pickup but holds the vehicle's US$300 deposit on the card. */
  async function holdingLanding(depositHold: "at_booking" | "before_pickup") {
    const { owner, landing, account } = await cardLanding("2", "before-return");
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id));
    const rules = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`,
      payload: { version: vehicle?.version, deposit: "300" },
      headers: bearer(owner),
    });
    expect(rules.statusCode, rules.body).toBe(200);
    await savePayments(owner, landing.id, {
      version: 2,
      prepay: "none",
      pickup_methods: ["cash"],
      deposit_hold: depositHold,
      deposit_hold_days: "2",
    });
    return Object.assign(landing, { owner, account });
  }

  /** A visitor books 10 days ahead, for 3 days. */
  const book = (landing: { id: number; vehicle: { id: number } }, overrides: Record<string, unknown> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), overrides, { start: 10, length: 3 }),
      headers: { "accept-language": "es" },
    });

  /** The visitor pays on the stand-in's page: it answers with the redirect back to their booking. */
  async function pay(paymentUrl: string) {
    const response = await fetch(paymentUrl, { method: "POST", redirect: "manual" });
    return { status: response.status, location: response.headers.get("location") };
  }

  return { ...test, standIn, serverUrl, savePayments, cardLanding, transferLanding, holdingLanding, book, pay };
}

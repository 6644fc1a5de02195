import { translate } from "@domain/messages";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { paymentEvents, payments, reservations } from "../db/schema";
import { bearer } from "../test/factories";
import { payingWorld } from "../test/paying-landings";
import { RETRY_MS } from "./settle";

// Issue 27.3 and 27.5: what each of Stripe's events does to a landing's bookings and ledger, when it
// is signed with that landing's secret, and what it never does (another landing's, an unsigned or
// unreadable one, a checkout the booking no longer waits on).

const { app, clock, db, standIn, cardLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];

let events = 0;
/** An event as Stripe sends it, signed with `secret`, to the landing's address. */
function post(landingId: number, secret: string | null, type: string, object: Record<string, unknown>) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_test_${Date.now()}_${events}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return app.inject({
    method: "POST",
    url: `/api/payments/stripe/webhook/${landingId}`,
    payload,
    headers: {
      "content-type": "application/json",
      "accept-language": "es",
      ...(secret ? { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) } : {}),
    },
  });
}

/** A booking paid in full by card and cancelled by its owner, who forgoes the fee: all of it refunded. */
async function refundedBooking() {
  const { owner, landing, account } = await cardLanding("2");
  const body = (await book(landing)).json();
  await pay(body.payment_url);
  const cancelled = await app.inject({
    method: "PATCH",
    url: `/api/reservations/${body.id}/status`,
    payload: { status: "cancelled", waive_fee: true },
    headers: bearer(owner),
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const refund = (await ledger(body.id)).find((entry) => entry.kind === "refund");
  if (!refund?.providerId || !refund.paymentId) throw new Error("not refunded");
  return { landing, account, id: body.id as number, refund };
}

const refundObject = (
  refund: { providerId: string | null; paymentId: string | null; amountCents: number },
  status: string,
) => ({
  id: refund.providerId,
  object: "refund",
  amount: refund.amountCents,
  currency: "usd",
  payment_intent: refund.paymentId,
  status,
});

describe("a refund's later news", () => {
  it("marks it failed and due to be tried again, then made when it succeeds", async () => {
    const { landing, account, id, refund } = await refundedBooking();
    expect(refund.status).toBe("succeeded");
    const failed = await post(landing.id, account.webhookSecret, "refund.failed", refundObject(refund, "failed"));
    expect(failed.json()).toEqual({ received: true, duplicate: false });
    const [afterFailure] = (await ledger(id)).filter((entry) => entry.kind === "refund");
    expect(afterFailure).toMatchObject({ status: "failed" });
    expect(afterFailure?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + RETRY_MS);

    await post(landing.id, account.webhookSecret, "refund.updated", refundObject(refund, "succeeded"));
    const [made] = (await ledger(id)).filter((entry) => entry.kind === "refund");
    expect(made).toMatchObject({ status: "succeeded", nextAttemptAt: null });
  });

  it("of another landing's account changes nothing here, even with the same refund id", async () => {
    const { id, refund } = await refundedBooking();
    const other = await cardLanding("2");
    const answered = await post(
      other.landing.id,
      other.account.webhookSecret,
      "refund.failed",
      refundObject(refund, "failed"),
    );
    expect(answered.statusCode).toBe(200);
    expect((await ledger(id)).find((entry) => entry.kind === "refund")).toMatchObject({ status: "succeeded" });
  });
});

describe("an event that cannot be trusted", () => {
  it("answers 400 without a signature, with another landing's secret, or for a landing with no account", async () => {
    const { landing, account } = await cardLanding("2");
    const other = await cardLanding("2");
    const object = { id: "cs_test_nothing", object: "checkout.session", metadata: {} };
    for (const answer of [
      await post(landing.id, null, "checkout.session.expired", object),
      await post(landing.id, other.account.webhookSecret, "checkout.session.expired", object),
      await post(999_999_999, account.webhookSecret, "checkout.session.expired", object),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(translate("es", "webhookRefused"));
    }
    const garbled = await app.inject({
      method: "POST",
      url: `/api/payments/stripe/webhook/${landing.id}`,
      payload: "{not json",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload: "{not json",
          secret: account.webhookSecret,
        }),
      },
    });
    expect(garbled.statusCode).toBe(400);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.landingId, landing.id))).toEqual([]);
  });
});

describe("an expired checkout", () => {
  it("lapses only the booking still waiting on that very checkout, of that landing", async () => {
    const { landing, account } = await cardLanding("2", "manual");
    const body = (await book(landing)).json();
    const checkoutId = (await stored(body.id))?.checkoutId ?? "";
    // Another checkout than the one the booking keeps (a tab's page closed since): nothing lapses.
    const stale = {
      id: "cs_test_not_this_one",
      object: "checkout.session",
      metadata: { reservation_id: String(body.id) },
    };
    await post(landing.id, account.webhookSecret, "checkout.session.expired", stale);
    expect((await stored(body.id))?.status).toBe("awaiting_payment");
    // The right checkout, but reported to another landing: nothing lapses.
    const other = await cardLanding("2");
    const right = { id: checkoutId, object: "checkout.session", metadata: { reservation_id: String(body.id) } };
    await post(other.landing.id, other.account.webhookSecret, "checkout.session.expired", right);
    expect((await stored(body.id))?.status).toBe("awaiting_payment");
    // Without the booking's id in its metadata: nothing lapses either.
    await post(landing.id, account.webhookSecret, "checkout.session.expired", { ...right, metadata: {} });
    expect((await stored(body.id))?.status).toBe("awaiting_payment");
    await post(landing.id, account.webhookSecret, "checkout.session.expired", right);
    expect(await stored(body.id)).toMatchObject({ status: "cancelled", cancelledBy: "unpaid" });
  });

  it("is marked seen once acted on; an event Nelly does not use is answered and kept as seen", async () => {
    const { landing, account } = await cardLanding("2");
    const answered = await post(landing.id, account.webhookSecret, "customer.created", {
      id: "cus_1",
      object: "customer",
    });
    expect(answered.json()).toEqual({ received: true, duplicate: false });
    const seen = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.landingId, landing.id), eq(paymentEvents.type, "ignored")));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ provider: "stripe", receivedAt: clock.now() });
  });
});

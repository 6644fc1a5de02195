import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { landingPayments, payments, reservations } from "../db/schema";
import { bearer, signIn } from "../test/factories";
import { payingWorld } from "../test/paying-landings";
import { settleEndedBooking } from "./cancel";
import { holdDueDeposits, placeHold } from "./holds";
import { paymentsOf } from "./open";
import { ProviderError } from "./provider";
import { landingKeys } from "./settings";

// Issue 27.4 and 27.5, one step at a time: when a deposit is held on the card (and when it is not,
// or not again), and what settling a cancellation moves (and does not move twice).

const { app, clock, db, standIn, cardLanding, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());
afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;
const provider = paymentsOf(app.deps.config).provider;
const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
const intentsFor = (id: number) =>
  standIn
    .payments()
    .filter((intent) => (intent.metadata as { reservation_id?: string })?.reservation_id === String(id));
const keysOf = async (landingId: number) => {
  const keys = await landingKeys(app.deps, landingId);
  if (!keys) throw new Error("no keys");
  return keys;
};

/** A booking on a landing holding a US$300 deposit before pickup, its card saved, not held yet. */
async function savedCardBooking() {
  const landing = await holdingLanding("before_pickup");
  const body = (await book(landing)).json();
  expect((await pay(body.payment_url)).status).toBe(303);
  expect((await stored(body.id))?.status).toBe("confirmed");
  return { landing, id: body.id as number, keys: await keysOf(landing.id) };
}

describe("a deposit held on the card", () => {
  it("is held once, in the booking's currency, and a second call keeps the hold standing", async () => {
    const { id, keys } = await savedCardBooking();
    expect(await placeHold(app.deps, keys, id)).toBe(true);
    const [hold] = await ledger(id);
    expect(hold).toMatchObject({ kind: "hold", status: "succeeded", amountCents: 300_00, currency: "usd" });
    expect(await placeHold(app.deps, keys, id)).toBe(true);
    expect(intentsFor(id)).toHaveLength(1);
    expect(await ledger(id)).toHaveLength(1);
  });

  it("is one hold when two sweeps reach it at once", async () => {
    const { id, keys } = await savedCardBooking();
    await Promise.all([placeHold(app.deps, keys, id), placeHold(app.deps, keys, id)]);
    expect(intentsFor(id)).toHaveLength(1);
    expect((await ledger(id)).filter((entry) => entry.kind === "hold")).toHaveLength(1);
  });

  it("is not held for a booking that does not hold one, is gone, is not confirmed or kept no card", async () => {
    const { id, keys } = await savedCardBooking();
    expect(await placeHold(app.deps, keys, 999_999_999)).toBe(false);
    // Paid in full by card, no deposit on the card: nothing to hold.
    const { landing: cardOnly } = await cardLanding("2");
    const paidOnly = (await book(cardOnly)).json();
    await pay(paidOnly.payment_url);
    expect(await placeHold(app.deps, await keysOf(cardOnly.id), paidOnly.id)).toBe(false);
    const plan = (await stored(id))?.paymentPlan;
    if (!plan) throw new Error("no plan");
    const set = (fields: Partial<typeof reservations.$inferInsert>) =>
      db.update(reservations).set(fields).where(eq(reservations.id, id));
    await set({ paymentPlan: { ...plan, depositCents: 0 } });
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    await set({ paymentPlan: { ...plan, depositHold: "none" } });
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    await set({ paymentPlan: null });
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    const checkoutId = (await stored(id))?.checkoutId ?? null;
    await set({ paymentPlan: plan, checkoutId: null });
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    await set({ checkoutId, status: "pending" });
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    expect(intentsFor(id)).toEqual([]);
    expect(await ledger(id)).toEqual([]);
  });

  it("is not asked for when the checkout kept no card to hold it on", async () => {
    const { id, keys } = await savedCardBooking();
    const checkout = provider.getCheckout.bind(provider);
    vi.spyOn(provider, "getCheckout").mockImplementation(async (k, checkoutId) => ({
      ...(await checkout(k, checkoutId)),
      paymentMethodId: null,
    }));
    expect(await placeHold(app.deps, keys, id)).toBe(false);
    expect(intentsFor(id)).toEqual([]);
  });

  it("waits for the next sweep when Stripe is down, is recorded refused by the card, and lets Nelly's own faults through", async () => {
    const down = await savedCardBooking();
    vi.spyOn(provider, "holdDeposit").mockRejectedValueOnce(new ProviderError("unavailable", "down"));
    expect(await placeHold(app.deps, down.keys, down.id)).toBe(false);
    expect(await ledger(down.id)).toEqual([]);

    const declined = await savedCardBooking();
    vi.spyOn(provider, "holdDeposit").mockRejectedValueOnce(new ProviderError("card", "declined"));
    expect(await placeHold(app.deps, declined.keys, declined.id)).toBe(false);
    expect(await ledger(declined.id)).toMatchObject([{ kind: "hold", status: "failed", reason: "card" }]);
    // Refused once, it is not asked again: the deposit is taken at the counter.
    expect(await placeHold(app.deps, declined.keys, declined.id)).toBe(false);
    expect(intentsFor(declined.id)).toEqual([]);

    const bug = await savedCardBooking();
    vi.spyOn(provider, "holdDeposit").mockRejectedValueOnce(new TypeError("a bug"));
    await expect(placeHold(app.deps, bug.keys, bug.id)).rejects.toBeInstanceOf(TypeError);
  });

  it("is held by the sweep from exactly its days before pickup, and counted", async () => {
    const { id } = await savedCardBooking();
    const pickupAt = (await stored(id))?.pickupAt;
    if (!pickupAt) throw new Error("no pickup");
    // The plan holds it 2 days ahead: a minute earlier nothing is due.
    clock.advance(pickupAt.getTime() - 2 * DAY - 60_000 - clock.now().getTime());
    await holdDueDeposits(app.deps);
    expect(await ledger(id)).toEqual([]);
    clock.advance(60_000);
    expect(await holdDueDeposits(app.deps)).toBeGreaterThanOrEqual(1);
    expect(await ledger(id)).toMatchObject([{ kind: "hold", status: "succeeded" }]);
  });
});

describe("settling a cancellation", () => {
  const cancel = (owner: Parameters<typeof bearer>[0], id: number, waive = false) =>
    app.inject({
      method: "PATCH",
      url: `/api/reservations/${id}/status`,
      payload: { status: "cancelled", waive_fee: waive },
      headers: bearer(owner),
    });

  it("moves nothing for a booking not cancelled, gone, or with nothing on its ledger", async () => {
    const { owner, landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    expect(await settleEndedBooking(app.deps, body.id)).toBe(false);
    expect(await settleEndedBooking(app.deps, 999_999_999)).toBe(false);
    // Cancelled before anything was paid.
    expect((await cancel(owner, body.id)).statusCode).toBe(200);
    expect(await settleEndedBooking(app.deps, body.id)).toBe(false);
    expect(await ledger(body.id)).toEqual([]);
  });

  it("gives back what is owed once: run again, it moves nothing", async () => {
    const { owner, landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    expect((await cancel(owner, body.id, true)).statusCode).toBe(200);
    const refunds = async () => (await ledger(body.id)).filter((entry) => entry.kind === "refund");
    expect(await refunds()).toHaveLength(1);
    expect(await settleEndedBooking(app.deps, body.id)).toBe(false);
    expect(await refunds()).toHaveLength(1);
    const paymentId = (await ledger(body.id))[0]?.providerId;
    expect(standIn.refunds().filter((refund) => refund.payment_intent === paymentId)).toHaveLength(1);
  });

  it("gives the card back all it paid when money taken by hand was given back by hand first", async () => {
    const { owner, landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const [charge] = await ledger(body.id);
    if (!charge) throw new Error("not paid");
    // US$20 taken in cash at the counter (a child seat, say) and handed back, both recorded by hand.
    const byHand = { reservationId: body.id, landingId: landing.id, status: "succeeded", amountCents: 20_00 };
    const hand = { ...byHand, currency: charge.currency, provider: "manual", method: "cash" };
    await db.insert(payments).values([
      { ...hand, kind: "received" },
      { ...hand, kind: "refund", reason: "owner" },
    ]);
    const listed = await app.inject({ method: "GET", url: `/api/reservations/${landing.id}`, headers: bearer(owner) });
    const [read] = (listed.json() as { reservations: { payment: unknown }[] }).reservations;
    // The card's own refunds alone limit what can go back to it.
    expect(read?.payment).toMatchObject({ paid_cents: charge.amountCents, refundable_cents: charge.amountCents });
    expect((await cancel(owner, body.id, true)).statusCode).toBe(200);
    const toCard = standIn.refunds().filter((refund) => refund.payment_intent === charge.providerId);
    expect(toCard.map((refund) => refund.amount)).toEqual([charge.amountCents]);
  });

  it("moves nothing when the fee takes all that was paid, or the account's keys cannot be read", async () => {
    const { owner, landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    expect((await cancel(owner, body.id)).statusCode).toBe(200);
    const total = (await stored(body.id))?.totalCents ?? 0;
    await db.update(reservations).set({ cancellationFeeCents: total }).where(eq(reservations.id, body.id));
    const before = await ledger(body.id);
    expect(await settleEndedBooking(app.deps, body.id)).toBe(false);
    expect(await ledger(body.id)).toEqual(before);
    await db.update(reservations).set({ cancellationFeeCents: 0 }).where(eq(reservations.id, body.id));
    await db
      .update(landingPayments)
      .set({ secretKeySealed: "not-a-sealed-value" })
      .where(eq(landingPayments.landingId, landing.id));
    expect(await settleEndedBooking(app.deps, body.id)).toBe(false);
    expect(await ledger(body.id)).toEqual(before);
  });

  it("releases a deposit held on the card, saying why", async () => {
    const { landing, id, keys } = await savedCardBooking();
    expect(await placeHold(app.deps, keys, id)).toBe(true);
    // Stripe's news of the release comes later, as it usually does.
    standIn.setDelivery(landing.account.secretKey, "manual");
    expect((await cancel(landing.owner, id)).statusCode).toBe(200);
    const release = (await ledger(id)).find((entry) => entry.kind === "release");
    expect(release).toMatchObject({ status: "succeeded", amountCents: 300_00, reason: "cancelled" });
  });

  it("after a no-show, releases the deposit held on the card and gives back nothing paid", async () => {
    const { landing, id, keys } = await savedCardBooking();
    expect(await placeHold(app.deps, keys, id)).toBe(true);
    const pickupAt = (await stored(id))?.pickupAt;
    if (!pickupAt) throw new Error("no pickup");
    clock.advance(Math.max(0, pickupAt.getTime() - clock.now().getTime()));
    // A session lasts an hour idle: signed in again at the new time.
    const owner = await signIn(app, landing.owner);
    // Stripe's news of the release comes later, as it usually does.
    standIn.setDelivery(landing.account.secretKey, "manual");
    const marked = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${id}/status`,
      payload: { status: "no_show" },
      headers: bearer(owner),
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().reservation.payment.held_cents).toBe(0);
    const entries = await ledger(id);
    expect(entries.find((entry) => entry.kind === "release")).toMatchObject({
      status: "succeeded",
      amountCents: 300_00,
      reason: "no_show",
    });
    expect(entries.filter((entry) => entry.kind === "refund")).toEqual([]);
    expect(
      standIn.refunds().filter((refund) => entries.some((entry) => entry.providerId === refund.payment_intent)),
    ).toEqual([]);
  });
});

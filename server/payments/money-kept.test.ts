import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { payments, reservations } from "../db/schema";
import { bearer, type Owner, signUp } from "../test/factories";
import { payingWorld } from "../test/paying-landings";
import { sweepPayments } from "./sweep";

// Issue 27.5 and 27.6: money that moved is never stranded. A cancellation the server stopped
// before settling is settled by the sweep; the account cannot be disconnected, nor a booking
// deleted, while money depends on them; a transfer marked received too late books nothing taken;
// two tabs opening the payment page get one page.

const { app, clock, db, standIn, cardLanding, transferLanding, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const MINUTE = 60_000;

const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
const as = (owner: Owner, method: "PUT" | "PATCH" | "DELETE" | "POST", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });

/** The cancellation is stored, and the server stops before it asks the provider for anything. */
const cancelledWithoutSettling = (id: number, feeCents: number) =>
  db
    .update(reservations)
    .set({ status: "cancelled", cancelledBy: "customer", cancelledAt: clock.now(), cancellationFeeCents: feeCents })
    .where(eq(reservations.id, id));

// Past for the test's clock and for the database's alike (availability reads the database's clock).
const longAgo = () => new Date(Math.min(clock.now().getTime(), Date.now()) - 60 * MINUTE);

describe("a cancellation the server never settled", () => {
  it("gives back what the policy owes once the sweep comes, and only once", async () => {
    const { landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const total = (await stored(body.id))?.totalCents ?? 0;
    await cancelledWithoutSettling(body.id, 100_00);
    // The cancel settles its own in its first moments: the sweep leaves it to it.
    await sweepPayments(app.deps);
    expect(await ledger(body.id)).toHaveLength(1);
    clock.advance(3 * MINUTE);
    expect((await sweepPayments(app.deps)).cancellations).toBe(1);
    expect((await ledger(body.id)).map(({ kind, status, amountCents }) => ({ kind, status, amountCents }))).toEqual([
      { kind: "charge", status: "succeeded", amountCents: total },
      { kind: "refund", status: "succeeded", amountCents: total - 100_00 },
    ]);
    clock.advance(3 * MINUTE);
    await sweepPayments(app.deps);
    expect(await ledger(body.id)).toHaveLength(2);
    const charged = (await ledger(body.id))[0]?.providerId;
    expect(standIn.refunds().filter((refund) => refund.payment_intent === charged)).toHaveLength(1);
  });

  it("releases the deposit still held on the card", async () => {
    const landing = await holdingLanding("at_booking");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const [hold] = await ledger(body.id);
    expect(hold).toMatchObject({ kind: "hold", status: "succeeded" });
    await cancelledWithoutSettling(body.id, 0);
    clock.advance(3 * MINUTE);
    await sweepPayments(app.deps);
    expect((await ledger(body.id)).map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: "hold", status: "succeeded" },
      { kind: "release", status: "succeeded" },
    ]);
    expect(standIn.payments().find((intent) => intent.id === hold?.providerId)?.status).toBe("canceled");
  });

  it("releases a no-show's deposit still held on the card, and refunds nothing", async () => {
    const landing = await holdingLanding("at_booking");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const [hold] = await ledger(body.id);
    // Marked as a no-show, and the server stops before it asks the provider for anything.
    await db
      .update(reservations)
      .set({ status: "no_show", updatedAt: clock.now() })
      .where(eq(reservations.id, body.id));
    await sweepPayments(app.deps);
    expect(await ledger(body.id)).toHaveLength(1);
    clock.advance(3 * MINUTE);
    expect((await sweepPayments(app.deps)).cancellations).toBe(1);
    expect((await ledger(body.id)).map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: "hold", status: "succeeded" },
      { kind: "release", status: "succeeded" },
    ]);
    expect(standIn.payments().find((intent) => intent.id === hold?.providerId)?.status).toBe("canceled");
  });
});

describe("a cancellation's refund Stripe refuses", () => {
  it("is shown refused, not tried again, and no longer holds the account", async () => {
    const { owner, landing, account } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const [charge] = await ledger(body.id);
    // The owner gave the money back from Stripe's dashboard before the booking was cancelled here.
    const direct = await fetch(`${standIn.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: `payment_intent=${charge?.providerId}`,
    });
    expect(direct.status).toBe(200);
    await cancelledWithoutSettling(body.id, 0);
    clock.advance(3 * MINUTE);
    await sweepPayments(app.deps);
    const refused = (await ledger(body.id)).filter((entry) => entry.kind === "refund");
    expect(refused).toMatchObject([{ status: "failed", amountCents: charge?.amountCents, nextAttemptAt: null }]);
    clock.advance(30 * MINUTE);
    await sweepPayments(app.deps);
    expect(standIn.refunds().filter((made) => made.payment_intent === charge?.providerId)).toHaveLength(1);
    const shown = await app.inject({
      method: "GET",
      url: `/api/reservations/${landing.id}`,
      headers: bearer(owner),
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const row = shown.json().reservations.find((reservation: { id: number }) => reservation.id === body.id);
    expect(row.payment).toMatchObject({ refund_refused_cents: charge?.amountCents, refund_pending_cents: 0 });
    const base = `/api/landings/${owner.id}/${landing.id}/payments`;
    expect((await as(owner, "PUT", base, { version: 2, prepay: "none", pickup_methods: ["cash"] })).statusCode).toBe(
      200,
    );
    const disconnected = await as(owner, "DELETE", `${base}/stripe`);
    expect(disconnected.statusCode, disconnected.body).toBe(200);
  });
});

describe("the Stripe account", () => {
  it("cannot be disconnected while a booking waits for its card payment, and can once it lapsed", async () => {
    const { owner, landing } = await cardLanding("2", "manual");
    const body = (await book(landing)).json();
    const base = `/api/landings/${owner.id}/${landing.id}/payments`;
    const atPickup = await as(owner, "PUT", base, { version: 2, prepay: "none", pickup_methods: ["cash"] });
    expect(atPickup.statusCode, atPickup.body).toBe(200);
    const refused = await as(owner, "DELETE", `${base}/stripe`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translate("es", "paymentsOutstanding"));
    expect(
      (await as(owner, "PUT", base, { version: 3, prepay: "none", pickup_methods: ["cash"] })).json(),
    ).toMatchObject({ account: { provider: "stripe" } });

    clock.advance(16 * MINUTE);
    await sweepPayments(app.deps);
    expect((await stored(body.id))?.status).toBe("cancelled");
    const gone = await as(owner, "DELETE", `${base}/stripe`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().account).toBeNull();
  });

  it("cannot be disconnected while a deposit is held on a card", async () => {
    const landing = await holdingLanding("at_booking");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const base = `/api/landings/${landing.owner.id}/${landing.id}/payments`;
    expect(
      (await as(landing.owner, "PUT", base, { version: 3, prepay: "none", pickup_methods: ["cash"] })).statusCode,
    ).toBe(200);
    expect((await as(landing.owner, "DELETE", `${base}/stripe`)).statusCode).toBe(409);
  });
});

describe("a booking whose money moved", () => {
  it("cannot be deleted, so its payments stay on record; it can be cancelled", async () => {
    const { owner, landing } = await cardLanding("2");
    const body = (await book(landing)).json();
    await pay(body.payment_url);
    const deleted = await as(owner, "DELETE", `/api/reservations/${body.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(translate("es", "reservationHasPayments"));
    expect((await stored(body.id))?.status).toBe("confirmed");
    expect(await ledger(body.id)).toHaveLength(1);
    // Another owner still gets 404, as for anything not theirs.
    expect((await as(await signUp(app), "DELETE", `/api/reservations/${body.id}`)).statusCode).toBe(404);
  });
});

describe("a bank transfer marked received after its deadline", () => {
  const markReceived = (owner: Owner, id: number) =>
    as(owner, "PATCH", `/api/reservations/${id}/status`, { status: "confirmed" });

  it("is refused when the unit went to someone else meanwhile, and confirms when it is still free", async () => {
    const { owner, landing } = await transferLanding("1");
    const late = (await book(landing)).json();
    await db.update(reservations).set({ paymentDueAt: longAgo() }).where(eq(reservations.id, late.id));
    const other = await book(landing, { name: "Luis" });
    expect(other.statusCode, other.body).toBe(201);
    const refused = await markReceived(owner, late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translate("es", "transferTooLate"));
    expect(await stored(late.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await ledger(late.id)).toHaveLength(0);

    const free = await transferLanding("1");
    const slow = (await book(free.landing)).json();
    await db.update(reservations).set({ paymentDueAt: longAgo() }).where(eq(reservations.id, slow.id));
    const confirmed = await markReceived(free.owner, slow.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ledger(slow.id)).toMatchObject([{ kind: "transfer", status: "succeeded" }]);
  });
});

describe("the payment page opened from two tabs at once", () => {
  it("is one page: the booking can only be paid once", async () => {
    const { landing } = await cardLanding("2");
    standIn.failNext(2, 503);
    const body = (await book(landing)).json();
    expect(body.payment_url).toBeNull();
    const url = `/api/publicLanding/${landing.name}/reservation/${body.reference}/pay?t=${body.customer_token}`;
    const [first, second] = await Promise.all([
      app.inject({ method: "POST", url }),
      app.inject({ method: "POST", url }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().payment_url).toBe(first.json().payment_url);
    const open = standIn
      .sessions()
      .filter((session) => session.metadata?.reference === body.reference && session.status === "open");
    expect(open).toHaveLength(1);
  });
});

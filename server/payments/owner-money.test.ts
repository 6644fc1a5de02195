import { translate } from "@domain/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { landingPayments, outbox, payments, reservations } from "../db/schema";
import { bearer, type Owner, signUp } from "../test/factories";
import { outAndBack } from "../test/handovers";
import { payingWorld } from "../test/paying-landings";
import { sweepPayments } from "./sweep";

// Issue 27.4 and 27.5: the owner gives back part of a card payment, charges part of the deposit held
// on the card, or releases it; through the real server, the official Stripe client and the stand-in.

const { app, clock, db, standIn, cardLanding, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
const mailsOf = (id: number) =>
  db
    .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(eq(outbox.reservationId, id));
const post = (owner: Owner, url: string, payload: Record<string, unknown>, language = "es") =>
  app.inject({ method: "POST", url, payload, headers: { ...bearer(owner), "accept-language": language } });

/** A booking paid in full by card, with its owner and the owner's Stripe account. */
async function paidBooking() {
  const { owner, landing, account } = await cardLanding("2");
  const body = (await book(landing)).json();
  await pay(body.payment_url);
  const [charge] = await ledger(body.id);
  if (!charge) throw new Error("not paid");
  return {
    owner,
    landing,
    account,
    id: body.id as number,
    paid: charge.amountCents,
    charge,
    cancelLink: `/api/publicLanding/${landing.name}/reservation/${body.reference}/cancel?t=${body.customer_token}`,
  };
}

/** What the owner does from their own Stripe dashboard, straight to the stand-in. */
const fromDashboard = (secretKey: string, path: string, form = "") =>
  fetch(`${standIn.url}/v1/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
const moneyMails = async (id: number) => (await mailsOf(id)).filter((sent) => sent.kind === "reservation.money");

/** A booking whose US$300 deposit is held on the card. */
async function heldBooking() {
  const landing = await holdingLanding("at_booking");
  const body = (await book(landing)).json();
  await pay(body.payment_url);
  const [hold] = await ledger(body.id);
  if (!hold?.providerId) throw new Error("not held");
  return {
    owner: landing.owner,
    account: landing.account,
    landingId: landing.id,
    id: body.id as number,
    hold,
    cancelLink: `/api/publicLanding/${landing.name}/reservation/${body.reference}/cancel?t=${body.customer_token}`,
  };
}

describe("the owner refunds part of a card payment", () => {
  it("gives back exactly the amount, with the reason emailed to the customer, and says what is left", async () => {
    const { owner, id, paid, charge } = await paidBooking();
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: "25,50",
      reason: "Entrega con el tanque a medias",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: "Reembolso hecho: el cliente lo verá en su tarjeta en unos días.",
      done: true,
    });
    expect(answer.json().reservation.payment).toMatchObject({
      paid_cents: paid,
      refunded_cents: 25_50,
      refundable_cents: paid - 25_50,
    });
    const refund = (await ledger(id)).find((entry) => entry.kind === "refund");
    expect(refund).toMatchObject({
      status: "succeeded",
      amountCents: 25_50,
      paymentId: charge.providerId,
      reason: "owner",
      note: "Entrega con el tanque a medias",
    });
    expect(standIn.refunds().find((made) => made.id === refund?.providerId)).toMatchObject({
      amount: 25_50,
      payment_intent: charge.providerId,
    });
    const mail = (await mailsOf(id)).find((sent) => sent.kind === "reservation.money");
    expect(mail?.subject).toContain("Te devolvimos US$25.50");
    // Inicio counts the money that came in this month: the payment less the refund.
    const summary = await app.inject({ method: "GET", url: "/api/insights/summary", headers: bearer(owner) });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().month).toMatchObject([{ currency: "USD", received_cents: paid - 25_50 }]);
    expect(mail?.text).toContain("Entrega con el tanque a medias");
  });

  // A helper's finding: a refund emailed after the return still said "A pagar en la recogida".
  it("emails, once the car has left, what was paid and given back, and nothing 'to pay at pickup'", async () => {
    const { owner, id, paid } = await paidBooking();
    const [row] = await db
      .select({ pickupAt: reservations.pickupAt })
      .from(reservations)
      .where(eq(reservations.id, id));
    if (!row) throw new Error("booked");
    const { owner: atCounter } = await outAndBack(app, clock, owner, { id, pickupAt: row.pickupAt.toISOString() }, "");
    const answer = await post(atCounter, `/api/reservations/${id}/refunds`, {
      amount: "11.25",
      reason: "Tanque a medias",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = (await moneyMails(id)).at(-1);
    expect(mail?.subject).toContain("Te devolvimos US$11.25");
    expect(mail?.text).toContain("Pagado");
    expect(mail?.text).not.toContain("A pagar en la recogida");
  });

  it("is a concession: nothing becomes owed again, and a cancellation after it says what goes back in all", async () => {
    const { owner, id, paid, cancelLink } = await paidBooking();
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: "25,50",
      reason: "Descuento por la espera",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // Paid in full: the customer was told nothing is left for pickup, and the counter says so too.
    expect(answer.json().reservation).toMatchObject({
      payment: { due_at_pickup_cents: 0 },
      settlement: { outstanding_cents: 0 },
    });
    const cancelled = await app.inject({ method: "POST", url: cancelLink });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Ten days ahead: the policy keeps US$100.00; the rest of the payment goes back, the refund
    // made before included. The email is written before the card is refunded: it says what went
    // back then and what goes back now, which add up to the rest.
    const owed = paid - 100_00 - 25_50;
    expect(standIn.refunds().filter((made) => made.amount === owed)).toHaveLength(1);
    const told = (await mailsOf(id)).find((sent) => sent.kind === "reservation.cancelled")?.text ?? "";
    expect(told).toContain("Reembolsado a tu tarjeta: US$25.50");
    expect(told).toContain(`Reembolso en curso: US$${(owed / 100).toFixed(2)}`);
  });

  it("gives back in several goes, each against what is left then, up to exactly all of it", async () => {
    const { owner, id, paid } = await paidBooking();
    const refund = (amount: number, refundable: number) =>
      post(owner, `/api/reservations/${id}/refunds`, { amount, reason: "Cortesía", refundable_cents: refundable });
    expect((await refund(12, paid)).statusCode).toBe(200);
    const rest = await refund((paid - 12_00) / 100, paid - 12_00);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().reservation.payment).toMatchObject({ refunded_cents: paid, refundable_cents: 0 });
    expect((await ledger(id)).filter((entry) => entry.kind === "refund").map((entry) => entry.amountCents)).toEqual([
      12_00,
      paid - 12_00,
    ]);
  });

  it("refuses more than is left, a stale figure and a second click, moving nothing", async () => {
    const { owner, id, paid } = await paidBooking();
    const tooMuch = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: (paid + 1) / 100,
      reason: "Error",
      refundable_cents: paid,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain("No puedes devolver más");
    // Past any amount a card can pay: the same words, not the general cap's.
    for (const amount of ["99999999999", "1000000.01"]) {
      const huge = await post(owner, `/api/reservations/${id}/refunds`, {
        amount,
        reason: "Error",
        refundable_cents: paid,
      });
      expect(huge.json().errors.amount).toEqual([translate("es", "refundTooLarge")]);
    }
    const first = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: 10,
      reason: "Cortesía",
      refundable_cents: paid,
    });
    expect(first.statusCode, first.body).toBe(200);
    // The same request again (a double click, another tab) was made against a figure now gone.
    const again = await post(
      owner,
      `/api/reservations/${id}/refunds`,
      { amount: 10, reason: "Cortesía", refundable_cents: paid },
      "en",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("changed meanwhile");
    expect((await ledger(id)).filter((entry) => entry.kind === "refund")).toHaveLength(1);
    expect(standIn.refunds().filter((made) => made.amount === 10_00)).toHaveLength(1);
  });

  it("keeps a refund the provider could not make and retries it until it is made", async () => {
    const { owner, id, paid } = await paidBooking();
    standIn.failNext(2, 503);
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: 40,
      reason: "Día no usado",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toContain("se reintenta solo");
    expect(answer.json().done).toBe(false);
    expect(answer.json().reservation.payment).toMatchObject({
      refund_pending_cents: 40_00,
      refundable_cents: paid - 40_00,
    });
    const [pending] = (await ledger(id)).filter((entry) => entry.kind === "refund");
    expect(pending).toMatchObject({ status: "failed", providerId: null });
    // Its time comes: the sweep makes it, once, with the same key.
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(payments.id, pending?.id ?? 0));
    await sweepPayments(app.deps);
    await sweepPayments(app.deps);
    expect((await ledger(id)).filter((entry) => entry.kind === "refund")).toMatchObject([
      { status: "succeeded", amountCents: 40_00 },
    ]);
  });

  it("keeps a refund the bank sent back (failed at Stripe) and makes it again under a new key, until made", async () => {
    const { owner, id, paid, charge } = await paidBooking();
    const refundsAtStripe = () => standIn.refunds().filter((refund) => refund.payment_intent === charge.providerId);
    standIn.refundFailsNext();
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: 30,
      reason: "Día no usado",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().done).toBe(false);
    const refundRow = async () => (await ledger(id)).find((entry) => entry.kind === "refund");
    const first = await refundRow();
    expect(first).toMatchObject({ status: "failed", attempts: 0, amountCents: 30_00 });
    expect(first?.providerId).toMatch(/^re_/);
    expect(first?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 5 * 60_000);

    // Not due yet: the sweep leaves it.
    await sweepPayments(app.deps);
    expect(refundsAtStripe()).toHaveLength(1);
    const due = () =>
      db
        .update(payments)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(payments.id, first?.id ?? 0));
    await due();
    standIn.refundFailsNext();
    await sweepPayments(app.deps);
    const second = await refundRow();
    expect(refundsAtStripe()).toHaveLength(2);
    expect(second).toMatchObject({ status: "failed", attempts: 1 });
    expect(second?.providerId).not.toBe(first?.providerId);
    expect(second?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 10 * 60_000);

    await due();
    await sweepPayments(app.deps);
    const made = await refundRow();
    expect(refundsAtStripe()).toHaveLength(3);
    expect(made).toMatchObject({ status: "succeeded", attempts: 2, nextAttemptAt: null });
    expect(refundsAtStripe().at(-1)).toMatchObject({ id: made?.providerId, status: "succeeded", amount: 30_00 });
  });

  it("tells the owner a refund Stripe refuses (given back from its dashboard already), keeping nothing and mailing nobody", async () => {
    const { owner, account, id, paid, charge } = await paidBooking();
    expect((await fromDashboard(account.secretKey, "refunds", `payment_intent=${charge.providerId}`)).status).toBe(200);
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: 10,
      reason: "Cortesía",
      refundable_cents: paid,
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(translate("es", "refundRefused"));
    expect((await ledger(id)).filter((entry) => entry.kind === "refund")).toHaveLength(0);
    expect(await moneyMails(id)).toHaveLength(0);
  });

  // A refund refused for good (the money given back from Stripe's dashboard) is not offered again:
  // the figure shown is the one the server checks, so the next refund is not "changed meanwhile".
  it("offers what a refund refused for good leaves, and takes a refund against that figure", async () => {
    const { owner, landing, id, paid, charge } = await paidBooking();
    await db.insert(payments).values({
      reservationId: id,
      landingId: landing.id,
      kind: "refund",
      status: "failed",
      amountCents: 30_00,
      currency: charge.currency,
      provider: charge.provider,
      paymentId: charge.providerId,
      reason: "cancelled",
      nextAttemptAt: null,
    });
    const listed = await app.inject({ method: "GET", url: `/api/reservations/${landing.id}`, headers: bearer(owner) });
    const [read] = (listed.json() as { reservations: { payment: { refundable_cents: number } }[] }).reservations;
    expect(read?.payment).toMatchObject({ refund_refused_cents: 30_00, refundable_cents: paid - 30_00 });
    const answer = await post(owner, `/api/reservations/${id}/refunds`, {
      amount: 10,
      reason: "Cortesía",
      refundable_cents: read?.payment.refundable_cents,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().reservation.payment.refundable_cents).toBe(paid - 40_00);
  });

  it("asks for a refund the server wrote down but never asked (it stopped in between), once", async () => {
    const { owner, id, paid, charge } = await paidBooking();
    const written = new Date(app.deps.clock.now().getTime() - 6 * 60_000);
    const [row] = await db
      .insert(payments)
      .values({
        ...{ reservationId: id, landingId: charge.landingId, kind: "refund", status: "pending" },
        ...{ amountCents: 15_00, currency: charge.currency, provider: "stripe", paymentId: charge.providerId },
        ...{ reason: "owner", note: "Cortesía", createdAt: written, updatedAt: written },
      })
      .returning();
    // Just written is not yet forgotten: a request still on its way is not asked twice.
    await db
      .update(payments)
      .set({ updatedAt: app.deps.clock.now() })
      .where(eq(payments.id, row?.id ?? 0));
    await sweepPayments(app.deps);
    expect(standIn.refunds().filter((made) => made.payment_intent === charge.providerId)).toHaveLength(0);
    await db
      .update(payments)
      .set({ updatedAt: written })
      .where(eq(payments.id, row?.id ?? 0));
    await sweepPayments(app.deps);
    await sweepPayments(app.deps);
    expect((await ledger(id)).filter((entry) => entry.kind === "refund")).toMatchObject([
      { status: "succeeded", amountCents: 15_00 },
    ]);
    expect(standIn.refunds().filter((made) => made.payment_intent === charge.providerId)).toHaveLength(1);
    const list = await app.inject({
      method: "GET",
      url: `/api/reservations/${charge.landingId}`,
      headers: bearer(owner),
    });
    const shown = list.json().reservations.find((reservation: { id: number }) => reservation.id === id);
    expect(shown.payment).toMatchObject({ refunded_cents: 15_00, refundable_cents: paid - 15_00 });
  });

  it("retries two refunds of the same amount as two refunds, each under its own key", async () => {
    const { owner, id, paid, charge } = await paidBooking();
    for (const left of [paid, paid - 11_00]) {
      standIn.failNext(2, 503);
      const queued = await post(owner, `/api/reservations/${id}/refunds`, {
        amount: 11,
        reason: "Dos días sin usar",
        refundable_cents: left,
      });
      expect(queued.json().done).toBe(false);
    }
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(payments.reservationId, id), eq(payments.kind, "refund")));
    expect((await sweepPayments(app.deps)).retried).toBe(2);
    const made = standIn.refunds().filter((refund) => refund.payment_intent === charge.providerId);
    expect(made.map((refund) => refund.amount)).toEqual([11_00, 11_00]);
    expect((await ledger(id)).filter((entry) => entry.kind === "refund").map((entry) => entry.status)).toEqual([
      "succeeded",
      "succeeded",
    ]);
  });

  it("is 404 for another owner's booking and 409 for a booking paid nothing by card", async () => {
    const { id, paid } = await paidBooking();
    const stranger = await signUp(app);
    const foreign = await post(stranger, `/api/reservations/${id}/refunds`, {
      amount: 1,
      reason: "Robo",
      refundable_cents: paid,
    });
    expect(foreign.statusCode).toBe(404);
    const { owner, id: heldId } = await heldBooking();
    const nothing = await post(owner, `/api/reservations/${heldId}/refunds`, {
      amount: 1,
      reason: "Nada",
      refundable_cents: 0,
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Esta reserva no tiene un pago con tarjeta que devolver.");
    expect((await ledger(id)).filter((entry) => entry.kind === "refund")).toHaveLength(0);
  });
});

describe("the owner's hand on the deposit held on the card", () => {
  it("charges part of it with a reason; the provider releases the rest", async () => {
    const { owner, landingId, id, hold } = await heldBooking();
    const answer = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "120",
      reason: "Rayón en la puerta trasera",
      held_cents: 300_00,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().reservation.payment).toMatchObject({ held_cents: 0, captured_cents: 120_00 });
    expect(standIn.payments().find((intent) => intent.id === hold.providerId)).toMatchObject({
      status: "succeeded",
      amount_received: 120_00,
    });
    expect((await ledger(id)).find((entry) => entry.kind === "capture")).toMatchObject({
      status: "succeeded",
      amountCents: 120_00,
      note: "Rayón en la puerta trasera",
    });
    const mail = (await mailsOf(id)).find((sent) => sent.kind === "reservation.money");
    expect(mail?.subject).toContain("Se cobraron US$120.00 del depósito");
    // The export counts it as money received online (nothing else was paid on this booking).
    const csv = await app.inject({
      method: "GET",
      url: `/api/reservations/${landingId}/export.csv`,
      headers: { ...bearer(owner), "accept-language": "en" },
    });
    const [header, row] = csv.body.replace(/^\ufeff/, "").split("\r\n");
    const columns = header?.split(",") ?? [];
    expect(row?.split(",")[columns.indexOf("Received online")]).toBe("120.00");
    // Captured once: a release or another capture now finds no hold.
    const release = await post(owner, `/api/reservations/${id}/deposit/release`, { held_cents: 300_00 });
    expect(release.statusCode).toBe(409);
  });

  it("refuses more than is held and leaves the hold standing when the provider is down", async () => {
    const { owner, id, hold } = await heldBooking();
    const tooMuch = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "300.01",
      reason: "Daños",
      held_cents: 300_00,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([translate("es", "captureTooLarge")]);
    const huge = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "99999999999",
      reason: "Daños",
      held_cents: 300_00,
    });
    expect(huge.json().errors.amount).toEqual([translate("es", "captureTooLarge")]);
    // A figure from before (another tab): refused, nothing written.
    const stale = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "10",
      reason: "Daños",
      held_cents: 200_00,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(translate("es", "paymentChangedMeanwhile"));
    expect((await ledger(id)).map((entry) => entry.kind)).toEqual(["hold"]);
    standIn.failNext(2, 503);
    const down = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "100",
      reason: "Daños",
      held_cents: 300_00,
    });
    // Stripe may have charged it without answering: the capture waits, asked again with the same key.
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ message: translate("es", "depositQueued"), done: false });
    expect(down.json().reservation.payment).toMatchObject({ deposit_status: "settling", held_cents: 0 });
    const capture = () => ledger(id).then((entries) => entries.find((entry) => entry.kind === "capture"));
    expect(await capture()).toMatchObject({ status: "pending", amountCents: 100_00 });
    expect(standIn.payments().find((intent) => intent.id === hold.providerId)).toMatchObject({
      status: "requires_capture",
    });
    expect(await moneyMails(id)).toHaveLength(0);
    // Another click meanwhile is refused: the hold is on its way to being charged.
    const again = await post(owner, `/api/reservations/${id}/deposit/release`, { held_cents: 300_00 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate("es", "paymentChangedMeanwhile"));
    const due = (fields: Partial<typeof payments.$inferInsert>) =>
      db
        .update(payments)
        .set(fields)
        .where(and(eq(payments.reservationId, id), eq(payments.kind, "capture")));
    // Still down when its time comes: asked later, less often.
    await due({ nextAttemptAt: new Date(0) });
    standIn.failNext(2, 503);
    await sweepPayments(app.deps);
    const later = await capture();
    expect(later).toMatchObject({ status: "pending", attempts: 2 });
    expect(later?.nextAttemptAt?.getTime()).toBeGreaterThan(app.deps.clock.now().getTime() + 10 * 60_000);
    // Written and never asked (the server stopped): left alone while it may still be on its way, asked once forgotten.
    const now = app.deps.clock.now().getTime();
    await due({ nextAttemptAt: null, updatedAt: new Date(now - 60_000) });
    expect((await sweepPayments(app.deps)).moved).toBe(0);
    await due({ nextAttemptAt: null, updatedAt: new Date(now - 6 * 60_000) });
    expect((await sweepPayments(app.deps)).moved).toBe(1);
    await sweepPayments(app.deps);
    expect(await capture()).toMatchObject({ status: "succeeded", amountCents: 100_00, nextAttemptAt: null });
    expect(standIn.payments().find((intent) => intent.id === hold.providerId)).toMatchObject({
      status: "succeeded",
      amount_received: 100_00,
    });
    const told = await moneyMails(id);
    expect(told.map((mail) => mail.subject)).toEqual([expect.stringContaining("Se cobraron US$100.00 del depósito")]);
    expect(told[0]?.text).toContain("Daños");
  });

  it("releases it once Stripe answers again, and only then tells the customer", async () => {
    const { owner, id, hold } = await heldBooking();
    standIn.failNext(2, 503);
    const down = await post(owner, `/api/reservations/${id}/deposit/release`, { held_cents: 300_00 });
    expect(down.json()).toMatchObject({ message: translate("es", "depositQueued"), done: false });
    expect(await moneyMails(id)).toHaveLength(0);
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(payments.reservationId, id), eq(payments.kind, "release")));
    await sweepPayments(app.deps);
    expect(standIn.payments().find((intent) => intent.id === hold.providerId)).toMatchObject({ status: "canceled" });
    const told = await moneyMails(id);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("no se cobró nada");
  });

  it("is refused, keeping nothing, when Stripe refuses the capture (the hold let go from its dashboard, its news not in yet)", async () => {
    const { owner, account, id, hold } = await heldBooking();
    standIn.setDelivery(account.secretKey, "manual");
    expect((await fromDashboard(account.secretKey, `payment_intents/${hold.providerId}/cancel`)).status).toBe(200);
    const refused = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "50",
      reason: "Daños",
      held_cents: 300_00,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translate("es", "holdFailed"));
    expect((await ledger(id)).map((entry) => entry.kind)).toEqual(["hold"]);
    expect(await moneyMails(id)).toHaveLength(0);
  });

  it("says a booking without a deposit on the card has none to charge", async () => {
    const { owner, id } = await paidBooking();
    const none = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "10",
      reason: "Daños",
      held_cents: 300_00,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(translate("es", "noDepositHeld"));
    expect((await ledger(id)).map((entry) => entry.kind)).toEqual(["charge"]);
  });

  it("drops a capture Stripe refuses when asked again: the hold was let go from its dashboard, and the ledger says so", async () => {
    const { owner, account, landingId, id, hold } = await heldBooking();
    standIn.failNext(2, 503);
    const down = await post(owner, `/api/reservations/${id}/deposit/capture`, {
      amount: "50",
      reason: "Daños",
      held_cents: 300_00,
    });
    expect(down.json().message).toBe(translate("es", "depositQueued"));
    // Meanwhile the owner cancels the hold from Stripe's dashboard; Stripe's event says it is released.
    const cancelled = await fromDashboard(account.secretKey, `payment_intents/${hold.providerId}/cancel`);
    expect(cancelled.status).toBe(200);
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(payments.reservationId, id), eq(payments.kind, "capture")));
    await sweepPayments(app.deps);
    expect((await ledger(id)).map((entry) => [entry.kind, entry.status, entry.reason])).toEqual([
      ["hold", "succeeded", null],
      ["release", "succeeded", "provider"],
    ]);
    expect(await moneyMails(id)).toHaveLength(0);
    const list = await app.inject({ method: "GET", url: `/api/reservations/${landingId}`, headers: bearer(owner) });
    const shown = list.json().reservations.find((reservation: { id: number }) => reservation.id === id);
    expect(shown.payment).toMatchObject({ deposit_status: "released", held_cents: 0, captured_cents: 0 });
  });

  it("releases it whole, and the customer is told nothing was charged", async () => {
    const { owner, id, hold } = await heldBooking();
    const answer = await post(owner, `/api/reservations/${id}/deposit/release`, { held_cents: 300_00 }, "en");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe("Deposit released on the customer's card.");
    expect(answer.json().reservation.payment).toMatchObject({ held_cents: 0, captured_cents: 0 });
    expect(standIn.payments().find((intent) => intent.id === hold.providerId)).toMatchObject({ status: "canceled" });
    const mail = (await mailsOf(id)).find((sent) => sent.kind === "reservation.money");
    expect(mail?.text).toContain("no se cobró nada");
  });

  it("is let go when its booking is cancelled, and the cancellation's email no longer says it is held", async () => {
    const { id, hold, cancelLink } = await heldBooking();
    // The owner is told whose card holds it ("your card" read as theirs).
    const owners = (await mailsOf(id)).find((sent) => sent.kind === "reservation.owner")?.text ?? "";
    expect(owners).toContain("US$300.00 se retienen en la tarjeta del cliente, sin cobrarse");
    const cancelled = await app.inject({ method: "POST", url: cancelLink });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ledger(id)).find((entry) => entry.kind === "release")).toMatchObject({
      status: "succeeded",
      providerId: hold.providerId,
    });
    const told = (await mailsOf(id)).find((sent) => sent.kind === "reservation.cancelled")?.text ?? "";
    // Nothing was paid, and nothing is held: no "Pagado en línea: US$0.00" (a helper's finding).
    expect(told).not.toContain("Pagado en línea");
    expect(told).not.toContain("Retenido en tu tarjeta");
  });

  it("shows when the hold lapses", async () => {
    const { owner, landingId, id, hold } = await heldBooking();
    const list = await app.inject({ method: "GET", url: `/api/reservations/${landingId}`, headers: bearer(owner) });
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().reservations.find((reservation: { id: number }) => reservation.id === id);
    expect(shown.payment).toMatchObject({ held_cents: 300_00, hold_expires_at: hold.expiresAt?.toISOString() });
  });
});

describe("the sweep and a landing whose keys cannot be read", () => {
  it("lapses an unpaid booking without asking Stripe, and leaves refunds and captures waiting, stopping for none", async () => {
    const unreadable = (landingId: number) =>
      db
        .update(landingPayments)
        .set({ secretKeySealed: "not-a-sealed-value" })
        .where(eq(landingPayments.landingId, landingId));
    const sessionsBefore = standIn.sessions().length;

    // A booking whose card payment never came, past its time.
    const { landing: unpaidLanding } = await cardLanding("2");
    const unpaid = (await book(unpaidLanding)).json();
    await db
      .update(reservations)
      .set({ paymentDueAt: new Date(0) })
      .where(eq(reservations.id, unpaid.id));
    await unreadable(unpaidLanding.id);

    // A refund Stripe could not make, due again.
    const paid = await paidBooking();
    standIn.failNext(2, 503);
    await post(paid.owner, `/api/reservations/${paid.id}/refunds`, {
      amount: 10,
      reason: "Día no usado",
      refundable_cents: paid.paid,
    });
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(payments.reservationId, paid.id), eq(payments.kind, "refund")));
    await unreadable(paid.landing.id);

    // A capture Stripe did not answer, due again.
    const held = await heldBooking();
    standIn.failNext(2, 503);
    await post(held.owner, `/api/reservations/${held.id}/deposit/capture`, {
      amount: "20",
      reason: "Rayón",
      held_cents: 300_00,
    });
    await db
      .update(payments)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(payments.reservationId, held.id), eq(payments.kind, "capture")));
    await unreadable(held.landingId);

    const refundsBefore = standIn.refunds().length;
    const waiting = async () => [
      (await ledger(paid.id)).find((entry) => entry.kind === "refund"),
      (await ledger(held.id)).find((entry) => entry.kind === "capture"),
    ];
    const before = await waiting();
    expect(before.map((row) => row?.status)).toEqual(["failed", "pending"]);
    await sweepPayments(app.deps);
    const [lapsed] = await db.select().from(reservations).where(eq(reservations.id, unpaid.id));
    expect(lapsed).toMatchObject({ status: "cancelled", cancelledBy: "unpaid" });
    expect(standIn.sessions().length).toBe(sessionsBefore + 3);
    expect(standIn.refunds().length).toBe(refundsBefore);
    // Untouched: not asked, not counted as tried.
    expect(await waiting()).toEqual(before);
  });
});

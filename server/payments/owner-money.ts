import type { DepositCaptureInput, DepositReleaseInput, OwnerRefundInput } from "@domain/payment-actions";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { onLandingOwnedBy } from "../db/owner-scope";
import { landings, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { type MoneyNotice, queueMails } from "../mail";
import { customerMail, loadReservation, ownerEmailOf, type ReservationWithAddons } from "../reservations";
import { paymentsOf } from "./open";
import { ProviderError, type ProviderKeys } from "./provider";
import { landingKeys } from "./settings";
import { RETRY_MS } from "./settle";

/**
 * The owner's hand on a booking's money (issue 27.4 and 27.5): part of a card payment given back,
 * part or all of the deposit held on the card charged, or the hold released; each with the
 * customer told by email. The figure the owner saw is checked under a lock on the booking, and the
 * movement is written on the ledger before the provider is asked: a second click, a second tab or a
 * retry moves the money once, and a refund the provider could not make is retried, never lost.
 */

type Row = typeof payments.$inferSelect;
export type MoneyOutcome = {
  found: ReservationWithAddons;
  message: "refundMade" | "refundQueued" | "depositCaptured" | "depositReleased";
};

const notFound = () => new HttpError(404, "reservationNotFound");

/** The owner's booking, locked for the rest of the transaction, with its ledger. */
async function lockOwned(tx: Database, ownerId: number, reservationId: number) {
  const [row] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId)))
    .for("update");
  if (!row) throw notFound();
  const entries = await tx.select().from(payments).where(eq(payments.reservationId, row.id));
  return { row, entries };
}

/** The booking changed (its money moved): lists and an open detail take the newer copy. */
async function touch(tx: Database, reservationId: number, now: Date) {
  await tx.update(reservations).set({ updatedAt: now }).where(eq(reservations.id, reservationId));
}

const total = (entries: Row[], kind: string, statuses: string[]) =>
  entries.filter((e) => e.kind === kind && statuses.includes(e.status)).reduce((sum, e) => sum + e.amountCents, 0);

/** The card payment, and what is left of it to give back (refunds made, pending or being retried count as given). */
function refundableOf(entries: Row[]) {
  const charge = entries.find((e) => e.kind === "charge" && e.status === "succeeded" && e.providerId);
  const left = total(entries, "charge", ["succeeded"]) - total(entries, "refund", ["succeeded", "pending", "failed"]);
  return { charge, left: Math.max(0, left) };
}

/** The deposit hold standing: held and not yet captured or released (nor on its way to either). */
function standingHold(entries: Row[]) {
  const hold = entries.find((e) => e.kind === "hold" && e.status === "succeeded" && e.providerId);
  const ended = entries.some((e) => (e.kind === "capture" || e.kind === "release") && e.status !== "failed");
  return hold && !ended ? hold : undefined;
}

async function keysOf(deps: AppDeps, landingId: number): Promise<ProviderKeys> {
  const keys = await landingKeys(deps, landingId).catch(() => null);
  if (!keys) throw new HttpError(409, "paymentsNotConnected");
  return keys;
}

/** The customer hears what moved and why, in their language (none without an email). */
async function tellCustomer(deps: AppDeps, found: ReservationWithAddons, money: MoneyNotice) {
  const [landing] = await deps.db.select().from(landings).where(eq(landings.id, found.reservation.landingId));
  if (!landing) return;
  const ownerEmail = await ownerEmailOf(deps.db, landing);
  const mails = customerMail(deps, landing, found, "reservation.money", ownerEmail).map((mail) => ({
    ...mail,
    mail: { ...mail.mail, money },
  }));
  await queueMails(deps.db, deps.clock.now(), mails);
}

async function reloaded(deps: AppDeps, reservationId: number) {
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw notFound();
  return found;
}

/** Gives back part (or the rest) of the card payment, with the owner's reason. */
export async function refundByOwner(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: OwnerRefundInput,
): Promise<MoneyOutcome> {
  const now = deps.clock.now();
  const order = await deps.db.transaction(async (tx) => {
    const { row, entries } = await lockOwned(tx, ownerId, reservationId);
    const { charge, left } = refundableOf(entries);
    if (!charge?.providerId) throw new HttpError(409, "nothingToRefund");
    if (left !== input.refundable_cents) throw new HttpError(409, "paymentChangedMeanwhile");
    if (input.amount > left) throw ValidationError.field("amount", "refundTooLarge");
    const [pending] = await tx
      .insert(payments)
      .values({
        reservationId: row.id,
        landingId: row.landingId,
        kind: "refund",
        status: "pending",
        amountCents: input.amount,
        currency: charge.currency,
        provider: charge.provider,
        paymentId: charge.providerId,
        reason: "owner",
        note: input.reason,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!pending) throw new Error("refund row not written");
    await touch(tx, row.id, now);
    return { pending, paymentId: charge.providerId, landingId: row.landingId };
  });
  const keys = await keysOf(deps, order.landingId);
  const made = await askRefund(deps, keys, order.pending, order.paymentId);
  const found = await reloaded(deps, reservationId);
  await tellCustomer(deps, found, { kind: "refunded", amountCents: input.amount, reason: input.reason });
  return { found, message: made ? "refundMade" : "refundQueued" };
}

/** The provider's key of an owner's refund: its ledger row, so a retry of the same row refunds once. */
export const ownerRefundKey = (rowId: number) => `refund-row-${rowId}`;

/** Asks the provider for a refund already on the ledger, and writes down what it answered. */
async function askRefund(deps: AppDeps, keys: ProviderKeys, pending: Row, paymentId: string): Promise<boolean> {
  const now = deps.clock.now();
  try {
    const made = await paymentsOf(deps.config).provider.refund(
      keys,
      paymentId,
      pending.amountCents,
      ownerRefundKey(pending.id),
    );
    await deps.db
      .update(payments)
      .set({
        status: made.status,
        providerId: made.id,
        nextAttemptAt: made.status === "failed" ? new Date(now.getTime() + RETRY_MS) : null,
        updatedAt: now,
      })
      .where(eq(payments.id, pending.id));
    return made.status !== "failed";
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await deps.db
      .update(payments)
      .set({ status: "failed", nextAttemptAt: new Date(now.getTime() + RETRY_MS), updatedAt: now })
      .where(eq(payments.id, pending.id));
    return false;
  }
}

/** Charges part or all of the deposit held on the card, with the owner's reason; the provider releases the rest. */
export async function captureDeposit(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: DepositCaptureInput,
): Promise<MoneyOutcome> {
  const claimed = await claimHold(deps, ownerId, reservationId, input.held_cents, {
    kind: "capture",
    amountCents: input.amount,
    note: input.reason,
  });
  await settleClaim(deps, claimed, (keys, paymentId) =>
    paymentsOf(deps.config).provider.captureHold(keys, paymentId, input.amount, `capture-${paymentId}-${input.amount}`),
  );
  const found = await reloaded(deps, reservationId);
  await tellCustomer(deps, found, { kind: "captured", amountCents: input.amount, reason: input.reason });
  return { found, message: "depositCaptured" };
}

/** Lets go of the whole deposit hold. */
export async function releaseDeposit(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: DepositReleaseInput,
): Promise<MoneyOutcome> {
  const claimed = await claimHold(deps, ownerId, reservationId, input.held_cents, { kind: "release", note: null });
  await settleClaim(deps, claimed, (keys, paymentId) =>
    paymentsOf(deps.config).provider.releaseHold(keys, paymentId, `release-${paymentId}`),
  );
  const found = await reloaded(deps, reservationId);
  await tellCustomer(deps, found, { kind: "released", amountCents: claimed.hold.amountCents, reason: null });
  return { found, message: "depositReleased" };
}

type Claim = { pending: Row; hold: Row; landingId: number };

/**
 * Writes the capture or release on the ledger as pending, under the booking's lock, once the hold
 * is found standing and as the owner saw it: a second click finds it claimed and is refused.
 */
async function claimHold(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  seenHeld: number,
  movement: { kind: "capture" | "release"; amountCents?: number; note: string | null },
): Promise<Claim> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row, entries } = await lockOwned(tx, ownerId, reservationId);
    const hold = standingHold(entries);
    if (!hold?.providerId) {
      const held = entries.some((e) => e.kind === "hold" && e.status === "succeeded");
      throw new HttpError(409, held ? "paymentChangedMeanwhile" : "noDepositHeld");
    }
    if (hold.amountCents !== seenHeld) throw new HttpError(409, "paymentChangedMeanwhile");
    const amount = movement.amountCents ?? hold.amountCents;
    // Refused before anything is written, so the hold stays as it was.
    if (amount > hold.amountCents) throw ValidationError.field("amount", "captureTooLarge");
    const [pending] = await tx
      .insert(payments)
      .values({
        reservationId: row.id,
        landingId: row.landingId,
        kind: movement.kind,
        status: "pending",
        amountCents: amount,
        currency: hold.currency,
        provider: hold.provider,
        // The hold's id: the ledger's unique index keeps one capture and one release per hold.
        providerId: hold.providerId,
        paymentId: hold.providerId,
        reason: "owner",
        note: movement.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!pending) throw new Error("hold movement not written");
    await touch(tx, row.id, now);
    return { pending, hold, landingId: row.landingId };
  });
}

/**
 * Asks the provider to capture or release. Done, the ledger row stands; refused or unanswered, the
 * row goes and the hold stands as it was, and the owner is told (the key makes a retry safe).
 */
async function settleClaim(
  deps: AppDeps,
  { pending, hold, landingId }: Claim,
  ask: (keys: ProviderKeys, paymentId: string) => Promise<void>,
) {
  const now = deps.clock.now();
  try {
    const keys = await keysOf(deps, landingId);
    await ask(keys, hold.providerId as string);
  } catch (error) {
    await deps.db.delete(payments).where(eq(payments.id, pending.id));
    if (error instanceof ProviderError)
      throw error.kind === "unavailable" ? new HttpError(503, "stripeUnavailable") : new HttpError(409, "holdFailed");
    throw error;
  }
  await deps.db.update(payments).set({ status: "succeeded", updatedAt: now }).where(eq(payments.id, pending.id));
}

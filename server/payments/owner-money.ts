import type { DepositCaptureInput, DepositReleaseInput, OwnerRefundInput } from "@domain/payment-actions";
import { askedOfCardCents, standingHold } from "@domain/payments";
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { isConstant } from "../db/partial-index";
import { landings, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { type MoneyNotice, queueMails } from "../mail";
import { customerMail, loadReservation, ownerContactOf, type ReservationWithAddons } from "../reservations";
import { paymentsOf } from "./open";
import { ProviderError, type ProviderKeys } from "./provider";
import { usableKeys } from "./settings";
import { nextAttempt } from "./settle";

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
  message: "refundMade" | "refundQueued" | "depositCaptured" | "depositReleased" | "depositQueued";
};

/** A movement written pending and never answered (the server stopped before asking): the sweep asks after this. */
const STALE_MS = 5 * 60_000;

const notFound = () => new HttpError(404, "reservationNotFound");

/** The owner's booking, locked for the rest of the transaction, with its ledger. */
export async function lockOwned(tx: Database, ownerId: number, reservationId: number) {
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

/**
 * The card payment, and what is left of it to give back: its refunds made, pending or being retried
 * count as given; a refund by hand gave back money taken by hand, not the card's.
 */
function refundableOf(entries: Row[]) {
  const charge = entries.find((e) => e.kind === "charge" && e.status === "succeeded" && e.providerId);
  const left = total(entries, "charge", ["succeeded"]) - askedOfCardCents(entries);
  return { charge, left: Math.max(0, left) };
}

/**
 * The keys of the owner's booking's landing, read before anything is written: with the account
 * disconnected the owner is told, and nothing waits on the ledger for keys that are not there.
 */
async function ownedKeys(deps: AppDeps, ownerId: number, reservationId: number): Promise<ProviderKeys> {
  const [row] = await deps.db
    .select({ landingId: reservations.landingId })
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId)));
  if (!row) throw notFound();
  const keys = await usableKeys(deps, row.landingId);
  if (!keys) throw new HttpError(409, "paymentsNotConnected");
  return keys;
}

/** The customer hears what moved and why, in their language (none without an email). */
export async function tellCustomer(deps: AppDeps, found: ReservationWithAddons, money: MoneyNotice) {
  const [landing] = await deps.db.select().from(landings).where(eq(landings.id, found.reservation.landingId));
  if (!landing) return;
  const owner = await ownerContactOf(deps.db, landing);
  const mails = customerMail(deps, landing, found, "reservation.money", owner?.email).map((mail) => ({
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
  const keys = await ownedKeys(deps, ownerId, reservationId);
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
    return { pending, paymentId: charge.providerId };
  });
  const made = await askRefund(deps, keys, order.pending, order.paymentId);
  const found = await reloaded(deps, reservationId);
  await tellCustomer(deps, found, { kind: "refunded", amountCents: input.amount, reason: input.reason });
  return { found, message: made ? "refundMade" : "refundQueued" };
}

/** The provider's key of an owner's refund: its ledger row, so a retry of the same row refunds once. */
export const ownerRefundKey = (rowId: number) => `refund-row-${rowId}`;

/**
 * Asks the provider for a refund already on the ledger, and writes down what it answered: made,
 * or failed and tried again by the sweep. A refusal (it will refuse again) takes the row back off
 * the ledger and tells the owner; nothing was given back. Any other failure leaves the row pending
 * for the sweep, which asks again with the same key.
 */
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
        nextAttemptAt: made.status === "failed" ? nextAttempt(now, 0) : null,
        completedAt: made.status === "succeeded" ? now : null,
        updatedAt: now,
      })
      .where(eq(payments.id, pending.id));
    return made.status !== "failed";
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind !== "unavailable") {
      await deps.db.delete(payments).where(eq(payments.id, pending.id));
      throw new HttpError(409, "refundRefused");
    }
    await deps.db
      .update(payments)
      .set({ status: "failed", nextAttemptAt: nextAttempt(now, 0), updatedAt: now })
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
  const keys = await ownedKeys(deps, ownerId, reservationId);
  const pending = await claimHold(deps, ownerId, reservationId, input.held_cents, {
    kind: "capture",
    amountCents: input.amount,
    note: input.reason,
  });
  const done = await settleClaim(deps, keys, pending);
  const found = await reloaded(deps, reservationId);
  if (!done) return { found, message: "depositQueued" };
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
  const keys = await ownedKeys(deps, ownerId, reservationId);
  const pending = await claimHold(deps, ownerId, reservationId, input.held_cents, { kind: "release", note: null });
  const done = await settleClaim(deps, keys, pending);
  const found = await reloaded(deps, reservationId);
  if (!done) return { found, message: "depositQueued" };
  await tellCustomer(deps, found, { kind: "released", amountCents: pending.amountCents, reason: null });
  return { found, message: "depositReleased" };
}

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
): Promise<Row> {
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
    return pending;
  });
}

/** The provider's key of a capture or release: its ledger row, so asking again moves the hold once. */
const movementKey = (row: Row) => `${row.kind}-row-${row.id}`;

/** Asks the provider to capture or release the hold a pending ledger row stands for. */
function askMovement(deps: AppDeps, keys: ProviderKeys, row: Row) {
  const { provider } = paymentsOf(deps.config);
  const holdId = row.paymentId as string;
  return row.kind === "capture"
    ? provider.captureHold(keys, holdId, row.amountCents, movementKey(row))
    : provider.releaseHold(keys, holdId, movementKey(row));
}

/**
 * Asks the provider to capture or release; true once it is done. Refused, the row goes and the
 * hold stands as it was (409). Unanswered, the provider may have moved the money anyway: the row
 * stays pending and the sweep asks again with the same key (false; the customer is told then).
 */
async function settleClaim(deps: AppDeps, keys: ProviderKeys, pending: Row): Promise<boolean> {
  const now = deps.clock.now();
  try {
    await askMovement(deps, keys, pending);
  } catch (error) {
    if (error instanceof ProviderError && error.kind !== "unavailable") {
      await deps.db.delete(payments).where(eq(payments.id, pending.id));
      throw new HttpError(409, "holdFailed");
    }
    await deps.db
      .update(payments)
      .set({ attempts: 1, nextAttemptAt: nextAttempt(now, 1), updatedAt: now })
      .where(eq(payments.id, pending.id));
    if (!(error instanceof ProviderError)) throw error;
    return false;
  }
  await deps.db
    .update(payments)
    .set({ status: "succeeded", completedAt: now, updatedAt: now })
    .where(eq(payments.id, pending.id));
  return true;
}

/**
 * Captures and releases the provider did not answer (or the server never asked), asked again with
 * the same key by the sweep: done, the customer is told; refused, the row goes and the hold stands.
 */
export async function retryHoldMovements(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await holdMovementsDue(deps.db, now);
  let settled = 0;
  for (const row of due) {
    const keys = await usableKeys(deps, row.landingId);
    if (!keys || !row.paymentId) continue;
    try {
      await askMovement(deps, keys, row);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === "unavailable") {
        const attempts = row.attempts + 1;
        await deps.db
          .update(payments)
          .set({ attempts, nextAttemptAt: nextAttempt(now, attempts), updatedAt: now })
          .where(eq(payments.id, row.id));
      } else {
        await deps.db.delete(payments).where(eq(payments.id, row.id));
      }
      continue;
    }
    await deps.db
      .update(payments)
      .set({ status: "succeeded", nextAttemptAt: null, completedAt: now, updatedAt: now })
      .where(eq(payments.id, row.id));
    const found = await loadReservation(deps.db, row.reservationId);
    if (found) {
      const money: MoneyNotice =
        row.kind === "capture"
          ? { kind: "captured", amountCents: row.amountCents, reason: row.note ?? "" }
          : { kind: "released", amountCents: row.amountCents, reason: null };
      await tellCustomer(deps, found, money);
    }
    settled += 1;
  }
  return settled;
}

/** `retryHoldMovements`' rows: the oldest first, read from the pending payments' own index. */
export function holdMovementsDue(db: Database, now: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.kind, ["capture", "release"]),
        isConstant(payments.status, "pending"),
        or(
          lte(payments.nextAttemptAt, now),
          and(isNull(payments.nextAttemptAt), lte(payments.updatedAt, new Date(now.getTime() - STALE_MS))),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(20);
}

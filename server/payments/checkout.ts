import { paysOnline } from "@domain/payments";
import { and, eq } from "drizzle-orm";
import { landings, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { recordCheckout, siteAddress } from "../reservations";
import { paymentsOf } from "./open";
import { ProviderError } from "./provider";
import { usableKeys } from "./settings";
import { settleCheckout } from "./settle";

/**
 * Sends a booking awaiting its card payment to the provider's page (issue 27.3): a checkout for its
 * prepayment (or, for a deposit alone, for saving the card), back to the customer's own page. The
 * same checkout is answered again while it is open, so a retry or a second tab pays once.
 * Throws 503 `paymentUnavailable` when the provider cannot be reached: the booking stays, waiting,
 * and the customer can try again from their page until it is due.
 */
export async function startCheckout(
  deps: AppDeps,
  reservationId: number,
  customerToken: string,
): Promise<{ url: string }> {
  const [row] = await deps.db
    .select({ reservation: reservations, landing: landings })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, "awaiting_payment")));
  const plan = row?.reservation.paymentPlan ?? null;
  const dueAt = row?.reservation.paymentDueAt ?? null;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: without a row there is no plan either; `!row` is there for the types.
  if (!row || !plan || !paysOnline(plan) || !dueAt) throw new HttpError(409, "paymentNotDue");
  const { reservation, landing } = row;
  if (reservation.checkoutId && reservation.checkoutUrl) return { url: reservation.checkoutUrl };
  const keys = await usableKeys(deps, landing.id);
  if (!keys) throw new HttpError(503, "paymentUnavailable");
  const language = reservation.language === "en" ? "en" : "es";
  const page = `${siteAddress(deps, landing)}/reservation/${reservation.reference}?t=${customerToken}&lang=${language}`;
  try {
    const checkout = await paymentsOf(deps.config).provider.createCheckout(keys, {
      reference: reservation.reference,
      reservationId: reservation.id,
      landingId: landing.id,
      amountCents: plan.channel === "card" ? plan.prepayCents : 0,
      currency: reservation.currency.toLowerCase(),
      description: `${reservation.vehicleName} · ${reservation.reference}`,
      customerEmail: reservation.email || null,
      language,
      saveCard: plan.depositHold !== "none",
      successUrl: `${page}&paid=1`,
      cancelUrl: page,
      expiresAt: dueAt,
      idempotencyKey: `checkout-${reservation.id}`,
    });
    const kept = await recordCheckout(deps, reservation.id, checkout);
    if (kept?.id !== checkout.id) {
      // Another tab's checkout was kept first (or the booking lapsed meanwhile): this one must never be paid.
      await paymentsOf(deps.config).provider.expireCheckout(keys, checkout.id);
      if (!kept) throw new HttpError(409, "paymentNotDue");
    }
    return { url: kept.url };
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(503, "paymentUnavailable");
    throw error;
  }
}

/**
 * The customer is back on their page from the provider's (or opens it later): a booking still
 * waiting on a checkout asks the provider how it went, so a payment the webhook has not told yet
 * is settled now. True when the booking may have moved (the caller reads it again).
 */
export async function settleOnReturn(
  deps: AppDeps,
  reservation: { id: number; landingId: number; status: string; checkoutId: string | null },
): Promise<boolean> {
  if (reservation.status !== "awaiting_payment" || !reservation.checkoutId) return false;
  const keys = await usableKeys(deps, reservation.landingId);
  if (!keys) return false;
  try {
    const state = await paymentsOf(deps.config).provider.getCheckout(keys, reservation.checkoutId);
    if (state.status !== "complete") return false;
    await settleCheckout(deps, keys, reservation.landingId, { ...state, reservationId: reservation.id });
    return true;
  } catch (error) {
    // The provider cannot say now: the page shows the booking waiting, and the webhook settles it.
    if (error instanceof ProviderError) return false;
    throw error;
  }
}

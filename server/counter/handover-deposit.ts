import { depositTaken } from "@domain/counter";
import { depositLeftCents, type ReceivedPayment } from "@domain/payments";
import type { rentalHandovers } from "../db/schema";

type Handover = typeof rentalHandovers.$inferSelect;

/**
 * What goes back of the deposit taken at the counter: what is left of it once the return's charges
 * the customer accepted (`acceptCharges` takes them from it) and what the owner recorded as paid from
 * it (`received`, the booking's money received by hand) are taken out; all of it when nothing was.
 * Null while the charges wait for the customer (they come out of it first), or without one.
 */
export function depositBackCents(
  out: Handover | undefined,
  back: Handover,
  received: readonly ReceivedPayment[],
): number | null {
  const deposit = depositTaken(out);
  if (!deposit) return null;
  if ((back.charges?.totalCents ?? 0) > 0 && !back.chargesAcceptedAt) return null;
  return depositLeftCents(deposit, received);
}

import type { CounterDepositMethod } from "@domain/counter";
import type { rentalHandovers } from "../db/schema";

type Handover = typeof rentalHandovers.$inferSelect;

/** The deposit a check-out took at the counter (PRODUCT §11), or null: none, or held on the card. */
export const depositTaken = (
  out: Handover | null | undefined,
): { cents: number; method: CounterDepositMethod } | null =>
  out?.depositMethod ? { cents: out.depositCents, method: out.depositMethod } : null;

/**
 * What goes back of the deposit taken at the counter: all of it when the return has no charges, the
 * rest once the customer accepts them (`acceptCharges` takes them from it); null before, or without one.
 */
export function depositBackCents(out: Handover | undefined, back: Handover): number | null {
  const deposit = depositTaken(out);
  if (!deposit) return null;
  if ((back.charges?.totalCents ?? 0) === 0) return deposit.cents;
  return back.chargesAcceptedAt ? deposit.cents - back.chargesFromDepositCents : null;
}

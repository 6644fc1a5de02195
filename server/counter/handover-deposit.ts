import { depositTaken } from "@domain/counter";
import type { rentalHandovers } from "../db/schema";

type Handover = typeof rentalHandovers.$inferSelect;

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

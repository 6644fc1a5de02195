import { percentOf } from "@domain/pricing";
import type { ReturnCharges } from "@domain/return-charges";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { invoiceCounters, invoices, type reservations } from "../db/schema";

/**
 * The landing's next invoice number (issue 28.5): an upsert that takes the counter's row lock
 * until the caller's transaction ends, so concurrent check-ins queue on it and numbers follow
 * each other; a rolled-back check-in rolls its number back too, leaving no gap.
 */
async function nextInvoiceNumber(tx: Database, landingId: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ landingId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.landingId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  if (!row) throw new Error("the invoice counter answered no row");
  return row.number;
}

/** The invoice's figures: the booking's total as booked, and the return's charges with their tax at the booking's own rate. */
export function invoiceAmounts(reservation: typeof reservations.$inferSelect, charges: ReturnCharges) {
  const chargesTaxCents = percentOf(charges.totalCents, reservation.taxRateBasisPoints);
  return {
    bookingCents: reservation.totalCents,
    chargesCents: charges.totalCents,
    chargesTaxCents,
    totalCents: reservation.totalCents + charges.totalCents + chargesTaxCents,
  };
}

/** Issues the rental's invoice in the check-in's transaction (`invoiceAmounts`). */
export async function issueInvoice(
  tx: Database,
  reservation: typeof reservations.$inferSelect,
  charges: ReturnCharges,
  now: Date,
  taxIds: { customerTaxId: string; ncf: string },
) {
  const number = await nextInvoiceNumber(tx, reservation.landingId);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      landingId: reservation.landingId,
      reservationId: reservation.id,
      number,
      issuedAt: now,
      currency: reservation.currency,
      ...invoiceAmounts(reservation, charges),
      ...taxIds,
    })
    .returning();
  if (!invoice) throw new Error("the invoice was not written");
  return invoice;
}

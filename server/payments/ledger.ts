import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { payments } from "../db/schema";

/** One movement of a booking's money (issue 27.6), as the provider reported it. */
export type LedgerEntry = {
  reservationId: number;
  landingId: number;
  kind: "charge" | "hold" | "capture" | "release" | "refund" | "transfer";
  status: "pending" | "succeeded" | "failed";
  amountCents: number;
  currency: string;
  /** The provider that moved it (PaymentProvider.name), or "manual" for what the owner records. */
  provider: string;
  providerId: string | null;
  paymentId?: string | null;
  reason?: string | null;
  expiresAt?: Date | null;
  /** A failed refund: when it is tried again. */
  nextAttemptAt?: Date | null;
};

/**
 * Records an entry once: the provider's id of a charge, hold or refund is unique per kind, so the
 * webhook, the customer's return and a retry recording the same movement write one row.
 */
export async function record(db: Database, entry: LedgerEntry, now: Date): Promise<void> {
  await db
    .insert(payments)
    .values({ ...entry, completedAt: entry.status === "succeeded" ? now : null, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

export const entriesOf = (db: Database, reservationId: number) =>
  db.select().from(payments).where(eq(payments.reservationId, reservationId)).orderBy(asc(payments.id));

import { eq, sql } from "drizzle-orm";
import { hashToken, newToken } from "../auth";
import type { Database } from "../db/database";
import { reservations } from "../db/schema";

/**
 * A new secret for a later email's link to the customer's page (its confirmation, the express
 * pickup's reminder, issue 28.6): the first email's secret is known only to that email, so each
 * later one carries its own, kept as a hash beside the first, in the caller's transaction.
 */
export async function issueLinkToken(tx: Database, reservationId: number): Promise<string> {
  const token = newToken();
  await tx
    .update(reservations)
    .set({ linkTokenHashes: sql`${reservations.linkTokenHashes} || ${JSON.stringify([hashToken(token)])}::jsonb` })
    .where(eq(reservations.id, reservationId));
  return token;
}

import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { ownedBy } from "../db/owner-scope";
import { landings } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";

/** Whether a landing not in the trash has this custom domain: the TLS proxy's question before a certificate. */
export async function isAttachedDomain(db: Database, domain: string): Promise<boolean> {
  const [found] = await db
    .select({ id: landings.id })
    .from(landings)
    .where(and(eq(landings.customDomain, domain), isNull(landings.deletedAt)))
    .limit(1);
  return Boolean(found);
}

/**
 * Attaches `domain` to one of the owner's landings (null detaches it). Scoped by owner in the
 * UPDATE itself: another owner's (or a trashed) landing matches no row and answers 404, never
 * learning whether the domain is in use. Not a versioned edit: the domain is its own small form,
 * and saving it must not turn the owner's other open forms stale. The content version still moves
 * (a trigger), so cached pages get the new addresses.
 */
export async function setCustomDomain(deps: AppDeps, ownerId: number, landingId: number, domain: string | null) {
  try {
    const updated = await deps.db
      .update(landings)
      .set({ customDomain: domain, updatedAt: deps.clock.now() })
      .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
      .returning({ id: landings.id });
    if (updated.length === 0) throw new HttpError(404, "landingNotFound");
  } catch (error) {
    // The unique index is the one judge, also when two owners save the same domain at once.
    if (isUniqueViolation(error)) throw ValidationError.field("custom_domain", "domainTaken");
    throw error;
  }
}

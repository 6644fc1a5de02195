import { and, eq, isNull, not, type SQL } from "drizzle-orm";
import type { Database } from "../db/database";
import { landingFormerNames, landings } from "../db/schema";

/**
 * The addresses a landing went by before a rename. Its customers' emailed booking links and the
 * links its owner shared keep leading to it, redirected to its address now; and nobody else can
 * take them while the landing exists (in the trash too), as with its current name.
 */

/**
 * Records `from` as the landing's former address when it is renamed to `to`, in the rename's
 * transaction. Renamed back to an address it had, that address is its current one again.
 */
export async function retireName(tx: Database, landingId: number, from: string, to: string, at: Date) {
  await tx
    .delete(landingFormerNames)
    .where(and(eq(landingFormerNames.name, to), eq(landingFormerNames.landingId, landingId)));
  await tx.insert(landingFormerNames).values({ name: from, landingId, retiredAt: at }).onConflictDoNothing();
}

/**
 * Whether `name` is a former address of a landing other than `except`, the owner's own landing
 * (a landing may go back to an address it had); another owner's id never makes it look free.
 */
export async function isFormerNameOfAnother(
  db: Database,
  name: string,
  except?: { ownerId: number; landingId: number },
): Promise<boolean> {
  const [found] = await db
    .select({ landingId: landingFormerNames.landingId })
    .from(landingFormerNames)
    .innerJoin(landings, eq(landings.id, landingFormerNames.landingId))
    .where(
      and(
        eq(landingFormerNames.name, name),
        except && not(and(eq(landings.id, except.landingId), eq(landings.ownerId, except.ownerId)) as SQL),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The current address of the landing that went by `formerName`, while it is published; else null.
 * A draft's or a trashed landing's new address is its owner's alone: sent there, a visitor only
 * learnt it, to find a 404 (a stranger's walk).
 */
export async function currentNameOf(db: Database, formerName: string): Promise<string | null> {
  const [found] = await db
    .select({ name: landings.name })
    .from(landingFormerNames)
    .innerJoin(landings, eq(landings.id, landingFormerNames.landingId))
    .where(and(eq(landingFormerNames.name, formerName), isNull(landings.deletedAt), eq(landings.status, "published")))
    .limit(1);
  return found?.name ?? null;
}

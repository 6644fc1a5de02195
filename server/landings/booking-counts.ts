import { ACTIVE_STATUSES } from "@domain/reservations";
import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/database";
import { ownedBy } from "../db/owner-scope";
import { perDatabase } from "../db/per-database";
import { landings, reservations } from "../db/schema";
import { availabilityVersion, HOLDS_TRUST_MS } from "./availability-versions";

/** A landing's bookings counted: all of them (the cards' "N reservas"), and those still going ahead. */
export type BookingCounts = { reservations: number; activeReservations: number };

/** Bookings still going ahead at `now`: an active status, the return still to come (a landing's or a vehicle's). */
export const stillAhead = (now: Date) =>
  and(inArray(reservations.status, [...ACTIVE_STATUSES]), gt(reservations.returnAt, now)) as SQL;

/**
 * A landing's bookings still going ahead (ACTIVE_STATUSES: awaiting payment, pending, confirmed or
 * on rent), with the return still to come. Customers hold links and emails to them, so such a
 * landing is not moved to the trash. `reservations_landing_active_idx` answers it from the
 * index alone, reading only the bookings not yet returned, never the landing's whole history.
 */
export function activeBookingsOf(landingId: number | typeof landings.id, now: Date): SQL {
  return and(eq(reservations.landingId, landingId), stillAhead(now)) as SQL;
}

/**
 * The counts of these landings of the owner's, each a subquery on its own index, and the first
 * return among the bookings still ahead (the first entry of the same index): the active count holds
 * until then, when that booking stops counting.
 */
export function bookingCountsQuery(db: Database, ownerId: number, landingIds: number[], now: Date) {
  return db
    .select({
      id: landings.id,
      reservations: db.$count(reservations, eq(reservations.landingId, landings.id)),
      activeReservations: db.$count(reservations, activeBookingsOf(landings.id, now)),
      nextReturnMs: sql<number | null>`(select extract(epoch from min(${reservations.returnAt})) * 1000
        from ${reservations} where ${activeBookingsOf(landings.id, now)})`.mapWith(Number),
    })
    .from(landings)
    .where(and(inArray(landings.id, landingIds), ownedBy(ownerId, "included")));
}

/** Counts kept for a landing: of which availability version, counted when, and good until when. */
type Kept = BookingCounts & { version: string; countedAt: number; until: number };
const cacheOf = perDatabase(() => new LRUCache<number, Kept>({ max: 5000, ttl: HOLDS_TRUST_MS }));

/**
 * The landings' booking counts, kept per availability version: they change only when a booking is
 * made, moved, cancelled or deleted, which moves that version on every instance (the database's
 * notice), or when a booking still ahead reaches its return. Counting reads every booking the
 * landing ever had (an index-only scan, about 4 ms for 50,000), so an owner's list and detail
 * would cost more with every year of history; kept, a read costs what its page costs, and only the
 * first read after a change counts again. The version is read before counting, so a change that
 * lands meanwhile is counted on the next read.
 */
export async function bookingCounts(
  db: Database,
  ownerId: number,
  landingIds: number[],
  now: Date,
): Promise<Map<number, BookingCounts>> {
  const cache = cacheOf(db);
  const at = now.getTime();
  const counts = new Map<number, BookingCounts>();
  const versions = new Map<number, string>();
  for (const id of landingIds) {
    const version = availabilityVersion(db, id);
    const found = cache.get(id);
    if (found && found.version === version && found.countedAt <= at && at < found.until) {
      counts.set(id, { reservations: found.reservations, activeReservations: found.activeReservations });
    } else versions.set(id, version);
  }
  if (versions.size === 0) return counts;
  for (const row of await bookingCountsQuery(db, ownerId, [...versions.keys()], now)) {
    const found = { reservations: row.reservations, activeReservations: row.activeReservations };
    counts.set(row.id, found);
    const until = row.nextReturnMs ?? Number.POSITIVE_INFINITY;
    cache.set(row.id, { ...found, version: versions.get(row.id) as string, countedAt: at, until });
  }
  return counts;
}

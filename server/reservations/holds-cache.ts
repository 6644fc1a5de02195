import { LRUCache } from "lru-cache";
import type { Database } from "../db/database";
import { perDatabase } from "../db/per-database";
import { availabilityVersion, HOLDS_TRUST_MS } from "../landings";
import { freeGiven, freeVehicleIds, type Hold, holdsOf } from "./availability";
import { keysOfBookingsSince } from "./idempotency";

/** Holds are read from a day back: a search may start a little before the moment it is answered. */
const LOOKBEHIND_MS = 86_400_000;
const FAR_FUTURE = new Date("9999-12-31T00:00:00Z");

/**
 * A landing's holds from `since`, as they load; once they have, by vehicle too
 * (`keptFreeVehicleIds`). The keys of its bookings from `since` are read for the same version when
 * a refusal needs them (`keptNewKey`), not for the site's pages.
 */
type Kept = {
  since: number;
  holds: Promise<Hold[]>;
  byVehicle?: Map<number, Hold[]>;
  keys?: Set<string>;
  keysRead?: Promise<void>;
};
const cacheOf = perDatabase(() => new LRUCache<string, Kept>({ max: 2000, ttl: HOLDS_TRUST_MS }));

const keyOf = (db: Database, landing: { id: number; contentVersion: number }) =>
  `${landing.id}|${landing.contentVersion}|${availabilityVersion(db, landing.id)}`;

/** A landing's holds from a day back, read once per version (concurrent reads share the query). */
function landingHolds(db: Database, landing: { id: number; contentVersion: number }) {
  const cache = cacheOf(db);
  const key = keyOf(db, landing);
  const found = cache.get(key);
  if (found) return found;
  const since = Date.now() - LOOKBEHIND_MS;
  const holds = holdsOf(db, { landingId: landing.id }, { from: new Date(since), to: FAR_FUTURE });
  const loading: Kept = { since, holds };
  cache.set(key, loading);
  holds.then(
    (loaded) => {
      const byVehicle = new Map<number, Hold[]>();
      for (const hold of loaded) {
        const held = byVehicle.get(hold.vehicleId);
        if (held) held.push(hold);
        else byVehicle.set(hold.vehicleId, [hold]);
      }
      loading.byVehicle = byVehicle;
    },
    () => cache.delete(key),
  );
  return loading;
}

/**
 * Starts reading the landing's holds of its current availability, and its bookings' keys, unless
 * they are kept or being read: after a booking refused on the database, so that the next refusals
 * of that landing are answered from them (`keptNewKey`). Once per version at most, as one page
 * read would. A read that fails keeps nothing (`landingHolds` handles it), and the next refusal is
 * decided on the database again.
 */
export function keepLandingHolds(db: Database, landing: { id: number; contentVersion: number }): void {
  readKeys(db, landing.id, landingHolds(db, landing));
}

/**
 * Starts reading the keys of the landing's bookings from `found.since`, unless they are kept or
 * being read; answers the read under way, or null once they are kept.
 */
function readKeys(db: Database, landingId: number, found: Kept): Promise<void> | null {
  if (found.keys) return null;
  // A read that fails is tried again by the next refusal that needs it.
  found.keysRead ??= keysOfBookingsSince(db, landingId, new Date(found.since)).then(
    (keys) => {
      found.keys = keys;
    },
    () => {
      found.keysRead = undefined;
    },
  );
  return found.keysRead;
}

/**
 * Which of a landing's `fleet` has a unit free for the whole of [from, to), for public reads (the
 * site's pages, its quote and availability): answered from the landing's holds kept in memory,
 * so a visitor's search costs no query. Bookings decide on the database (`lockAndCheckVehicle`).
 */
export async function publicFreeVehicleIds(
  db: Database,
  landing: { id: number; contentVersion: number },
  fleet: { id: number; units: number }[],
  window: { from: Date; to: Date },
): Promise<Set<number>> {
  const { since, holds } = landingHolds(db, landing);
  if (window.from.getTime() < since) return freeVehicleIds(db, fleet, window);
  return freeGiven(fleet, await holds, window);
}

/**
 * `publicFreeVehicleIds` answered only from holds kept of this version, or being read for it (the
 * read is awaited), without reading anything itself: undefined when there are none (a booking on
 * the site, `keptBookingVehicle`, then leaves it to its transaction rather than read the
 * landing's every hold), or when the version moved while they were read.
 *
 * Waiting for a read already under way costs a booking at most that read, where deciding on the
 * database makes every request for the car queue on its lock: the refusals that arrive while the
 * holds are read after a refusal (`keepLandingHolds`) are then answered from them (issue 29).
 */
export async function keptFreeVehicleIds(
  db: Database,
  landing: { id: number; contentVersion: number },
  fleet: { id: number; units: number }[],
  window: { from: Date; to: Date },
): Promise<Set<number> | undefined> {
  const found = await keptOfVersion(db, landing, (kept) => (kept.byVehicle ? null : kept.holds));
  const byVehicle = found?.byVehicle;
  if (!byVehicle || window.from.getTime() < found.since) return undefined;
  return freeGiven(
    fleet,
    fleet.flatMap((vehicle) => byVehicle.get(vehicle.id) ?? []),
    window,
  );
}

/**
 * What is kept of the landing's current version, once `pending` (what is still being read of it,
 * or null) has settled; undefined when nothing is kept, or the version moved meanwhile.
 */
async function keptOfVersion(
  db: Database,
  landing: { id: number; contentVersion: number },
  pending: (kept: Kept) => Promise<unknown> | null | undefined,
): Promise<Kept | undefined> {
  const key = keyOf(db, landing);
  const found = cacheOf(db).get(key);
  const reading = found && pending(found);
  if (!reading) return found;
  // A read that fails keeps nothing (`landingHolds`, `readKeys`).
  await reading.catch(() => undefined);
  return cacheOf(db).get(key) === found ? found : undefined;
}

/**
 * Whether `key` is kept as new for this version of the landing: no key at all, or one that made
 * none of the landing's bookings from the holds' start, whatever became of them. A car the kept
 * holds show taken is then refused from them without a statement (`keptBookingVehicle`), as fresh
 * as the site's pages, which show it taken until a notice of the landing's bookings, blocks or
 * content says otherwise.
 *
 * A retry asks for its own booking's period, so its key is among those kept and the database
 * answers it with that booking (or 422 for other values). The keys are read once per version,
 * with the holds after a refusal on the database (`keepLandingHolds`) or on the first request
 * with a key that asks, which waits for them (as `keptFreeVehicleIds` waits for the holds); when
 * they cannot be read, or the version moved meanwhile, no key is taken as new.
 */
export async function keptNewKey(
  db: Database,
  landing: { id: number; contentVersion: number },
  key: string | undefined,
): Promise<boolean> {
  if (key === undefined) return true;
  const found = await keptOfVersion(db, landing, (kept) => readKeys(db, landing.id, kept));
  return found?.keys !== undefined && !found.keys.has(key);
}

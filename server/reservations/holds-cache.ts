import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import { forgetWithRecentLookups } from "../landings";
import { freeGiven, freeVehicleIds, type Hold, holdsOf } from "./availability";
import { keysOfBookingsSince } from "./idempotency";

/** The channel on which migration 0028 names a landing whose bookings or blocks changed. */
export const AVAILABILITY_CHANNEL = "nelly_availability";
/**
 * How long a landing's holds are kept without a notice: the most a notice lost with a dropped
 * connection can cost. A public page may then show a car free that was just taken; the booking
 * itself is always decided on the database, under the vehicle's lock, and answers 409.
 */
export const HOLDS_TRUST_MS = 60_000;
/** Holds are read from a day back: a search may start a little before the moment it is answered. */
const LOOKBEHIND_MS = 86_400_000;
const FAR_FUTURE = new Date("9999-12-31T00:00:00Z");

/**
 * A version of each landing's availability, per database: it moves whenever the database says
 * that landing's bookings or blocks changed, and for every landing at once when this instance
 * answers a write it made or loses the notices' connection. What public reads keep of availability
 * (holds, searched pages, quotes) is keyed by it, so a change makes it unreachable at once.
 */
class AvailabilityVersions {
  private readonly byDatabase = new WeakMap<Database, { epoch: number; landings: Map<number, number> }>();

  private of(db: Database) {
    let versions = this.byDatabase.get(db);
    if (!versions) {
      versions = { epoch: 0, landings: new Map() };
      this.byDatabase.set(db, versions);
    }
    return versions;
  }

  version(db: Database, landingId: number): string {
    const versions = this.of(db);
    return `${versions.epoch}.${versions.landings.get(landingId) ?? 0}`;
  }

  changed(db: Database, landingId: number): void {
    const { landings } = this.of(db);
    landings.set(landingId, (landings.get(landingId) ?? 0) + 1);
  }

  forget(db: Database): void {
    this.of(db).epoch++;
  }
}

const versions = new AvailabilityVersions();
// An instance's own writes (a booking, a block, a cancellation) show on its next read.
forgetWithRecentLookups(versions);

/** The version of a landing's availability that keys what public reads keep of it. */
export const availabilityVersion = (db: Database, landingId: number) => versions.version(db, landingId);

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
const kept = new WeakMap<Database, LRUCache<string, Kept>>();

function cacheOf(db: Database) {
  let cache = kept.get(db);
  if (!cache) {
    cache = new LRUCache<string, Kept>({ max: 2000, ttl: HOLDS_TRUST_MS });
    kept.set(db, cache);
  }
  return cache;
}

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

/** Keeps the versions honest: each notice moves its landing's, a lost connection moves them all. */
export function watchAvailability(app: FastifyInstance): void {
  const { db, listen } = app.deps;
  if (!listen) return;
  let stop: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    stop = await listen(
      AVAILABILITY_CHANNEL,
      (payload) => versions.changed(db, Number(payload)),
      () => versions.forget(db),
    ).catch((error: unknown) => {
      app.log.warn({ err: error }, `public site: cannot hear bookings' changes; searches may lag ${HOLDS_TRUST_MS} ms`);
      return null;
    });
  });
  app.addHook("onClose", async () => {
    await stop?.();
  });
}

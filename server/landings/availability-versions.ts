import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { perDatabase } from "../db/per-database";
import { forgetWithRecentLookups } from "./recent-lookups";

/** The channel on which migration 0028 names a landing whose bookings or blocks changed. */
export const AVAILABILITY_CHANNEL = "nelly_availability";
/**
 * How long what is kept of a landing's availability (its holds, its searched pages, its bookings'
 * counts) is trusted without a notice: the most a notice lost with a dropped connection can cost. A
 * public page may then show a car free that was just taken; the booking itself is always decided
 * on the database, under the vehicle's lock, and answers 409.
 */
export const HOLDS_TRUST_MS = 60_000;

/**
 * A version of each landing's availability, per database: it moves whenever the database says
 * that landing's bookings or blocks changed, and for every landing at once when this instance
 * answers a write it made or loses the notices' connection. What is kept of a landing's bookings
 * (holds, searched pages, quotes, the owner's counts) is keyed by it, so a change makes it
 * unreachable at once.
 */
class AvailabilityVersions {
  private readonly of = perDatabase(() => ({ epoch: 0, landings: new Map<number, number>() }));

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

/** The version of a landing's availability that keys what is kept of its bookings. */
export const availabilityVersion = (db: Database, landingId: number) => versions.version(db, landingId);

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
      app.log.warn(
        { err: error },
        `cannot hear bookings' changes: public searches and owners' booking counts may lag ${HOLDS_TRUST_MS} ms`,
      );
      return null;
    });
  });
  app.addHook("onClose", async () => {
    await stop?.();
  });
}

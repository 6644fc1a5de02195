import type { Database } from "../db/client";

/**
 * What the public site reads of a landing, kept per database and landing while the landing's
 * content version stands. Every change to a landing, its add-ons, places, opening hours,
 * vehicles, photos or features bumps that version (migrations 0005 and 0007), so a copy of the
 * same version is current, on every instance alike. Callers read what they get and never change it.
 */
export class LandingCache<T> {
  private readonly byDatabase = new WeakMap<Database, Map<number, { version: number; value: T }>>();

  /** At most `limit` landings per database; the least recently stored goes first. */
  constructor(private readonly limit = 2000) {}

  get(db: Database, landingId: number, version: number): T | undefined {
    const kept = this.byDatabase.get(db)?.get(landingId);
    return kept?.version === version ? kept.value : undefined;
  }

  set(db: Database, landingId: number, version: number, value: T): void {
    let kept = this.byDatabase.get(db);
    if (!kept) {
      kept = new Map();
      this.byDatabase.set(db, kept);
    }
    kept.delete(landingId);
    kept.set(landingId, { version, value });
    // A map keeps its insertion order: the first key is the oldest.
    if (kept.size > this.limit) kept.delete(kept.keys().next().value ?? 0);
  }
}

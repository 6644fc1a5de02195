import { LRUCache } from "lru-cache";
import type { Database } from "../db/database";
import { perDatabase } from "../db/per-database";

type Kept<T> = { version: number; value: T };

/**
 * What the public site reads of a landing, kept per database and landing while the landing's
 * content version stands. Every change to a landing, its add-ons, places, opening hours,
 * vehicles, photos or features bumps that version (migrations 0005 and 0007), so a copy of the
 * same version is current, on every instance alike. Callers read what they get and never change it.
 */
export class LandingCache<T extends object> {
  private readonly byDatabase: (db: Database) => LRUCache<number, Kept<T>>;

  /** At most `limit` landings per database; the least recently used goes first. */
  constructor(limit = 2000) {
    this.byDatabase = perDatabase(() => new LRUCache<number, Kept<T>>({ max: limit }));
  }

  get(db: Database, landingId: number, version: number): T | undefined {
    const kept = this.byDatabase(db).get(landingId);
    return kept?.version === version ? kept.value : undefined;
  }

  /** The copy kept of the landing, whatever its version: for a caller that checks the version itself. */
  latest(db: Database, landingId: number): Kept<T> | undefined {
    return this.byDatabase(db).get(landingId);
  }

  set(db: Database, landingId: number, version: number, value: T): void {
    this.byDatabase(db).set(landingId, { version, value });
  }
}

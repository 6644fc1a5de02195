import type { Database } from "./database";

/**
 * One `T` per database, made on its first use: what an instance keeps in memory of a database
 * (caches, versions) never mixes two of them, as tests that run several apps side by side need.
 */
export function perDatabase<T extends object>(make: () => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let found = made.get(db);
    if (!found) {
      found = make();
      made.set(db, found);
    }
    return found;
  };
}

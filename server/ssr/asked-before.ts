/**
 * Which searched pages were asked for before: a searched page is kept (in the page cache and the
 * kept answers) from its second request on. Most new searches are never asked for again, and
 * keeping each of them filled both caches with pages no one reads again, which the garbage
 * collector then had to walk: a new period on every request went from p99 24 to 30 ms to 21 to
 * 25 ms on a vehicle's page when such pages were not kept (issue 29, docs/performance.md).
 *
 * It remembers a 32-bit hash of each key, not the key: a collision only keeps a page one request
 * early, and the page itself stays keyed by its whole key. Past `capacity` it starts afresh.
 */
export class AskedBefore {
  private readonly seen = new Set<number>();

  constructor(private readonly capacity = 50_000) {}

  /** Whether `key` was asked for before; remembers that it has been now. */
  check(key: string): boolean {
    const hash = fnv1a(key);
    if (this.seen.has(hash)) return true;
    if (this.seen.size >= this.capacity) this.seen.clear();
    this.seen.add(hash);
    return false;
  }
}

/** FNV-1a over the key's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

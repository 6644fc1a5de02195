/**
 * Rendered pages kept in memory, least recently used out first. Keys hold the landing's content
 * version, so an edit (which bumps it in the database, on every instance) makes old entries
 * unreachable: they simply age out.
 */
export class PageCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 500) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size() {
    return this.entries.size;
  }
}

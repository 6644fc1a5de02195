/** How many workers Vitest runs at most (`vitest.config.ts`): one PostgreSQL database each. */
export const TEST_WORKERS_MAX = 4;

/** The database of Vitest worker `worker` (1, 2, ...), beside the migrated one at `baseUrl`. */
export function workerDatabaseUrl(baseUrl: string, worker: number): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

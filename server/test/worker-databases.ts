/** How many workers Vitest runs at most (`vitest.config.ts`): one PostgreSQL database each. */
export const TEST_WORKERS_MAX = 4;

/** The database of Vitest worker `worker` (1, 2, ...), beside the migrated one at `baseUrl`. */
export function workerDatabaseUrl(baseUrl: string, worker: number): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

/** The database name in a URL ("/nelly_ci_1" -> "nelly_ci_1"). */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

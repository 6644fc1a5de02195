// Node's flags for the production server: `npm start` (package.json, kept the same by
// server-flags.test.ts) and everything that starts it as npm start does (the bench, the browser
// tests, the screenshots).

/**
 * `--no-memory-reducer`: V8's memory reducer reads a thread that allocates little as one going idle
 * and collects its whole heap to shrink it. The server's thread, which hands the public pages to
 * the render threads and waits, allocates little while it is busy: under a load of pages it ran 70
 * to 90 full collections a minute, each holding every request in flight for up to 16 ms (a
 * vehicle's page with a new period: p99 22 to 30 ms with it, 12 to 17 without; issue 29,
 * docs/performance.md). V8 reads the flag when the process starts, so it cannot be set from the
 * server's own code.
 */
export const SERVER_NODE_FLAGS = ["--no-memory-reducer"];

import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

/**
 * The types Drizzle reads as PostgreSQL prints them and converts itself: timestamps, dates,
 * intervals and their arrays (numeric[] too). drizzle-orm/pglite hands PGlite a parser for each,
 * one that leaves the text as it is, with every query it sends.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;
const textParsers: Record<number, (value: string) => string> = Object.fromEntries(
  TEXT_TYPES.map((type) => [type, asText]),
);
const TEXT_KEYS = Object.keys(textParsers).join(",");

/** A query's options without Drizzle's parsers, when they are exactly those. */
function withoutTextParsers(options?: QueryOptions): QueryOptions | undefined {
  if (!options?.parsers || Object.keys(options.parsers).join(",") !== TEXT_KEYS) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * The client Drizzle is given: the same PGlite, reading Drizzle's text types as text itself, and
 * taking each query (a transaction's too) without Drizzle's parsers. PGlite merges a query's
 * parsers into its table of 318 on every query: 170 µs a query, a fifth of an embedded booking
 * (issue 29, docs/performance.md). Every value comes back as the stock driver reads it.
 */
export function withoutQueryParsers(client: PGlite): PGlite {
  // PGlite sets its array types' parsers as it opens, so Drizzle's go over them once it is open;
  // until then each query keeps its own.
  let aligned = false;
  client.waitReady.then(
    () => {
      Object.assign(client.parsers, textParsers);
      aligned = true;
    },
    () => {}, // a failed start is reported where it is awaited (client.ts)
  );
  const querying =
    (target: Pick<PGlite, "query">): PGlite["query"] =>
    (query, params, options) =>
      target.query(query, params, aligned ? withoutTextParsers(options) : options);
  const query = querying(client);
  const transaction: PGlite["transaction"] = (callback) =>
    client.transaction((tx) => callback(Object.create(tx, { query: { value: querying(tx) } }) as Transaction));
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      // PGlite's methods read its private fields: they must run on the client itself.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

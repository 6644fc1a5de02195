import { createHash } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL parses and analyses an unnamed statement anew each time it is sent; a named one only
 * the first time on each connection (issue 29, docs/performance.md). So each parameterised
 * statement goes out named by a hash of its text, and node-postgres sends its text only then.
 * Statements without parameters (BEGIN, COMMIT, the migrations) stay unnamed: nothing to reuse.
 *
 * Bounds: a statement with more than MAX_PARAMETERS parameters is a batch whose shape seldom repeats
 * (the rows of an import, a long list of ids) and stays unnamed; a connection keeps at most
 * NAMED_PER_CONNECTION statements, after which new ones go unnamed, so a connection's memory in
 * PostgreSQL stays bounded whatever the queries. A connection pooler between Nelly and PostgreSQL
 * must keep prepared statements (PgBouncer 1.21+ with `max_prepared_statements`; docs/architecture.md).
 */
export const MAX_PARAMETERS = 64;
export const NAMED_PER_CONNECTION = 1000;
/** The names of the texts seen, kept so a hash is computed once per text, cleared past this size. */
const NAMES_KEPT = 5000;

const names = new Map<string, string>();

/** The statement's name: 96 bits of its text's SHA-1, the same on every connection and instance. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `nelly_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Each execution is still planned for its own values: PostgreSQL would otherwise switch a statement
 * to one generic plan after five runs, and the owner's landings list at 50,000 bookings took 46 to
 * 66 ms with generic plans against 36 to 38 ms without (its counts over a list of landing ids).
 * Named statements still spare the parsing and analysis: a booking's PostgreSQL CPU 5.1-5.6 ms
 * unnamed, 4.5 named (and 3.0-3.3 with generic plans, which is why that was measured). A booking's
 * transaction, all key lookups and inserts, asks for generic plans (`plansInTransaction`).
 */
const CUSTOM_PLANS = "-c plan_cache_mode=force_custom_plan";

/**
 * A pool's connection whose parameterised statements are named (see above), in node-postgres's
 * pipeline mode: a statement goes out as soon as it is started, not once the one before it is
 * answered, so statements started together can go out in one write (`startTogether`, pipeline.ts).
 * Statements started one after the other's answer, as everywhere else, run as they always did.
 */
export class NamingClient extends pg.Client {
  private readonly named = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    const given = typeof config === "string" ? { connectionString: config } : (config ?? {});
    // A DATABASE_URL with its own `options=` replaces these (node-postgres reads the URL last).
    super({ ...given, pipeline: true, options: [given.options, CUSTOM_PLANS].filter(Boolean).join(" ") });
  }

  // node-postgres's `query` has many overloads; only a config object with parameters is changed.
  // biome-ignore lint/suspicious/noExplicitAny: forwarded as received, whatever the overload.
  override query(config: any, values?: any, callback?: any): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return super.query(this.withName(config, values) as any, values, callback);
  }

  private withName(config: unknown, values: unknown): unknown {
    if (config === null || typeof config !== "object") return config;
    const query = config as QueryConfig;
    if (typeof query.text !== "string" || query.name !== undefined) return config;
    const parameters = Array.isArray(values) ? values : Array.isArray(query.values) ? query.values : [];
    if (parameters.length === 0 || parameters.length > MAX_PARAMETERS) return config;
    const name = statementName(query.text);
    if (!this.named.has(name)) {
      if (this.named.size >= NAMED_PER_CONNECTION) return config;
      this.named.add(name);
    }
    return { ...query, name };
  }
}

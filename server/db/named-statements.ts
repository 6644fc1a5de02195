import { createHash } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL parses, analyses and plans an unnamed statement anew each time it is sent. A named
 * one is parsed once per connection and its plan kept: on a booking's 16 statements that was
 * 42 % of PostgreSQL's CPU (issue 29, docs/performance.md). So each parameterised statement goes
 * out named by a hash of its text, and the driver (node-postgres) sends its text only the first
 * time on each connection. Statements without parameters (BEGIN, COMMIT, the migrations) stay
 * unnamed: there is nothing to reuse.
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

/** A pool's connection whose parameterised statements are named (see above). */
export class NamingClient extends pg.Client {
  private readonly named = new Set<string>();

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

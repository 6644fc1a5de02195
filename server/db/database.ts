import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The one database type services see, whichever driver is behind it (`client.ts` opens it). Drizzle
 * is given no schema: nothing uses its relational queries (`db.query.*`), and with a schema every
 * transaction built a query builder per table, 2.4 % of the server's time on the booking's 409
 * path (issue 29).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

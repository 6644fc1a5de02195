import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * `column = 'value'` with the value written into the statement, never sent as a parameter: the
 * condition of a partial index (`where status = 'pending'`) is matched by a plan made for any values
 * (a generic plan: a prepared statement's after five runs, or every plan when a DATABASE_URL asks
 * for them) only when the statement says the same constant. For the fixed words of a status column.
 */
export function isConstant(column: Column, value: string): SQL {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`not a status word: ${value}`);
  return sql`${column} = ${sql.raw(`'${value}'`)}`;
}

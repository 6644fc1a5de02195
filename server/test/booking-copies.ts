import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * Copies of booking `id` written straight into the table: a history the API would take minutes to
 * make. Copy g (1 to `count`) has the booking's reference followed by `-`, `tag` and g (unique
 * whichever test file shares the database), `status`, and the booking's period moved by `days`
 * days (SQL of `g`, negative for the past); every other column is the booking's own.
 */
export async function copyBooking(
  db: Database,
  id: number,
  copies: { count: number; tag: string; status: string; days: SQL },
): Promise<void> {
  const [columns] = await rowsOf<{ copied: string }>(
    db,
    sql`
    select string_agg(quote_ident(column_name), ', ') as copied from information_schema.columns
    where table_name = 'reservations' and column_name not in
      ('id', 'reference', 'status', 'pickup_at', 'return_at', 'idempotency_key', 'customer_token_hash')`,
  );
  const copied = sql.raw(columns?.copied ?? "");
  await db.execute(sql`
    insert into reservations (${copied}, reference, status, pickup_at, return_at)
    select ${copied}, reference || '-' || ${copies.tag} || g, ${copies.status},
      pickup_at + (${copies.days}) * interval '1 day', return_at + (${copies.days}) * interval '1 day'
    from reservations, generate_series(1, ${copies.count}) g where id = ${id}`);
}

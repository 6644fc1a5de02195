import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "./client";
import type { Database } from "./database";
import { MAX_PARAMETERS, NAMED_PER_CONNECTION, statementName } from "./named-statements";
import { rowsOf } from "./rows";
import { vehicles } from "./schema";

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";

/** The statements prepared on the transaction's own connection, by text. */
async function preparedOn(tx: Database): Promise<string[]> {
  const rows = await rowsOf<{ statement: string }>(
    tx,
    sql`select statement from pg_prepared_statements where name like 'nelly\_%'`,
  );
  return rows.map((row) => row.statement);
}

describe("a statement's name", () => {
  it("is the same for the same text and differs with it, within PostgreSQL's 63 characters", () => {
    const name = statementName('select "id" from "vehicles" where "id" = $1');
    expect(name).toBe(statementName('select "id" from "vehicles" where "id" = $1'));
    expect(name).not.toBe(statementName('select "id" from "vehicles" where "id" = $2'));
    expect(name).toMatch(/^nelly_[0-9a-f]{24}$/);
  });
});

describe.skipIf(!onPostgres)("statements prepared once per PostgreSQL connection", async () => {
  // A skipped suite's body still runs while tests are collected: nothing to open without PostgreSQL.
  if (!onPostgres) return;
  const handle = await openPostgres(process.env.TEST_DATABASE_URL ?? "");
  afterAll(() => handle.close());
  const { db } = handle;

  it("prepares a parameterised statement the first time and reuses it after", async () => {
    const prepared = await db.transaction(async (tx) => {
      for (let round = 0; round < 3; round++) {
        await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, round));
      }
      return preparedOn(tx);
    });
    const selects = prepared.filter((text) => text.includes('from "vehicles" where "vehicles"."id" = $1'));
    expect(selects).toHaveLength(1);
  });

  it("plans each execution for its own values (no generic plans)", async () => {
    const rows = await rowsOf<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`);
    expect(rows[0]?.plan_cache_mode).toBe("force_custom_plan");
  });

  it("leaves a statement without parameters, or with more than its limit, unnamed", async () => {
    const prepared = await db.transaction(async (tx) => {
      await tx.execute(sql`select 'no parameters here' as said`);
      const ids = Array.from({ length: MAX_PARAMETERS + 1 }, (_, index) => -1 - index);
      await tx.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, ids));
      return preparedOn(tx);
    });
    expect(prepared.filter((text) => text.includes("no parameters here"))).toEqual([]);
    expect(prepared.filter((text) => text.includes(`$${MAX_PARAMETERS + 1}`))).toEqual([]);
  });

  it(`keeps at most ${NAMED_PER_CONNECTION} on a connection, and still answers past them`, async () => {
    const { prepared, last } = await db.transaction(async (tx) => {
      let last: { twice: number }[] = [];
      for (let index = 0; index <= NAMED_PER_CONNECTION + 5; index++) {
        last = await rowsOf<{ twice: number }>(tx, sql`select ${index}::int + ${sql.raw(String(index))} as twice`);
      }
      return { prepared: await preparedOn(tx), last };
    });
    expect(prepared.length).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
    expect(prepared.filter((text) => text.includes("as twice")).length).toBeGreaterThan(NAMED_PER_CONNECTION - 50);
    expect(last[0]?.twice).toBe(2 * (NAMED_PER_CONNECTION + 5));
  });
});

import { and, eq, sql } from "drizzle-orm";
import { PgDatabase, pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openTestDatabaseWithOwner } from "../test/app";
import { insertRows, insertRowsReturning, plansInTransaction, preparedPerTransaction } from "./prepared";
import { customerContacts, customers, outbox } from "./schema";

const { handle, db, ownerId } = await openTestDatabaseWithOwner("prepared");
afterAll(() => handle.close());

/** A customer with notes: a shape no other code inserts (the kept statements outlive a test file). */
const customer = (name: string, at: Date) => ({
  ownerId,
  notes: "de la prueba",
  name,
  email: `${name}@example.com`,
  phone: "",
  lastBookedAt: at,
  createdAt: at,
  updatedAt: at,
});

/** The name a transaction's own statement reads, before it commits. */
const nameQuery = preparedPerTransaction((tx, _shape: "name") =>
  tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, sql.placeholder("id")), eq(customers.ownerId, sql.placeholder("ownerId")))),
);

describe("statements built once and bound to each transaction", () => {
  it("builds an insert once per shape and writes what each call gives, nulls and defaults included", async () => {
    const building = vi.spyOn(PgDatabase.prototype, "insert");
    try {
      const first = new Date("2026-11-27T10:00:00.000Z");
      const second = new Date("2026-11-28T11:30:00.000Z");
      const [a] = await insertRowsReturning(db, customers, [customer("ana", first)]);
      const [b] = await insertRowsReturning(db, customers, [customer("bea", second)]);
      expect(building).toHaveBeenCalledTimes(1);
      expect(a).toMatchObject({ name: "ana", lastBookedAt: first, notes: "de la prueba", doNotRent: false });
      expect(b).toMatchObject({ name: "bea", lastBookedAt: second, createdAt: second });
      // A null is part of the shape: a new statement, which writes it.
      const [c] = await insertRowsReturning(db, customers, [{ ...customer("cris", first), doNotRentAt: null }]);
      expect(building).toHaveBeenCalledTimes(2);
      expect(c?.doNotRentAt).toBeNull();
      const [d] = await insertRowsReturning(db, customers, [{ ...customer("dani", first), doNotRentAt: second }]);
      expect(building).toHaveBeenCalledTimes(3);
      expect(d?.doNotRentAt).toEqual(second);
    } finally {
      building.mockRestore();
    }
  });

  it("runs in the caller's transaction: its reads see its writes, and a rollback keeps none", async () => {
    const at = new Date("2026-11-27T10:00:00.000Z");
    const seen: string[] = [];
    let createdId = 0;
    await expect(
      db.transaction(async (tx) => {
        const [created] = await insertRowsReturning(tx, customers, [customer("eva", at)]);
        createdId = created?.id ?? 0;
        await insertRows(tx, customerContacts, [
          { ownerId, kind: "email", value: "eva@example.com", customerId: createdId },
        ]);
        const [read] = await nameQuery(tx, "name").execute({ id: createdId, ownerId });
        seen.push(read?.name ?? "");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(seen).toEqual(["eva"]);
    expect(await db.select().from(customers).where(eq(customers.id, createdId))).toEqual([]);
    expect(await db.select().from(customerContacts).where(eq(customerContacts.customerId, createdId))).toEqual([]);
    // The same statements in the next transaction, on whatever connection it has.
    const name = await db.transaction(async (tx) => {
      const [created] = await insertRowsReturning(tx, customers, [customer("fer", at)]);
      const [read] = await nameQuery(tx, "name").execute({ id: created?.id, ownerId });
      return read?.name;
    });
    expect(name).toBe("fer");
  });

  it("skips a conflicting row when asked, answering only the rows written", async () => {
    const [holder] = await insertRowsReturning(db, customers, [customer("gil", new Date())]);
    const contact = { ownerId, kind: "phone" as const, value: "+18095550199", customerId: holder?.id ?? 0 };
    const options = { onConflictDoNothing: true };
    expect(await insertRowsReturning(db, customerContacts, [contact], options)).toHaveLength(1);
    expect(await insertRowsReturning(db, customerContacts, [contact], options)).toEqual([]);
    await expect(insertRows(db, customerContacts, [contact])).rejects.toThrow();
  });

  it("sends a notification with the insert, heard once the transaction commits and never after a rollback", async () => {
    const channel = `prepared_${process.pid}_${Date.now()}`;
    const heard: string[] = [];
    const stop = await handle.listen(channel, (payload) => heard.push(payload));
    const now = new Date();
    const mail = (recipient: string) => ({
      kind: "reservation.owner" as const,
      recipient,
      subject: "s",
      html: "h",
      text: "t",
      nextAttemptAt: now,
      createdAt: now,
    });
    try {
      await expect(
        db.transaction(async (tx) => {
          await insertRows(tx, outbox, [mail(`${channel}-a@example.com`)], { notify: { channel, payload: "rolled" } });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await db.transaction(async (tx) => {
        await insertRows(tx, outbox, [mail(`${channel}-b@example.com`), mail(`${channel}-c@example.com`)], {
          notify: { channel, payload: "committed" },
        });
        // Not before the commit.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toEqual([]);
      });
      await vi.waitFor(() => expect(heard).toEqual(["committed"]));
      const written = await db
        .select({ recipient: outbox.recipient })
        .from(outbox)
        .where(sql`${outbox.recipient} like ${`${channel}-%`}`)
        .orderBy(outbox.recipient);
      expect(written.map((row) => row.recipient)).toEqual([`${channel}-b@example.com`, `${channel}-c@example.com`]);
    } finally {
      await stop();
      await db.delete(outbox).where(sql`${outbox.recipient} like ${`${channel}-%`}`);
    }
  });

  it("plans a transaction's statements once when asked, and only that transaction's", async () => {
    const mode = async (on: typeof db) => {
      const { rows } = (await on.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as {
        rows: { mode: string }[];
      };
      return rows[0]?.mode;
    };
    // PostgreSQL's connections plan each run (named-statements.ts); PGlite keeps its default.
    const usual = handle.kind === "postgres" ? "force_custom_plan" : "auto";
    const inside = await db.transaction(async (tx) => {
      const before = await mode(tx);
      await plansInTransaction(tx, "auto");
      return [before, await mode(tx)];
    });
    expect(inside).toEqual([usual, "auto"]);
    expect(await db.transaction((tx) => mode(tx))).toBe(usual);
    const forced = await db.transaction(async (tx) => {
      await plansInTransaction(tx, "force_generic_plan");
      return mode(tx);
    });
    expect(forced).toBe("force_generic_plan");
    expect(await db.transaction((tx) => mode(tx))).toBe(usual);
  });

  it("refuses a table whose default is computed in JavaScript, which a kept statement would freeze", async () => {
    const stamped = pgTable("stamped", {
      id: serial("id").primaryKey(),
      token: text("token").$defaultFn(() => crypto.randomUUID()),
    });
    await expect(insertRows(db, stamped, [{}])).rejects.toThrow(/token has a default computed in JavaScript/);
  });
});

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteOptions } from "../db/client";
import { migrationsBefore } from "../test/migrations";

/**
 * Migration 0026's backfill (issue 28.7): the reservations made before customers existed get their
 * customers by the rule new bookings follow. Run on an embedded database migrated up to the
 * migration before, filled, then migrated to the end; PGlite only (PostgreSQL's test database is
 * migrated once for the whole run), the same SQL and PL/pgSQL either way.
 */

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";

describe.runIf(onPglite)("migration 0026's backfill of customers", () => {
  it("gives every existing booking its customer: by email, else by phone, else a new one, per owner", async () => {
    const client = await PGlite.create(pgliteOptions());
    afterAll(() => client.close());
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("_customers") });

    const owners = await client.query<{ id: number }>(
      `insert into users (name, email, password_hash) values ('A', 'a@example.com', 'x'), ('B', 'b@example.com', 'x') returning id`,
    );
    const [a, b] = owners.rows.map((row) => row.id);
    const landing = async (owner: number | undefined, name: string) =>
      (
        await client.query<{ id: number }>(
          `insert into landings (owner_id, name, display_name, logo, color_primary, color_secondary, default_language)
           values ($1, $2, $2, 'l.webp', '#000000', '#ffffff', 'es') returning id`,
          [owner, name],
        )
      ).rows[0]?.id;
    const landingA = await landing(a, "customers");
    const landingB = await landing(b, "otra");
    let n = 0;
    const book = async (
      owner: number | undefined,
      landingId: number | undefined,
      name: string,
      email: string,
      phone: string,
      total = 100_00,
    ) => {
      n += 1;
      const result = await client.query<{ id: number }>(
        `insert into reservations (owner_id, landing_id, reference, vehicle_name, place_of_departure, arrival_place,
           pickup_date, pickup_time, return_date, return_time, pickup_at, return_at, people, bags, name, last_name,
           email, phone, language, days, price_per_day_cents, rental_cents, addons_cents, subtotal_cents, tax_label,
           tax_rate_bp, tax_cents, total_cents, currency, created_at)
         values ($1, $2, $3, 'Corolla', 'Santiago', 'Santiago', '2026-01-01', '10:00', '2026-01-03', '10:00',
           '2026-01-01T14:00:00Z', '2026-01-03T14:00:00Z', 2, 0, $4, 'Peña', $5, $6, 'es', 2, 5000, 10000, 0, 10000,
           'ITBIS', 0, 0, $7, 'USD', $8)
         returning id`,
        [owner, landingId, `NLY-BF${String(n).padStart(4, "0")}`, name, email, phone, total, `2026-01-0${n}T10:00:00Z`],
      );
      return result.rows[0]?.id ?? 0;
    };
    const first = await book(a, landingA, "Ana", "ana@example.com", "+1 809 555 0101");
    const byPhone = await book(a, landingA, "Ana María", "", "809-555-0101");
    const byEmail = await book(a, landingA, "Ana", "ana@example.com", "+34 600 111 222");
    const other = await book(a, landingA, "Luis", "luis@example.com", "000");
    // The same person at another owner is another owner's customer.
    const elsewhere = await book(b, landingB, "Ana", "ana@example.com", "+1 809 555 0101");

    await migrate(db, { migrationsFolder });

    const customerOf = async (id: number) =>
      (await client.query<{ customer_id: number }>("select customer_id from reservations where id = $1", [id])).rows[0]
        ?.customer_id;
    const ana = await customerOf(first);
    expect(ana).toBeTypeOf("number");
    expect(await customerOf(byPhone)).toBe(ana);
    expect(await customerOf(byEmail)).toBe(ana);
    expect(await customerOf(other)).not.toBe(ana);
    expect(await customerOf(elsewhere)).not.toBe(ana);
    const customers = await client.query<Record<string, unknown>>(
      "select owner_id, name, email, phone, last_booked_at from customers order by id",
    );
    expect(customers.rows).toEqual([
      {
        owner_id: a,
        name: "Ana Peña",
        email: "ana@example.com",
        phone: "+34 600 111 222",
        last_booked_at: new Date("2026-01-03T10:00:00Z"),
      },
      {
        owner_id: a,
        name: "Luis Peña",
        email: "luis@example.com",
        phone: "000",
        last_booked_at: new Date("2026-01-04T10:00:00Z"),
      },
      {
        owner_id: b,
        name: "Ana Peña",
        email: "ana@example.com",
        phone: "+1 809 555 0101",
        last_booked_at: new Date("2026-01-05T10:00:00Z"),
      },
    ]);
    const contacts = await client.query<{ kind: string; value: string }>(
      "select kind, value from customer_contacts where customer_id = $1 order by kind, value",
      [ana],
    );
    expect(contacts.rows).toEqual([
      { kind: "email", value: "ana@example.com" },
      { kind: "phone", value: "4600111222" },
      { kind: "phone", value: "8095550101" },
    ]);
    // A landing published at /customers keeps its site beside the dashboard's new page.
    const renamed = await client.query<{ name: string }>("select name from landings where id = $1", [landingA]);
    expect(renamed.rows[0]?.name).toBe("customers-site");
  });
});

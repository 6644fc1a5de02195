import { agreePrice } from "@domain/agreed-price";
import { priceRental } from "@domain/pricing";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteOptions } from "../db/client";
import { migrationsBefore } from "../test/migrations";

/**
 * Migration 0037: bookings made at an agreed price before it kept the rules' subtotal and tax; they
 * get the agreed total's, split as `agreePrice` splits a new booking's. Run on an embedded database
 * migrated up to the migration before, filled, then migrated to the end; PGlite only (PostgreSQL's
 * test database is migrated once for the whole run), the same SQL either way.
 */

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";

type Stored = { id: number; subtotal_cents: string; tax_cents: string; total_cents: string; list_total_cents: string };

describe.runIf(onPglite)("migration 0037's split of agreed prices", () => {
  // Migrating an embedded database from nothing takes a while on a busy machine.
  it("gives each booking at an agreed price its total's subtotal and tax at its own rate, and leaves the others", {
    timeout: 120_000,
  }, async () => {
    const client = await PGlite.create(pgliteOptions());
    afterAll(() => client.close());
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore("_agreed_price_split") });
    const [owner] = (
      await client.query<{ id: number }>(
        `insert into users (name, email, password_hash) values ('A', 'a@example.com', 'x') returning id`,
      )
    ).rows;
    const [landing] = (
      await client.query<{ id: number }>(
        `insert into landings (owner_id, name, display_name, logo, color_primary, color_secondary, default_language)
         values ($1, 'agreed', 'agreed', 'l.webp', '#000000', '#ffffff', 'es') returning id`,
        [owner?.id],
      )
    ).rows;
    // As the desk stored them: the rules' lines, subtotal and tax (3 days at 100.00), the agreed total.
    let n = 0;
    const book = async (rateBasisPoints: number, totalCents: number, agreed: boolean) => {
      n += 1;
      const rules = priceRental({
        pricePerDayCents: 100_00,
        days: 3,
        addons: [],
        taxRateBasisPoints: rateBasisPoints,
        taxLabel: "ITBIS",
        currency: "USD",
      });
      const result = await client.query<{ id: number }>(
        `insert into reservations (owner_id, landing_id, reference, vehicle_name, place_of_departure, arrival_place,
           pickup_date, pickup_time, return_date, return_time, pickup_at, return_at, people, bags, name, last_name,
           email, phone, language, days, price_per_day_cents, rental_cents, addons_cents, subtotal_cents, tax_label,
           tax_rate_bp, tax_cents, total_cents, currency, source, list_total_cents, price_override_reason)
         values ($1, $2, $3, 'Corolla', 'Santiago', 'Santiago', '2026-01-01', '10:00', '2026-01-04', '10:00',
           '2026-01-01T14:00:00Z', '2026-01-04T14:00:00Z', 2, 0, 'Ana', 'Peña', '', '809', 'es', 3, 10000, 30000, 0,
           $4, 'ITBIS', $5, $6, $7, 'USD', 'manual', $8, $9)
         returning id`,
        [
          owner?.id,
          landing?.id,
          `NLY-AG${String(n).padStart(4, "0")}`,
          rules.subtotalCents,
          rateBasisPoints,
          rules.taxCents,
          agreed ? totalCents : rules.totalCents,
          agreed ? rules.totalCents : null,
          agreed ? "Cliente frecuente" : null,
        ],
      );
      return { id: result.rows[0]?.id ?? 0, rules };
    };
    const usual = await book(18_00, 0, false);
    const agreed = await book(18_00, 320_00, true);
    const untaxed = await book(0, 250_00, true);
    // Totals of every size and rates of every kind, split by the SQL as by the domain.
    const many = [];
    for (let i = 0; i < 60; i++) {
      const rate = [18_00, 16_00, 7_25, 12_50, 0][i % 5] ?? 0;
      many.push(await book(rate, (i * 7_919 + i * i * 131) % 2_000_000, true));
    }

    await migrate(drizzle(client), { migrationsFolder });

    const rows = new Map(
      (await client.query<Stored>("select * from reservations")).rows.map((row) => [
        row.id,
        {
          subtotalCents: Number(row.subtotal_cents),
          taxCents: Number(row.tax_cents),
          totalCents: Number(row.total_cents),
          listTotalCents: row.list_total_cents === null ? null : Number(row.list_total_cents),
        },
      ]),
    );
    expect(rows.get(usual.id)).toEqual({
      subtotalCents: 300_00,
      taxCents: 54_00,
      totalCents: 354_00,
      listTotalCents: null,
    });
    expect(rows.get(agreed.id)).toEqual({
      subtotalCents: 271_19,
      taxCents: 48_81,
      totalCents: 320_00,
      listTotalCents: 354_00,
    });
    expect(rows.get(untaxed.id)).toEqual({
      subtotalCents: 250_00,
      taxCents: 0,
      totalCents: 250_00,
      listTotalCents: 300_00,
    });
    for (const { id, rules } of many) {
      const row = rows.get(id);
      const split = agreePrice(rules, row?.totalCents ?? -1);
      expect(row).toMatchObject({ subtotalCents: split.subtotalCents, taxCents: split.taxCents });
    }
  });
});

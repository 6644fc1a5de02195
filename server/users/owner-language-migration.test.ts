import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, pgliteOptions } from "../db/client";
import { migrationsBefore } from "../test/migrations";

/**
 * Migration 0040: the owner's language moves onto their account. Owners who had a landing read
 * its emails in its language until then, and keep that one (their first landing's); the others
 * start in Spanish, as the dashboard does. Run on an embedded database migrated up to the migration
 * before, filled, then migrated to the end; PGlite only (PostgreSQL's test database is migrated once
 * for the whole run), the same SQL either way.
 */

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";

describe.runIf(onPglite)("migration 0040's owner language", () => {
  // Migrating an embedded database from nothing takes a while on a busy machine.
  it("gives each owner their first landing's language, and Spanish to an owner without one", {
    timeout: 120_000,
  }, async () => {
    const client = await PGlite.create(pgliteOptions());
    afterAll(() => client.close());
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore("_owner_language") });
    const owner = async (email: string) =>
      (
        await client.query<{ id: number }>(
          `insert into users (name, email, password_hash) values ('A', $1, 'x') returning id`,
          [email],
        )
      ).rows[0]?.id;
    const landing = (ownerId: number | undefined, name: string, language: string) =>
      client.query(
        `insert into landings (owner_id, name, display_name, logo, color_primary, color_secondary, default_language)
         values ($1, $2, $2, 'l.webp', '#000000', '#ffffff', $3)`,
        [ownerId, name, language],
      );
    const english = await owner("en@example.com");
    await landing(english, "first-en", "en");
    await landing(english, "second-es", "es");
    const spanish = await owner("es@example.com");
    await landing(spanish, "only-es", "es");
    const none = await owner("none@example.com");

    await migrate(drizzle(client), { migrationsFolder });

    const languages = new Map(
      (await client.query<{ id: number; language: string }>("select id, language from users")).rows.map((row) => [
        row.id,
        row.language,
      ]),
    );
    expect([languages.get(english ?? 0), languages.get(spanish ?? 0), languages.get(none ?? 0)]).toEqual([
      "en",
      "es",
      "es",
    ]);
    // The column holds only the languages the product speaks.
    await expect(client.query("update users set language = 'fr' where id = $1", [none])).rejects.toThrow(
      /users_language_check/,
    );
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, locations, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import { seedDemo } from "./seed";

const { app, db, config, clock, storage } = await createTestApp();

describe("seedDemo", () => {
  // Only the embedded database is seeded; the shared PostgreSQL test database already has owners.
  it.skipIf(process.env.NELLY_TEST_DATABASE === "postgres")(
    "creates a demo owner with a published landing, vehicles and locations, once",
    async () => {
      const demo = await seedDemo({ db, config, clock, storage });
      expect(demo).toMatchObject({ email: "demo@nelly.local", landing: "caribe-autos-demo" });
      const [landing] = await db.select().from(landings).where(eq(landings.name, "caribe-autos-demo"));
      expect(landing).toMatchObject({ status: "published", defaultLanguage: "es" });
      const fleet = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.landingId, landing?.id ?? 0));
      expect(fleet).toHaveLength(3);
      const [vehicle] = fleet;
      expect(
        await db
          .select()
          .from(locations)
          .where(eq(locations.landingId, landing?.id ?? 0)),
      ).toHaveLength(3);

      const login = await app.inject({
        method: "POST",
        url: "/api/login-nelly",
        payload: { email: demo?.email, password: demo?.password },
      });
      expect(login.statusCode).toBe(200);
      // Its travellers have a way to reach it: the call button on its vehicle's page.
      const vehiclePage = await app.inject({ method: "GET", url: `/caribe-autos-demo/vehicles/${vehicle?.id}` });
      expect(vehiclePage.statusCode).toBe(200);
      expect(vehiclePage.body).toContain('href="tel:+18095550100"');
      expect(await seedDemo({ db, config, clock, storage })).toBeNull();
    },
  );
});

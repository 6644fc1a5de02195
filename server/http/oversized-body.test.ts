import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, browser, signUp } from "../test/factories";

const { app, db } = await createTestApp();

const total = async (table: typeof reservations | typeof landings) =>
  (await db.select({ n: count() }).from(table))[0]?.n;

describe("oversized bodies (issue 13.5)", () => {
  it("refuses a JSON body over 1 MB with 413 in the caller's language, storing nothing", async () => {
    const before = await total(reservations);
    const huge = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    const answers = await Promise.all(
      ["es", "en"].map((language) =>
        app.inject({
          method: "POST",
          url: "/api/reservations",
          payload: huge,
          headers: { "content-type": "application/json", "accept-language": language },
        }),
      ),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [413, { message: "La solicitud es demasiado grande." }],
      [413, { message: "The request is too large." }],
    ]);
    expect(await total(reservations)).toBe(before);
  });

  it("refuses an owner's oversized JSON the same way, whatever the session", async () => {
    const owner = await signUp(app);
    const before = await total(landings);
    for (const headers of [bearer(owner), browser(owner)]) {
      const answer = await app.inject({
        method: "POST",
        url: "/api/landing",
        payload: JSON.stringify({ name: "grande", seo_description: "é".repeat(600_000) }),
        headers: { ...headers, "content-type": "application/json", "accept-language": "es" },
      });
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toEqual({ message: "La solicitud es demasiado grande." });
    }
    expect(await total(landings)).toBe(before);
  });
});

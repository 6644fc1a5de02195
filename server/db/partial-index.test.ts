import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { isConstant } from "./partial-index";
import { reservations } from "./schema";

describe("isConstant", () => {
  it("writes the status into the statement, with no parameter", () => {
    const query = new PgDialect().sqlToQuery(isConstant(reservations.status, "on_rent"));
    expect(query).toEqual({ sql: `"reservations"."status" = 'on_rent'`, params: [] });
  });

  it("refuses anything but a status word, so nothing can be written into the statement", () => {
    for (const value of ["x' or '1'='1", "Pending", "", "on rent"]) {
      expect(() => isConstant(reservations.status, value)).toThrow("not a status word");
    }
  });
});

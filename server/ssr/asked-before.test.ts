import { describe, expect, it } from "vitest";
import { AskedBefore } from "./asked-before";

describe("the pages asked for before", () => {
  it("answers no the first time a key is asked for and yes from the second, key by key", () => {
    const asked = new AskedBefore();
    expect(asked.check("/flota/vehicle|from=2026-12-01")).toBe(false);
    expect(asked.check("/flota/vehicle|from=2026-12-02")).toBe(false);
    expect(asked.check("/flota/vehicle|from=2026-12-01")).toBe(true);
    expect(asked.check("/flota/vehicle|from=2026-12-01")).toBe(true);
    expect(asked.check("/flota/vehicle|from=2026-12-02")).toBe(true);
  });

  it("starts afresh once it holds its capacity, so new searches never grow it without end", () => {
    const asked = new AskedBefore(3);
    for (const key of ["a", "b", "c"]) asked.check(key);
    expect(asked.check("a")).toBe(true);
    expect(asked.check("d")).toBe(false); // full: forgets a, b and c, remembers d
    expect(asked.check("a")).toBe(false);
    expect(asked.check("d")).toBe(true);
  });
});

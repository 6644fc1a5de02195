import { describe, expect, it } from "vitest";
import { formatAddons, parseAddons, setAddonQuantity } from "./addons";

const SEAT = { id: 3, kind: "child_seat", max_quantity: 20 } as const;
const GPS = { id: 5, kind: "equipment", max_quantity: 20 } as const;
const COVERAGE = { id: 8, kind: "coverage", max_quantity: 20 } as const;
const TWO_SEATS = { id: 9, kind: "child_seat", max_quantity: 2 } as const;
const KNOWN = [SEAT, GPS, COVERAGE];

describe("parseAddons", () => {
  it("reads id:quantity pairs of the landing's own add-ons", () => {
    expect(parseAddons("3:2,5:1", KNOWN)).toEqual([
      { id: 3, quantity: 2 },
      { id: 5, quantity: 1 },
    ]);
  });

  it("drops unknown ids, repeats and bad quantities; a missing quantity is 1; caps at the server's maximum", () => {
    expect(parseAddons("9:1,3,3:4,5:0,8:x,5:99", KNOWN)).toEqual([
      { id: 3, quantity: 1 },
      { id: 5, quantity: 20 },
    ]);
    expect(parseAddons(undefined, KNOWN)).toEqual([]);
    expect(parseAddons("", KNOWN)).toEqual([]);
  });

  it("caps each add-on at the owner's maximum, and a coverage at one", () => {
    expect(parseAddons("8:2,9:5", [COVERAGE, TWO_SEATS])).toEqual([
      { id: 8, quantity: 1 },
      { id: 9, quantity: 2 },
    ]);
  });
});

describe("setAddonQuantity", () => {
  it("adds at the end, changes in place and removes at 0", () => {
    const one = setAddonQuantity([], SEAT, 1);
    const two = setAddonQuantity(one, GPS, 1);
    expect(formatAddons(two)).toBe("3:1,5:1");
    expect(formatAddons(setAddonQuantity(two, SEAT, 2))).toBe("3:2,5:1");
    expect(formatAddons(setAddonQuantity(two, SEAT, 0))).toBe("5:1");
  });

  it("keeps a quantity between 1 and what the add-on allows", () => {
    expect(setAddonQuantity([{ id: 3, quantity: 20 }], SEAT, 21)).toEqual([{ id: 3, quantity: 20 }]);
    expect(setAddonQuantity([{ id: 3, quantity: 2 }], SEAT, 0.5)).toEqual([{ id: 3, quantity: 1 }]);
    expect(setAddonQuantity([{ id: 9, quantity: 2 }], TWO_SEATS, 3)).toEqual([{ id: 9, quantity: 2 }]);
    expect(setAddonQuantity([], COVERAGE, 2)).toEqual([{ id: 8, quantity: 1 }]);
  });
});

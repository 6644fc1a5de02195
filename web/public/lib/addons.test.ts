import { describe, expect, it } from "vitest";
import { formatAddons, parseAddons, setAddonQuantity } from "./addons";

const KNOWN = [{ id: 3 }, { id: 5 }, { id: 8 }];

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
});

describe("setAddonQuantity", () => {
  it("adds at the end, changes in place and removes at 0", () => {
    const one = setAddonQuantity([], 3, 1);
    const two = setAddonQuantity(one, 5, 1);
    expect(formatAddons(two)).toBe("3:1,5:1");
    expect(formatAddons(setAddonQuantity(two, 3, 2))).toBe("3:2,5:1");
    expect(formatAddons(setAddonQuantity(two, 3, 0))).toBe("5:1");
  });

  it("keeps a quantity between 1 and 20", () => {
    expect(setAddonQuantity([{ id: 3, quantity: 20 }], 3, 21)).toEqual([{ id: 3, quantity: 20 }]);
    expect(setAddonQuantity([{ id: 3, quantity: 2 }], 3, 0.5)).toEqual([{ id: 3, quantity: 1 }]);
  });
});

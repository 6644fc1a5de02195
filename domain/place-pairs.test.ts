import { describe, expect, it } from "vitest";
import { defaultReturn, findPair, pairProblem, pickupPlaces, returnPlaces } from "./place-pairs";

const pair = (from: string, to: string, fee = 0) => ({
  place_of_departure: from,
  arrival_place: to,
  one_way_fee_cents: fee,
});
const pairs = [pair("STI", "STI"), pair("Oficina", "SDQ", 40_00), pair(" sti", "Oficina"), pair("Oficina", "STI")];

describe("the trips a landing offers", () => {
  it("offers each pair's pickup place once, first spelling first, in the owner's order", () => {
    expect(pickupPlaces(pairs)).toEqual(["STI", "Oficina"]);
    expect(pickupPlaces([pair(" ", "STI")])).toEqual([]);
  });

  it("offers as returns only what the pickup's pairs allow", () => {
    expect(returnPlaces(pairs, "sti")).toEqual(["STI", "Oficina"]);
    expect(returnPlaces(pairs, "Oficina")).toEqual(["SDQ", "STI"]);
    expect(returnPlaces(pairs, "SDQ")).toEqual([]);
  });

  it("finds a pair whatever its case and spaces, and nothing for a pair never created", () => {
    expect(findPair(pairs, " oficina", "sdq ")?.one_way_fee_cents).toBe(40_00);
    expect(findPair(pairs, "SDQ", "Oficina")).toBeUndefined();
  });

  it("returns at the same place when the round trip is offered, else at the first place allowed", () => {
    expect(defaultReturn(pairs, "STI")).toBe("STI");
    expect(defaultReturn(pairs, "Oficina")).toBe("SDQ");
    expect(defaultReturn(pairs, "Nowhere")).toBe("Nowhere");
  });

  it("names the pickup no pair starts at, else the pair not offered", () => {
    expect(pairProblem(pairs, "STI", "Oficina")).toBeNull();
    expect(pairProblem(pairs, " SDQ ", "SDQ")).toEqual({
      field: "place_of_departure",
      key: "pickupNotOffered",
      params: { place: "SDQ" },
    });
    expect(pairProblem(pairs, "Oficina", " Oficina")).toEqual({
      field: "arrival_place",
      key: "pairNotOffered",
      params: { pickup: "Oficina", dropoff: "Oficina" },
    });
  });
});

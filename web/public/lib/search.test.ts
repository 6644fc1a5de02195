import { describe, expect, it } from "vitest";
import {
  defaultSearch,
  hasSearch,
  maxSeatsOf,
  placesOf,
  searchDays,
  searchFromQuery,
  searchQuery,
  validateSearch,
} from "./search";

const PLACES = ["Santiago", "La Romana", "Punta Cana"];
const pair = (from: string, to: string) => ({ place_of_departure: from, arrival_place: to });
/** Round trips at each place, as a landing whose places were added one by one has them. */
const PAIRS = PLACES.map((place) => pair(place, place));

describe("placesOf", () => {
  it("lists every place once, pickup and return alike, in the owner's order", () => {
    const locations = [
      { id: 1, place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 0 },
      { id: 2, place_of_departure: "Punta Cana", arrival_place: " punta cana ", one_way_fee_cents: 0 },
      { id: 3, place_of_departure: "santiago", arrival_place: "", one_way_fee_cents: 0 },
    ];
    expect(placesOf({ locations })).toEqual(PLACES);
  });
});

describe("defaultSearch (PRODUCT §5)", () => {
  it("picks up tomorrow at 10:00 at the first place and returns three days later at 10:00 there", () => {
    expect(defaultSearch("2027-02-27", PAIRS, 5)).toEqual({
      pickup: "Santiago",
      dropoff: "Santiago",
      from: "2027-02-28",
      fromTime: "10:00",
      to: "2027-03-03",
      toTime: "10:00",
      seats: 2,
    });
  });

  it("never offers more seats than the largest vehicle", () => {
    expect(defaultSearch("2027-01-01", PAIRS, 1).seats).toBe(1);
    expect(maxSeatsOf([])).toBe(1);
    expect(maxSeatsOf([{ people: 5 }, { people: 10 }])).toBe(10);
  });
});

describe("defaultSearch and searchFromQuery with one-way pairs (issue 25.2)", () => {
  // The operator's report: Oficina -> SDQ only (no round trip at Oficina), then STI -> STI.
  const pairs = [pair("Oficina", "SDQ"), pair("STI", "STI")];

  it("starts at the first pickup place and returns where that pickup allows, never at a place it does not", () => {
    expect(defaultSearch("2027-04-01", pairs, 5)).toMatchObject({ pickup: "Oficina", dropoff: "SDQ" });
    expect(searchFromQuery({ from: "2027-05-01" }, "2027-04-01", pairs, 5)).toMatchObject({
      pickup: "Oficina",
      dropoff: "SDQ",
    });
  });

  it("reads a pickup without a return as a round trip, so a trip not offered is shown, not replaced", () => {
    expect(searchFromQuery({ pickup: "STI" }, "2027-04-01", pairs, 5)).toMatchObject({ pickup: "STI", dropoff: "STI" });
    expect(searchFromQuery({ pickup: "Oficina" }, "2027-04-01", pairs, 5)).toMatchObject({
      pickup: "Oficina",
      dropoff: "Oficina",
    });
  });
});

describe("searchFromQuery", () => {
  it("reads the query and fills the rest from the defaults; the return place defaults to the pickup", () => {
    const search = searchFromQuery({ pickup: "La Romana", from: "2027-05-01", seats: "4" }, "2027-04-01", PAIRS, 5);
    expect(search).toMatchObject({ pickup: "La Romana", dropoff: "La Romana", from: "2027-05-01", seats: 4 });
    expect(search.to).toBe("2027-04-05");
  });

  it("keeps seats between 1 and the largest vehicle", () => {
    expect(searchFromQuery({ seats: "40" }, "2027-04-01", PAIRS, 5).seats).toBe(5);
    expect(searchFromQuery({ seats: "0" }, "2027-04-01", PAIRS, 5).seats).toBe(2);
    expect(searchFromQuery({ seats: "x" }, "2027-04-01", PAIRS, 5).seats).toBe(2);
  });

  it("knows a search from a query without one", () => {
    expect(hasSearch({ from: "2027-05-01", to: "2027-05-03" })).toBe(true);
    expect(hasSearch({ from: "2027-05-01" })).toBe(false);
  });
});

describe("validateSearch", () => {
  const valid = defaultSearch("2027-04-01", PAIRS, 5);

  it("accepts the defaults", () => {
    expect(validateSearch(valid, "2027-04-01", PLACES)).toEqual({});
  });

  it("refuses a pickup before today, and one already past given the wall clock", () => {
    expect(validateSearch({ ...valid, from: "2027-03-31" }, "2027-04-01", PLACES).from).toBe("pickupInPast");
    const now = { date: "2027-04-02", time: "11:00" };
    // The same day at an hour gone by: the hour is what passed.
    expect(validateSearch(valid, "2027-04-01", PLACES, now).fromTime).toBe("pickupTimeInPast");
    // A page left open past midnight: the date itself has passed.
    expect(validateSearch(valid, "2027-04-01", PLACES, { date: "2027-04-03", time: "08:00" }).from).toBe(
      "pickupInPast",
    );
    expect(validateSearch(valid, "2027-04-01", PLACES, { date: "2027-04-02", time: "09:59" })).toEqual({});
  });

  it("refuses a return that is not after the pickup", () => {
    const same = { ...valid, to: valid.from, toTime: valid.fromTime };
    expect(validateSearch(same, "2027-04-01", PLACES).to).toBe("returnBeforePickup");
    expect(validateSearch({ ...valid, to: "2027-04-01" }, "2027-04-01", PLACES).to).toBe("returnBeforePickup");
  });

  it("refuses a rental longer than the platform takes (nothing is priced for it)", () => {
    const year = { ...valid, from: "2027-04-10", fromTime: "10:00", to: "2028-04-09", toTime: "10:00" };
    expect(validateSearch(year, "2027-04-01", PLACES)).toEqual({});
    expect(validateSearch({ ...year, toTime: "10:01" }, "2027-04-01", PLACES).to).toBe("rentalTooLong");
    expect(validateSearch({ ...year, to: "2999-12-30" }, "2027-04-01", PLACES).to).toBe("rentalTooLong");
  });

  it("names impossible dates and times, missing values and unknown places", () => {
    const errors = validateSearch(
      { ...valid, pickup: "Madrid", dropoff: "Paris", from: "2027-02-30", to: "", fromTime: "25:00", toTime: "" },
      "2027-01-01",
      PLACES,
    );
    expect(errors).toEqual({
      pickup: "placeUnknown",
      from: "dateInvalid",
      to: "required",
      fromTime: "timeInvalid",
      toTime: "required",
    });
  });

  it("names an unknown return from a known pickup, and only the pickup when both are unknown", () => {
    expect(validateSearch({ ...valid, dropoff: "Paris" }, "2027-04-01", PLACES)).toEqual({ dropoff: "placeUnknown" });
    expect(validateSearch({ ...valid, pickup: "Madrid", dropoff: "Paris" }, "2027-04-01", PLACES)).toEqual({
      pickup: "placeUnknown",
    });
  });

  it("matches places without regard to case or spacing", () => {
    expect(validateSearch({ ...valid, pickup: " la romana " }, "2027-04-01", PLACES)).toEqual({});
  });
});

describe("searchDays and searchQuery", () => {
  it("counts whole 24-hour periods, rounded up", () => {
    const search = { ...defaultSearch("2027-04-01", PAIRS, 5) };
    expect(searchDays(search)).toBe(3);
    expect(searchDays({ ...search, toTime: "10:01" })).toBe(4);
  });

  it("leaves the return place out when it is the pickup place", () => {
    const search = defaultSearch("2027-04-01", PAIRS, 5);
    expect(searchQuery(search)).toEqual({
      pickup: "Santiago",
      from: "2027-04-02",
      fromTime: "10:00",
      to: "2027-04-05",
      toTime: "10:00",
      seats: "2",
    });
    expect(searchQuery({ ...search, dropoff: "La Romana" }).dropoff).toBe("La Romana");
  });
});

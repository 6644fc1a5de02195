import { describe, expect, it } from "vitest";
import {
  addDays,
  isBirthDate,
  isIsoDate,
  nextHalfHour,
  rentalDays,
  timeZoneCity,
  toInstant,
  toLocal,
} from "./rental-time";

const at = (date: string, time: string) => ({ date, time });

describe("rentalDays", () => {
  it.each([
    [at("2027-03-01", "10:00"), at("2027-03-02", "10:00"), 1],
    [at("2027-03-01", "10:00"), at("2027-03-02", "10:01"), 2],
    [at("2027-03-01", "10:00"), at("2027-03-01", "10:30"), 1],
    [at("2027-03-01", "10:00"), at("2027-03-01", "10:00"), 1],
    [at("2027-03-01", "10:00"), at("2027-03-04", "09:59"), 3],
    [at("2027-02-27", "12:00"), at("2027-03-01", "12:00"), 2],
    [at("2028-02-28", "12:00"), at("2028-03-01", "12:00"), 2],
    [at("2027-12-30", "08:00"), at("2028-01-02", "08:00"), 3],
    [at("2027-01-31", "23:59"), at("2027-02-01", "00:00"), 1],
  ])("%o to %o is %i day(s)", (pickup, dropoff, days) => {
    expect(rentalDays(pickup, dropoff)).toBe(days);
  });

  it("counts on the wall clock, so a daylight-saving change never adds or removes a day", () => {
    // New York: clocks go forward on 2027-03-14 and back on 2027-11-07.
    expect(rentalDays(at("2027-03-13", "10:00"), at("2027-03-16", "10:00"))).toBe(3);
    expect(rentalDays(at("2027-11-06", "10:00"), at("2027-11-09", "10:00"))).toBe(3);
  });

  it("answers null for impossible dates and times", () => {
    expect(rentalDays(at("2027-02-30", "10:00"), at("2027-03-02", "10:00"))).toBeNull();
    expect(rentalDays(at("2027-03-01", "24:00"), at("2027-03-02", "10:00"))).toBeNull();
    expect(rentalDays(at("2027-03-01", "10:00"), at("01-03-2027", "10:00"))).toBeNull();
    expect(rentalDays(at("2027-03-01", "9:00"), at("2027-03-02", "10:00"))).toBeNull();
  });
});

describe("toInstant and toLocal", () => {
  it("reads wall-clock times in the landing's zone", () => {
    expect(toInstant(at("2027-03-01", "10:00"), "America/Santo_Domingo")?.toISOString()).toBe(
      "2027-03-01T14:00:00.000Z",
    );
    expect(toInstant(at("2027-07-01", "10:00"), "Europe/Madrid")?.toISOString()).toBe("2027-07-01T08:00:00.000Z");
    expect(toInstant(at("2027-01-01", "10:00"), "UTC")?.toISOString()).toBe("2027-01-01T10:00:00.000Z");
  });

  it("moves a time skipped by spring-forward ahead by the gap, and takes the first of a repeated time", () => {
    // 2027-03-14 02:30 never happens in New York; 2027-11-07 01:30 happens twice.
    expect(toInstant(at("2027-03-14", "02:30"), "America/New_York")?.toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(toInstant(at("2027-11-07", "01:30"), "America/New_York")?.toISOString()).toBe("2027-11-07T05:30:00.000Z");
    expect(toInstant(at("2027-11-07", "03:00"), "America/New_York")?.toISOString()).toBe("2027-11-07T08:00:00.000Z");
    // Just after spring-forward the offset is the new one, though it was not at that hour in UTC.
    expect(toInstant(at("2027-03-14", "03:30"), "America/New_York")?.toISOString()).toBe("2027-03-14T07:30:00.000Z");
  });

  it("round-trips through the zone's wall clock", () => {
    const instant = toInstant(at("2027-10-31", "23:45"), "Europe/Madrid");
    expect(instant && toLocal(instant, "Europe/Madrid")).toEqual(at("2027-10-31", "23:45"));
    expect(toInstant(at("2027-13-01", "10:00"), "UTC")).toBeNull();
  });
});

describe("calendar helpers", () => {
  it("checks real dates and adds days across months and years", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2027-1-01")).toBe(false);
    expect(isIsoDate("2027-13-01")).toBe(false);
    expect(isIsoDate("2027-04-31")).toBe(false);
    expect(isIsoDate("2027-01-00")).toBe(false);
    // Years Nelly can book: 2000 to 2999.
    expect(isIsoDate("2000-01-01")).toBe(true);
    expect(isIsoDate("2999-12-31")).toBe(true);
    expect(isIsoDate("1999-12-31")).toBe(false);
    expect(isIsoDate("3000-01-01")).toBe(false);
    expect(addDays("not-a-date", 1)).toBe("not-a-date");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });
});

describe("isBirthDate", () => {
  it.each([
    ["1900-01-01", true],
    ["1969-02-29", false],
    ["1972-02-29", true],
    ["1899-12-31", false],
    ["1990-13-01", false],
    ["1990-5-05", false],
    ["05-05-1990", false],
  ])("%s is %s", (date, expected) => {
    expect(isBirthDate(date)).toBe(expected);
  });
});

describe("the last answer remembered (a list prices one period for each vehicle)", () => {
  it("answers each call for its own arguments, the same ones again or others in turn", () => {
    const pickup = { date: "2027-03-02", time: "10:00" };
    const other = { date: "2027-11-07", time: "01:30" };
    const first = toInstant(pickup, "America/Santo_Domingo");
    expect(first?.toISOString()).toBe("2027-03-02T14:00:00.000Z");
    expect(toInstant(pickup, "Europe/Madrid")?.toISOString()).toBe("2027-03-02T09:00:00.000Z");
    // New York's fall-back hour: the first 01:30, in daylight time.
    expect(toInstant(other, "America/New_York")?.toISOString()).toBe("2027-11-07T05:30:00.000Z");
    expect(toInstant({ ...pickup, date: "2027-02-30" }, "America/Santo_Domingo")).toBeNull();
    expect(toInstant(pickup, "America/Santo_Domingo")?.toISOString()).toBe("2027-03-02T14:00:00.000Z");
    expect(rentalDays(pickup, { date: "2027-03-05", time: "10:00" })).toBe(3);
    expect(rentalDays(pickup, { date: "2027-03-05", time: "10:01" })).toBe(4);
    expect(rentalDays(pickup, { date: "2027-03-05", time: "10:00" })).toBe(3);
  });

  it("hands out a new Date each time, so a caller changing one changes no other answer", () => {
    const pickup = { date: "2027-03-02", time: "10:00" };
    const first = toInstant(pickup, "UTC");
    first?.setUTCFullYear(1999);
    expect(toInstant(pickup, "UTC")?.toISOString()).toBe("2027-03-02T10:00:00.000Z");
  });
});

describe("timeZoneCity", () => {
  it("names a time zone by its city, as people read it", () => {
    expect(timeZoneCity("America/Santo_Domingo")).toBe("Santo Domingo");
    expect(timeZoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(timeZoneCity("UTC")).toBe("UTC");
  });
});

describe("nextHalfHour", () => {
  it("is the first full or half hour after the time, never the time itself", () => {
    expect(nextHalfHour("10:00")).toBe("10:30");
    expect(nextHalfHour("14:07")).toBe("14:30");
    expect(nextHalfHour("14:30")).toBe("15:00");
    expect(nextHalfHour("14:59")).toBe("15:00");
    expect(nextHalfHour("09:45")).toBe("10:00");
  });

  it("is none once no half hour is left in the day", () => {
    expect(nextHalfHour("23:29")).toBe("23:30");
    expect(nextHalfHour("23:30")).toBeNull();
    expect(nextHalfHour("23:59")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime, parseDisplayDate, parseDisplayTime } from "./date-format";

describe("date and time display", () => {
  it("shows dd-mm-yyyy in Spanish and the English locale's format in English", () => {
    expect(formatDate("2027-03-05", "es")).toBe("05-03-2027");
    expect(formatDate("2027-03-05", "en")).toBe("Mar 5, 2027");
    expect(formatDate("2027-12-31", "en")).toBe("Dec 31, 2027");
  });

  it("shows a driver's date of birth, from 1900 on (issue 25.4)", () => {
    expect(formatDate("1990-05-14", "es")).toBe("14-05-1990");
    expect(formatDate("1990-05-14", "en")).toBe("May 14, 1990");
    expect(formatDate("1900-01-01", "es")).toBe("01-01-1900");
    expect(formatDate("1899-12-31", "es")).toBe("Fecha no disponible");
  });

  it("shows 12-hour AM/PM times", () => {
    expect(formatTime("00:00", "es")).toBe("12:00\u00a0AM");
    expect(formatTime("09:05", "en")).toBe("9:05\u00a0AM");
    expect(formatTime("12:00", "es")).toBe("12:00\u00a0PM");
    expect(formatTime("23:59", "en")).toBe("11:59\u00a0PM");
    expect(formatDateTime("2027-03-05", "14:30", "es")).toBe("05-03-2027 2:30\u00a0PM");
  });

  it("says the date is not available for a bad value", () => {
    expect(formatDate("2027-02-30", "es")).toBe("Fecha no disponible");
    expect(formatDate("", "en")).toBe("Date not available");
    expect(formatTime("25:00", "es")).toBe("Fecha no disponible");
  });

  it("reads the display formats back", () => {
    expect(parseDisplayDate("05-03-2027")).toBe("2027-03-05");
    expect(parseDisplayDate("2027-03-05")).toBe("2027-03-05");
    expect(parseDisplayDate("31-02-2027")).toBeNull();
    expect(parseDisplayTime("2:30 PM")).toBe("14:30");
    expect(parseDisplayTime("12:00 a. m.")).toBe("00:00");
    expect(parseDisplayTime("12:15 pm")).toBe("12:15");
    expect(parseDisplayTime("13:00 PM")).toBeNull();
    expect(parseDisplayTime("07:45")).toBe("07:45");
  });
});

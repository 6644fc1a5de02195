import { describe, expect, it } from "vitest";
import { timeZoneLabel, timeZoneOptions } from "./region-options";

describe("time zone options", () => {
  it("shows a zone by its place's name today, keeping the id the browser and server know", () => {
    expect(timeZoneLabel("America/Santo_Domingo")).toBe("America / Santo Domingo (UTC-4)");
    expect(timeZoneLabel("Europe/Kiev")).toMatch(/^Europe \/ Kyiv \(UTC\+[23]\)$/);
    const options = timeZoneOptions("America/Santo_Domingo");
    expect(options.find((option) => option.value === "Asia/Calcutta")?.label).toBe("Asia / Kolkata (UTC+5:30)");
    expect(options.some((option) => /Calcutta|Godthab|Kiev|Asmera/.test(option.label))).toBe(false);
  });

  it("lists them in the order of their names, the landing's own first when the browser lacks it", () => {
    const labels = timeZoneOptions("").map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    expect(timeZoneOptions("Mars/Olympus_Mons")[0]?.value).toBe("Mars/Olympus_Mons");
  });
});

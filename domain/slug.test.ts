import { describe, expect, it } from "vitest";
import { slugify, slugToTitle } from "./slug";

describe("slugify", () => {
  it.each([
    ["Rent a Car", "rent-a-car"],
    ["  Rent   a   Car  ", "rent-a-car"],
    ["Ñandú Rentals Santo Domingo", "nandu-rentals-santo-domingo"],
    ["Autos Peña & Hijos", "autos-pena-hijos"],
    ["rent--a---car", "rent-a-car"],
    ["- rent - a - car -", "rent-a-car"],
    ["Car$ 4 U!!!", "car-4-u"],
    ["snake_case_name", "snake-case-name"],
    ["ÀÉÎÕÜ çß", "aeiou-c"],
    ["!!!", ""],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("shows hyphens as spaces", () => {
    expect(slugToTitle("rent-a-car")).toBe("rent a car");
  });
});

import { describe, expect, it } from "vitest";
import { slugFromDisplayName, slugify, slugToTitle } from "./slug";

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

describe("slugFromDisplayName", () => {
  it("keeps short names whole and cuts long ones at a word boundary", () => {
    expect(slugFromDisplayName("Autos Año Nuevo SRL", 35)).toBe("autos-ano-nuevo-srl");
    expect(slugFromDisplayName("Transportes y Alquileres del Cibao Norte SRL", 35)).toBe(
      "transportes-y-alquileres-del-cibao",
    );
    expect(slugFromDisplayName("A".repeat(50), 35)).toBe("a".repeat(35));
    expect(slugFromDisplayName("Guagua & Tours", 35)).toBe("guagua-tours");
  });
});

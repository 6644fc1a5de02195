import { describe, expect, it } from "vitest";
import { SAMPLE_VEHICLES } from "../testing/sample";
import {
  activeFilterCount,
  applyFilters,
  filterOptions,
  filtersFromQuery,
  filtersQuery,
  fold,
  NO_FILTERS,
  offeredFilters,
} from "./filters";

const names = (list: { name: string }[]) => list.map((vehicle) => vehicle.name);

describe("filtersFromQuery / filtersQuery", () => {
  it("round-trip the contract's parameters", () => {
    const query = {
      q: "toyota",
      type: "suv",
      transmission: "manual",
      brand: "Kia",
      capacity: "5",
      luggage: "2",
      minPrice: "30",
      maxPrice: "80",
      features: "1,2",
    };
    const filters = filtersFromQuery(query);
    expect(filters).toEqual({ ...query, capacity: 5, luggage: 2, minPrice: 30, maxPrice: 80, features: [1, 2] });
    expect(filtersQuery(filters)).toEqual(query);
    expect(activeFilterCount(filters)).toBe(9);
  });

  it("reads a price range typed the wrong way round the right way", () => {
    expect(filtersFromQuery({ minPrice: "200", maxPrice: "10" })).toEqual({
      ...NO_FILTERS,
      minPrice: 10,
      maxPrice: 200,
    });
    expect(filtersFromQuery({ minPrice: "200" })).toEqual({ ...NO_FILTERS, minPrice: 200 });
  });

  it("ignores values that are not numbers or ids", () => {
    expect(filtersFromQuery({ capacity: "many", minPrice: "-3", features: "x,0,2,2" })).toEqual({
      ...NO_FILTERS,
      features: [2],
    });
    expect(filtersQuery(NO_FILTERS)).toEqual({});
  });
});

describe("applyFilters", () => {
  it("searches names and brands without accents or case", () => {
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, q: "HYUNDAI" }))).toEqual(["Hyundai Tucson 2024"]);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, q: "toyota 2023" }))).toEqual(["Toyota Hiace 2023"]);
    expect(fold(" Sedán ")).toBe("sedan");
  });

  it("compares capacity and luggage as at least, and the searched group size too", () => {
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, capacity: 6 }))).toEqual(["Toyota Hiace 2023"]);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, luggage: 4 }))).toEqual([
      "Hyundai Tucson 2024",
      "Toyota Hiace 2023",
    ]);
    expect(applyFilters(SAMPLE_VEHICLES, NO_FILTERS, 5)).toHaveLength(3);
  });

  it("filters type, transmission, brand and a price range per day", () => {
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, type: "van" }))).toEqual(["Toyota Hiace 2023"]);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, transmission: "manual" }))).toEqual([
      "Toyota Hiace 2023",
    ]);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, brand: "kia" }))).toEqual(["Kia Picanto"]);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, minPrice: 45, maxPrice: 75 }))).toEqual([
      "Toyota Corolla 2024",
      "Hyundai Tucson 2024",
    ]);
    // Typed the wrong way round, the range is the same one, not "nothing matches".
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, minPrice: 75, maxPrice: 45 }))).toEqual([
      "Toyota Corolla 2024",
      "Hyundai Tucson 2024",
    ]);
  });

  it("requires every chosen special feature", () => {
    expect(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, features: [1] })).toHaveLength(2);
    expect(names(applyFilters(SAMPLE_VEHICLES, { ...NO_FILTERS, features: [1, 2] }))).toEqual(["Hyundai Tucson 2024"]);
  });
});

describe("filterOptions", () => {
  it("offers only what the landing's vehicles have, labelled in the page's language", () => {
    const options = filterOptions(SAMPLE_VEHICLES, "en");
    expect(options.types.map((option) => option.label)).toEqual(["Sedan", "SUV", "Van"]);
    expect(options.transmissions).toEqual([
      { value: "automatic", label: "Automatic" },
      { value: "manual", label: "Manual" },
    ]);
    expect(options.brands.map((option) => option.value)).toEqual(["Hyundai", "Kia", "Toyota"]);
    expect(options.capacities).toEqual([4, 5, 10]);
    expect(options.luggage).toEqual([1, 2, 4, 8]);
    expect(options.features).toEqual([
      { value: "1", label: "Asientos calefactables" },
      { value: "2", label: "Techo solar" },
    ]);
    expect(options.priceRange).toEqual({ min: 30, max: 120 });
    expect(filterOptions([], "es").priceRange).toBeNull();
  });
});

describe("offeredFilters", () => {
  const options = filterOptions(SAMPLE_VEHICLES, "es");

  it("drops what no vehicle of the list has, so nothing filters unseen", () => {
    const typed = filtersFromQuery({
      type: "rocket",
      transmission: "cvt",
      brand: "Tesla",
      capacity: "7",
      luggage: "3",
      features: "2,99",
      q: "rojo",
      minPrice: "40",
    });
    expect(offeredFilters(typed, options)).toEqual({ ...NO_FILTERS, features: [2], q: "rojo", minPrice: 40 });
  });

  it("keeps what the list offers, a brand as the list writes it", () => {
    const typed = filtersFromQuery({
      type: "suv",
      transmission: "manual",
      brand: "tóyota",
      capacity: "5",
      luggage: "8",
    });
    expect(offeredFilters(typed, options)).toEqual({ ...typed, brand: "Toyota" });
  });
});

import { describe, expect, it } from "vitest";
import { changedParts, type ReservationSnapshot } from "./reservation-changes";

const before: ReservationSnapshot = {
  id_vehicle: 1,
  vehicle: "Toyota Corolla",
  place_of_departure: "Santiago",
  arrival_place: "Santiago",
  date_of_departure: "2026-12-10",
  time_of_departure: "10:00",
  date_of_arrival: "2026-12-13",
  time_of_arrival: "10:00",
  number_person: 2,
  number_bag: 1,
  addons: [{ name: "Silla de bebé", quantity: 1 }],
  name: "Ana",
  last_name: "Pérez",
  email: "ana@example.com",
  phone: "809 555 0101",
  description: "",
  driver_birth_date: null,
  total_cents: 159_30,
  currency: "USD",
};

describe("changedParts", () => {
  it("names nothing for the same booking", () => {
    expect(changedParts(before, { ...before })).toEqual([]);
  });

  it("names no extras for the same extras in another order, and names them for another quantity", () => {
    const two = {
      ...before,
      addons: [
        { name: "Exención de daños", quantity: 1 },
        { name: "Silla de bebé", quantity: 2 },
      ],
    };
    expect(changedParts(two, { ...two, addons: [...two.addons].reverse() })).toEqual([]);
    expect(
      changedParts(two, {
        ...two,
        addons: [
          { name: "Silla de bebé", quantity: 1 },
          { name: "Exención de daños", quantity: 1 },
        ],
      }),
    ).toEqual(["extras"]);
  });

  it("names each part a change touched, in the history's order", () => {
    expect(
      changedParts(before, {
        ...before,
        date_of_arrival: "2026-12-15",
        addons: [{ name: "Silla de bebé", quantity: 2 }],
        total_cents: 230_00,
      }),
    ).toEqual(["dates", "extras", "price"]);
    expect(changedParts(before, { ...before, id_vehicle: 2, vehicle: "Hyundai Tucson" })).toEqual(["vehicle"]);
    expect(changedParts(before, { ...before, driver_birth_date: "1990-05-14", phone: "809 555 0199" })).toEqual([
      "driver",
      "customer",
    ]);
    expect(changedParts(before, { ...before, arrival_place: "La Romana", number_bag: 2 })).toEqual([
      "places",
      "people",
    ]);
  });
});

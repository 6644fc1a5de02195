import { describe, expect, it } from "vitest";
import type { Reservation } from "../../domain/reservations";
import { reservationsCsv } from "./csv";

const reservation = {
  reference: "NLY-7K3Q9P",
  status: "confirmed",
  created_at: "2026-11-22T10:00:00.000Z",
  vehicle: { name: "Toyota Corolla", image: null },
  place_of_departure: "Santiago",
  date_of_departure: "2026-12-10",
  time_of_departure: "10:00",
  arrival_place: "La Romana",
  date_of_arrival: "2026-12-20",
  time_of_arrival: "10:00",
  name: "Zoë",
  last_name: "Núñez",
  email: "zoe@example.com",
  phone: "809 555 0101",
  number_person: 2,
  number_bag: 1,
  addons: [{ id: 1, name: "Silla", price_cents: 12_00, quantity: 1, total_cents: 120_00 }],
  days: 10,
  rental_cents: 700_00,
  discount_cents: 70_00,
  fees_cents: 115_00,
  subtotal_cents: 865_00,
  tax_cents: 155_70,
  total_cents: 1020_70,
  currency: "USD",
  cancellation_fee_cents: null,
  deposit_cents: 300_00,
  description: "",
  source: "public",
  price_override: null,
} as unknown as Reservation;

describe("reservationsCsv", () => {
  it("lists the rental, the discount, the fees and the deposit beside the totals", () => {
    const [header, row] = reservationsCsv([reservation])
      .replace(/^\ufeff/, "")
      .split("\r\n");
    const columns = header?.split(",") ?? [];
    const cells = row?.split(",") ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(cell("rental")).toBe("700.00");
    expect(cell("discount")).toBe("70.00");
    expect(cell("fees")).toBe("115.00");
    expect(cell("subtotal")).toBe("865.00");
    expect(cell("total")).toBe("1020.70");
    expect(cell("cancellation_fee")).toBe("");
    expect(cell("deposit")).toBe("300.00");
    expect(cell("source")).toBe("web");
    expect(cell("list_total")).toBe("");
    expect(cell("price_reason")).toBe("");
    expect(cells).toHaveLength(columns.length);
  });

  it("marks a manual booking and gives the rules' price and the reason beside the agreed total", () => {
    const manual = {
      ...reservation,
      source: "manual",
      total_cents: 950_00,
      price_override: { list_total_cents: 1020_70, reason: "=Cliente, frecuente" },
    } as Reservation;
    const [header, row] = reservationsCsv([manual])
      .replace(/^\ufeff/, "")
      .split("\r\n");
    const columns = header?.split(",") ?? [];
    expect(columns.slice(0, 3)).toEqual(["reference", "status", "source"]);
    expect(row).toContain(",manual,");
    expect(row).toContain(',950.00,1020.70,"\'=Cliente, frecuente",USD,');
  });

  it("drops direction controls from a row stored before they were refused", () => {
    const csv = reservationsCsv([{ ...reservation, name: "Ana\u202eairaM", description: "\u2067vuelo\u2069" }]);
    expect(csv).toContain(",AnaairaM,");
    expect(csv).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

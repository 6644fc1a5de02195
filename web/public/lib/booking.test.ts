import { describe, expect, it } from "vitest";
import { priceRental } from "../../../domain/pricing";
import { SAMPLE_LANDING, SAMPLE_SEARCH, samplePage } from "../testing/sample";
import { priceOf, resolveBooking } from "./booking";

describe("resolveBooking", () => {
  it("prices the chosen vehicle and add-ons for the searched days with the domain's function", () => {
    const booking = resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:1,23:2" } }));
    expect(booking.valid).toBe(true);
    expect(booking.days).toBe(3);
    expect(booking.vehicle?.name).toBe("Toyota Corolla 2024");
    expect(booking.price).toEqual(
      priceRental({
        pricePerDayCents: 4500,
        days: 3,
        addons: [
          { id: 21, name: "Exención de daños por colisión", priceCents: 1200, quantity: 1 },
          { id: 23, name: "Silla de bebé", priceCents: 850, quantity: 2 },
        ],
        taxRateBasisPoints: 1800,
        taxLabel: "ITBIS",
        currency: "USD",
      }),
    );
    // (45 + 12 + 2 × 8.50) × 3 = 222.00; ITBIS 18 % = 39.96; total 261.96
    expect(booking.price?.totalCents).toBe(26196);
  });

  it("has no price without a valid search or a vehicle", () => {
    expect(resolveBooking(samplePage({ query: { vehicle: "11" } })).price).toBeNull();
    const past = resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, from: "2027-02-01", vehicle: "11" } }));
    expect(past.valid).toBe(false);
    expect(past.errors.from).toBe("pickupInPast");
    expect(resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, vehicle: "999" } })).vehicle).toBeNull();
  });

  it("rounds a fractional tax rate to basis points", () => {
    const price = priceOf({ ...SAMPLE_LANDING, tax_rate: 18.5 }, { price_cents: 10000 }, 1, []);
    expect(price.taxRateBasisPoints).toBe(1850);
    expect(price.taxCents).toBe(1850);
  });
});

import { describe, expect, it } from "vitest";
import { bookingRequest, emptyBooking } from "./booking-form";

describe("bookingRequest's agreed price", () => {
  const typed = (agreed_price: string) =>
    bookingRequest({ ...emptyBooking("2027-03-01"), agreed_price, price_reason: "Cliente fijo" }, {}, false);

  it("sends a typed price as cents, with its reason", () => {
    expect(typed("1,250.50")).toMatchObject({
      body: { price_override: { total_cents: 125_050, reason: "Cliente fijo" } },
      problem: null,
    });
  });

  it.each([
    ["not an amount", "abc", "priceInvalid"],
    ["an amount that reads two ways", "1,250", "priceAmbiguous"],
    // A walk's finding: a key held down was told "enter a valid price (0 or more)".
    ["more digits than any price", "99999999999999", "agreedPriceTooHigh"],
  ])("refuses %s with its own message, sending no price", (_why, text, key) => {
    const { body, problem } = typed(text);
    expect(problem).toEqual({ field: "agreed_price", key });
    expect(body.price_override).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { bookingQuery, hrefTo, pagePath, queryString, withChanges } from "./url";

const site = { basePath: "/caribe" };
const preview = { basePath: "/review-component/caribe/site" };

describe("pagePath", () => {
  it("gives each page its URL of the public contract", () => {
    expect(pagePath(site, { kind: "home" })).toBe("/caribe");
    expect(pagePath(site, { kind: "vehicles" })).toBe("/caribe/vehicle");
    expect(pagePath(site, { kind: "vehicle", vehicleId: 7 })).toBe("/caribe/vehicles/7");
    expect(pagePath(site, { kind: "additions" })).toBe("/caribe/additions");
    expect(pagePath(site, { kind: "review" })).toBe("/caribe/review");
    expect(pagePath(site, { kind: "thanks" })).toBe("/caribe/thanks-you");
    expect(pagePath(site, { kind: "faq" })).toBe("/caribe/faq");
    expect(pagePath(site, { kind: "reservation", reference: "NLY-ABC234" })).toBe("/caribe/reservation/NLY-ABC234");
  });

  it("stays inside the owner's preview", () => {
    expect(pagePath(preview, { kind: "review" })).toBe("/review-component/caribe/site/review");
  });
});

describe("queries", () => {
  it("puts the contract's keys first, encodes values and leaves empty ones out", () => {
    expect(queryString({ q: "a b", lang: "en", pickup: "La Romana", from: "" })).toBe(
      "?pickup=La%20Romana&lang=en&q=a%20b",
    );
    expect(queryString({})).toBe("");
  });

  it("applies changes, removing keys set to nothing", () => {
    expect(withChanges({ a: "1", b: "2" }, { b: null, c: 3, d: "" })).toEqual({ a: "1", c: "3" });
  });

  it("keeps only the booking choices", () => {
    expect(bookingQuery({ pickup: "x", vehicle: "3", q: "corolla", t: "secret", addons: "" })).toEqual({
      pickup: "x",
      vehicle: "3",
    });
  });

  it("builds links", () => {
    expect(hrefTo(site, { kind: "vehicles" }, { lang: "en" })).toBe("/caribe/vehicle?lang=en");
  });
});

import type { ExpressView } from "@domain/express";
import type { ReservationStatus } from "@domain/reservations";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bodyText } from "./testing/body-text";
import { parse } from "./testing/parse";
import { SAMPLE_RESERVATION, samplePage } from "./testing/sample";

/** An express pickup still to do: no driver saved yet, nothing signed, no deposit. */
const EXPRESS: ExpressView = {
  open: true,
  drivers: [],
  photos: [],
  signed_version: null,
  deposit: { needed: false, held: false },
  completed_at: null,
};

const render = (language: "es" | "en", depositCents = 0) =>
  bodyText(
    samplePage({
      language,
      page: { kind: "express" },
      query: { t: "secret-token" },
      reservation: { ...SAMPLE_RESERVATION, status: "confirmed", deposit_cents: depositCents },
      express: EXPRESS,
    }),
  );

const RealDisplayNames = Intl.DisplayNames;
const setDisplayNames = (value: typeof Intl.DisplayNames) =>
  Object.defineProperty(Intl, "DisplayNames", { value, configurable: true, writable: true });

/**
 * The browser's ICU, not the server's: Chromium 156 names FK, HK, MO and PS otherwise than Node 20's
 * ICU 78 ("Hong Kong" for "Hong Kong SAR China"), and another version may differ on any region: here
 * every region is named otherwise and the collation turned upside down.
 */
function asAnotherIcu() {
  const browser: Record<string, string> = {
    FK: "Falkland Islands (Islas Malvinas)",
    HK: "Hong Kong",
    MO: "Macao",
    PS: "Palestine",
  };
  class OtherDisplayNames extends RealDisplayNames {
    override of(code: string) {
      return browser[code] ?? `${super.of(code)} (other ICU)`;
    }
  }
  setDisplayNames(OtherDisplayNames);
  const compare = String.prototype.localeCompare;
  vi.spyOn(String.prototype, "localeCompare").mockImplementation(function (this: string, other: string) {
    return -compare.call(this, other);
  });
}

afterEach(() => {
  setDisplayNames(RealDisplayNames);
  vi.restoreAllMocks();
});

describe("the express pickup page's deposit step", () => {
  it("is left out when the booking has no deposit, and the intro counts two steps", () => {
    expect(render("es")).toContain("Dos pasos desde tu teléfono");
    expect(render("es")).not.toContain("Depósito");
    expect(render("en")).toContain("Two steps from your phone");
    expect(render("en")).not.toContain("Deposit");
  });

  it("says how much is left at the counter", () => {
    expect(render("es", 300_00)).toContain("Tres pasos desde tu teléfono");
    expect(render("es", 300_00)).toContain("El depósito de US$300.00 se deja en el mostrador al recoger.");
    expect(render("en", 300_00)).toContain("The $300.00 deposit is left at the counter at pickup.");
  });
});

describe("the express pickup page of a booking that moved on", () => {
  const finished: ExpressView = { ...EXPRESS, open: false, completed_at: "2026-12-01T10:00:00.000Z" };
  const renderAs = (language: "es" | "en", status: ReservationStatus, express: ExpressView) =>
    bodyText(
      samplePage({
        language,
        page: { kind: "express" },
        query: { t: "secret-token" },
        reservation: { ...SAMPLE_RESERVATION, status },
        express,
      }),
    );

  // A walk's finding: a cancelled booking whose express pickup was done still said it was ready.
  it("says a cancelled booking is cancelled, never that the pickup is ready", () => {
    for (const express of [finished, { ...EXPRESS, open: false }]) {
      expect(renderAs("es", "cancelled", express)).toContain(
        "Esta reserva está cancelada: la recogida exprés ya no está disponible.",
      );
      expect(renderAs("en", "cancelled", express)).toContain(
        "This booking is cancelled: express pickup is no longer available.",
      );
      expect(renderAs("es", "cancelled", express)).not.toContain("está lista");
    }
  });

  it("says the vehicle was handed over, a no-show closed and a pending booking not confirmed yet", () => {
    expect(renderAs("es", "on_rent", finished)).toContain("Ya se entregó el vehículo de esta reserva");
    expect(renderAs("en", "completed", finished)).toContain("The vehicle of this booking has been handed over");
    expect(renderAs("en", "no_show", { ...EXPRESS, open: false })).toContain(
      "This booking was closed without the vehicle being picked up",
    );
    expect(renderAs("es", "pending", { ...EXPRESS, open: false })).toContain(
      "La recogida exprés se abre cuando tu reserva esté confirmada.",
    );
  });

  it("says the pickup is ready while the booking is confirmed", () => {
    expect(renderAs("es", "confirmed", finished)).toContain("Tu recogida exprés está lista.");
  });
});

describe.each(["es", "en"] as const)("the express pickup page in %s", (language) => {
  // The page is rendered on the server and again in the browser when it hydrates: any difference
  // (the country names did differ between ICUs) makes React draw the whole page again (#418).
  it("renders the same markup whatever ICU names the countries", () => {
    const server = render(language);
    asAnotherIcu();
    expect(render(language)).toBe(server);
  });

  it("offers the 249 issuing countries after its placeholder", () => {
    const page = parse(render(language));
    const select = page.all.find((element) => page.attr(element, "id") === "driver-0-licence_country");
    const options = select?.childNodes.filter((node) => node.nodeName === "option") ?? [];
    expect(options).toHaveLength(250);
    const labels = options.map((option) => page.text(option as never));
    expect(labels).toContain(language === "es" ? "República Dominicana" : "Dominican Republic");
  });
});

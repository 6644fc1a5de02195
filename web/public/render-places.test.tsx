import { describe, expect, it } from "vitest";
import { bodyText } from "./testing/body-text";
import { isElement, parse } from "./testing/parse";
import { SAMPLE_LANDING, SAMPLE_SEARCH, samplePage } from "./testing/sample";
import type { PublicPageData } from "./types";

// Issue 25.2 on the pages: an operator with a round trip at STI and Oficina -> SDQ (US$40).
const landing = {
  ...SAMPLE_LANDING,
  locations: [
    { id: 1, place_of_departure: "Oficina", arrival_place: "SDQ", one_way_fee_cents: 40_00 },
    { id: 2, place_of_departure: "STI", arrival_place: "STI", one_way_fee_cents: 0 },
  ],
};
const render = (overrides: Partial<PublicPageData>) => parse(bodyText(samplePage({ landing, ...overrides })));
type Page = ReturnType<typeof render>;

const select = (page: Page, name: string) =>
  page.all.find((element) => element.tagName === "select" && page.attr(element, "name") === name);
const options = (page: Page, name: string) =>
  (select(page, name)?.childNodes.filter(isElement) ?? []).map((option) => page.text(option));
const selected = (page: Page, name: string) => {
  const option = select(page, name)
    ?.childNodes.filter(isElement)
    .find((o) => o.attrs.some((a) => a.name === "selected"));
  return option ? page.attr(option, "value") : undefined;
};

describe.each(["es", "en"] as const)("the trips a landing offers, on its pages in %s", (language) => {
  it("home: offers the pickup places only, and the return the first pickup allows (no round trip there)", () => {
    const page = render({ language, page: { kind: "home" } });
    expect(options(page, "pickup")).toEqual(["Oficina", "STI"]);
    expect(selected(page, "pickup")).toBe("Oficina");
    // Oficina has no round trip: its return is asked for, SDQ and nothing else, with no "same place".
    expect(options(page, "dropoff")).toEqual(["SDQ"]);
    expect(page.byTestId("different-return")).toHaveLength(0);
  });

  it("a pickup with only its round trip says the car comes back there", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, pickup: "STI" } });
    expect(selected(page, "pickup")).toBe("STI");
    expect(select(page, "dropoff")).toBeUndefined();
    expect(page.text(page.one("same-place-return"))).toBe(
      language === "es" ? "Devolución en el mismo lugar." : "Return at the same place.",
    );
    expect(page.byTestId("search-error-dropoff")).toHaveLength(0);
  });

  it("vehicle list: a pair never created is named under the return field, and every card points up to it, with no price", () => {
    const query = { ...SAMPLE_SEARCH, pickup: "STI", dropoff: "SDQ" };
    const page = render({ language, page: { kind: "vehicles" }, query });
    const message =
      language === "es"
        ? "No se ofrece recoger en STI y devolver en SDQ."
        : "Picking up at STI and returning at SDQ is not offered.";
    expect(page.text(page.one("search-error-dropoff"))).toBe(message);
    const cards = page.byTestId("vehicle-card");
    expect(cards.length).toBeGreaterThan(0);
    // Said once, where the trip can be changed; each card says it cannot be booked, and where to look.
    const pointer =
      language === "es"
        ? "No se puede reservar con esta búsqueda (ver arriba)."
        : "Cannot be booked for this search (see above).";
    for (const card of cards) {
      expect(page.text(card)).toContain(pointer);
      expect(page.text(card)).not.toContain(message);
    }
    expect(page.byTestId("vehicle-total")).toHaveLength(0);
  });

  it("vehicle list: a place given only as a return is refused as a pickup, named, and the field shown empty", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, pickup: "SDQ" } });
    expect(page.text(page.one("search-error-pickup"))).toBe(
      language === "es"
        ? "No hay recogidas en SDQ. Elige un lugar de recogida de la lista."
        : "There are no pickups at SDQ. Choose a pickup place from the list.",
    );
    expect(selected(page, "pickup")).toBe("");
  });

  it("vehicle list: a place the landing never had, from an old or edited link, is named once, under the field to change", () => {
    const choose = language === "es" ? "Elige un lugar de la lista." : "Choose a place from the list.";
    const list = (query: Record<string, string>) =>
      parse(bodyText(samplePage({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, ...query } })));
    // A pickup alone is a round trip from it: one message, under the pickup.
    const pickup = list({ pickup: "Nowhere" });
    expect(pickup.byTestId("search-error-pickup").map((error) => pickup.text(error))).toEqual([choose]);
    expect(pickup.byTestId("search-error-dropoff")).toHaveLength(0);
    // A return elsewhere: the box is ticked, so the list the message speaks of is on the page.
    const dropoff = list({ pickup: "Santiago", dropoff: "Nowhere" });
    expect(dropoff.text(dropoff.one("search-error-dropoff"))).toBe(choose);
    expect(dropoff.attr(dropoff.one("different-return"), "checked")).toBeDefined();
  });
});

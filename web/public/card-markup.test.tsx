import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PublicApp } from "./app";
import { dictionary } from "./i18n";
import { PAGES } from "./pages/all";
import { bodyText } from "./testing/body-text";
import { parse } from "./testing/parse";
import { SAMPLE_LANDING, SAMPLE_RULED_LANDING, SAMPLE_SEARCH, samplePage } from "./testing/sample";
import type { PublicPageData } from "./types";

/** The page as the browser renders it when it hydrates: every card through React, none kept. */
const asTheBrowserRenders = (data: PublicPageData) =>
  renderToString(<PublicApp data={data} Page={PAGES[data.page.kind]} t={dictionary(data.language)} />);

/**
 * A page's HTML as hydration and the browser read it: the preloads React writes in front of the
 * page (the logo, the eager photos) as each one's attributes, in order, since React writes one it
 * is asked for with its attributes in another order than one it makes for an <img>; then the rest,
 * to the byte.
 */
function readAs(html: string) {
  const preamble = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? "";
  const preloads = (preamble.match(/<link [^>]*\/>/g) ?? []).map((link) =>
    Object.fromEntries([...link.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  );
  return { preloads, markup: html.slice(preamble.length) };
}

/** Each check renders a landing of its own, so no other test's kept cards are in play. */
const fresh = (landing: PublicPageData["landing"]): PublicPageData["landing"] => ({
  ...landing,
  vehicles: landing.vehicles.map((vehicle) => ({ ...vehicle })),
});

const period = (day: number) => ({
  ...SAMPLE_SEARCH,
  from: `2027-03-${String(day).padStart(2, "0")}`,
  to: `2027-03-${String(day + 3).padStart(2, "0")}`,
});

describe.each(["es", "en"] as const)("the server's kept card markup in %s", (language) => {
  it("is the very HTML React writes: a searched list, one period after another from the same kept cards", () => {
    const landing = fresh(SAMPLE_LANDING);
    for (const day of [2, 9, 16, 2]) {
      const data = samplePage({ language, landing, page: { kind: "vehicles" }, query: period(day) });
      const html = bodyText(data);
      expect(readAs(html)).toEqual(readAs(asTheBrowserRenders(data)));
      expect(readAs(html).preloads).toHaveLength(3);
      // Each period's own totals and addresses, not the first one's.
      expect(html).toContain(`from=2027-03-${String(day).padStart(2, "0")}`);
    }
  });

  it("is the very HTML React writes for every shape of card: taken, stopped by a rule, unsearched, the home", () => {
    const landing = fresh(SAMPLE_RULED_LANDING);
    const pages: Partial<PublicPageData>[] = [
      { page: { kind: "vehicles" }, query: SAMPLE_SEARCH, availability: { 11: true, 12: true, 13: false, 14: true } },
      { page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, from: "2027-03-07", to: "2027-03-10" } },
      { page: { kind: "vehicles" }, query: {} },
      { page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, to: "not a date" } },
      { page: { kind: "home" } },
    ];
    for (const overrides of pages) {
      const data = samplePage({ language, landing, ...overrides });
      const html = bodyText(data);
      expect(parse(html).byTestId("vehicle-card").length).toBeGreaterThan(0);
      expect(readAs(html)).toEqual(readAs(asTheBrowserRenders(data)));
    }
  });

  it("writes an owner's text as React does, even with markup or the characters it stands in with", () => {
    const landing = fresh(SAMPLE_LANDING);
    landing.vehicles = landing.vehicles.map((vehicle, index) => ({
      ...vehicle,
      name: [`<b>"Tom's" & Co</b>`, "Kia \uE000 \uE001 \uE002 \uE003", "Ñandú 🚗", "Van"][index] ?? vehicle.name,
      brand: index === 0 ? "\uE002" : vehicle.brand,
    }));
    // A place with an apostrophe, which stays as it is in a URL and is escaped in the attribute,
    // searched twice in a row: the cards' shared query is escaped once and reused.
    for (const [day, pickup] of [
      [2, "Punta Cana"],
      [3, "Tom's Bay"],
      [4, "Tom's Bay"],
    ] as const) {
      const data = samplePage({
        language,
        landing,
        page: { kind: "vehicles" },
        query: { ...period(day), pickup },
      });
      const html = bodyText(data);
      expect(readAs(html)).toEqual(readAs(asTheBrowserRenders(data)));
      expect(parse(html).text(parse(html).byTestId("vehicle-link")[0])).toContain(`<b>"Tom's" & Co</b>`);
    }
  });

  it("goes where React puts the cards, even when the owner's text holds the mark the server places them by", () => {
    const landing = fresh(SAMPLE_LANDING);
    landing.display_name = "Flota \uE0FF Sol";
    landing.vehicles = landing.vehicles.map((vehicle, index) => ({
      ...vehicle,
      name: index === 0 ? "Kia \uE0FF" : vehicle.name,
      brand: index === 1 ? "Marca \uE0FF" : vehicle.brand,
    }));
    for (const data of [
      samplePage({ language, landing, page: { kind: "vehicles" }, query: period(2) }),
      samplePage({ language, landing, page: { kind: "home" } }),
    ]) {
      const html = bodyText(data);
      expect(readAs(html)).toEqual(readAs(asTheBrowserRenders(data)));
      expect(parse(html).byTestId("vehicle-card").length).toBeGreaterThan(0);
    }
  });

  it("is kept per landing's view: the same view reuses its cards, a new one (an owner's edit) is rendered afresh", () => {
    const landing = fresh(SAMPLE_LANDING);
    const page = (view: PublicPageData["landing"], day: number) =>
      parse(bodyText(samplePage({ language, landing: view, page: { kind: "vehicles" }, query: period(day) })));
    const first = page(landing, 2);
    expect(first.text(first.byTestId("vehicle-link")[0])).toContain("Toyota Corolla 2024");
    // The public views are never changed in place (an edit makes a new one), so a kept card stands.
    const corolla = landing.vehicles[0];
    if (corolla) corolla.name = "Changed in place";
    const again = page(landing, 9);
    expect(again.text(again.byTestId("vehicle-link")[0])).toContain("Toyota Corolla 2024");
    const edited = page(fresh(landing), 9);
    expect(edited.text(edited.byTestId("vehicle-link")[0])).toContain("Changed in place");
  });
});

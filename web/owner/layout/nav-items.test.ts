import { describe, expect, it } from "vitest";
import { isCurrentSection, NAV_ITEMS } from "./nav-items";

const current = (pathname: string) =>
  NAV_ITEMS.filter((item) => isCurrentSection(item, pathname)).map((item) => item.to);

describe("the sidebar's current section", () => {
  it("is the item's own path and the pages below it", () => {
    expect(current("/reservation")).toEqual(["/reservation"]);
    expect(current("/reservation/12/counter")).toEqual(["/reservation"]);
    expect(current("/customers/7")).toEqual(["/customers"]);
  });

  it("is Landings on a landing's own pages, and nothing on a path that only starts alike", () => {
    for (const path of ["/view-landing/3", "/review-landing/3", "/layout-designer/places", "/publishedTap"])
      expect(current(path), path).toEqual(["/landings"]);
    expect(current("/reservations-old")).toEqual([]);
    expect(current("/user-config")).toEqual([]);
  });
});

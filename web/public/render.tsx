import { formatMoney } from "@domain/money";
import { renderToString } from "react-dom/server";
import { PublicApp } from "./app";
import { cardsMarkup } from "./card-markup";
import { CardsMarkupContext } from "./components/vehicle-grid";
import { dictionary } from "./i18n";
import { PAGES } from "./pages/all";
import type { PublicPageData } from "./types";

export type { PublicPage, PublicPageData } from "./types";

/** The page's visible markup: what goes inside <div id="root">, hydrated by entry-client.tsx. */
export function renderBody(data: PublicPageData): string {
  return renderToString(
    <CardsMarkupContext.Provider value={cardsMarkup}>
      <PublicApp data={data} Page={PAGES[data.page.kind]} t={dictionary(data.language)} />
    </CardsMarkupContext.Provider>,
  );
}

const BRAND = "Nelly";

/**
 * The <title> per page and language: the landing's meta title on its home (as the owner wrote it,
 * no suffix), otherwise the page's name and the landing's name, ending in " | Nelly" (PRODUCT).
 */
export function pageTitle(data: PublicPageData): string {
  const { landing, page } = data;
  const t = dictionary(data.language);
  const name = landing.display_name;
  switch (page.kind) {
    case "home":
      return landing.meta_title.trim() || `${name} | ${BRAND}`;
    case "vehicle": {
      const vehicle = landing.vehicles.find((candidate) => candidate.id === page.vehicleId);
      return `${vehicle ? vehicle.name : t.meta.vehicles} · ${name} | ${BRAND}`;
    }
    default:
      return `${t.meta[page.kind]} · ${name} | ${BRAND}`;
  }
}

/** The meta description: the owner's on the home page, one written for the page elsewhere. */
export function pageDescription(data: PublicPageData): string {
  const { landing, page } = data;
  const t = dictionary(data.language);
  const own = landing.meta_description.trim();
  if (page.kind === "vehicle") {
    const vehicle = landing.vehicles.find((candidate) => candidate.id === page.vehicleId);
    if (vehicle) {
      const description = vehicle.description.trim();
      const price = formatMoney(vehicle.price_cents, landing.currency, data.language);
      return description || t.meta.vehicleDescription(vehicle.name, price, landing.display_name);
    }
  }
  return own || t.meta.description(landing.display_name);
}

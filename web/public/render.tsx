import { formatMoney } from "@domain/money";
import { renderToString } from "react-dom/server";
import { PublicApp } from "./app";
import { cardsPieces } from "./card-markup";
import { hasChoice, missingChoiceMessage } from "./components/missing-choice";
import { type CardsMarkup, CardsMarkupContext } from "./components/vehicle-grid";
import { type HtmlPieces, piecesText } from "./html-pieces";
import { dictionary } from "./i18n";
import { reviewWords } from "./i18n/review";
import { resolveBooking } from "./lib/booking";
import { PAGES } from "./pages/all";
import type { PublicPageData } from "./types";

export type { PublicPage, PublicPageData } from "./types";

/**
 * Where a grid's cards go in React's markup: a character of Unicode's private use area, which
 * React writes as it is. The cards' HTML, mostly kept as UTF-8 already (card-markup.tsx), is put
 * there as pieces rather than through React's string.
 */
const CARDS_MARK = "\uE0FF";

const page = (data: PublicPageData, cardsMarkup: CardsMarkup) =>
  renderToString(
    <CardsMarkupContext.Provider value={cardsMarkup}>
      <PublicApp data={data} Page={PAGES[data.page.kind]} t={dictionary(data.language)} />
    </CardsMarkupContext.Provider>,
  );

/** The page's visible markup: what goes inside <div id="root">, hydrated by entry-client.tsx. */
export function renderBody(data: PublicPageData): HtmlPieces {
  const grids: HtmlPieces[] = [];
  const html = page(data, (context, cards) => {
    grids.push(cardsPieces(context, cards));
    return CARDS_MARK;
  });
  const around = html.split(CARDS_MARK);
  // The owner's own text holds the mark: the cards' HTML goes into React's string instead.
  if (around.length !== grids.length + 1) {
    return [page(data, (context, cards) => piecesText(cardsPieces(context, cards)))];
  }
  const pieces: HtmlPieces = [];
  around.forEach((text, index) => {
    pieces.push(text, ...(grids[index] ?? []));
  });
  return pieces;
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
    case "thanks":
    case "reservation":
      // Opened with a link that finds no booking, the page says so: its title too (a walk's finding).
      return `${data.reservation ? t.meta[page.kind] : t.meta.thanksMissing} · ${name} | ${BRAND}`;
    case "additions":
    case "review": {
      // Reached without its choices, the page says what is missing: its title too.
      const booking = resolveBooking(data);
      const title = hasChoice(booking)
        ? t.meta[page.kind]
        : missingChoiceMessage(booking, data.query.vehicle, reviewWords[data.language]).replace(/\.$/, "");
      return `${title} · ${name} | ${BRAND}`;
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

import { createContext, useContext } from "react";
import { type PageContextValue, usePage } from "../context";
import { CardIconSprite } from "./card-icons";
import { VehicleCard, type VehicleCardProps } from "./vehicle-card";

/**
 * A list of vehicle cards' HTML, the very HTML React writes for them (the server's, card-markup.tsx),
 * or a mark the server's render puts that HTML in place of (render.tsx).
 */
export type CardsMarkup = (page: PageContextValue, cards: VehicleCardProps[]) => string;

/**
 * Given by the server's render only (render.tsx): the cards' HTML from markup kept per card. The
 * browser has none, and renders and hydrates the cards itself.
 */
export const CardsMarkupContext = createContext<CardsMarkup | null>(null);

/**
 * A grid of vehicle cards with the icons they share. On the server the cards' HTML comes from
 * markup kept per card (a searched list is rendered anew for each period); it is the HTML React
 * writes for these very cards, so the browser hydrates it as its own.
 */
export function VehicleGrid({
  cards,
  className,
  testId,
}: {
  cards: VehicleCardProps[];
  className: string;
  testId: string;
}) {
  const page = usePage();
  const cardsMarkup = useContext(CardsMarkupContext);
  if (cardsMarkup) {
    return (
      <div
        className={className}
        data-testid={testId}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own HTML for these cards, every value in it escaped as React escapes it (card-markup.tsx).
        dangerouslySetInnerHTML={{ __html: cardsMarkup(page, cards) }}
      />
    );
  }
  return (
    <div className={className} data-testid={testId}>
      <CardIconSprite />
      {cards.map((card) => (
        <VehicleCard key={card.vehicle.id} {...card} />
      ))}
    </div>
  );
}

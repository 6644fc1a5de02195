import { usePage } from "../context";
import { CardIconSprite } from "./card-icons";
import { VehicleCard, type VehicleCardProps } from "./vehicle-card";

/**
 * A grid of vehicle cards with the icons they share. On the server the cards' HTML comes from
 * markup kept per card when the page has it (a searched list is rendered anew for each period);
 * it is the HTML React writes for these very cards, so the browser hydrates it as its own.
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
  if (page.cardsMarkup) {
    return (
      <div
        className={className}
        data-testid={testId}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own HTML for these cards, every value in it escaped as React escapes it (card-markup.tsx).
        dangerouslySetInnerHTML={{ __html: page.cardsMarkup(page, cards) }}
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

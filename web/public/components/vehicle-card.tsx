import type { PublicVehicle } from "@domain/vehicles";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { carTypeLabel, transmissionLabel } from "../lib/labels";
import { CardIcon, type CardIconName } from "./card-icons";
import { keptIcon } from "./icons";
import { Photo } from "./photo";

const CircleAlert = keptIcon(lucide.CircleAlert);

/** Card photos: one column on a phone, two on a tablet, three on a desktop (DESIGN.md). */
export const CARD_SIZES = "(min-width: 1152px) 360px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw";

export type VehicleCardProps = {
  vehicle: PublicVehicle;
  href: string;
  /**
   * The total for the searched period, when there is one, as written: its amount, what it is for
   * ("total por 3 días, con impuestos") and the period's price per day (its seasons'). Text, so the
   * server can keep a card's markup with stand-ins for what changes with the period (card-markup.tsx).
   */
  total?: { amount: string; label: string; perDay: string } | null;
  /** False when the vehicle is taken for the searched period (the server's availability). */
  available?: boolean;
  /** Why it cannot be booked for the searched period (rules, availability); empty when it can. */
  reasons?: string[];
  heading?: "h2" | "h3";
  eager?: boolean;
};

/** A vehicle as visitors compare it: 4:3 photo, name, seats / bags / transmission, price per day. */
export function VehicleCard({
  vehicle,
  href,
  total,
  available = true,
  reasons = [],
  heading = "h3",
  eager,
}: VehicleCardProps) {
  const { data, t } = usePage();
  const lang = data.language;
  const currency = data.landing.currency;
  const Heading = heading;
  const bookable = available && reasons.length === 0;
  const specs: { icon: CardIconName; text: string }[] = [
    { icon: "people", text: t.vehicle.people(vehicle.people) },
    { icon: "bags", text: t.vehicle.bags(vehicle.luggage) },
    { icon: "gearbox", text: transmissionLabel(vehicle.transmision, lang) },
  ];
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="vehicle-card"
      data-vehicle-id={vehicle.id}
    >
      <div className="relative">
        <Photo image={vehicle.images[0]} alt="" sizes={CARD_SIZES} eager={eager} />
        {!available && (
          <span
            className="absolute top-3 left-3 rounded-full bg-gray-900 px-3 py-1 text-sm font-semibold text-white"
            data-testid="vehicle-unavailable"
          >
            {t.vehicle.unavailable}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div>
          <Heading className="text-lg leading-snug font-semibold wrap-anywhere text-gray-900">{vehicle.name}</Heading>
          <p className="text-sm wrap-anywhere text-gray-600">
            {[vehicle.brand, carTypeLabel(vehicle.type_of_car, lang)].filter(Boolean).join(" · ")}
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-gray-700">
          {specs.map(({ icon, text }) => (
            <li key={text} className="flex items-center gap-1.5">
              <CardIcon name={icon} className="size-4 shrink-0 text-(--accent-ink)" />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-auto border-t border-gray-100 pt-3">
          <p>
            <span
              className="text-2xl font-bold tracking-tight whitespace-nowrap text-gray-900 tabular-nums cramped:text-base"
              data-testid="price-per-day"
            >
              {total && bookable ? total.perDay : formatMoney(vehicle.price_cents, currency, lang)}
            </span>{" "}
            <span className="text-sm whitespace-nowrap text-gray-600">{t.vehicle.perDay}</span>
          </p>
          {total && bookable && (
            <p className="text-sm text-gray-700" data-testid="vehicle-total">
              <span className="font-semibold tabular-nums">{total.amount}</span> {total.label}
            </p>
          )}
          {reasons.length > 0 && (
            <ul className="mt-2 grid gap-1 text-sm font-medium text-amber-900" data-testid="vehicle-reasons">
              {reasons.map((reason) => (
                <li key={reason} className="flex gap-1.5">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {reason}
                </li>
              ))}
            </ul>
          )}
          {/*
            The button a visitor sees is the card's one link, its area stretched over the whole card: its
            name starts with the word it shows ("Elegir Toyota Corolla"), so a voice user who says "click
            Elegir" reaches it (WCAG 2.5.3), and a list of links still tells the cards apart.
          */}
          <a
            href={href}
            className={`mt-3 flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold shadow-sm after:absolute after:inset-0 after:content-[''] ${
              bookable
                ? "bg-(--brand) text-(--on-brand) group-hover:brightness-110"
                : "border border-gray-300 bg-white text-gray-900"
            }`}
            data-testid="vehicle-link"
          >
            {bookable ? t.vehicle.choose : t.vehicle.view}
            <span className="sr-only"> {vehicle.name}</span>
          </a>
        </div>
      </div>
    </article>
  );
}

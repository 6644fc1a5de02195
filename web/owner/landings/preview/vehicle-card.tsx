import { Briefcase, CarFront, Cog, Users } from "lucide-react";
import type { Language } from "../../../../domain/languages";
import { carTypeLabel, transmissionLabel, type Vehicle } from "../../../../domain/vehicles";
import type { LandingTheme } from "./colors";
import { formatMoney, type LandingCopy, plural } from "./copy";

type VehicleCardProps = {
  vehicle: Vehicle;
  theme: LandingTheme;
  copy: LandingCopy;
  language: Language;
  currency: string;
  headingLevel: "h3" | "h4";
};

/** A vehicle as visitors see it: 4:3 photo, name, seats / bags / transmission, price per day. */
export function VehicleCard({ vehicle, theme, copy, language, currency, headingLevel: Heading }: VehicleCardProps) {
  const cover = vehicle.images[0];
  const specs = [
    { icon: Users, text: plural(language, copy.vehicles.people_one, copy.vehicles.people_other, vehicle.people) },
    { icon: Briefcase, text: plural(language, copy.vehicles.bags_one, copy.vehicles.bags_other, vehicle.luggage) },
    { icon: Cog, text: transmissionLabel(vehicle.transmision, language) },
  ];
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="aspect-[4/3] bg-gray-100">
        {cover ? (
          <img
            src={cover.path_images}
            srcSet={cover.srcset || undefined}
            sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"
            width={cover.width}
            height={cover.height}
            alt={vehicle.name}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-gray-400">
            <CarFront aria-hidden="true" className="size-10" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 @2xl:p-5">
        <div>
          <Heading className="text-lg leading-snug font-semibold text-gray-900">{vehicle.name}</Heading>
          <p className="text-sm text-gray-600">
            {[vehicle.brand, carTypeLabel(vehicle.type_of_car, language)].filter(Boolean).join(" · ")}
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-gray-700">
          {specs.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-1.5">
              <Icon aria-hidden="true" className="size-4 shrink-0" style={{ color: theme.secondaryInk }} />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex items-end justify-between gap-3 border-t border-gray-100 pt-3">
          <p className="flex flex-col">
            <span className="text-2xl font-bold tracking-tight tabular-nums" style={{ color: theme.primaryInk }}>
              {formatMoney(vehicle.price, currency, language)}
            </span>
            <span className="text-sm text-gray-600">{copy.vehicles.perDay}</span>
          </p>
          <span
            className="rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm"
            style={{ backgroundColor: theme.primary, color: theme.onPrimary }}
          >
            {copy.vehicles.book}
          </span>
        </div>
      </div>
    </article>
  );
}

import { CarFront } from "lucide-react";
import type { Language } from "../../../../domain/languages";
import type { Vehicle } from "../../../../domain/vehicles";
import type { LandingTheme } from "./colors";
import type { LandingCopy } from "./copy";
import type { HeadingBase } from "./types";
import { VehicleCard } from "./vehicle-card";

/** SPEC §9: the home page shows the first three vehicles. */
export const HOME_VEHICLES = 3;

type FeaturedVehiclesProps = {
  vehicles: Vehicle[];
  theme: LandingTheme;
  copy: LandingCopy;
  language: Language;
  currency: string;
  headingBase: HeadingBase;
};

export function FeaturedVehicles({ vehicles, theme, copy, language, currency, headingBase }: FeaturedVehiclesProps) {
  const Heading = headingBase === 1 ? "h2" : "h3";
  const shown = vehicles.slice(0, HOME_VEHICLES);
  return (
    <section className="bg-gray-50">
      <div className="mx-auto max-w-6xl px-4 py-12 @2xl:px-8 @4xl:py-16">
        <Heading className="text-2xl font-bold tracking-tight text-gray-900 @2xl:text-3xl">
          {copy.vehicles.title}
        </Heading>
        <p className="mt-2 max-w-2xl text-base text-gray-600">{copy.vehicles.body}</p>
        {shown.length > 0 ? (
          <div className="mt-8 grid gap-5 @xl:grid-cols-2 @4xl:grid-cols-3" data-testid="preview-vehicles">
            {shown.map((vehicle) => (
              <VehicleCard
                key={vehicle.id}
                vehicle={vehicle}
                theme={theme}
                copy={copy}
                language={language}
                currency={currency}
                headingLevel={headingBase === 1 ? "h3" : "h4"}
              />
            ))}
          </div>
        ) : (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
            <CarFront aria-hidden="true" className="size-8" style={{ color: theme.secondaryInk }} />
            <p className="text-base text-gray-700">{copy.vehicles.empty}</p>
          </div>
        )}
      </div>
    </section>
  );
}

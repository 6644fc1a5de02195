import type { Language } from "@domain/languages";
import type { Location } from "@domain/locations";
import { formatMoney } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { ArrowRight, MapPin, Pencil, X } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Whether a pair returns the vehicle at another place (names compared as the server does, ignoring case). */
export const isOneWay = (location: Location) =>
  location.place_of_departure.trim().toLowerCase() !== location.arrival_place.trim().toLowerCase();

type LocationRowProps = {
  location: Location;
  currency: string;
  language: Language;
  onEditFee: () => void;
  onDelete: () => void;
};

/** One pickup/return pair: its places, its one-way fee (when the places differ), edit and delete. */
export function LocationRow({ location, currency, language, onEditFee, onDelete }: LocationRowProps) {
  const { t } = useTranslation("fleet");
  const route = t("locationsPage.route", { from: location.place_of_departure, to: location.arrival_place });
  const oneWay = isOneWay(location);
  const fee = location.one_way_fee_cents ?? 0;
  return (
    // Where the text is large for the screen, the trip takes the row's whole width and its buttons
    // go under it: beside them "La Romana" had 98 px.
    <li
      className="flex items-center gap-3 py-3 pr-2 pl-4 cramped:flex-wrap cramped:justify-end sm:pl-5"
      data-testid="location-row"
    >
      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 self-start text-brand-600 cramped:hidden" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 cramped:basis-full">
        <span className="sr-only">{route}</span>
        <span aria-hidden="true" className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-gray-900">
          {/* A place of 120 characters without a space wraps anywhere rather than widen the page. */}
          <span className="min-w-0 wrap-anywhere">{location.place_of_departure}</span>
          <span className="flex min-w-0 items-start gap-1.5">
            <ArrowRight className="mt-[3px] size-3.5 shrink-0 text-gray-500" />
            <span className="min-w-0 wrap-anywhere">{location.arrival_place}</span>
          </span>
        </span>
        <span className="text-sm text-gray-600" data-testid="one-way-fee">
          {!oneWay
            ? t("oneWayFee.samePlace")
            : fee > 0
              ? t("oneWayFee.summary", { fee: formatMoney(fee, currency, language) })
              : t("oneWayFee.none")}
        </span>
      </div>
      {oneWay && (
        <Button
          variant="ghost"
          onClick={onEditFee}
          aria-label={t("oneWayFee.edit", { route })}
          className="shrink-0 px-3 text-gray-700"
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span aria-hidden="true" className="max-sm:sr-only">
            {t("oneWayFee.editShort")}
          </span>
        </Button>
      )}
      <button
        type="button"
        onClick={onDelete}
        aria-label={t("locationsPage.delete", { route })}
        title={t("locationsPage.deleteShort")}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-gray-500 transition-colors hover:bg-red-50 hover:text-red-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

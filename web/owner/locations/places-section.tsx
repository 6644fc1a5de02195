import type { Language } from "@domain/languages";
import type { PlaceHours } from "@domain/locations";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { Spinner } from "@web/ui/spinner";
import { Clock, Pencil, TextCursorInput } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { placesQuery } from "./api";
import { weekSummaryParts } from "./hours";
import { PlaceHoursDialog } from "./place-hours-dialog";
import { RenamePlaceDialog } from "./rename-place-dialog";

/**
 * "Lugares y horarios": every place of the landing's locations with its opening hours and
 * after-hours fee, each renamed or its hours edited in a dialog. Places are headed sections (not a
 * list), one per place.
 */
export function PlacesSection({
  landingId,
  currency,
  language,
}: {
  landingId: number;
  currency: string;
  language: Language;
}) {
  const { t } = useTranslation("fleet");
  const places = useQuery(placesQuery(landingId));
  const [editing, setEditing] = useState<PlaceHours | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  const summary = (place: PlaceHours) =>
    weekSummaryParts(place.hours, language, {
      always: t("placeHours.alwaysSummary"),
      closed: t("placeHours.closedShort"),
      range: (from, to) => `${from}–${to}`,
    });
  const outside = (place: PlaceHours) =>
    place.hours === null
      ? null
      : place.after_hours_fee_cents === null
        ? t("placeHours.outsideRefused")
        : place.after_hours_fee_cents === 0
          ? t("placeHours.outsideFree")
          : t("placeHours.outsideFee", { fee: formatMoney(place.after_hours_fee_cents, currency, language) });

  return (
    <Card>
      <section aria-labelledby="places-title" className="flex flex-col">
        <div className="flex flex-col gap-1 border-b border-gray-100 p-4 sm:px-5">
          <h2 id="places-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
            <Clock aria-hidden="true" className="size-4 text-brand-600" />
            {t("placeHours.sectionTitle")}
          </h2>
          <p className="text-sm text-gray-600">{t("placeHours.sectionBody")}</p>
        </div>
        {places.isPending ? (
          <p role="status" className="flex items-center gap-2.5 p-5 text-sm text-gray-600">
            <Spinner className="text-brand-600" />
            {t("placeHours.loading")}
          </p>
        ) : places.isError ? (
          <ErrorState
            title={t("placeHours.loadError")}
            description={t("locationsPage.loadErrorBody")}
            onRetry={() => void places.refetch()}
            retrying={places.isFetching}
          />
        ) : (
          <div className="divide-y divide-gray-100">
            {places.data.map((place) => (
              <div
                key={place.place}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
                data-testid="place-row"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <h3 className="text-sm font-semibold break-words text-gray-900">{place.place}</h3>
                  <p className="text-sm text-gray-700" data-testid="place-hours">
                    {summary(place).map((part, index) => (
                      // A day's hours never break across lines; the separator may.
                      <span key={part}>
                        {index > 0 && " · "}
                        <span className="whitespace-nowrap">{part}</span>
                      </span>
                    ))}
                  </p>
                  {outside(place) && <p className="text-sm text-gray-600">{outside(place)}</p>}
                </div>
                <div className="flex flex-wrap gap-2 self-start sm:self-center">
                  <Button
                    variant="secondary"
                    onClick={() => setRenaming(place.place)}
                    aria-label={t("renamePlace.open", { place: place.place })}
                  >
                    <TextCursorInput aria-hidden="true" className="size-4" />
                    <span aria-hidden="true">{t("renamePlace.openShort")}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(place)}
                    aria-label={t("placeHours.edit", { place: place.place })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    <span aria-hidden="true">{t("placeHours.editShort")}</span>
                  </Button>
                </div>
              </div>
            ))}
          </div>
        )}
      </section>
      <PlaceHoursDialog
        landingId={landingId}
        place={editing}
        currency={currency}
        language={language}
        onClose={() => setEditing(null)}
      />
      <RenamePlaceDialog landingId={landingId} place={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}

import { toLocal } from "@domain/rental-time";
import { changedParts } from "@domain/reservation-changes";
import type { Reservation, ReservationChangeView } from "@domain/reservations";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { apiRequest } from "@web/lib/api";
import { formatMoney, formatWhen } from "@web/lib/format";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RESERVATIONS_KEY } from "./api";

/**
 * A booking's changes (issue 25.21), oldest first: when, what changed, and the total before and
 * after. Asked only for a booking that has moved on from its first version, and asked again when
 * the lists refresh.
 */
export function ReservationHistory({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const history = useQuery({
    queryKey: [...RESERVATIONS_KEY, "changes", reservation.id, reservation.version],
    queryFn: ({ signal }) =>
      apiRequest<{ changes: ReservationChangeView[] }>(`/api/reservations/${reservation.id}/changes`, { signal }),
    enabled: reservation.version > 1,
  });
  const changes = history.data?.changes ?? [];
  if (changes.length === 0) return null;
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby={`history-${reservation.id}`}
      data-testid="reservation-history"
    >
      <h3
        id={`history-${reservation.id}`}
        className="flex items-center gap-2 text-xs font-semibold tracking-wide text-gray-600 uppercase"
      >
        <History aria-hidden="true" className="size-4" />
        {t("history.title")}
      </h3>
      <ol className="flex flex-col gap-2">
        {changes.map((change) => {
          const when = toLocal(new Date(change.changed_at), timeZone);
          const parts = changedParts(change.before, change.after);
          return (
            <li key={change.changed_at} className="rounded-lg border border-gray-200 p-3 text-sm">
              <p className="font-medium text-gray-900 tabular-nums">
                <UnbrokenWhen>{formatWhen(when.date, when.time, language)}</UnbrokenWhen>
              </p>
              <p className="text-gray-700">
                {parts.length === 0
                  ? t("history.nothing")
                  : t("history.changed", { parts: parts.map((part) => t(`history.parts.${part}`)).join(", ") })}
              </p>
              {change.before.total_cents !== change.after.total_cents && (
                <p className="text-gray-700 tabular-nums">
                  {t("history.total", {
                    before: amount(change.before.total_cents),
                    after: amount(change.after.total_cents),
                  })}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

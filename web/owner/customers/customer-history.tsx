import type { CustomerBooking } from "@domain/customers";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { isNotFound } from "@web/lib/api";
import { formatMoney, formatWhen } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/owner/auth";
import { Card } from "@web/ui/card";
import { CountBadge } from "@web/ui/count-badge";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { ArrowRight, History } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { landingsQuery } from "../landings";
import { ReservationStatusBadge, reservationQuery, useReservationDialogs } from "../reservations";

/**
 * What a booking and, once its car went out, its rental came to: the booking's total, and beside
 * it the total with the return's charges when the counter added some.
 */
function Amount({ booking }: { booking: CustomerBooking }) {
  const { t } = useTranslation("customers");
  const language = currentLanguage();
  const total = formatMoney(booking.total_cents, booking.currency, language);
  const withCharges = booking.spent_cents > booking.total_cents;
  return (
    <>
      <span className="block font-semibold whitespace-nowrap text-gray-900 tabular-nums">{total}</span>
      {withCharges && (
        <span className="block text-xs text-gray-600 lg:whitespace-nowrap">
          {t("history.withCharges", { amount: formatMoney(booking.spent_cents, booking.currency, language) })}
        </span>
      )}
    </>
  );
}

function Dates({ booking }: { booking: CustomerBooking }) {
  const language = currentLanguage();
  return (
    <>
      <span className="block">
        <UnbrokenWhen>{formatWhen(booking.date_of_departure, booking.time_of_departure, language)}</UnbrokenWhen>
      </span>
      <span className="flex items-center gap-1 text-gray-600">
        <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-gray-400" />
        <span>
          <UnbrokenWhen>{formatWhen(booking.date_of_arrival, booking.time_of_arrival, language)}</UnbrokenWhen>
        </span>
      </span>
    </>
  );
}

/**
 * Opens a booking of the history in the reservations' own detail dialog (confirm, cancel, change,
 * the counter): the whole booking is fetched on the click, as the planner does.
 */
function useBookingDialog() {
  const { t } = useTranslation("customers");
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const [shownId, setShownId] = useState<number | null>(null);
  const opening = useRef<number | null>(null);
  const shown = useQuery({ ...reservationQuery(shownId ?? 0), enabled: shownId !== null });
  const details = useReservationDialogs(shown.data ? [shown.data] : [], (id) =>
    landings.data?.find((landing) => landing.id === id),
  );
  const open = async (id: number) => {
    if (opening.current === id) return;
    opening.current = id;
    try {
      const reservation = await queryClient.fetchQuery(reservationQuery(id));
      setShownId(id);
      details.open(reservation);
    } catch (error) {
      if (isNotFound(error)) notify.info(`customer-booking:${id}`, t("history.gone"));
      else notify.error(`customer-booking:${id}`, t("history.openError"));
    } finally {
      opening.current = null;
    }
  };
  return { open, dialogs: details.dialogs };
}

/** The customer's bookings, newest first, each opening its detail: a table on a wide screen, cards on a phone. */
export function CustomerHistory({ history, name }: { history: CustomerBooking[]; name: string }) {
  const { t } = useTranslation("customers");
  const booking = useBookingDialog();
  const label = t("history.label", { name });

  const reference = (entry: CustomerBooking) => (
    <button
      type="button"
      onClick={() => void booking.open(entry.id)}
      aria-label={t("history.open", { reference: entry.reference })}
      className="flex min-h-11 items-center rounded-sm font-mono text-xs font-semibold tracking-wide whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800 lg:min-h-0"
    >
      {entry.reference}
    </button>
  );

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="customer-history-title">
        <header className="flex items-center gap-2.5 border-b border-gray-200 px-5 py-4">
          <History aria-hidden="true" className="size-4 text-gray-500" />
          <h2 id="customer-history-title" className="text-base font-semibold text-gray-900">
            {t("history.title")}
          </h2>
          <CountBadge count={history.length} label={t("history.count", { count: history.length })} />
        </header>
        {history.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-gray-600">{t("history.empty")}</p>
        ) : (
          <>
            <div className="hidden lg:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{label}</caption>
                <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-600">
                  <tr>
                    <th scope="col" className="py-3 pr-2 pl-5">
                      {t("history.reference")}
                    </th>
                    <th scope="col" className="px-2 py-3">
                      {t("history.landing")}
                    </th>
                    <th scope="col" className="px-2 py-3">
                      {t("history.vehicle")}
                    </th>
                    <th scope="col" className="px-2 py-3">
                      {t("history.dates")}
                    </th>
                    <th scope="col" className="px-2 py-3">
                      {t("history.status")}
                    </th>
                    <th scope="col" className="py-3 pr-5 pl-2 text-right">
                      {t("history.total")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {history.map((entry) => (
                    <tr key={entry.id} className="align-top" data-testid="customer-booking">
                      <th scope="row" className="py-3 pr-2 pl-5 font-normal">
                        {reference(entry)}
                      </th>
                      <td className="max-w-48 px-2 py-3 break-words text-gray-900">{entry.landing.display_name}</td>
                      <td className="max-w-48 px-2 py-3 break-words text-gray-900">{entry.vehicle_name}</td>
                      <td className="px-2 py-3 text-gray-800 tabular-nums">
                        <Dates booking={entry} />
                      </td>
                      <td className="px-2 py-3">
                        <ReservationStatusBadge status={entry.status} />
                      </td>
                      <td className="py-3 pr-5 pl-2 text-right">
                        <Amount booking={entry} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="divide-y divide-gray-100 lg:hidden" aria-label={label}>
              {history.map((entry) => (
                <li key={entry.id} className="flex flex-col gap-2 px-4 py-3" data-testid="customer-booking">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {reference(entry)}
                    <ReservationStatusBadge status={entry.status} />
                  </div>
                  <p className="text-sm font-medium break-words text-gray-900">
                    {entry.vehicle_name} ·{" "}
                    <span className="font-normal text-gray-700">{entry.landing.display_name}</span>
                  </p>
                  <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1 text-sm">
                    <div className="text-gray-800 tabular-nums">
                      <Dates booking={entry} />
                    </div>
                    <div className="ml-auto min-w-0 text-right">
                      <Amount booking={entry} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {booking.dialogs}
    </Card>
  );
}

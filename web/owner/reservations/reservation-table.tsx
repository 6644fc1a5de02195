import { formatDate, formatTime } from "@domain/date-format";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatMoney, formatWhen } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { ArrowRight, Car, Eye, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ExpressBadge } from "./express-badge";
import { customerErased } from "./reservation-customer";
import { SourceBadge } from "./source-badge";
import { ReservationStatusBadge } from "./status-badge";

type ReservationTableProps = {
  reservations: Reservation[];
  /** Names the table for assistive technology, e.g. "Reservas de Autos Caribe". */
  label: string;
  onOpen: (reservation: Reservation) => void;
  onDelete: (reservation: Reservation) => void;
};

/** The vehicle's cover as it was when booked; a car icon when it has none. */
export function VehiclePhoto({ src, className }: { src: string | null; className: string }) {
  return (
    <div className={cn("overflow-hidden rounded-md bg-gray-100 ring-1 ring-black/5", className)}>
      {src ? (
        <img src={src} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-gray-400">
          <Car aria-hidden="true" className="size-5" />
        </div>
      )}
    </div>
  );
}

/**
 * The reference, as a button that opens the reservation: 24 px high at least (WCAG 2.5.8; it was
 * 16), stretched above and below without moving the row.
 */
function ReferenceButton({ reservation, onOpen }: { reservation: Reservation; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="-my-1 inline-flex min-h-6 items-center rounded-sm font-mono text-xs font-semibold tracking-wide text-brand-700 underline-offset-2 hover:underline"
    >
      {reservation.reference}
    </button>
  );
}

function DeleteButton({ reservation, onDelete }: { reservation: Reservation; onDelete: () => void }) {
  const { t } = useTranslation("reservations");
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onDelete}
      aria-label={t("table.deleteNamed", { reference: reservation.reference })}
      title={t("table.delete")}
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </Button>
  );
}

function Dates({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  return (
    <>
      <span className="block whitespace-nowrap">
        <span className="sr-only">{t("table.pickup")}: </span>
        {formatWhen(reservation.date_of_departure, reservation.time_of_departure, language)}
      </span>
      <span className="flex items-center gap-1 whitespace-nowrap text-gray-600">
        <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-gray-400" />
        <span className="sr-only">{t("table.return")}: </span>
        {formatWhen(reservation.date_of_arrival, reservation.time_of_arrival, language)}
      </span>
    </>
  );
}

/** Who booked, in one cell: names, email and phone (one column rather than two keeps the table within 942 px at 1280). */
function Customer({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  if (customerErased(reservation))
    return <span className="block text-gray-600 italic">{t("table.erasedCustomer")}</span>;
  return (
    <>
      {/* At most two lines, like the vehicle beside it: a 100-character name no longer makes its
          row ten lines tall. The whole name is its title, and the detail shows it all. */}
      <span className="line-clamp-2 wrap-anywhere text-gray-900" title={`${reservation.name} ${reservation.last_name}`}>
        {reservation.name} {reservation.last_name}
      </span>
      {/* One line, cut anywhere with an ellipsis rather than widen the column; the whole address is its title. */}
      {reservation.email ? (
        <span className="line-clamp-1 wrap-anywhere text-gray-700" title={reservation.email}>
          {reservation.email}
        </span>
      ) : (
        <span className="block text-gray-500">{t("table.noEmail")}</span>
      )}
      <span className="block whitespace-nowrap text-gray-600">{reservation.phone}</span>
    </>
  );
}

/** SPEC §2's reservation table (photo, car, total, names, email, phone, description) with reference, dates and status; stacked cards below 1280 px. */
export function ReservationTable({ reservations, label, onOpen, onDelete }: ReservationTableProps) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const total = (reservation: Reservation) => formatMoney(reservation.total_cents, reservation.currency, language);

  return (
    <>
      {/* Fits its 942 px card at 1280 (names wrap, the email is cut to a line); should a row still be
          wider, it scrolls sideways rather than clip its delete button. Positioned, so the hidden
          caption and headers (sr-only) stay inside it instead of widening the page. */}
      <div className="relative hidden overflow-x-auto xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-600">
            <tr>
              <th scope="col" className="py-3 pr-2 pl-4">
                <span className="sr-only">{t("table.photo")}</span>
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.car")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.dates")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.customer")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.description")}
              </th>
              <th scope="col" className="px-2 py-3 text-right">
                {t("table.total")}
              </th>
              <th scope="col" className="py-3 pr-3 pl-1">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {reservations.map((reservation) => (
              <tr
                key={reservation.id}
                className="cursor-pointer align-top hover:bg-gray-50"
                data-testid="reservation-row"
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest("button, a")) onOpen(reservation);
                }}
              >
                <td className="py-3 pr-2 pl-4">
                  <VehiclePhoto src={reservation.vehicle.image} className="h-10 w-14" />
                </td>
                <th scope="row" className="min-w-36 px-2 py-3 font-normal">
                  <span
                    className="line-clamp-2 font-medium wrap-anywhere text-gray-900"
                    title={reservation.vehicle.name}
                  >
                    {reservation.vehicle.name}
                  </span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <ReferenceButton reservation={reservation} onOpen={() => onOpen(reservation)} />
                    <ReservationStatusBadge status={reservation.status} />
                    <SourceBadge source={reservation.source} />
                    <ExpressBadge
                      done={reservation.status === "confirmed" && reservation.express_completed_at !== null}
                    />
                  </span>
                </th>
                <td className="px-2 py-3 text-gray-800 tabular-nums">
                  <Dates reservation={reservation} />
                </td>
                <td className="max-w-52 px-2 py-3 wrap-anywhere">
                  <Customer reservation={reservation} />
                </td>
                <td className="max-w-40 min-w-28 px-2 py-3 text-gray-700">
                  {reservation.description ? (
                    <span className="line-clamp-2 break-words" title={reservation.description}>
                      {reservation.description}
                    </span>
                  ) : (
                    <span className="text-gray-500">{t("table.noDescription")}</span>
                  )}
                </td>
                <td className="px-2 py-3 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
                  {total(reservation)}
                </td>
                <td className="py-1.5 pr-3 pl-1">
                  <DeleteButton reservation={reservation} onDelete={() => onDelete(reservation)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul
        className="grid grid-cols-1 divide-y divide-gray-100 md:grid-cols-2 md:divide-y-0 xl:hidden"
        aria-label={label}
      >
        {reservations.map((reservation) => (
          <li
            key={reservation.id}
            className="flex min-w-0 flex-col gap-3 p-4 md:border-b md:border-gray-100 md:odd:border-r"
            data-testid="reservation-card"
          >
            <div className="flex gap-3">
              <VehiclePhoto src={reservation.vehicle.image} className="h-14 w-18 shrink-0" />
              <div className="min-w-0 flex-1">
                <h3 className="line-clamp-2 font-semibold wrap-anywhere text-gray-900" title={reservation.vehicle.name}>
                  {reservation.vehicle.name}
                </h3>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <ReferenceButton reservation={reservation} onOpen={() => onOpen(reservation)} />
                  <ReservationStatusBadge status={reservation.status} />
                  <SourceBadge source={reservation.source} />
                  <ExpressBadge
                    done={reservation.status === "confirmed" && reservation.express_completed_at !== null}
                  />
                </p>
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm cramped:grid-cols-1">
              <div className="min-w-0">
                <dt className="text-xs text-gray-600">{t("table.firstName")}</dt>
                <dd className="break-words text-gray-900">
                  {customerErased(reservation) ? (
                    <span className="text-gray-600 italic">{t("table.erasedCustomer")}</span>
                  ) : (
                    reservation.name
                  )}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-gray-600">{t("table.lastName")}</dt>
                <dd className="break-words text-gray-900">{reservation.last_name}</dd>
              </div>
              <div className="col-span-2 min-w-0 cramped:col-span-1">
                <dt className="text-xs text-gray-600">{t("table.email")}</dt>
                <dd className="break-all text-gray-900">
                  {reservation.email || <span className="text-gray-500">{t("table.noEmail")}</span>}
                </dd>
              </div>
              <div className="col-span-2 min-w-0 cramped:col-span-1">
                <dt className="text-xs text-gray-600">{t("table.phone")}</dt>
                <dd className="text-gray-900">{reservation.phone}</dd>
              </div>
              <div className="min-w-0 tabular-nums">
                <dt className="text-xs text-gray-600">{t("table.pickup")}</dt>
                <dd className="text-gray-900">
                  <span className="block">{formatDate(reservation.date_of_departure, language)}</span>
                  <span className="block text-gray-600">{formatTime(reservation.time_of_departure, language)}</span>
                </dd>
              </div>
              <div className="min-w-0 tabular-nums">
                <dt className="text-xs text-gray-600">{t("table.return")}</dt>
                <dd className="text-gray-900">
                  <span className="block">{formatDate(reservation.date_of_arrival, language)}</span>
                  <span className="block text-gray-600">{formatTime(reservation.time_of_arrival, language)}</span>
                </dd>
              </div>
              {reservation.description && (
                <div className="col-span-2 min-w-0 cramped:col-span-1">
                  <dt className="text-xs text-gray-600">{t("table.description")}</dt>
                  <dd className="line-clamp-3 break-words text-gray-700">{reservation.description}</dd>
                </div>
              )}
            </dl>
            {/* The total never breaks inside its figure; on the narrowest phones the buttons move
                under it instead (a walk's finding at 320 px: "US$212" over ".40"). */}
            <div className="mt-auto flex flex-wrap items-center justify-end gap-2 border-t border-gray-100 pt-3">
              <p className="mr-auto">
                <span className="block text-xs text-gray-600">{t("table.total")}</span>
                <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">{total(reservation)}</span>
              </p>
              {/* The two buttons move together: the delete alone on a line read as belonging to nothing. */}
              <div className="flex items-center gap-2">
                <Button variant="secondary" onClick={() => onOpen(reservation)}>
                  <Eye aria-hidden="true" className="size-4" />
                  {t("table.open")}
                  <span className="sr-only"> {reservation.reference}</span>
                </Button>
                <DeleteButton reservation={reservation} onDelete={() => onDelete(reservation)} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

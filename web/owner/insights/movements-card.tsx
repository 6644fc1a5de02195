import { formatTime } from "@domain/date-format";
import type { DayMovements, Movement, MovementList, ScopedLanding } from "@domain/insights";
import type { ReservationStatus } from "@domain/reservations";
import { reservationDetailPath } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { Card } from "@web/ui/card";
import { ArrowDownToLine, ArrowUpFromLine, ChevronRight, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ExpressBadge, ReservationStatusBadge } from "../reservations";
import { longDay } from "./format";

type ListProps = {
  icon: LucideIcon;
  title: string;
  empty: string;
  list: MovementList;
  landingName: (id: number) => string | undefined;
  /** Where the rest of the list is, when it is longer than what is shown. */
  morePath: string;
};

function MovementRow({ movement, landingName }: { movement: Movement; landingName?: string }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  return (
    <li>
      <Link
        // Its detail, over the list found by its reference (what stays when the detail is closed).
        to={reservationDetailPath(movement.id, movement.reference)}
        aria-label={t("moves.open", { reference: movement.reference, customer: movement.customer })}
        className="group flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-gray-50 focus-visible:bg-gray-50"
      >
        <span className="w-20 shrink-0 text-sm font-semibold whitespace-nowrap text-gray-900 tabular-nums">
          {formatTime(movement.time, language)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-gray-900">{movement.customer}</span>
          <span className="block truncate text-xs text-gray-600">
            {movement.vehicle} · {movement.place}
            {landingName ? ` · ${landingName}` : ""}
          </span>
        </span>
        {movement.status === "pending" && <ReservationStatusBadge status={movement.status as ReservationStatus} />}
        <ExpressBadge done={movement.express} />
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-400 group-hover:text-gray-600" />
      </Link>
    </li>
  );
}

function MovementGroup({ icon: Icon, title, empty, list, landingName, morePath }: ListProps) {
  const { t } = useTranslation("insights");
  const hidden = list.total - list.items.length;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h3 className="flex items-center gap-2 px-2 text-sm font-semibold text-gray-700">
        <Icon aria-hidden="true" className="size-4 text-gray-500" />
        {title}
        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700 tabular-nums">
          <span className="sr-only">: </span>
          {list.total}
        </span>
      </h3>
      {list.items.length === 0 ? (
        <p className="px-2 py-2.5 text-sm text-gray-500">{empty}</p>
      ) : (
        <ul className="flex flex-col">
          {list.items.map((movement) => (
            <MovementRow key={movement.id} movement={movement} landingName={landingName(movement.landing_id)} />
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <Link
          to={morePath}
          className="self-start rounded px-2 py-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          {t("moves.more", { count: hidden })}
          <span className="sr-only">: {t("moves.seeAll")}</span>
        </Link>
      )}
    </div>
  );
}

type DayCardProps = {
  day: "today" | "tomorrow";
  /** The day's date (the latest among the landings' zones), for the heading. */
  date: string;
  movements: DayMovements;
  /** The landings in view; their names are shown only when there are several. */
  landings: ScopedLanding[];
};

/** Who picks up and who returns on one day, earliest first. */
export function DayCard({ day, date, movements, landings }: DayCardProps) {
  const { t } = useTranslation("insights");
  const headingId = `moves-${day}`;
  const names = new Map(landings.map((landing) => [landing.id, landing.display_name]));
  const landingName = (id: number) => (landings.length > 1 ? names.get(id) : undefined);
  const pickupDate = movements.pickups.items[0]?.date ?? date;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          {t(`moves.${day}`)} {/* The space is the heading's name too: without it a screen reader read "Hoydomingo". */}
          <span className="ml-1 text-sm font-normal text-gray-500 first-letter:uppercase">
            {longDay(date, currentLanguage())}
          </span>
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <MovementGroup
            icon={ArrowUpFromLine}
            title={t("moves.pickups")}
            empty={t("moves.noPickups")}
            list={movements.pickups}
            landingName={landingName}
            morePath={`/reservation?from=${pickupDate}&to=${pickupDate}`}
          />
          <MovementGroup
            icon={ArrowDownToLine}
            title={t("moves.returns")}
            empty={t("moves.noReturns")}
            list={movements.returns}
            landingName={landingName}
            morePath="/reservation"
          />
        </div>
      </section>
    </Card>
  );
}

import type { Language } from "@domain/languages";
import type { Planner } from "@domain/planner";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { AlarmClock, ArrowDownLeft, ArrowUpRight, Car, PhoneCall, Plus, Route, Wrench, Zap } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { agendaOf, dayTotals } from "./agenda-day";
import { blockLabel, reservationLabel, when } from "./bar-label";
import { HATCH, styleOf } from "./bar-style";
import { addDays, clock, dayMonth, longDay, shortWeekday } from "./dates";

const KIND_ICON = { pickup: ArrowUpRight, return: ArrowDownLeft, ongoing: Route };

type AgendaProps = {
  planner: Planner;
  days: number;
  day: string;
  language: Language;
  onDay: (date: string) => void;
  onOpenBar: (id: number) => void;
  onNewBooking: (vehicleId: number, date: string) => void;
};

/**
 * The days of the view as a strip of buttons, the chosen one kept in sight. They share the width (a
 * week fits a phone, where 48 px each cut the seventh at the edge) and scroll past 44 px (a month).
 */
function DayStrip({ planner, days, day, language, onDay }: Omit<AgendaProps, "onOpenBar" | "onNewBooking">) {
  const { t } = useTranslation("planner");
  const strip = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    strip.current
      ?.querySelector<HTMLElement>("[aria-pressed=true]")
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, []);
  return (
    <fieldset
      ref={strip}
      aria-label={t("agenda.chooseDay")}
      className="-mx-4 flex min-w-0 snap-x gap-1.5 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:px-6"
    >
      {Array.from({ length: days }, (_, index) => {
        const date = addDays(planner.from, index);
        const chosen = date === day;
        const today = date === planner.today;
        return (
          <button
            key={date}
            type="button"
            aria-pressed={chosen}
            aria-label={`${longDay(date, language)}${today ? `, ${t("grid.today")}` : ""}`}
            onClick={() => onDay(date)}
            className={cn(
              // As wide as its words where the text is large for the screen: the strip scrolls.
              "flex min-h-14 min-w-11 flex-1 snap-start flex-col items-center justify-center rounded-lg border text-center transition-colors cramped:flex-none cramped:px-2",
              chosen
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-gray-200 bg-white text-gray-900 hover:bg-gray-50",
              today && !chosen && "border-brand-300 text-brand-700",
            )}
          >
            <span className="text-[0.6875rem] font-medium uppercase opacity-80">{shortWeekday(date, language)}</span>
            <span className="text-base font-semibold tabular-nums">{Number(date.slice(8))}</span>
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * The phone's planner: one day at a time, with each vehicle's pickups, returns, rentals under
 * way and blocks, every booking opening its dialog, and a new booking a tap away.
 */
export function Agenda(props: AgendaProps) {
  const { planner, day, language, onOpenBar, onNewBooking } = props;
  const { t } = useTranslation("planner");
  const agenda = agendaOf(planner.vehicles, day);
  const totals = dayTotals(agenda);

  return (
    <div className="flex flex-col gap-4">
      <DayStrip {...props} />
      <div>
        <h2 className="text-base font-semibold text-gray-900 first-letter:uppercase">{longDay(day, language)}</h2>
        <p className="text-sm text-gray-600">
          {t("agenda.totals", {
            pickups: t("agenda.pickups", { count: totals.pickup }),
            returns: t("agenda.returns", { count: totals.return }),
            ongoing: t("agenda.ongoingCount", { count: totals.ongoing }),
          })}
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {agenda.map(({ vehicle, entries, blocks }) => (
          <li key={vehicle.id} className="rounded-lg border border-gray-200 bg-white">
            <div className="flex items-center gap-3 border-b border-gray-100 px-3 py-2.5">
              {vehicle.image ? (
                <img src={vehicle.image} alt="" loading="lazy" className="h-9 w-12 shrink-0 rounded object-cover" />
              ) : (
                <span className="flex h-9 w-12 shrink-0 items-center justify-center rounded bg-gray-100 text-gray-400">
                  <Car aria-hidden="true" className="size-4" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="truncate text-sm font-semibold text-gray-900">{vehicle.name}</h3>
                <p className="text-xs text-gray-600">{t("grid.units", { count: vehicle.units })}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("grid.newBookingOn", { name: vehicle.name, date: dayMonth(day, language) })}
                onClick={() => onNewBooking(vehicle.id, day)}
                className="text-brand-700"
              >
                <Plus aria-hidden="true" className="size-5" />
              </Button>
            </div>
            {entries.length === 0 && blocks.length === 0 ? (
              <p className="px-3 py-3 text-sm text-gray-600">{t("agenda.free")}</p>
            ) : (
              <ul className="flex flex-col gap-1.5 p-2">
                {entries.map(({ kind, bar, car }) => {
                  const Icon = KIND_ICON[kind];
                  const style = styleOf(bar.status);
                  const at = kind === "return" ? bar.end_local : bar.start_local;
                  return (
                    <li key={`${kind}-${bar.id}`}>
                      <button
                        type="button"
                        data-planner-bar=""
                        aria-label={`${t(`agenda.${kind}`)}: ${reservationLabel(bar, t, language)}`}
                        onClick={() => onOpenBar(bar.id)}
                        className={cn(
                          // Where the text is large for the screen, the statuses go under the time
                          // and the customer, which beside them had 69 px.
                          "flex min-h-11 w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm cramped:flex-wrap",
                          style.bar,
                          bar.overdue && "border-red-400 ring-1 ring-red-300",
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4 shrink-0" />
                        <span aria-hidden="true" className="flex min-w-0 flex-1 flex-col">
                          <span className="text-xs font-medium opacity-80">
                            {kind === "ongoing"
                              ? bar.overdue
                                ? t("agenda.overdueSince", { date: when(bar.end_local, language) })
                                : t("agenda.ongoingUntil", { date: dayMonth(bar.end_local.slice(0, 10), language) })
                              : `${t(`agenda.${kind}`)} · ${clock(at, language)}`}
                            {car && ` · ${car}`}
                          </span>
                          <span className="truncate font-semibold">{bar.customer}</span>
                        </span>
                        <span
                          aria-hidden="true"
                          className="flex shrink-0 flex-col items-end gap-0.5 text-xs cramped:basis-full cramped:flex-row cramped:flex-wrap cramped:gap-x-2"
                        >
                          {bar.overdue && (
                            <span className="flex items-center gap-1 rounded-sm bg-red-700 px-1.5 py-0.5 font-semibold text-white">
                              <AlarmClock className="size-3" />
                              {t("bar.overdue")}
                            </span>
                          )}
                          <span className="font-medium">{t(`status.${bar.status}`)}</span>
                          {bar.express && (
                            <span className="flex items-center gap-1 font-semibold text-green-800">
                              <Zap className="size-3" />
                              {t("bar.express")}
                            </span>
                          )}
                          {bar.source === "manual" && (
                            <span className="flex items-center gap-1 opacity-80">
                              <PhoneCall className="size-3" />
                              {t("bar.manual")}
                            </span>
                          )}
                        </span>
                      </button>
                    </li>
                  );
                })}
                {blocks.map((block) => (
                  <li
                    key={`block-${block.id}`}
                    className={cn("flex min-h-11 items-center gap-3 rounded-md border px-3 py-2 text-sm", HATCH)}
                  >
                    <Wrench aria-hidden="true" className="size-4 shrink-0" />
                    <span className="rounded bg-white/85 px-1.5 py-0.5">{blockLabel(block, t, language)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { Language } from "@domain/languages";
import type { PlannerBlock, PlannerReservation } from "@domain/planner";
import { intlLocale } from "@web/lib/format";
import type { TFunction } from "i18next";
import { clock, dayMonth } from "./dates";

/** "4 mar, 10:00" */
export const when = (local: string, language: Language) =>
  `${dayMonth(local.slice(0, 10), language)}, ${clock(local, language)}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long ago an instant was, in words: "hace 40 minutos", "5 hours ago", "hace 3 días". */
export function timeAgo(instant: string, now: number, language: Language) {
  const elapsed = Math.max(0, now - Date.parse(instant));
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: "always" });
  if (elapsed < HOUR) return format.format(-Math.max(1, Math.round(elapsed / MINUTE)), "minute");
  if (elapsed < 48 * HOUR) return format.format(-Math.round(elapsed / HOUR), "hour");
  return format.format(-Math.round(elapsed / (24 * HOUR)), "day");
}

/**
 * What a screen reader (and the tooltip) says of a bar: customer, reference, status, origin and
 * dates; for a car still out past its planned return, "Overdue" first among them, with its planned
 * return and how long ago that was (`now`: the browser's clock).
 */
export function reservationLabel(
  bar: PlannerReservation,
  t: TFunction<"planner">,
  language: Language,
  now = Date.now(),
) {
  const manual = bar.source === "manual";
  const words = {
    customer: bar.customer,
    reference: bar.reference,
    // A customer who did their express pickup (issue 28.6) only shows their licence at the counter.
    status: bar.express ? `${t(`status.${bar.status}`)}, ${t("bar.express")}` : t(`status.${bar.status}`),
    from: when(bar.start_local, language),
    to: when(bar.end_local, language),
  };
  if (bar.overdue) {
    return t(manual ? "bar.labelOverdueManual" : "bar.labelOverdue", {
      ...words,
      ago: timeAgo(bar.end, now, language),
    });
  }
  return t(manual ? "bar.labelManual" : "bar.label", words);
}

export function blockLabel(block: PlannerBlock, t: TFunction<"planner">, language: Language) {
  const range =
    block.start_date === block.end_date
      ? dayMonth(block.start_date, language)
      : `${dayMonth(block.start_date, language)} – ${dayMonth(block.end_date, language)}`;
  return block.reason ? t("block.labelReason", { range, reason: block.reason }) : t("block.label", { range });
}

import type { Language } from "@domain/languages";
import type { TFunction } from "i18next";
import type { PlannerBlock, PlannerReservation } from "./api";
import { clock, dayMonth } from "./dates";

/** "4 mar, 10:00" */
const when = (local: string, language: Language) =>
  `${dayMonth(local.slice(0, 10), language)}, ${clock(local, language)}`;

/** What a screen reader says of a bar: customer, reference, status, origin and dates. */
export function reservationLabel(bar: PlannerReservation, t: TFunction<"planner">, language: Language) {
  return t(bar.source === "manual" ? "bar.labelManual" : "bar.label", {
    customer: bar.customer,
    reference: bar.reference,
    status: t(`status.${bar.status}`),
    from: when(bar.start_local, language),
    to: when(bar.end_local, language),
  });
}

export function blockLabel(block: PlannerBlock, t: TFunction<"planner">, language: Language) {
  const range =
    block.start_date === block.end_date
      ? dayMonth(block.start_date, language)
      : `${dayMonth(block.start_date, language)} – ${dayMonth(block.end_date, language)}`;
  return block.reason ? t("block.labelReason", { range, reason: block.reason }) : t("block.label", { range });
}

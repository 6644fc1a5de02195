import { cn } from "@web/lib/cn";
import { AlarmClock, PhoneCall, TriangleAlert, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { HATCH, OVERDUE_HATCH, STATUS_STYLE } from "./bar-style";

/** What the colours, stripes and icons of the grid mean. */
export function PlannerLegend() {
  const { t } = useTranslation("planner");
  const statuses = Object.entries(STATUS_STYLE) as [keyof typeof STATUS_STYLE, (typeof STATUS_STYLE)["pending"]][];
  return (
    <ul
      aria-label={t("legend.label")}
      className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-xs text-gray-700"
    >
      {statuses.map(([status, style]) => {
        const Icon = style.icon;
        return (
          <li key={status} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn("flex h-4 w-6 items-center justify-center rounded border", style.bar)}
            >
              <Icon className="size-3" />
            </span>
            {t(`status.${status}`)}
          </li>
        );
      })}
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={cn("flex h-4 w-6 items-center justify-center rounded border text-red-700", OVERDUE_HATCH)}
        >
          <AlarmClock className="size-3" />
        </span>
        {t("legend.overdue")}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn("h-4 w-6 rounded border", HATCH)} />
        {t("legend.block")}
      </li>
      <li className="flex items-center gap-1.5">
        <PhoneCall aria-hidden="true" className="size-3.5 text-gray-600" />
        {t("legend.manual")}
      </li>
      <li className="flex items-center gap-1.5">
        <Zap aria-hidden="true" className="size-3.5 text-green-700" />
        {t("legend.express")}
      </li>
      <li className="flex items-center gap-1.5">
        <TriangleAlert aria-hidden="true" className="size-3.5 text-red-600" />
        {t("legend.overbooked")}
      </li>
      <li className="text-gray-600">{t("legend.hint")}</li>
    </ul>
  );
}

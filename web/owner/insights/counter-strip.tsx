import type { Summary } from "@domain/insights";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatNumber } from "@web/lib/format";
import { Card } from "@web/ui/card";
import { ArrowRight, Car } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The counter at a glance (issue 28): how many cars are out on rent, how many are due back today,
 * and how many are late, with the list of those on rent one tap away. Shown only while any is out.
 */
export function CounterStrip({ counter }: { counter: Summary["counter"] }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  if (counter.out_now === 0) return null;
  const figure = (value: number, label: string, alert = false) => (
    <div className="flex items-baseline gap-1.5">
      <span className={cn("text-lg font-semibold tabular-nums", alert ? "text-red-700" : "text-gray-900")}>
        {formatNumber(value, language)}
      </span>
      <span className={cn("text-sm", alert ? "font-medium text-red-700" : "text-gray-700")}>{label}</span>
    </div>
  );
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5" data-testid="counter-strip">
      <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Car aria-hidden="true" className="size-5 text-brand-600" />
        {t("counter.title")}
      </h2>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {figure(counter.out_now, t("counter.outNow", { count: counter.out_now }))}
        {figure(counter.due_back_today, t("counter.dueBackToday", { count: counter.due_back_today }))}
        {counter.overdue > 0 && figure(counter.overdue, t("counter.overdue", { count: counter.overdue }), true)}
      </div>
      <Link
        to="/reservation?status=on_rent"
        className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline sm:ml-auto sm:self-center"
      >
        {t("counter.show")}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Card>
  );
}

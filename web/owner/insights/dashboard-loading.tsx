import { Card } from "@web/ui/card";
import { Skeleton } from "@web/ui/skeleton";
import { Spinner } from "@web/ui/spinner";
import { useTranslation } from "react-i18next";
import { CHART_HEIGHT } from "./chart-card";
import { FIGURE_CARD_HEIGHT } from "./figure-card";
import { FIGURE_SPANS, FIGURES_GRID } from "./figure-cards";

/** Two chart cards in outline, the drawing's height kept, while the figures or recharts load. */
export function ChartsLoading() {
  const { t } = useTranslation("insights");
  return (
    <div className="grid gap-4 lg:grid-cols-2" role="status">
      <span className="sr-only">{t("charts.loading")}</span>
      {[0, 1].map((card) => (
        <Card key={card} className="flex flex-col gap-3 p-4 sm:p-5" aria-hidden="true">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className={`${CHART_HEIGHT} bg-gray-100`} />
        </Card>
      ))}
    </div>
  );
}

/** The page's outline while the figures load, with what is loading in words. */
export function DashboardLoading() {
  const { t } = useTranslation("insights");
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="flex items-center gap-2.5 text-sm font-medium text-gray-600">
        <Spinner className="text-brand-600" />
        {t("page.loading")}
      </p>
      <div aria-hidden="true" className="grid gap-4">
        {[0, 1].map((card) => (
          <Card key={card} className="flex flex-col gap-3 p-4 sm:p-5">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </Card>
        ))}
      </div>
      <div aria-hidden="true" className={FIGURES_GRID}>
        {FIGURE_SPANS.map((span, card) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed outlines.
          <Card key={card} className={`flex flex-col gap-3 p-4 sm:p-5 ${FIGURE_CARD_HEIGHT} ${span}`}>
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-4 w-36" />
          </Card>
        ))}
      </div>
    </div>
  );
}

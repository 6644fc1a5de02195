import type { Charts, RevenueSeries } from "@domain/insights";
import { currentLanguage } from "@web/i18n/setup";
import { formatCompactMoney, formatMoney, formatNumber } from "@web/lib/format";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_HEIGHT, ChartCard, DataTable, NothingToDraw } from "./chart-card";
import { longDay, longMonth, shortDay, shortMonth } from "./format";
import { revenueGroups } from "./revenue-groups";

// Loaded on its own (React.lazy in dashboard-page.tsx): recharts stays out of the first screen's code.

const PUBLIC_COLOR = "#4f46e5";
const MANUAL_COLOR = "#f59e0b";
/** One colour per landing, distinct for the usual three or four, then repeated. */
const LANDING_COLORS = ["#4f46e5", "#0d9488", "#db2777", "#d97706", "#2563eb", "#65a30d"];
const AXIS = { fontSize: 12, fill: "#4b5563" };
const TOOLTIP = {
  contentStyle: { borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 },
  labelStyle: { fontWeight: 600, color: "#111827" },
  // "Desde el sitio: 2", as the language writes it; the library's own " : " puts a space before the colon.
  separator: ": ",
};

function BookingsPerDay({ days }: { days: Charts["bookings_per_day"] }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const title = t("charts.bookingsTitle");
  const any = days.some((day) => day.public + day.manual > 0);
  return (
    <ChartCard
      title={title}
      description={t("charts.bookingsDescription")}
      table={
        <DataTable
          caption={t("charts.tableCaption", { title })}
          head={[t("charts.day"), t("charts.public"), t("charts.manual"), t("charts.total")]}
          rows={days.map((day) => [
            longDay(day.date, language),
            formatNumber(day.public, language),
            formatNumber(day.manual, language),
            formatNumber(day.public + day.manual, language),
          ])}
        />
      }
    >
      {any ? (
        <div className={CHART_HEIGHT}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#e5e7eb" />
              <XAxis
                dataKey="date"
                tickFormatter={(date: string) => shortDay(date, language)}
                tick={AXIS}
                tickLine={false}
                axisLine={{ stroke: "#d1d5db" }}
                minTickGap={16}
              />
              <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
              <Tooltip
                {...TOOLTIP}
                cursor={{ fill: "#f3f4f6" }}
                labelFormatter={(date) => longDay(String(date), language)}
                formatter={(value) => formatNumber(Number(value), language)}
              />
              <Legend wrapperStyle={{ fontSize: 13 }} iconType="circle" />
              <Bar
                dataKey="public"
                name={t("charts.public")}
                stackId="bookings"
                fill={PUBLIC_COLOR}
                isAnimationActive={false}
              />
              <Bar
                dataKey="manual"
                name={t("charts.manual")}
                stackId="bookings"
                fill={MANUAL_COLOR}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <NothingToDraw text={t("charts.bookingsEmpty")} />
      )}
    </ChartCard>
  );
}

/**
 * One drawing per currency: landings that charge in different currencies never share an axis. A
 * bar per landing and month, each a month's total under its own month: a line drawn through them
 * made a single month's bookings a smooth peak between two labelled months (a walk's finding).
 */
function RevenueBars({ months, series }: { months: string[]; series: RevenueSeries[] }) {
  const language = currentLanguage();
  const currency = series[0]?.currency ?? "USD";
  const data = months.map((month, index) => ({
    month,
    ...Object.fromEntries(series.map((line) => [`l${line.landing_id}`, line.points[index]?.revenue_cents ?? 0])),
  }));
  return (
    <div className={CHART_HEIGHT}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis
            dataKey="month"
            tickFormatter={(month: string) => shortMonth(month, language)}
            tick={AXIS}
            tickLine={false}
            axisLine={{ stroke: "#d1d5db" }}
            minTickGap={12}
          />
          <YAxis
            tickFormatter={(cents: number) => formatCompactMoney(cents, currency, language)}
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            width={72}
          />
          <Tooltip
            {...TOOLTIP}
            cursor={{ fill: "#f3f4f6" }}
            labelFormatter={(month) => longMonth(String(month), language)}
            formatter={(value) => formatMoney(Number(value), currency, language)}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} iconType="circle" />
          {series.map((line, index) => (
            <Bar
              key={line.landing_id}
              dataKey={`l${line.landing_id}`}
              name={line.display_name}
              fill={LANDING_COLORS[index % LANDING_COLORS.length]}
              radius={[3, 3, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function RevenuePerMonth({ revenue }: { revenue: Charts["revenue_per_month"] }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const title = t("charts.revenueTitle");
  const { drawn, without } = revenueGroups(revenue);
  const manyCurrencies = drawn.length + without.length > 1;
  const columns = revenue.series.map((line) =>
    manyCurrencies ? `${line.display_name} (${line.currency})` : line.display_name,
  );
  return (
    <ChartCard
      title={title}
      description={t("charts.revenueDescription")}
      table={
        <DataTable
          caption={t("charts.tableCaption", { title })}
          head={[t("charts.month"), ...columns]}
          rows={revenue.months.map((month, index) => [
            longMonth(month, language),
            ...revenue.series.map((line) =>
              formatMoney(line.points[index]?.revenue_cents ?? 0, line.currency, language),
            ),
          ])}
        />
      }
    >
      {drawn.length > 0 ? (
        <div className="flex flex-col gap-4">
          {drawn.map((group) => (
            <div key={group.currency}>
              {manyCurrencies && (
                <p className="mb-1 text-xs font-semibold text-gray-600">
                  {t("charts.inCurrency", { currency: group.currency })}
                </p>
              )}
              <RevenueBars months={revenue.months} series={group.series} />
            </div>
          ))}
          {without.length > 0 && (
            <p className="text-sm text-gray-600">
              {t("charts.noneInCurrency", {
                currencies: new Intl.ListFormat(language, { type: "disjunction" }).format(without),
              })}
            </p>
          )}
        </div>
      ) : (
        <NothingToDraw
          text={t("charts.revenueEmpty", {
            from: longMonth(revenue.months[0] ?? "", language),
            to: longMonth(revenue.months.at(-1) ?? "", language),
          })}
        />
      )}
    </ChartCard>
  );
}

/** The home page's two charts, side by side on a wide screen, stacked on a phone. */
export default function DashboardCharts({ charts }: { charts: Charts }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BookingsPerDay days={charts.bookings_per_day} />
      <RevenuePerMonth revenue={charts.revenue_per_month} />
    </div>
  );
}

import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** The drawing area's height, the same in the skeleton: the page does not move when charts arrive. */
export const CHART_HEIGHT = "h-64";

type ChartCardProps = {
  title: string;
  description: string;
  /** The drawing, or a sentence when there is nothing to draw. */
  children: ReactNode;
  /** The same figures as a table: always read by screen readers, shown on demand to everyone else. */
  table: ReactNode;
};

/**
 * A chart with its heading and description. The drawing is one image to assistive technology,
 * described by the text; the table beside it carries every figure.
 */
export function ChartCard({ title, description, children, table }: ChartCardProps) {
  const { t } = useTranslation("insights");
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          <p id={`${id}-description`} className="mt-1 text-sm text-gray-600">
            {description}
          </p>
        </div>
        <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`}>
          {children}
        </div>
        <div>
          <Button
            variant="ghost"
            className="-ml-2"
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 aria-hidden="true" className="size-4" />
            {showTable ? t("charts.hideTable") : t("charts.showTable")}
          </Button>
        </div>
        {/* The figures' own region: keyboards reach it to scroll it once it is shown. */}
        <section
          id={`${id}-table`}
          tabIndex={showTable ? 0 : undefined}
          aria-label={t("charts.tableCaption", { title })}
          className={cn(showTable ? "max-h-80 overflow-auto rounded-md border border-gray-200" : "sr-only")}
        >
          {table}
        </section>
      </section>
    </Card>
  );
}

/** A plain data table: a caption, a header row and figures aligned to the right. */
export function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-gray-50 text-xs font-semibold text-gray-600">
        <tr>
          {head.map((label, index) => (
            <th key={label} scope="col" className={cn("px-3 py-2", index > 0 && "text-right")}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {rows.map((cells, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are the chart's fixed axis, never reordered.
          <tr key={row}>
            {cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed header.
                <th key={index} scope="row" className="px-3 py-2 font-medium text-gray-900">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed header.
                <td key={index} className="px-3 py-2 text-right text-gray-700 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a chart shows when there is nothing to draw, in the drawing's place and size. */
export function NothingToDraw({ text }: { text: string }) {
  return (
    <div
      className={cn(
        CHART_HEIGHT,
        "flex items-center justify-center rounded-md bg-gray-50 px-6 text-center text-sm text-gray-600",
      )}
    >
      {text}
    </div>
  );
}

import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatPercent } from "@web/lib/format";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Change } from "./format";

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: Minus } as const;
const TONES = { up: "text-green-700", down: "text-red-700", same: "text-gray-600" } as const;

/**
 * This month against last, in words and an arrow: the colour only repeats what the text says.
 * Nothing when last month was zero: the "Last month" line under it already says so, in numbers.
 */
export function ChangeNote({ change }: { change: Change }) {
  const { t } = useTranslation("insights");
  if (change.direction === "new" || change.direction === "none") return null;
  const Icon = ICONS[change.direction];
  return (
    <p className={cn("flex items-start gap-1 text-sm font-medium", TONES[change.direction])}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t(`figures.${change.direction}`, { percent: formatPercent(change.percent, currentLanguage()) })}</span>
    </p>
  );
}

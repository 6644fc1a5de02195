import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n/setup";
import { cn } from "../../lib/cn";
import { type Change, percent } from "./format";

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: Minus, new: Minus, none: Minus } as const;
const TONES = {
  up: "text-green-700",
  down: "text-red-700",
  same: "text-gray-600",
  new: "text-gray-600",
  none: "text-gray-600",
} as const;

/** This month against last, in words and an arrow: the colour only repeats what the text says. */
export function ChangeNote({ change }: { change: Change }) {
  const { t } = useTranslation("insights");
  const Icon = ICONS[change.direction];
  return (
    <p className={cn("flex items-start gap-1 text-sm font-medium", TONES[change.direction])}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t(`figures.${change.direction}`, { percent: percent(change.percent, currentLanguage()) })}</span>
    </p>
  );
}

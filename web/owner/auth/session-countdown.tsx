import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { clockTime } from "./use-countdown";

/** "La sesión se cierra en 4:07": a timer, which screen readers read when asked, not every second. */
export function SessionCountdown({ msLeft }: { msLeft: number }) {
  const { t } = useTranslation();
  return (
    <p
      role="timer"
      className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
      <span>{t("sessionExpiry.countdown", { time: clockTime(msLeft) })}</span>
    </p>
  );
}

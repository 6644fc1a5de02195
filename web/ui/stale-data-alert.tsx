import { RotateCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

type StaleDataAlertProps = {
  /** Loads the saved data again (the caller decides whether to replace what was typed). */
  onReload: () => void;
  reloading?: boolean;
};

/**
 * A save refused with 409: someone (another tab, another person) saved this first. What the owner
 * typed stays in the form; reloading shows the saved data, so nothing is overwritten silently.
 */
export function StaleDataAlert({ onReload, reloading = false }: StaleDataAlertProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
      <div className="flex-1">
        <p className="font-semibold">{t("staleData.title")}</p>
        <p className="mt-1">{t("staleData.body")}</p>
      </div>
      <Button variant="secondary" onClick={onReload} loading={reloading} className="shrink-0">
        {!reloading && <RotateCw aria-hidden="true" className="size-4" />}
        {t("staleData.reload")}
      </Button>
    </div>
  );
}

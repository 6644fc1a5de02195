import { currentLanguage } from "@web/i18n/setup";
import { Button } from "@web/ui/button";
import { History, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";

type VehicleDraftNoteProps = {
  /** Photos that had been chosen and not uploaded when the page was left: they must be chosen again. */
  lostPhotos: string[];
  onDiscard: () => void;
};

/**
 * Said at the top of the vehicle form when what the owner typed came back from a draft. A draft
 * keeps text, never files: the photos that had been chosen are named so they can be chosen again.
 */
export function VehicleDraftNote({ lostPhotos, onDiscard }: VehicleDraftNoteProps) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const names = new Intl.ListFormat(language, { type: "conjunction" }).format(
    lostPhotos.map((name) => (language === "es" ? `«${name}»` : `“${name}”`)),
  );
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100 sm:flex-row sm:items-center"
    >
      <History aria-hidden="true" className="size-4 shrink-0 text-brand-700 max-sm:hidden" />
      <div className="flex-1 [overflow-wrap:anywhere]">
        <p>{t("form.draft.restored")}</p>
        {lostPhotos.length > 0 && (
          <p className="mt-1 font-medium">{t("form.draft.photos", { count: lostPhotos.length, names })}</p>
        )}
      </div>
      <Button variant="secondary" onClick={onDiscard} className="shrink-0">
        <RotateCcw aria-hidden="true" className="size-4" />
        {t("form.draft.discard")}
      </Button>
    </div>
  );
}

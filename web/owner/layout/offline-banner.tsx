import { onlineManager } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Said while the browser has no connection: queries wait (TanStack Query pauses them) instead of
 * failing, so what is on screen may be out of date until the connection returns by itself.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="mb-4 flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>
            <span className="font-semibold">{t("offline.title")}</span> {t("offline.body")}
          </span>
        </p>
      )}
    </div>
  );
}

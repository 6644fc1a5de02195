import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/spinner";

export function LogoutOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-white/95 backdrop-blur-sm animate-fade-in"
    >
      <Spinner className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-gray-900">{t("shell.leaving")}</p>
    </div>
  );
}

import { BrandLogo } from "@web/ui/brand-logo";
import { Spinner } from "@web/ui/spinner";
import { useTranslation } from "react-i18next";

/** The "Saliendo..." screen shown for the second that signing out takes (SPEC §2). */
export function LogoutOverlay() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-gray-50 animate-fade-in">
      <BrandLogo />
      <div role="status" aria-live="assertive" className="flex items-center gap-3 text-gray-700">
        <Spinner className="size-5 text-brand-600" />
        <p className="text-base font-medium">{t("shell.leaving")}</p>
      </div>
    </div>
  );
}

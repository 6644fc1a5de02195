import { useTranslation } from "react-i18next";
import { Spinner } from "./spinner";

/** Full-height placeholder while the first data of a screen loads. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-3 text-gray-600">
      <Spinner className="size-8 text-brand-600" />
      <span className="text-sm font-medium">{label ?? t("common.loading")}</span>
    </div>
  );
}

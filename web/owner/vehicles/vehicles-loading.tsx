import { Spinner } from "@web/ui/spinner";
import { useTranslation } from "react-i18next";

/** The table's skeleton while the fleet loads, with SPEC §2's "Cargando vehículos...". */
export function VehiclesLoading() {
  const { t } = useTranslation("fleet");
  return (
    <div role="status" className="flex flex-col">
      <p className="flex items-center gap-2.5 border-b border-gray-100 px-5 py-3 text-sm font-medium text-gray-600">
        <Spinner className="text-brand-600" />
        {t("tab.loading")}
      </p>
      <ul aria-hidden="true" className="divide-y divide-gray-100">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex animate-pulse items-center gap-4 px-5 py-4">
            <div className="h-12 w-16 shrink-0 rounded-md bg-gray-200" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="h-3.5 w-2/5 rounded bg-gray-200" />
              <div className="h-3 w-1/4 rounded bg-gray-100" />
            </div>
            <div className="hidden h-3.5 w-20 rounded bg-gray-200 sm:block" />
            <div className="hidden h-3.5 w-24 rounded bg-gray-100 md:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useTranslation } from "react-i18next";

const STATUSES = [
  { key: "pending", dot: "bg-amber-500" },
  { key: "confirmed", dot: "bg-emerald-600" },
  { key: "cancelled", dot: "bg-red-600" },
  { key: "completed", dot: "bg-gray-500" },
] as const;

export function ReservationsGuide() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 text-sm leading-6 text-gray-700">
      <p>{t("help.reservations.arrive")}</p>
      <p>{t("help.reservations.notify")}</p>
      <div>
        <h3 className="font-semibold text-gray-900">{t("help.reservations.statusesTitle")}</h3>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {STATUSES.map(({ key, dot }) => (
            <div key={key} className="rounded-lg p-3 ring-1 ring-gray-200">
              <dt className="flex items-center gap-2 font-semibold text-gray-900">
                <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
                {t(`help.reservations.statuses.${key}.name`)}
              </dt>
              <dd className="mt-1 text-gray-700">{t(`help.reservations.statuses.${key}.body`)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <p>{t("help.reservations.delete")}</p>
    </div>
  );
}

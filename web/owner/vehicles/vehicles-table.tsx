import { featureLabel } from "@domain/vehicle-options";
import { carTypeLabel, transmissionLabel, VEHICLE_EQUIPMENT, type Vehicle } from "@domain/vehicles";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { Briefcase, Car, Pencil, Trash2, Users } from "lucide-react";
import { useTranslation } from "react-i18next";

type VehiclesTableProps = {
  vehicles: Vehicle[];
  currency: string;
  onEdit: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
  /** Names the table for assistive technology, e.g. "Vehicles of autos-caribe". */
  label: string;
};

const FEATURES_SHOWN = 3;

function Thumbnail({ vehicle, className }: { vehicle: Vehicle; className: string }) {
  const cover = vehicle.images[0];
  return (
    <div className={`${className} overflow-hidden rounded-md bg-gray-100 ring-1 ring-black/5`}>
      {cover ? (
        <img
          src={cover.path_images}
          srcSet={cover.srcset}
          sizes="8rem"
          alt=""
          loading="lazy"
          width={cover.width}
          height={cover.height}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-gray-400">
          <Car aria-hidden="true" className="size-5" />
        </div>
      )}
    </div>
  );
}

/** The vehicle's own features and its special features, as short chips. */
function FeatureChips({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation("fleet");
  const labels = [
    // The equipment switched on first: a car with Bluetooth showed "—" here (a walk's finding).
    ...VEHICLE_EQUIPMENT.filter((name) => vehicle[name]).map((name) => t(`equipment.${name}`)),
    ...vehicle.special_features.map((feature) => feature.name),
    ...vehicle.features.map((feature) => `${featureLabel(feature.name)}: ${feature.value}`),
  ];
  if (labels.length === 0) return <span className="text-gray-500">{t("table.noFeatures")}</span>;
  const shown = labels.slice(0, FEATURES_SHOWN);
  const hidden = labels.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("table.features")}>
      {shown.map((label) => (
        <li
          key={label}
          className="max-w-40 truncate rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700"
          title={label}
        >
          {label}
        </li>
      ))}
      {hidden > 0 && (
        <li
          className="rounded-full px-1 py-0.5 text-xs font-medium text-gray-600"
          title={labels.slice(FEATURES_SHOWN).join(", ")}
        >
          {t("table.more", { count: hidden })}
        </li>
      )}
    </ul>
  );
}

function Actions({
  vehicle,
  onEdit,
  onDelete,
}: Pick<VehiclesTableProps, "onEdit" | "onDelete"> & { vehicle: Vehicle }) {
  const { t } = useTranslation("fleet");
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onEdit(vehicle)}
        aria-label={t("table.edit", { name: vehicle.name })}
        title={t("table.editShort")}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onDelete(vehicle)}
        aria-label={t("table.delete", { name: vehicle.name })}
        title={t("table.deleteShort")}
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/** The fleet table of SPEC §2; on a phone each vehicle becomes a stacked card. */
export function VehiclesTable({ vehicles, currency, onEdit, onDelete, label }: VehiclesTableProps) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const price = (vehicle: Vehicle) => formatMoney(vehicle.price_cents, currency, language);
  const commission = (vehicle: Vehicle) => formatMoney(Math.round(vehicle.commissions * 100), currency, language);

  return (
    <>
      {/* Positioned, so the caption and the hidden headers (sr-only) scroll with the table instead of widening the page. */}
      <div className="relative hidden overflow-x-auto xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-600">
            <tr>
              <th scope="col" className="py-3 pr-2 pl-4">
                <span className="sr-only">{t("table.image")}</span>
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.name")}
              </th>
              <th scope="col" className="px-2 py-3 text-right">
                {t("table.price")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.type")}
              </th>
              <th scope="col" className="px-2 py-3 text-center">
                {t("table.luggage")}
              </th>
              <th scope="col" className="px-2 py-3 text-center">
                {t("table.people")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.transmission")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("table.features")}
              </th>
              <th scope="col" className="px-2 py-3 text-right">
                {t("table.commissions")}
              </th>
              {/* The actions stay in view at the right edge when the table is wider than its box (a
                  walk's finding: at 1280 px with a long name and features, Eliminar was cut off). */}
              <th scope="col" className="sticky right-0 bg-gray-50 py-3 pr-4 pl-2 text-right">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {vehicles.map((vehicle) => (
              <tr key={vehicle.id} className="group align-middle hover:bg-gray-50">
                <td className="py-3 pr-2 pl-4">
                  <Thumbnail vehicle={vehicle} className="h-12 w-16" />
                </td>
                <th scope="row" className="min-w-36 px-2 py-3 font-medium text-gray-900">
                  {/* A name of 100 characters without a space wraps anywhere, two lines at most; the whole of it is the title. */}
                  <span className="line-clamp-2 wrap-anywhere" title={vehicle.name}>
                    {vehicle.name}
                  </span>
                  {vehicle.brand && (
                    <span
                      className="line-clamp-1 text-xs font-normal wrap-anywhere text-gray-500"
                      title={vehicle.brand}
                    >
                      {vehicle.brand}
                    </span>
                  )}
                </th>
                <td className="px-2 py-3 text-right font-medium whitespace-nowrap text-gray-900 tabular-nums">
                  {price(vehicle)}
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-gray-700">
                  {carTypeLabel(vehicle.type_of_car, language)}
                </td>
                <td className="px-2 py-3 text-center text-gray-700 tabular-nums">{vehicle.luggage}</td>
                <td className="px-2 py-3 text-center text-gray-700 tabular-nums">{vehicle.people}</td>
                <td className="px-2 py-3 whitespace-nowrap text-gray-700">
                  {transmissionLabel(vehicle.transmision, language)}
                </td>
                <td className="max-w-52 min-w-32 px-2 py-3">
                  <FeatureChips vehicle={vehicle} />
                </td>
                <td className="px-2 py-3 text-right whitespace-nowrap text-gray-700 tabular-nums">
                  {commission(vehicle)}
                </td>
                <td className="sticky right-0 bg-white py-2 pr-4 pl-2 group-hover:bg-gray-50">
                  <Actions vehicle={vehicle} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul
        className="grid grid-cols-1 divide-y divide-gray-100 md:grid-cols-2 md:divide-y-0 xl:hidden"
        aria-label={label}
      >
        {vehicles.map((vehicle) => (
          <li
            key={vehicle.id}
            className="flex min-w-0 flex-col gap-3 p-4 md:border-b md:border-gray-100 md:odd:border-r"
            data-testid="vehicle-card"
          >
            {/* Where the text is large for the screen, the name takes a line of its own under the
                photo and the actions, which left it a word's width. */}
            <div className="flex gap-3 cramped:flex-wrap cramped:justify-between">
              <Thumbnail vehicle={vehicle} className="h-16 w-20 shrink-0" />
              <div className="min-w-0 flex-1 cramped:order-last cramped:basis-full">
                <h3 className="line-clamp-2 font-semibold wrap-anywhere text-gray-900" title={vehicle.name}>
                  {vehicle.name}
                </h3>
                <p className="mt-0.5 text-sm text-gray-600">
                  {carTypeLabel(vehicle.type_of_car, language)} · {transmissionLabel(vehicle.transmision, language)}
                </p>
              </div>
              <Actions vehicle={vehicle} onEdit={onEdit} onDelete={onDelete} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm cramped:grid-cols-1">
              <div>
                <dt className="text-xs text-gray-500">{t("table.price")}</dt>
                <dd className="font-semibold text-gray-900 tabular-nums">{price(vehicle)}</dd>
              </div>
              <div>
                <dt className="text-xs text-gray-500">{t("table.commissions")}</dt>
                <dd className="text-gray-800 tabular-nums">{commission(vehicle)}</dd>
              </div>
              <div>
                <dt className="sr-only">{t("table.people")}</dt>
                <dd className="flex items-center gap-1.5 text-gray-800">
                  <Users aria-hidden="true" className="size-4 text-gray-500" />
                  {t("table.peopleCount", { count: vehicle.people })}
                </dd>
              </div>
              <div>
                <dt className="sr-only">{t("table.luggage")}</dt>
                <dd className="flex items-center gap-1.5 text-gray-800">
                  <Briefcase aria-hidden="true" className="size-4 text-gray-500" />
                  {t("table.luggageCount", { count: vehicle.luggage })}
                </dd>
              </div>
              {(vehicle.features.length > 0 || vehicle.special_features.length > 0) && (
                <div className="col-span-2 cramped:col-span-1">
                  <dt className="sr-only">{t("table.features")}</dt>
                  <dd>
                    <FeatureChips vehicle={vehicle} />
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

import { type AddonKind, addonQuantityCap } from "@domain/addons";
import { type Translations, translated } from "@domain/translations";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatMoney } from "@web/lib/format";
import { Select } from "@web/ui/select";
import { useTranslation } from "react-i18next";
import type { AddonChoices } from "./booking-form";

/** 1 to what one booking may take of the add-on. */
const quantitiesOf = (addon: { kind: AddonKind; max_quantity: number }) =>
  Array.from({ length: addonQuantityCap(addon) }, (_, index) => index + 1);

type ExtrasFieldProps = {
  addons: {
    id: number;
    name: string;
    /** The name in the landing's other language: the owner reads the one of the dashboard. */
    translations?: Translations<"name">;
    price_cents: number;
    kind: AddonKind;
    max_quantity: number;
  }[];
  currency: string;
  chosen: AddonChoices;
  onChange: (chosen: AddonChoices) => void;
  /** The server's word about an add-on (gone meanwhile, too many). */
  error: string | null;
};

/** The landing's add-ons: a checkbox each, and how many once chosen. */
export function ExtrasField({ addons, currency, chosen, onChange, error }: ExtrasFieldProps) {
  const { t } = useTranslation("desk");
  const language = currentLanguage();
  if (addons.length === 0) return <p className="text-sm text-gray-600">{t("extras.none")}</p>;
  const set = (id: number, quantity: number | null) => {
    const next = { ...chosen };
    if (quantity === null) delete next[id];
    else next[id] = quantity;
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t("extras.title")}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {addons.map((addon) => {
          const name = translated(addon.name, addon.translations, "name", language);
          const quantity = chosen[addon.id];
          const checkboxId = `desk-addon-${addon.id}`;
          return (
            <li
              key={addon.id}
              className={cn(
                "flex min-h-14 items-center gap-3 rounded-lg border px-3 py-2",
                quantity ? "border-brand-300 bg-brand-50" : "border-gray-200",
              )}
            >
              <input
                id={checkboxId}
                type="checkbox"
                checked={quantity !== undefined}
                onChange={(event) => set(addon.id, event.target.checked ? 1 : null)}
                className="size-5 shrink-0 rounded border-gray-300 accent-brand-600"
              />
              <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer text-sm">
                <span className="block font-medium break-words text-gray-900">{name}</span>
                <span className="block text-gray-600">
                  {t("extras.each", { price: formatMoney(addon.price_cents, currency, language) })}
                </span>
              </label>
              {quantity !== undefined && addonQuantityCap(addon) > 1 && (
                <Select
                  aria-label={t("extras.quantity", { name })}
                  value={String(quantity)}
                  onChange={(event) => set(addon.id, Number(event.target.value))}
                  className="w-20"
                >
                  {quantitiesOf(addon).map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </Select>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

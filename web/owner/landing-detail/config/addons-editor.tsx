import { ADDON_KINDS, ADDON_QUANTITY_MAX } from "@domain/addons";
import { ADDON_NAME_MAX, ADDONS_MAX } from "@domain/landings";
import { isLanguage, type Language } from "@domain/languages";
import { formatMoney, parseMoney } from "@domain/money";
import { displayMessage } from "@web/i18n/messages";
import { RemoveRowButton, RowsEditor } from "@web/owner/rules";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { Select } from "@web/ui/select";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConfigInput } from "./config-schema";

type AddonsEditorProps = {
  control: Control<ConfigInput, unknown, unknown>;
  register: UseFormRegister<ConfigInput>;
  errors: FieldErrors<ConfigInput>;
  currency: string;
  /** The landing's other language: each name may be written in it too. */
  otherLanguage: Language;
};

/** How a typed price reads once understood ("1.250,50" -> "US$1,250.50"), or null while it is not a price. */
function readPrice(text: unknown, currency: string, language: "es" | "en"): string | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  const parsed = parseMoney(text);
  if (!parsed.ok) return null;
  try {
    return formatMoney(parsed.cents, currency, language);
  } catch {
    return null;
  }
}

/**
 * The extras a visitor can add to a booking, each with a price per day; at most ten (domain limit).
 * Prices are typed the way people write them; under each one, the amount as it was understood.
 * Each has a kind (its icon on the site) and a most per booking; a coverage is taken once. Its name
 * may be written in the landing's other language too; left empty, visitors reading it see the first.
 */
export function AddonsEditor({ control, register, errors, currency, otherLanguage }: AddonsEditorProps) {
  const { t, i18n } = useTranslation("landings");
  const language = isLanguage(i18n.language) ? i18n.language : "es";
  const { fields, append, remove } = useFieldArray({ control, name: "addons" });
  const typed = useWatch({ control, name: "addons" });
  const listError = displayMessage(t, errors.addons?.message ?? errors.addons?.root?.message);
  return (
    <RowsEditor
      count={fields.length}
      empty={t("config.addonsEmpty")}
      listLabel={t("config.addonsTitle")}
      listError={listError}
      addLabel={t("config.addonAdd")}
      onAdd={() =>
        append({ name: "", other_name: "", price: "12.00", kind: "other", max_quantity: String(ADDON_QUANTITY_MAX) })
      }
      countText={t("config.addonsCount", { count: fields.length, max: ADDONS_MAX })}
      full={fields.length >= ADDONS_MAX}
    >
      {fields.map((field, index) => (
        <AddonRow
          key={field.id}
          id={field.id}
          index={index}
          typed={typed?.[index]}
          register={register}
          errors={errors}
          currency={currency}
          language={language}
          otherLanguage={otherLanguage}
          onRemove={() => remove(index)}
        />
      ))}
    </RowsEditor>
  );
}

type AddonRowProps = Pick<AddonsEditorProps, "register" | "errors" | "currency" | "otherLanguage"> & {
  /** The row's own key, for its inputs' ids. */
  id: string;
  index: number;
  /** What is typed in the row now. */
  typed: Partial<ConfigInput["addons"][number]> | undefined;
  language: Language;
  onRemove: () => void;
};

/** One extra: its name in both languages, its price per day as understood, its kind and its most per booking. */
function AddonRow({ id, index, typed, register, errors, currency, language, otherLanguage, onRemove }: AddonRowProps) {
  const { t } = useTranslation("landings");
  const nameError = displayMessage(t, errors.addons?.[index]?.name?.message);
  const priceError = displayMessage(t, errors.addons?.[index]?.price?.message);
  const maxError = displayMessage(t, errors.addons?.[index]?.max_quantity?.message);
  const otherNameError = displayMessage(t, errors.addons?.[index]?.other_name?.message);
  const nameId = `addon-${id}-name`;
  const otherNameId = `addon-${id}-other-name`;
  const priceId = `addon-${id}-price`;
  const kindId = `addon-${id}-kind`;
  const maxId = `addon-${id}-max`;
  const coverage = typed?.kind === "coverage";
  const understood = priceError ? null : readPrice(typed?.price, currency, language);
  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 cramped:grid-cols-1 gap-y-1.5 rounded-lg border border-gray-200 bg-gray-50/60 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
      data-testid="addon-row"
    >
      {/* Two rows tall beside the price: its message then sits right under the price box. */}
      <div className="flex min-w-0 flex-col gap-1.5 sm:row-span-2">
        <label htmlFor={nameId} className="text-xs font-medium text-gray-700">
          {t("config.addonName", { number: index + 1 })}
        </label>
        <Input
          id={nameId}
          maxLength={ADDON_NAME_MAX}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          {...register(`addons.${index}.name`)}
        />
        <FieldError id={`${nameId}-error`} message={nameError} />
        <label htmlFor={otherNameId} className="mt-1 text-xs font-medium text-gray-700">
          {t("config.addonNameIn", {
            number: index + 1,
            language: t(`languagesInSentence.${otherLanguage}`),
          })}{" "}
          <span className="font-normal text-gray-500">{t("ui.optional")}</span>
        </label>
        <Input
          id={otherNameId}
          lang={otherLanguage}
          maxLength={ADDON_NAME_MAX}
          placeholder={typed?.name}
          aria-invalid={otherNameError ? true : undefined}
          aria-describedby={otherNameError ? `${otherNameId}-error` : undefined}
          {...register(`addons.${index}.other_name`)}
        />
        <FieldError id={`${otherNameId}-error`} message={otherNameError} />
      </div>
      <div className="col-start-1 flex min-w-0 flex-col gap-1.5 sm:col-start-2">
        <label htmlFor={priceId} className="text-xs font-medium text-gray-700">
          {/* Which extra's, for a screen reader: three "Precio por día" in a row said nothing more. */}
          <span className="sr-only">{`${t("config.addonOf", { number: index + 1 })} `}</span>
          {t("config.addonPrice", { currency })}
        </label>
        <div className="relative">
          <Input
            id={priceId}
            inputMode="decimal"
            autoComplete="off"
            className="pr-14 text-right tabular-nums"
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${priceId}-error` : understood ? `${priceId}-read` : undefined}
            {...register(`addons.${index}.price`)}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-semibold text-gray-500"
          >
            {currency}
          </span>
        </div>
        {understood && (
          <p id={`${priceId}-read`} className="text-xs text-gray-600 tabular-nums" data-testid="addon-price-read">
            {t("config.addonPriceRead", { amount: understood })}
          </p>
        )}
      </div>
      {/* Above the names on a screen narrow for its text, which then get the row's whole width:
          beside the button a name's field cut "Baby seat". */}
      <RemoveRowButton
        label={t("config.addonRemove", { number: index + 1 })}
        onRemove={onRemove}
        className="col-start-2 row-span-2 row-start-1 self-start cramped:col-start-1 cramped:row-1 cramped:justify-self-end sm:col-start-3 sm:row-span-1 sm:mt-6"
      />
      {/* Under the price box, as wide as the price and the remove button: across the whole row it
          read as the names' message (a walk's finding), and the price column alone is narrow. Its
          width does not size the columns (contain-inline-size): a long message widened them and
          squeezed the names to nothing. */}
      <FieldError
        id={`${priceId}-error`}
        message={priceError}
        className="col-span-full sm:col-span-2 sm:col-start-2 sm:contain-inline-size"
      />
      <div className="col-start-1 flex min-w-0 flex-col gap-1.5">
        <label htmlFor={kindId} className="text-xs font-medium text-gray-700">
          {t("config.addonKind", { number: index + 1 })}
        </label>
        <Select id={kindId} {...register(`addons.${index}.kind`)}>
          {ADDON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`config.addonKinds.${kind}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-start-1 flex min-w-0 flex-col gap-1.5 sm:col-start-2">
        <label htmlFor={maxId} className="text-xs font-medium text-gray-700">
          <span className="sr-only">{`${t("config.addonOf", { number: index + 1 })} `}</span>
          {t("config.addonMax")}
        </label>
        {coverage ? (
          // The server stores 1 for a coverage whatever is typed; the field says so instead.
          <p id={maxId} className="flex min-h-10 items-center text-sm text-gray-700">
            {t("config.addonMaxCoverage")}
          </p>
        ) : (
          <Input
            id={maxId}
            type="number"
            inputMode="numeric"
            min={1}
            max={ADDON_QUANTITY_MAX}
            className="text-right tabular-nums"
            aria-invalid={maxError ? true : undefined}
            aria-describedby={maxError ? `${maxId}-error` : undefined}
            {...register(`addons.${index}.max_quantity`)}
          />
        )}
      </div>
      {!coverage && (
        <FieldError
          id={`${maxId}-error`}
          message={maxError}
          className="col-span-full sm:col-span-2 sm:col-start-2 sm:contain-inline-size"
        />
      )}
    </li>
  );
}

import * as lucide from "lucide-react";
import { type FormEvent, useEffect, useLayoutEffect, useRef } from "react";
import { usePage } from "../context";
import {
  type Filters,
  type filterOptions,
  filtersFromQuery,
  NO_FILTERS,
  offeredFilters,
  orderedPrices,
} from "../lib/filters";
import { buttonPrimary, card, fieldControl, fieldLabel, linkText } from "../lib/ui";
import { keptIcon } from "./icons";

const SlidersHorizontal = keptIcon(lucide.SlidersHorizontal);

type FilterPanelProps = {
  filters: Filters;
  options: ReturnType<typeof filterOptions>;
  active: number;
  kept: Record<string, string>;
  action: string;
  resetHref: string;
  onChange: (filters: Filters) => void;
};

/** The list's filters: a GET form that, with JavaScript, applies as it changes. */
export function FilterPanel({ filters, options, active, kept, action, resetHref, onChange }: FilterPanelProps) {
  const { t } = usePage();
  const panel = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Open on a wide screen (beside the results); on a phone the filters start folded above them.
  useEffect(() => {
    if (panel.current && window.matchMedia("(min-width: 1024px)").matches) panel.current.open = true;
  }, []);
  // Filters changed while the script was on its way (a slow network) are the visitor's: React takes
  // the page over leaving the fields as they are, but lists what the address says, and its next
  // render drew that back over them (a walk's finding). The form is read once as the list starts,
  // as its submission would be (`useTypedBeforeHydration` reads fields by id; the features' boxes
  // have none), in a layout effect, before any render another effect causes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page starts.
  useLayoutEffect(() => {
    if (!form.current) return;
    const fields = new FormData(form.current);
    const query = { ...Object.fromEntries(fields), features: fields.getAll("features").join(",") };
    const typed = offeredFilters(filtersFromQuery(query as Record<string, string>), options);
    if (JSON.stringify(typed) !== JSON.stringify(filters)) onChange(typed);
  }, []);
  const set = (changes: Partial<Filters>) => onChange({ ...filters, ...changes });
  // Left the wrong way round, the range's fields show it the way it is read (and nothing else changes).
  const tidyPrices = () => {
    const ordered = orderedPrices(filters);
    if (ordered !== filters) onChange(ordered);
  };
  const number = (text: string) =>
    text.trim() === "" || Number.isNaN(Number(text)) ? null : Math.max(0, Math.floor(Number(text)));
  const onSubmit = (event: FormEvent) => event.preventDefault();
  const select = (
    id: keyof Filters,
    label: string,
    value: string,
    choices: { value: string; label: string }[],
    change: (value: string) => void,
  ) =>
    choices.length > 1 || value !== "" ? (
      <div>
        <label htmlFor={`filter-${id}`} className={fieldLabel}>
          {label}
        </label>
        <select
          id={`filter-${id}`}
          name={id}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          className={fieldControl}
          data-testid={`filter-${id}`}
        >
          <option value="">{t.list.any}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  return (
    <details
      ref={panel}
      className={`${card} group/filters self-start lg:sticky lg:top-4 lg:[&::details-content]:[content-visibility:visible]`}
      data-testid="filters"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-2xl px-4 py-3 font-semibold lg:pointer-events-none">
        <SlidersHorizontal aria-hidden="true" className="size-5 text-(--accent-ink)" />
        {t.list.filters}
        {active > 0 && (
          <span className="rounded-full bg-(--brand) px-2 py-0.5 text-xs text-(--on-brand)">
            {t.list.activeFilters(active)}
          </span>
        )}
      </summary>
      <form
        ref={form}
        method="get"
        action={action}
        onSubmit={onSubmit}
        className="grid gap-4 border-t border-gray-100 px-4 py-4"
        data-testid="filter-form"
      >
        {Object.entries(kept).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor="filter-q" className={fieldLabel}>
            {t.list.search}
          </label>
          <input
            id="filter-q"
            type="search"
            name="q"
            value={filters.q}
            placeholder={t.list.searchPlaceholder}
            onChange={(event) => set({ q: event.currentTarget.value })}
            className={fieldControl}
            data-testid="filter-q"
          />
        </div>
        {select(
          "capacity",
          t.list.capacity,
          filters.capacity === null ? "" : String(filters.capacity),
          options.capacities.map((count) => ({ value: String(count), label: t.list.capacityOption(count) })),
          (value) => set({ capacity: number(value) }),
        )}
        {select("type", t.list.type, filters.type, options.types, (value) => set({ type: value }))}
        {select(
          "luggage",
          t.list.luggage,
          filters.luggage === null ? "" : String(filters.luggage),
          options.luggage.map((count) => ({ value: String(count), label: t.list.luggageOption(count) })),
          (value) => set({ luggage: number(value) }),
        )}
        {select("transmission", t.list.transmission, filters.transmission, options.transmissions, (value) =>
          set({ transmission: value }),
        )}
        {select("brand", t.list.brand, filters.brand, options.brands, (value) => set({ brand: value }))}
        {options.priceRange && (
          <fieldset>
            <legend className={fieldLabel}>{t.list.price}</legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              <div>
                <label htmlFor="filter-minPrice" className="text-xs text-gray-700">
                  {t.list.minPrice}
                </label>
                <input
                  id="filter-minPrice"
                  type="number"
                  inputMode="numeric"
                  name="minPrice"
                  min={0}
                  value={filters.minPrice ?? ""}
                  placeholder={String(options.priceRange.min)}
                  onChange={(event) => set({ minPrice: number(event.currentTarget.value) })}
                  onBlur={tidyPrices}
                  className={`${fieldControl} mt-0`}
                  data-testid="filter-minPrice"
                />
              </div>
              <div>
                <label htmlFor="filter-maxPrice" className="text-xs text-gray-700">
                  {t.list.maxPrice}
                </label>
                <input
                  id="filter-maxPrice"
                  type="number"
                  inputMode="numeric"
                  name="maxPrice"
                  min={0}
                  value={filters.maxPrice ?? ""}
                  placeholder={String(options.priceRange.max)}
                  onChange={(event) => set({ maxPrice: number(event.currentTarget.value) })}
                  onBlur={tidyPrices}
                  className={`${fieldControl} mt-0`}
                  data-testid="filter-maxPrice"
                />
              </div>
            </div>
          </fieldset>
        )}
        {options.features.length > 0 && (
          <fieldset>
            <legend className={fieldLabel}>{t.list.features}</legend>
            <p className="text-xs text-gray-600">{t.list.featuresHint}</p>
            <div className="mt-1 grid">
              {options.features.map((feature) => {
                const id = Number(feature.value);
                const checked = filters.features.includes(id);
                return (
                  <label key={feature.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="features"
                      value={feature.value}
                      checked={checked}
                      onChange={() =>
                        set({
                          features: checked ? filters.features.filter((f) => f !== id) : [...filters.features, id],
                        })
                      }
                      className="size-5 accent-(--brand)"
                    />
                    {feature.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={`${buttonPrimary} flex-1 [.hydrated_&]:hidden`}>
            {t.list.apply}
          </button>
          <a
            href={resetHref}
            className={`${linkText} inline-flex min-h-11 items-center`}
            onClick={(event) => {
              event.preventDefault();
              onChange(NO_FILTERS);
            }}
            data-testid="filter-reset"
          >
            {t.list.reset}
          </a>
        </div>
      </form>
    </details>
  );
}

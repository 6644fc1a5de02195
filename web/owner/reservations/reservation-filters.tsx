import { RESERVATION_SEARCH_MAX, RESERVATION_STATUSES, type ReservationStatus } from "@domain/reservations";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { Field } from "@web/ui/field";
import { Input, inputClasses } from "@web/ui/input";
import { NativeSelect } from "@web/ui/native-select";
import { ChevronDown, Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReservationFilters } from "./api";
import type { SetFilters } from "./use-filters";

type ReservationFiltersProps = {
  filters: ReservationFilters;
  onChange: SetFilters;
  /** The end date is before the start date. */
  rangeInvalid: boolean;
};

/** Search (name, email, phone, reference, vehicle), status and pickup dates, each labelled above. */
export function ReservationFiltersBar({ filters, onChange, rangeInvalid }: ReservationFiltersProps) {
  const { t } = useTranslation("reservations");
  const searchRef = useRef<HTMLInputElement>(null);
  const moreId = useId();
  const active = [filters.status, filters.from, filters.to].filter(Boolean).length;
  // On a phone the status and dates fold away under a button; from 640 px they are always shown.
  const [open, setOpen] = useState(active > 0);
  const statusOptions = [
    { value: "", label: t("filters.anyStatus") },
    ...RESERVATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  return (
    <search
      aria-label={t("filters.label")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-start xl:grid-cols-[minmax(0,1fr)_11rem_10.5rem_10.5rem]"
    >
      <div className="sm:col-span-2 lg:col-span-3 xl:col-span-1">
        <Field label={t("filters.search")} longPlaceholder={t("filters.searchPlaceholder")}>
          {(control) => (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
              />
              <input
                {...control}
                ref={searchRef}
                type="search"
                value={filters.q}
                onChange={(event) => onChange({ q: event.target.value })}
                onKeyDown={(event) => {
                  if (event.key === "Escape" && filters.q) {
                    event.preventDefault();
                    onChange({ q: "" });
                  }
                }}
                autoComplete="off"
                spellCheck={false}
                maxLength={RESERVATION_SEARCH_MAX}
                className={cn(inputClasses, "pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden")}
              />
              {filters.q && (
                <button
                  type="button"
                  onClick={() => {
                    onChange({ q: "" });
                    searchRef.current?.focus();
                  }}
                  aria-label={t("filters.clearSearch")}
                  className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-900"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              )}
            </div>
          )}
        </Field>
      </div>
      <Button
        variant="secondary"
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        aria-controls={moreId}
        className="sm:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {t("filters.more")}
        {active > 0 && (
          <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums">
            {active}
          </span>
        )}
        <ChevronDown aria-hidden="true" className={cn("ml-auto size-4 transition-transform", open && "rotate-180")} />
      </Button>
      <div id={moreId} className={cn("grid-cols-2 gap-3 sm:contents", open ? "grid" : "hidden")}>
        <div className="col-span-2 lg:col-span-1">
          <Field label={t("filters.status")}>
            {(control) => (
              <NativeSelect
                {...control}
                options={statusOptions}
                value={filters.status}
                onChange={(event) => onChange({ status: event.target.value as ReservationStatus | "" })}
              />
            )}
          </Field>
        </div>
        <Field label={t("filters.from")}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t("filters.to")} error={rangeInvalid ? t("filters.rangeInvalid") : undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          )}
        </Field>
      </div>
    </search>
  );
}

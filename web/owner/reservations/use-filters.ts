import { isIsoDate } from "@domain/rental-time";
import { RESERVATION_SEARCH_MAX, RESERVATION_STATUSES, type ReservationStatus } from "@domain/reservations";
import { useAddressParams } from "@web/lib/use-address-params";
import { useCallback, useEffect, useState } from "react";
import { NO_FILTERS, type ReservationFilters } from "./api";

export type SetFilters = (changes: Partial<ReservationFilters>) => void;

const isStatus = (value: string | null): value is ReservationStatus =>
  RESERVATION_STATUSES.includes(value as ReservationStatus);
const isoOrEmpty = (value: string | null) => (value && isIsoDate(value) ? value : "");

/**
 * Filters kept in the address (/reservation?q=ana&status=pending): a reload, the back button and a
 * shared link show the same list. Unknown values are ignored, and a search longer than the list
 * takes (a pasted or hand-made address) is cut to it rather than failing the list.
 */
export function useUrlFilters(): [ReservationFilters, SetFilters] {
  const [params, change] = useAddressParams();
  const status = params.get("status");
  const filters: ReservationFilters = {
    q: (params.get("q") ?? "").slice(0, RESERVATION_SEARCH_MAX),
    status: isStatus(status) ? status : "",
    from: isoOrEmpty(params.get("from")),
    to: isoOrEmpty(params.get("to")),
  };
  const set = useCallback<SetFilters>((changes) => change(changes, { replace: true }), [change]);
  return [filters, set];
}

/** Filters kept by the component (the landing detail's tab, whose address holds the tab). */
export function useStateFilters(): [ReservationFilters, SetFilters] {
  const [filters, setFilters] = useState<ReservationFilters>(NO_FILTERS);
  const set = useCallback<SetFilters>((changes) => setFilters((current) => ({ ...current, ...changes })), []);
  return [filters, set];
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * What the list asks the server for: the search once typing pauses (300 ms), the rest at once;
 * an end date before the start date is shown as an error and left out until it is fixed.
 */
export function useAppliedFilters(filters: ReservationFilters) {
  const q = useDebounced(filters.q.trim(), 300);
  const rangeInvalid = filters.from !== "" && filters.to !== "" && filters.to < filters.from;
  const applied: ReservationFilters = {
    q: filters.q.trim() === "" ? "" : q,
    status: filters.status,
    from: filters.from,
    to: rangeInvalid ? "" : filters.to,
  };
  return { applied, rangeInvalid };
}

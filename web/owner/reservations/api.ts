import { SESSION_CHECK_INTERVAL_MS } from "@domain/limits";
import type { PickupMethod } from "@domain/payments";
import type {
  LandingReservationsPage,
  OwnerReservationsPage,
  ReservationGroup,
  ReservationSummary,
} from "@domain/reservation-pages";
import type { Reservation, ReservationStatus } from "@domain/reservations";
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { LANDINGS_KEY } from "../landings";

/** Every reservations query lives under ["reservations", ...]: invalidating it refreshes lists and the badge. */
export const RESERVATIONS_KEY = ["reservations"] as const;

/** How many reservations one "Cargar más" brings. */
export const PAGE_SIZE = 20;

/** The list's filters as the API takes them (empty strings mean "any"). */
export type ReservationFilters = {
  q: string;
  status: ReservationStatus | "";
  /** Pickup date range, yyyy-mm-dd. */
  from: string;
  to: string;
};

export const NO_FILTERS: ReservationFilters = { q: "", status: "", from: "", to: "" };

export const hasFilters = (filters: ReservationFilters) =>
  filters.q.trim() !== "" || filters.status !== "" || filters.from !== "" || filters.to !== "";

/** The filters as a query string, without empty values (the CSV takes the same ones). */
export function filterParams(filters: ReservationFilters, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** One reservation, whole (the planner's bar detail, the counter): under RESERVATIONS_KEY, refreshed with the lists. */
export const reservationQuery = (id: number) =>
  queryOptions({
    queryKey: ["reservations", "one", id],
    queryFn: ({ signal }) => apiRequest<Reservation>(`/api/planner/reservations/${id}`, { signal }),
  });

/** The counter's page of one booking (issue 28): its check-out, check-in, or what they recorded. */
export const counterPath = (reservationId: number) => `/reservation/${reservationId}/counter`;

const pageParams = (filters: ReservationFilters, cursor: string | undefined) =>
  filterParams(filters, { limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });

/** All of the owner's reservations, newest first, grouped per landing; pages follow the cursor. */
export const ownerReservationsQuery = (userId: number, filters: ReservationFilters) =>
  infiniteQueryOptions({
    queryKey: ["reservations", "owner", userId, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OwnerReservationsPage>(`/api/reservations/user/${userId}?${pageParams(filters, pageParam)}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** One landing's reservations, newest first. */
export const landingReservationsQuery = (landingId: number, filters: ReservationFilters) =>
  infiniteQueryOptions({
    queryKey: ["reservations", "landing", landingId, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<LandingReservationsPage>(`/api/reservations/${landingId}?${pageParams(filters, pageParam)}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/**
 * The pages of the owner's list as one list of groups: a landing whose reservations continue on
 * the next page keeps one card.
 */
export function mergeGroups(data: InfiniteData<OwnerReservationsPage> | undefined): ReservationGroup[] {
  const groups = new Map<number, ReservationGroup>();
  for (const page of data?.pages ?? []) {
    for (const group of page.groups) {
      const known = groups.get(group.landing.id);
      if (known) known.reservations.push(...group.reservations);
      else groups.set(group.landing.id, { landing: group.landing, reservations: [...group.reservations] });
    }
  }
  return [...groups.values()];
}

/** How many reservations wait for an answer: asked on the session check's beat (SPEC §4: 60 s). */
export const summaryQuery = () =>
  queryOptions({
    queryKey: ["reservations", "summary"],
    queryFn: ({ signal }) => apiRequest<ReservationSummary>("/api/reservations/summary", { signal }),
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    staleTime: 0,
  });

export function useReservationSummary(enabled = true) {
  return useQuery({ ...summaryQuery(), enabled });
}

/** After any change: the lists, the badge, and the landings' counts. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: LANDINGS_KEY }),
    ]);
}

/** A move of a reservation; `waiveFee` forgoes the policy's fee when a confirmed booking is cancelled. */
export type StatusChange = { reservation: Reservation; status: ReservationStatus; waiveFee?: boolean };

export function useChangeReservationStatus() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ reservation, status, waiveFee = false }: StatusChange) =>
      apiRequest<{ message: string; reservation: Reservation }>(`/api/reservations/${reservation.id}/status`, {
        method: "PATCH",
        // The status on screen: a booking moved meanwhile answers 409, not a move priced for another.
        body: { status, waive_fee: waiveFee, from: reservation.status },
      }),
    // A 409 means it moved elsewhere: what is on screen is old either way.
    onSettled: () => void refresh(),
  });
}

export function useDeleteReservation() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (reservation: Reservation) =>
      apiRequest<{ message: string }>(`/api/reservations/${reservation.id}`, { method: "DELETE" }),
    onSettled: () => void refresh(),
  });
}

/** The address of a landing's CSV with the list's filters. */
export const exportUrl = (landingId: number, filters: ReservationFilters) => {
  const params = filterParams(filters).toString();
  return `/api/reservations/${landingId}/export.csv${params ? `?${params}` : ""}`;
};

/**
 * Puts a reservation on a unit of its vehicle (null: any free one). The planner, the lists and the
 * open detail all live under ["reservations"] and refresh.
 */
export function useAssignUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, unit }: { id: number; unit: number | null }) =>
      apiRequest<{ message: string; reservation: Reservation }>(`/api/planner/reservations/${id}/unit`, {
        method: "PATCH",
        body: { unit },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
  });
}

/** What the owner does with a booking's money by hand (issue 27): the body of each call. */
export type MoneyMove =
  | { kind: "refund"; amount: string; reason: string; refundable_cents: number }
  | { kind: "capture"; amount: string; reason: string; held_cents: number }
  | { kind: "release"; held_cents: number };

const MONEY_PATHS = { refund: "refunds", capture: "deposit/capture", release: "deposit/release" } as const;

/** Gives back part of a card payment, or charges or releases the deposit held on the card. */
export function useMoveMoney() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ reservation, move }: { reservation: Reservation; move: MoneyMove }) => {
      const { kind, ...body } = move;
      return apiRequest<{ message: string; done: boolean; reservation: Reservation }>(
        `/api/reservations/${reservation.id}/${MONEY_PATHS[kind]}`,
        { method: "POST", body },
      );
    },
    onSettled: () => void refresh(),
  });
}

/**
 * Money the owner received, or gave back, by hand: how, how much, a note, and the figure they saw; a
 * payment `from_deposit` was taken out of the deposit the counter took (recorded the way it came in).
 */
export type ByHandBody = { method: PickupMethod; amount: string; note: string } & (
  | { kind: "payment"; outstanding_cents: number; from_deposit: boolean }
  | { kind: "refund"; refundable_cents: number }
);
type PaymentAnswer = { message: string; reservation: Reservation };

/** Records money taken at the counter (cash, the owner's own card terminal), a transfer seen arrive, or money given back. */
export function useRecordPayment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ reservation, body: { kind, ...body } }: { reservation: Reservation; body: ByHandBody }) =>
      apiRequest<PaymentAnswer>(`/api/reservations/${reservation.id}/payments${kind === "refund" ? "/refunds" : ""}`, {
        method: "POST",
        body,
      }),
    onSettled: () => void refresh(),
  });
}

/** Takes a payment or refund recorded by mistake back off the booking. */
export function useUndoPayment() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ reservation, paymentId }: { reservation: Reservation; paymentId: number }) =>
      apiRequest<PaymentAnswer>(`/api/reservations/${reservation.id}/payments/${paymentId}`, { method: "DELETE" }),
    onSettled: () => void refresh(),
  });
}

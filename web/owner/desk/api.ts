import type { Language } from "@domain/languages";
import type { DeskQuote, Reservation } from "@domain/reservations";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { useEffect, useState } from "react";
import { LANDINGS_KEY } from "../landings";

export type QuoteRequest = {
  id_vehicle: number;
  place_of_departure: string;
  arrival_place: string;
  date_of_departure: string;
  time_of_departure: string;
  date_of_arrival: string;
  time_of_arrival: string;
  addons: { id: number; quantity: number }[];
  driver_birth_date?: string;
};

export type ManualBookingRequest = QuoteRequest & {
  number_person: number | string;
  number_bag: number | string;
  name: string;
  last_name: string;
  phone: string;
  email: string;
  description: string;
  notify_customer: boolean;
  /** Left out: the landing's for a new booking, the booking's own for a change (server/reservations/changes.ts). */
  language?: Language;
  price_override: { total_cents: number; reason: string } | null;
  rules_override: { reason: string } | null;
  unit: number | null;
};

/** `value`, once it has stayed the same for `ms`: the quote is asked when the owner pauses typing. */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The live quote of the dialog; `request` null while the form lacks what a price needs. For a
 * change of a booking (`reservationId`), the booking's own quote: it never stands in its own way.
 */
export function useDeskQuote(landingId: number | null, request: QuoteRequest | null, reservationId?: number) {
  const settled = useSettled(request);
  const url = reservationId ? `/api/reservations/${reservationId}/quote` : `/api/landings/${landingId}/quote`;
  return useQuery({
    queryKey: ["desk", "quote", landingId, reservationId ?? null, settled],
    queryFn: ({ signal }) => apiRequest<DeskQuote>(url, { method: "POST", body: settled, signal }),
    enabled: landingId !== null && settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

/** What a saved booking or change makes out of date: the lists, the planner, the figures, the landings' counts. */
const AFFECTED_KEYS = [["reservations"], ["planner"], ["insights"], LANDINGS_KEY];

/**
 * Changes a booking (issue 25.21) with the version the dialog read: someone else's change or move
 * in between answers 409 and nothing changes.
 */
export function useChangeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number; body: ManualBookingRequest; version: number }) =>
      apiRequest<{ message: string; reservation: Reservation }>(`/api/reservations/${id}`, {
        method: "PUT",
        body: { ...body, version },
      }),
    onSettled: () => {
      for (const queryKey of AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/**
 * Books for a customer who called or wrote; `key` stays the same while the same details are retried
 * (a dropped answer), so the retry returns the first booking instead of a second one. Afterwards the lists, the planner, the figures and the
 * landings' counts are out of date.
 */
export function useCreateManualBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ landingId, body, key }: { landingId: number; body: ManualBookingRequest; key: string }) =>
      apiRequest<{ message: string; reservation: Reservation }>(`/api/landings/${landingId}/reservations`, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: () => {
      for (const queryKey of AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

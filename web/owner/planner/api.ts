import type { Planner } from "@domain/planner";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

/**
 * A landing's fleet over `days` days. Kept under ["reservations", ...] so every change to a
 * reservation (status moves, deletes, manual bookings, live arrivals) refreshes it too.
 */
export const plannerQuery = (landingId: number, from: string, days: number) =>
  queryOptions({
    queryKey: ["reservations", "planner", landingId, from, days],
    queryFn: ({ signal }) =>
      apiRequest<Planner>(`/api/planner/${landingId}?${new URLSearchParams({ from, days: String(days) })}`, {
        signal,
      }),
    // The grid stays on screen while the next week loads, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });

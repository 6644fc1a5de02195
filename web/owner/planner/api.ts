import type { ReservationSource, ReservationStatus } from "@domain/reservations";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";

/** A booking as the planner draws it (server/planner/schemas.ts). */
export type PlannerReservation = {
  id: number;
  reference: string;
  status: ReservationStatus;
  source: ReservationSource;
  customer: string;
  start: string;
  end: string;
  /** Pickup and return on the landing's wall clock, yyyy-mm-ddTHH:mm. */
  start_local: string;
  end_local: string;
  /** The unit the owner put it on (1 first), or null: the planner placed it. */
  unit: number | null;
  /** On rent and not back by its planned return (`end`): still out (issue 28). */
  overdue: boolean;
  /** Its customer finished their express pickup (issue 28.6): at the counter, only the licence is checked. */
  express: boolean;
  /** Until when it holds its unit: its return, or, overdue, the end of today. Its bar reaches this. */
  held_until: string;
  held_until_local: string;
};

/** Cars out of service for whole days, first and last day inclusive. */
export type PlannerBlock = { id: number; start_date: string; end_date: string; units: number; reason: string | null };

/** One car's row: its plate or name (null: its number shows), or an overbooked row (no car). */
export type PlannerLane = {
  overbooked: boolean;
  label: string | null;
  reservations: PlannerReservation[];
  blocks: PlannerBlock[];
};

export type PlannerVehicle = { id: number; name: string; units: number; image: string | null; lanes: PlannerLane[] };

export type Planner = {
  landing: { id: number; name: string; display_name: string; currency: string; time_zone: string };
  from: string;
  days: number;
  today: string;
  vehicles: PlannerVehicle[];
};

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

// The planner's answer (GET /api/planner/{landingId}, issue 11): one schema, which the server's
// route serializes and documents with, and whose types the dashboard draws from.
import { z } from "zod";
import { RESERVATION_SOURCES, RESERVATION_STATUSES } from "./reservations";

/** The planner's two views: a week and a month (31 days, so any month fits from its first day). */
export const PLANNER_DAYS = [7, 31] as const;

const reservationBar = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  customer: z.string(),
  start: z.string().describe("Pickup instant, ISO 8601"),
  end: z.string().describe("Return instant, ISO 8601"),
  start_local: z.string().describe("Pickup on the landing's wall clock, yyyy-mm-ddTHH:mm"),
  end_local: z.string().describe("Return on the landing's wall clock, yyyy-mm-ddTHH:mm"),
  unit: z.number().int().nullable().describe("The unit the owner put it on (1 first); null: any free one"),
  overdue: z.boolean().describe("On rent and not back by its planned return (`end`): still out"),
  express: z
    .boolean()
    .describe("Confirmed, and its customer finished their express pickup (drivers and agreement, issue 28.6)"),
  held_until: z
    .string()
    .describe(
      "Until when it holds its unit on the planner, ISO 8601: its return; overdue, the end of today on the landing's clock (never before now); checked in, when it came back",
    ),
  held_until_local: z.string().describe("`held_until` on the landing's wall clock, yyyy-mm-ddTHH:mm"),
});

const blockBar = z.object({
  id: z.number().int(),
  start_date: z.string().describe("First day out of service"),
  end_date: z.string().describe("Last day out of service (inclusive)"),
  units: z.number().int(),
  reason: z.string().nullable(),
});

export const plannerResponseSchema = z.object({
  landing: z.object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    currency: z.string(),
    time_zone: z.string(),
  }),
  from: z.string(),
  days: z.number().int(),
  today: z.string().describe("Today's date in the landing's time zone"),
  vehicles: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      units: z.number().int(),
      image: z.string().nullable(),
      lanes: z.array(
        z.object({
          overbooked: z.boolean(),
          label: z.string().nullable().describe("The unit's plate or name; null: none (its number shows)"),
          reservations: z.array(reservationBar),
          blocks: z.array(blockBar),
        }),
      ),
    }),
  ),
});

export type Planner = z.infer<typeof plannerResponseSchema>;
/** One vehicle class: its units' rows. */
export type PlannerVehicle = Planner["vehicles"][number];
/** One car's row: its plate or name (null: its number shows), or an overbooked row (no car). */
export type PlannerLane = PlannerVehicle["lanes"][number];
/** A booking as the planner draws it. */
export type PlannerReservation = z.infer<typeof reservationBar>;
/** Cars out of service for whole days, first and last day inclusive. */
export type PlannerBlock = z.infer<typeof blockBar>;

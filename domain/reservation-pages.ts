// The owner's lists of reservations as the API answers them (issue 8): one schema each, which the
// server's routes serialize and document with, and whose types the dashboard reads them by.
import { z } from "zod";
import { reservationSchema } from "./reservations";

/** The landing a group of the owner's reservations belongs to. */
const groupLanding = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  logo: z.string().nullable(),
});

/** GET /reservations/{landingId}: one landing's reservations, newest first, a cursor to the next page. */
export const landingReservationsPage = z.object({
  reservations: z.array(reservationSchema),
  next_cursor: z.string().nullable(),
});

/** GET /reservations/user/{userId}: the owner's reservations grouped per landing, newest first. */
export const ownerReservationsPage = z.object({
  groups: z.array(z.object({ landing: groupLanding, reservations: z.array(reservationSchema) })),
  next_cursor: z.string().nullable(),
});

/** GET /reservations/summary: how many of the owner's reservations are pending, and in all. */
export const reservationSummary = z.object({ pending: z.number().int(), total: z.number().int() });

export type LandingReservationsPage = z.infer<typeof landingReservationsPage>;
export type OwnerReservationsPage = z.infer<typeof ownerReservationsPage>;
export type ReservationGroup = OwnerReservationsPage["groups"][number];
export type ReservationSummary = z.infer<typeof reservationSummary>;

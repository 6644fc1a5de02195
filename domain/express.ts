import { z } from "zod";
import { driverSchema, driverViewSchema, photoViewSchema } from "./counter";
import { DRIVERS_MAX } from "./drivers";
import type { ApiMessageKey } from "./messages";

/**
 * Express pickup (issue 28.6): before coming to the counter, the customer enters the drivers and
 * their licences (with photos) on their phone, reads and signs the agreement and, where the landing
 * holds deposits on the card, authorises it. At the counter the operator checks the licence against
 * the person and records kilometres, fuel and damage.
 */

const m = (key: ApiMessageKey) => key;

/** PUT …/express/drivers: the main driver first, then any additional ones. */
export const expressDriversSchema = z.object({
  drivers: z
    .array(driverSchema, m("driversRequired"))
    .min(1, m("driversRequired"))
    .max(DRIVERS_MAX, m("driversTooMany")),
});
export type ExpressDriversInput = z.infer<typeof expressDriversSchema>;

/** Where a booking's express pickup stands, as the customer's page and the owner's counter read it. */
export const expressViewSchema = z.object({
  /** Open while the booking is confirmed and not yet checked out. */
  open: z.boolean(),
  drivers: z.array(driverViewSchema),
  photos: z.array(photoViewSchema),
  /** The agreement's latest signed version, or null. */
  signed_version: z.number().int().nullable(),
  /** The deposit the landing holds on the card, and whether it is held (or still to authorise). */
  deposit: z.object({ needed: z.boolean(), held: z.boolean() }),
  completed_at: z.string().nullable(),
});
export type ExpressView = z.infer<typeof expressViewSchema>;

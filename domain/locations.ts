// A landing's locations (SPEC §10): the pickup and return pairs the site offers, and the places'
// opening hours (issue 10). What the owner sends and what the API answers, each written once: the
// server's routes validate and document with these schemas, the dashboard's forms and screens use
// the same ones and their types.
import { z } from "zod";
import { PLACE_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
import { weekHoursSchema } from "./rental-rules-schemas";

const m = (key: ApiMessageKey) => key;

/** A new pickup and return pair. */
export const locationInputSchema = z.object({
  place_of_departure: z.string(m("required")).trim().min(1, m("required")).max(PLACE_MAX, m("placeTooLong")),
  arrival_place: z.string(m("required")).trim().min(1, m("required")).max(PLACE_MAX, m("placeTooLong")),
});

/**
 * The dashboard's add-location form: most cars go back where they were picked up, so a return
 * left empty is the pickup place (a walk's finding: the place had to be typed twice), and is
 * never called missing under its hint ("leave it empty…").
 */
export const locationFormSchema = locationInputSchema
  .extend({ arrival_place: z.string().trim().max(PLACE_MAX, m("placeTooLong")) })
  .transform((pair) => ({ ...pair, arrival_place: pair.arrival_place || pair.place_of_departure }));

/**
 * A place renamed (a typo, a clearer name): in every pair of the landing and in its hours, so its
 * fees and hours stay with it. Bookings already made keep the name they were made with.
 */
export const placeRenameInputSchema = z.object({
  place: z.string(m("required")).trim().min(1, m("required")).max(PLACE_MAX, m("placeTooLong")),
  new_name: z.string(m("required")).trim().min(1, m("required")).max(PLACE_MAX, m("placeTooLong")),
});

/** A pair as the API answers it, with its one-way fee (issue 10; 0 for none). */
export const locationSchema = z.object({
  id: z.number().int(),
  id_landing: z.number().int(),
  place_of_departure: z.string(),
  arrival_place: z.string(),
  one_way_fee_cents: z.number().int(),
});

/** A place of the landing's locations with its opening hours (null: it keeps none, always open). */
export const placeHoursSchema = z.object({
  place: z.string(),
  hours: weekHoursSchema.nullable(),
  after_hours_fee_cents: z.number().int().nullable(),
});

export type LocationInput = z.infer<typeof locationInputSchema>;
export type PlaceRenameInput = z.infer<typeof placeRenameInputSchema>;
export type Location = z.infer<typeof locationSchema>;
export type PlaceHours = z.infer<typeof placeHoursSchema>;

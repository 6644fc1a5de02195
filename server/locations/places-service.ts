import type { WeekHours } from "@domain/rental-rules";
import type { placeRulesInputSchema } from "@domain/rental-rules-schemas";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { placeRules } from "../db/schema";
import type { AppDeps } from "../deps";
import { ValidationError } from "../http/errors";
import { lockOwnedLanding, ownedLandingOr404 } from "../landings";
import { locationsOf } from "./service";

/** A place of the landing with its opening hours; null hours: it keeps none (always open). */
export type PlaceHours = { place: string; hours: WeekHours | null; after_hours_fee_cents: number | null };

/** Places are matched as the rules do (`rental-checks.ts`): trimmed, without regard to case. */
// Stryker disable next-line MethodExpression: places arrive trimmed (schemas), and folding to upper case matches the same.
const placeKey = (place: string) => place.trim().toLocaleLowerCase();

/** Every distinct place of the landing's locations, pickup then return, in first-seen order. */
async function placesOf(db: Database, ownerId: number, landingId: number): Promise<string[]> {
  const seen = new Map<string, string>();
  for (const location of await locationsOf(db, ownerId, landingId)) {
    for (const place of [location.placeOfDeparture, location.arrivalPlace]) {
      if (!seen.has(placeKey(place))) seen.set(placeKey(place), place);
    }
  }
  return [...seen.values()];
}

const rulesOf = (db: Database, ownerId: number, landingId: number) =>
  db
    .select()
    .from(placeRules)
    .where(and(eq(placeRules.landingId, landingId), onLandingOwnedBy(placeRules.landingId, ownerId)))
    .orderBy(asc(placeRules.id));

/**
 * The landing's places with their hours. A row whose place no longer names a location (the
 * location was removed) is not listed; it comes back if a location with that place returns.
 */
export async function listPlaces(db: Database, ownerId: number, landingId: number): Promise<PlaceHours[]> {
  const rows = await rulesOf(db, ownerId, landingId);
  const places = await placesOf(db, ownerId, landingId);
  if (places.length === 0) await ownedLandingOr404(db, ownerId, landingId);
  return places.map((place) => {
    const row = rows.find((candidate) => placeKey(candidate.place) === placeKey(place));
    return { place, hours: row?.hours ?? null, after_hours_fee_cents: row ? row.afterHoursFeeCents : null };
  });
}

/**
 * Sets or clears one place's hours. The place must be one of the landing's locations; it is
 * stored as the locations spell it. The landing is locked, so two saves of one place cannot both
 * insert, and a row is matched in code with the same rule the checks use (Postgres' `lower()`
 * depends on the database's locale for letters such as "Á").
 */
export async function savePlaceHours(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: z.output<typeof placeRulesInputSchema>,
): Promise<PlaceHours> {
  return deps.db.transaction(async (tx) => {
    await lockOwnedLanding(tx, ownerId, landingId);
    const place = (await placesOf(tx, ownerId, landingId)).find(
      (candidate) => placeKey(candidate) === placeKey(input.place),
    );
    if (!place) throw ValidationError.field("place", "placeNotOffered");
    const existing = (await rulesOf(tx, ownerId, landingId)).find((row) => placeKey(row.place) === placeKey(place));
    const thisRule =
      existing &&
      and(
        eq(placeRules.id, existing.id),
        eq(placeRules.landingId, landingId),
        onLandingOwnedBy(placeRules.landingId, ownerId),
      );
    if (input.hours === null) {
      if (existing) {
        await tx.delete(placeRules).where(thisRule);
      }
      return { place, hours: null, after_hours_fee_cents: null };
    }
    const values = {
      place,
      hours: input.hours,
      afterHoursFeeCents: input.after_hours_fee,
      updatedAt: deps.clock.now(),
    };
    if (existing) {
      await tx.update(placeRules).set(values).where(thisRule);
    } else {
      await tx.insert(placeRules).values({ landingId, ...values });
    }
    return { place, hours: input.hours, after_hours_fee_cents: input.after_hours_fee };
  });
}

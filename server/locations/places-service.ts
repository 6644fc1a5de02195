import type { PlaceRenameInput } from "@domain/locations";
import type { WeekHours } from "@domain/rental-rules";
import type { placeRulesInputSchema } from "@domain/rental-rules-schemas";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { locations, placeRules } from "../db/schema";
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

/**
 * Renames a place in every pair of the landing that names it and in its hours, so its one-way
 * fees and opening hours stay with it. A name another place already has is refused (the two
 * would merge, and their pairs could repeat); a change of case alone is a rename. Bookings keep
 * the name they were made with (a change of one keeps its places, `checks.ts`). The landing is
 * locked, as adding a pair locks it, so a pair added meanwhile cannot keep the old name.
 */
export async function renamePlace(
  db: Database,
  ownerId: number,
  landingId: number,
  input: PlaceRenameInput,
): Promise<PlaceHours> {
  return db.transaction(async (tx) => {
    await lockOwnedLanding(tx, ownerId, landingId);
    const pairs = await locationsOf(tx, ownerId, landingId);
    const isRenamed = (place: string) => placeKey(place) === placeKey(input.place);
    const renamed = (place: string) => (isRenamed(place) ? input.new_name : place);
    const naming = pairs.filter((pair) => isRenamed(pair.placeOfDeparture) || isRenamed(pair.arrivalPlace));
    if (naming.length === 0) throw ValidationError.field("place", "placeNotOffered");
    const taken = (await placesOf(tx, ownerId, landingId)).some(
      (place) => placeKey(place) !== placeKey(input.place) && placeKey(place) === placeKey(input.new_name),
    );
    if (taken) throw ValidationError.field("new_name", "placeNameTaken");
    for (const pair of naming) {
      await tx
        .update(locations)
        .set({ placeOfDeparture: renamed(pair.placeOfDeparture), arrivalPlace: renamed(pair.arrivalPlace) })
        .where(
          and(
            eq(locations.id, pair.id),
            eq(locations.landingId, landingId),
            onLandingOwnedBy(locations.landingId, ownerId),
          ),
        );
    }
    const rule = (await rulesOf(tx, ownerId, landingId)).find((row) => isRenamed(row.place));
    if (rule) {
      await tx
        .update(placeRules)
        .set({ place: input.new_name })
        .where(
          and(
            eq(placeRules.id, rule.id),
            eq(placeRules.landingId, landingId),
            onLandingOwnedBy(placeRules.landingId, ownerId),
          ),
        );
    }
    return {
      place: input.new_name,
      hours: rule?.hours ?? null,
      after_hours_fee_cents: rule ? rule.afterHoursFeeCents : null,
    };
  });
}

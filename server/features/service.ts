import type { Translations } from "@domain/translations";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { onVehicleOwnedBy } from "../db/owner-scope";
import { specialFeatures, vehicleSpecialFeatures } from "../db/schema";
import { HttpError, ValidationError } from "../http/errors";
import { findOwnedVehicle } from "../vehicles";

const notFound = () => new HttpError(404, "specialFeatureNotFound");

/** The features put on this vehicle, when it is the owner's (on a working landing). */
const featuresOf = (ownerId: number, vehicleId: number) =>
  and(eq(vehicleSpecialFeatures.vehicleId, vehicleId), onVehicleOwnedBy(vehicleSpecialFeatures.vehicleId, ownerId));

export function listSpecialFeatures(db: Database, ownerId: number) {
  return db
    .select()
    .from(specialFeatures)
    .where(eq(specialFeatures.ownerId, ownerId))
    .orderBy(asc(specialFeatures.name));
}

export async function createSpecialFeature(
  db: Database,
  ownerId: number,
  input: { name: string; description: string; translations: Translations<"name" | "description"> },
) {
  try {
    const [feature] = await db
      .insert(specialFeatures)
      .values({ ownerId, ...input })
      .returning();
    // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
    if (!feature) throw new Error("insert returned no row");
    return feature;
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field("name", "specialFeatureTaken");
    throw error;
  }
}

/**
 * Renames or redescribes one of the owner's features, only if it still reads as `previous` (the
 * form's). Every vehicle with it shows the new words; the table's trigger moves those landings'
 * content version, so their public pages are built again.
 */
export async function updateSpecialFeature(
  db: Database,
  ownerId: number,
  featureId: number,
  input: {
    name: string;
    description: string;
    translations?: Translations<"name" | "description">;
    previous: { name: string; description: string };
  },
) {
  const mine = and(eq(specialFeatures.id, featureId), eq(specialFeatures.ownerId, ownerId));
  try {
    const [feature] = await db
      .update(specialFeatures)
      .set({
        name: input.name,
        description: input.description,
        ...(input.translations && { translations: input.translations }),
      })
      .where(
        and(
          mine,
          eq(specialFeatures.name, input.previous.name),
          eq(specialFeatures.description, input.previous.description),
        ),
      )
      .returning();
    if (feature) return feature;
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field("name", "specialFeatureTaken");
    throw error;
  }
  await ownedFeature(db, ownerId, featureId);
  throw new HttpError(409, "staleWrite");
}

export async function deleteSpecialFeature(db: Database, ownerId: number, featureId: number) {
  const deleted = await db
    .delete(specialFeatures)
    .where(and(eq(specialFeatures.id, featureId), eq(specialFeatures.ownerId, ownerId)))
    .returning({ id: specialFeatures.id });
  if (deleted.length === 0) throw notFound();
}

async function ownedFeature(db: Database, ownerId: number, featureId: number) {
  const [feature] = await db
    .select()
    .from(specialFeatures)
    .where(and(eq(specialFeatures.id, featureId), eq(specialFeatures.ownerId, ownerId)))
    .limit(1);
  if (!feature) throw notFound();
  return feature;
}

/** Assigns one of the owner's features to one of the owner's vehicles (idempotent). */
export async function assignSpecialFeature(db: Database, ownerId: number, vehicleId: number, featureId: number) {
  await findOwnedVehicle(db, ownerId, vehicleId);
  await ownedFeature(db, ownerId, featureId);
  await db.insert(vehicleSpecialFeatures).values({ vehicleId, specialFeatureId: featureId }).onConflictDoNothing();
  return findOwnedVehicle(db, ownerId, vehicleId);
}

export async function unassignSpecialFeature(db: Database, ownerId: number, vehicleId: number, featureId: number) {
  await findOwnedVehicle(db, ownerId, vehicleId);
  // Another owner's feature answers 404 as if it did not exist, as assigning it does (issue 13.1).
  await ownedFeature(db, ownerId, featureId);
  await db
    .delete(vehicleSpecialFeatures)
    .where(and(featuresOf(ownerId, vehicleId), eq(vehicleSpecialFeatures.specialFeatureId, featureId)));
  return findOwnedVehicle(db, ownerId, vehicleId);
}

/** Replaces the vehicle's features with the owner's features of these names (case-insensitive). */
export async function setVehicleSpecialFeatures(db: Database, ownerId: number, vehicleId: number, names: string[]) {
  await findOwnedVehicle(db, ownerId, vehicleId);
  const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  const found = wanted.length
    ? await db
        .select()
        .from(specialFeatures)
        .where(and(eq(specialFeatures.ownerId, ownerId), inArray(sql`lower(${specialFeatures.name})`, wanted)))
    : [];
  if (found.length !== wanted.length) throw ValidationError.field("features", "specialFeatureNotFound");
  await db.transaction(async (tx) => {
    await tx.delete(vehicleSpecialFeatures).where(featuresOf(ownerId, vehicleId));
    if (found.length > 0) {
      await tx
        .insert(vehicleSpecialFeatures)
        .values(found.map((feature) => ({ vehicleId, specialFeatureId: feature.id })));
    }
  });
  return findOwnedVehicle(db, ownerId, vehicleId);
}

import { busiestInstant } from "@domain/availability";
import { toLocal } from "@domain/rental-time";
import { storedTranslations } from "@domain/translations";
import {
  isAutomaticTransmission,
  keptUnitLabels,
  VEHICLE_IMAGES_MAX,
  type vehicleFieldsSchema,
  type vehicleUpdateSchema,
} from "@domain/vehicles";
import { and, asc, count, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { onLandingOwnedBy, onVehicleOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, reservations, specialFeatures, vehicleImages, vehicleSpecialFeatures, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { lockOwnedLanding, ownedLandingOr404, stillAhead } from "../landings";
import { takenPeriods } from "../reservations";
import { encodeVehiclePhotos, removeVehiclePhoto, type StoredVehicleImage, storeVehiclePhoto } from "./images";
import type { VehicleRow, VehicleWithRelations } from "./presenter";

type VehicleFields = z.output<typeof vehicleFieldsSchema>;

const notFound = () => new HttpError(404, "vehicleNotFound");

/** One of the owner's vehicles (on `landingId` when given): the condition of every owner query of one vehicle. */
export const ownedVehicle = (ownerId: number, vehicleId: number, landingId?: number) =>
  and(
    eq(vehicles.id, vehicleId),
    onLandingOwnedBy(vehicles.landingId, ownerId),
    landingId === undefined ? undefined : eq(vehicles.landingId, landingId),
  );

/** The row's columns from the form's fields; `language` is the landing's, the description's own. */
function columns(fields: VehicleFields, language: string) {
  return {
    name: fields.name,
    description: fields.description,
    translations: storedTranslations(fields.translations, language),
    priceCents: fields.price,
    luggage: fields.luggage,
    people: fields.people,
    typeOfCar: fields.type_of_car,
    transmission: fields.transmision,
    brand: fields.brand,
    commissionsCents: fields.commissions,
    units: fields.units,
    unitLabels: keptUnitLabels(fields.unit_labels, fields.units),
    bluetooth: fields.bluetooth,
    siriusxm: fields.siriusxm,
    gps: fields.gps,
    // Derived, so the flag can never contradict the transmission.
    automatic: isAutomaticTransmission(fields.transmision),
    appleCar: fields.apple_car,
    features: fields.features,
  };
}

/** Images and special features for a set of vehicles, in two queries. */
export async function withRelations(db: Database, rows: VehicleRow[]): Promise<VehicleWithRelations[]> {
  // Stryker disable next-line ConditionalExpression: spares two queries; an empty IN finds nothing.
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const images = await db
    .select()
    .from(vehicleImages)
    .where(inArray(vehicleImages.vehicleId, ids))
    .orderBy(asc(vehicleImages.position), asc(vehicleImages.id));
  const features = await db
    .select({ vehicleId: vehicleSpecialFeatures.vehicleId, feature: specialFeatures })
    .from(vehicleSpecialFeatures)
    .innerJoin(specialFeatures, eq(specialFeatures.id, vehicleSpecialFeatures.specialFeatureId))
    .where(inArray(vehicleSpecialFeatures.vehicleId, ids))
    .orderBy(asc(specialFeatures.name));
  return rows.map((vehicle) => ({
    vehicle,
    images: images.filter((image) => image.vehicleId === vehicle.id),
    specialFeatures: features.filter((row) => row.vehicleId === vehicle.id).map((row) => row.feature),
  }));
}

/**
 * The vehicle matching `where` (a condition on vehicles and their landing), with its relations and
 * its landing's default language.
 */
export async function findVehicleWhere(
  db: Database,
  where: SQL | undefined,
): Promise<(VehicleWithRelations & { language: string }) | undefined> {
  const [row] = await db
    .select({ vehicle: vehicles, language: landings.defaultLanguage })
    .from(vehicles)
    .innerJoin(landings, eq(landings.id, vehicles.landingId))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const [found] = await withRelations(db, [row.vehicle]);
  return found && { ...found, language: row.language };
}

/** One of the owner's vehicles (on an active landing, and on `landingId` when given), or 404. */
export async function findOwnedVehicle(
  db: Database,
  ownerId: number,
  vehicleId: number,
  landingId?: number,
): Promise<VehicleWithRelations> {
  const found = await findVehicleWhere(
    db,
    and(
      eq(vehicles.id, vehicleId),
      ownedBy(ownerId),
      landingId === undefined ? undefined : eq(vehicles.landingId, landingId),
    ),
  );
  if (!found) throw notFound();
  return found;
}

/**
 * The landing's vehicles, each with how many bookings still ahead hold it (`deleteVehicle` refuses
 * it while any do, and the owner is told so before asking).
 */
export async function listVehicles(db: Database, ownerId: number, landingId: number, now: Date) {
  const [rows, held] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.landingId, landingId), onLandingOwnedBy(vehicles.landingId, ownerId)))
      .orderBy(asc(vehicles.createdAt), asc(vehicles.id)),
    db
      .select({ vehicleId: reservations.vehicleId, count: count() })
      .from(reservations)
      .where(and(eq(reservations.landingId, landingId), eq(reservations.ownerId, ownerId), stillAhead(now)))
      .groupBy(reservations.vehicleId),
  ]);
  if (rows.length === 0) await ownedLandingOr404(db, ownerId, landingId);
  const ahead = new Map(held.map((row) => [row.vehicleId, row.count]));
  return (await withRelations(db, rows)).map((found) => ({
    ...found,
    bookingsAhead: ahead.get(found.vehicle.id) ?? 0,
  }));
}

async function storePhotos(deps: AppDeps, uploads: Buffer[]): Promise<StoredVehicleImage[]> {
  const encoded = await encodeVehiclePhotos(uploads);
  const stored: StoredVehicleImage[] = [];
  try {
    for (const variants of encoded) stored.push(await storeVehiclePhoto(deps.storage, variants));
  } catch (error) {
    for (const image of stored) await removeVehiclePhoto(deps.storage, image.variants);
    throw error;
  }
  return stored;
}

export async function createVehicle(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  fields: VehicleFields,
  uploads: Buffer[],
): Promise<VehicleWithRelations> {
  // Before the photos are checked and stored: another owner's landing answers 404 first, and costs
  // no work. The landing's lock in the transaction is what guards the insert.
  await ownedLandingOr404(deps.db, ownerId, landingId);
  if (uploads.length === 0) throw ValidationError.field("images", "imagesRequired");
  if (uploads.length > VEHICLE_IMAGES_MAX) throw ValidationError.field("images", "imagesTooMany");
  const photos = await storePhotos(deps, uploads);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const landing = await lockOwnedLanding(tx, ownerId, landingId);
      const now = deps.clock.now();
      const [vehicle] = await tx
        .insert(vehicles)
        .values({ landingId, ...columns(fields, landing.defaultLanguage), createdAt: now, updatedAt: now })
        .returning({ id: vehicles.id });
      // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
      if (!vehicle) throw new Error("insert returned no row");
      await tx
        .insert(vehicleImages)
        .values(photos.map((photo, position) => ({ vehicleId: vehicle.id, position, ...photo })));
      return vehicle.id;
    });
    return findOwnedVehicle(deps.db, ownerId, id);
  } catch (error) {
    for (const photo of photos) await removeVehiclePhoto(deps.storage, photo.variants);
    throw error;
  }
}

/**
 * A save that would leave fewer units than bookings and blocks hold at once: `held` units on
 * `date`, the day that first happens on the landing's wall clock. The route words it in the
 * request's language.
 */
export class UnitsBelowBookings extends Error {
  constructor(
    public readonly held: number,
    public readonly date: string,
  ) {
    super("unitsBelowBookings");
  }
}

/** Far enough to reach every booking and block: fewer units are refused for as long as they hold cars. */
const END_OF_TIME = new Date("9999-12-31T00:00:00Z");

/**
 * Saves the vehicle's fields if it is still at the version the form was loaded at (else 409).
 * Fewer units than active bookings and blocks hold at the same instant, from now on, are refused
 * (`UnitsBelowBookings`). The vehicle's row is locked first, as a booking and a block lock it, so
 * no booking can slip in between the count and the save.
 */
export async function updateVehicle(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  fields: z.output<typeof vehicleUpdateSchema>,
): Promise<VehicleWithRelations> {
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: vehicles.version, units: vehicles.units, language: landings.defaultLanguage })
      .from(vehicles)
      .innerJoin(landings, eq(landings.id, vehicles.landingId))
      .where(ownedVehicle(ownerId, vehicleId, landingId))
      .for("update", { of: vehicles });
    if (!locked) throw notFound();
    if (locked.version !== fields.version) throw new HttpError(409, "staleWrite");
    const now = deps.clock.now();
    // Keeping or raising the units frees cars, never takes any: only fewer need the count.
    if (fields.units < locked.units)
      await assertUnitsHoldBookings(tx, ownerId, landingId, vehicleId, fields.units, now);
    await tx
      .update(vehicles)
      .set({ ...columns(fields, locked.language), version: sql`${vehicles.version} + 1`, updatedAt: now })
      // The owner's scope in the write itself too, as every owner write has it (the lock above found the row).
      .where(and(ownedVehicle(ownerId, vehicleId, landingId), eq(vehicles.version, fields.version)));
    // Bookings put on a unit the vehicle no longer has go back to "any free unit".
    if (fields.units < locked.units) {
      await tx
        .update(reservations)
        .set({ unit: null, updatedAt: now })
        .where(
          and(
            eq(reservations.vehicleId, vehicleId),
            eq(reservations.ownerId, ownerId),
            gt(reservations.unit, fields.units),
          ),
        );
    }
  });
  return findOwnedVehicle(deps.db, ownerId, vehicleId);
}

/** Throws `UnitsBelowBookings` when bookings and blocks from `now` on hold more than `units` at once. */
async function assertUnitsHoldBookings(
  tx: Database,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  units: number,
  now: Date,
) {
  // Past bookings hold nothing any more; one under way holds its car until it is returned.
  const taken = await takenPeriods(tx, [vehicleId], { from: now, to: END_OF_TIME });
  const peak = busiestInstant(taken.get(vehicleId) ?? [], { start: now.getTime(), end: END_OF_TIME.getTime() });
  if (peak.units <= units) return;
  const [landing] = await tx
    .select({ timeZone: landings.timeZone })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
    .limit(1);
  // Stryker disable next-line ConditionalExpression: the vehicle just locked is on this landing (the type allows none).
  if (!landing) throw notFound();
  throw new UnitsBelowBookings(peak.units, toLocal(new Date(peak.at), landing.timeZone).date);
}

/** Locks one of the owner's vehicles for the transaction; gone meanwhile (a delete racing this one), 404. */
async function lockOwnedVehicle(tx: Database, ownerId: number, vehicleId: number, landingId?: number) {
  const [locked] = await tx
    // Stryker disable next-line ObjectLiteral: any column locks the row.
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(ownedVehicle(ownerId, vehicleId, landingId))
    .for("update");
  // Stryker disable next-line ConditionalExpression: only a write racing a delete gets here (the find before it answers 404 first).
  if (!locked) throw notFound();
}

/**
 * The photo files the vehicle's bookings show (each keeps its cover's path when it is made): they
 * stay when the photo or the vehicle goes, so a booking's detail and emails never show a broken image.
 */
async function photosBookingsShow(
  db: Database,
  ownerId: number,
  vehicleId: number,
  photos: { variants: Record<string, string> }[],
): Promise<Set<string>> {
  const paths = photos.flatMap((photo) => Object.values(photo.variants));
  if (paths.length === 0) return new Set();
  const shown = await db
    .selectDistinct({ path: reservations.vehicleImage })
    .from(reservations)
    .where(
      and(
        eq(reservations.vehicleId, vehicleId),
        eq(reservations.ownerId, ownerId),
        inArray(reservations.vehicleImage, paths),
      ),
    );
  return new Set(shown.flatMap((row) => (row.path ? [row.path] : [])));
}

/**
 * Deletes the vehicle, its image rows (cascade) and the files no booking shows. A vehicle with
 * bookings still ahead (pending, confirmed, awaiting payment or out on rent, not yet returned)
 * is kept: those customers were promised it; so is a published landing's last vehicle. Its past
 * bookings keep its name and photo.
 */
export async function deleteVehicle(deps: AppDeps, ownerId: number, vehicleId: number, landingId?: number) {
  const { vehicle, images } = await findOwnedVehicle(deps.db, ownerId, vehicleId, landingId);
  const kept = await deps.db.transaction(async (tx) => {
    // The landing locked as publishing locks it, so two deletes cannot each leave the other the last.
    const landing = await lockOwnedLanding(tx, ownerId, vehicle.landingId);
    // Locked as a booking locks it: none is made for it while it is being deleted.
    await lockOwnedVehicle(tx, ownerId, vehicleId, landingId);
    const held = await tx.$count(
      reservations,
      and(eq(reservations.vehicleId, vehicleId), eq(reservations.ownerId, ownerId), stillAhead(deps.clock.now())),
    );
    if (held > 0) {
      throw new HttpError(409, held === 1 ? "vehicleHasActiveBooking" : "vehicleHasActiveBookings", { count: held });
    }
    const shown = await photosBookingsShow(tx, ownerId, vehicleId, images);
    await tx.delete(vehicles).where(ownedVehicle(ownerId, vehicleId, landingId));
    // A published landing's site could take no booking without a vehicle: kept (the owner adds another, or unpublishes).
    if (
      landing.status === "published" &&
      (await tx.$count(vehicles, eq(vehicles.landingId, vehicle.landingId))) === 0
    ) {
      throw new HttpError(409, "lastVehicleOfPublished");
    }
    return shown;
  });
  for (const image of images) await removeVehiclePhoto(deps.storage, image.variants, kept);
}

/** Adds photos after the existing ones; the vehicle row is locked so two uploads cannot pass 12. */
export async function addVehicleImages(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  uploads: Buffer[],
): Promise<VehicleWithRelations> {
  await findOwnedVehicle(deps.db, ownerId, vehicleId, landingId);
  if (uploads.length === 0) throw ValidationError.field("images", "imagesRequired");
  const photos = await storePhotos(deps, uploads);
  try {
    await deps.db.transaction(async (tx) => {
      await lockOwnedVehicle(tx, ownerId, vehicleId, landingId);
      const existing = await tx
        .select({ position: vehicleImages.position })
        .from(vehicleImages)
        .where(eq(vehicleImages.vehicleId, vehicleId));
      if (existing.length + photos.length > VEHICLE_IMAGES_MAX) throw ValidationError.field("images", "imagesTooMany");
      // Stryker disable next-line UnaryOperator: a vehicle always has a photo, so the -1 (for none) never wins.
      const start = Math.max(-1, ...existing.map((image) => image.position)) + 1;
      await tx
        .insert(vehicleImages)
        .values(photos.map((photo, index) => ({ vehicleId, position: start + index, ...photo })));
    });
  } catch (error) {
    for (const photo of photos) await removeVehiclePhoto(deps.storage, photo.variants);
    throw error;
  }
  return findOwnedVehicle(deps.db, ownerId, vehicleId);
}

export async function deleteVehicleImage(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  imageId: number,
): Promise<VehicleWithRelations> {
  const { images } = await findOwnedVehicle(deps.db, ownerId, vehicleId, landingId);
  const image = images.find((candidate) => candidate.id === imageId);
  if (!image) throw new HttpError(404, "notFound");
  if (images.length === 1) throw ValidationError.field("images", "lastImage");
  await deps.db
    .delete(vehicleImages)
    .where(
      and(
        eq(vehicleImages.id, imageId),
        eq(vehicleImages.vehicleId, vehicleId),
        onVehicleOwnedBy(vehicleImages.vehicleId, ownerId),
      ),
    );
  await removeVehiclePhoto(
    deps.storage,
    image.variants,
    await photosBookingsShow(deps.db, ownerId, vehicleId, [image]),
  );
  return findOwnedVehicle(deps.db, ownerId, vehicleId);
}

/** Sets the photo order; the list must name each of the vehicle's photos once. The first is the cover. */
export async function reorderVehicleImages(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  imageIds: number[],
): Promise<VehicleWithRelations> {
  const { images } = await findOwnedVehicle(deps.db, ownerId, vehicleId, landingId);
  const current = new Set(images.map((image) => image.id));
  const isPermutation =
    imageIds.length === current.size &&
    new Set(imageIds).size === imageIds.length &&
    imageIds.every((id) => current.has(id));
  if (!isPermutation) throw ValidationError.field("image_ids", "imageOrderInvalid");
  await deps.db.transaction(async (tx) => {
    for (const [position, id] of imageIds.entries()) {
      await tx
        .update(vehicleImages)
        .set({ position })
        .where(
          and(
            eq(vehicleImages.id, id),
            eq(vehicleImages.vehicleId, vehicleId),
            onVehicleOwnedBy(vehicleImages.vehicleId, ownerId),
          ),
        );
    }
  });
  return findOwnedVehicle(deps.db, ownerId, vehicleId);
}

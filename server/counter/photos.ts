import { PHOTOS_MAX, type PhotoKind, type PhotoView } from "@domain/counter";
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, rentalPhotos, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { reencodeImage } from "../http/images";
import { privateFolder } from "../storage";

/**
 * Photos taken at the counter (issue 28.2 and 28.4): a driver's licence and the close-up of a
 * damage mark. Decoded and re-encoded (at most 1600 px, JPEG, no metadata: a phone's photo carries
 * where it was taken), kept in the private documents store and shown only through the owner's
 * route. A check-out or check-in names them by id.
 */

/** Where the owner's browser reads a photo (the session's cookie goes with it). */
export const photoUrl = (reservationId: number, photoId: number) =>
  `/api/reservations/${reservationId}/photos/${photoId}`;

const present = (row: typeof rentalPhotos.$inferSelect): PhotoView => ({
  id: row.id,
  kind: row.kind === "licence" ? "licence" : "damage",
  url: photoUrl(row.reservationId, row.id),
});

/** The booking a photo is taken for: the owner's at the counter, or the customer's own for express pickup. */
export type PhotoBooking = { id: number; landingId: number; status: string };

/** Stores one photo for one of the owner's bookings that is still at the counter. */
export async function addPhoto(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  kind: PhotoKind,
  data: Buffer | undefined,
): Promise<PhotoView> {
  const [booking] = await deps.db
    .select({ id: reservations.id, landingId: reservations.landingId, status: reservations.status })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)));
  if (!booking) throw new HttpError(404, "reservationNotFound");
  if (!["confirmed", "on_rent"].includes(booking.status)) throw new HttpError(409, "photosClosed");
  return addPhotoTo(deps, booking, kind, data);
}

/** Stores one photo for a booking already found (and its status checked) by the caller. */
export async function addPhotoTo(
  deps: AppDeps,
  booking: PhotoBooking,
  kind: PhotoKind,
  data: Buffer | undefined,
): Promise<PhotoView> {
  const reservationId = booking.id;
  if (!data || data.length === 0) throw ValidationError.field("photo", "imageInvalid");
  const [taken] = await deps.db
    .select({ value: count() })
    .from(rentalPhotos)
    .where(eq(rentalPhotos.reservationId, reservationId));
  if ((taken?.value ?? 0) >= PHOTOS_MAX) throw ValidationError.field("photo", "photosTooMany");
  const jpeg = await reencodeImage("photo", data, { width: 1600, height: 1600, fit: "inside", format: "jpeg" });
  const path = await deps.storage.put(privateFolder("photos"), "jpg", jpeg);
  const [row] = await deps.db
    .insert(rentalPhotos)
    .values({ reservationId, landingId: booking.landingId, kind, path, createdAt: deps.clock.now() })
    .returning();
  if (!row) throw new Error("the photo was not written");
  return present(row);
}

/** The bytes of one photo of one of the owner's bookings. */
export const photoFile = (deps: AppDeps, ownerId: number, reservationId: number, photoId: number) =>
  photoBytes(deps, reservationId, photoId, onLandingOwnedBy(rentalPhotos.landingId, ownerId));

/** The bytes of one photo of a booking, within `scope` (the owner's landings, or the customer's own booking). */
export async function photoBytes(deps: AppDeps, reservationId: number, photoId: number, scope?: SQL) {
  const [row] = await deps.db
    .select()
    .from(rentalPhotos)
    .where(and(eq(rentalPhotos.id, photoId), eq(rentalPhotos.reservationId, reservationId), scope));
  if (!row) throw new HttpError(404, "photoNotFound");
  return deps.storage.get(row.path);
}

export async function photosOf(db: Database, ownerId: number, reservationId: number): Promise<PhotoView[]> {
  const rows = await db
    .select()
    .from(rentalPhotos)
    .where(and(eq(rentalPhotos.reservationId, reservationId), onLandingOwnedBy(rentalPhotos.landingId, ownerId)))
    .orderBy(asc(rentalPhotos.id));
  return rows.map(present);
}

/** A booking's licence photos, at the addresses `urlOf` gives (the customer's own, for express pickup). */
export async function licencePhotosOf(db: Database, reservationId: number, urlOf: (photoId: number) => string) {
  const rows = await db
    .select()
    .from(rentalPhotos)
    .where(and(eq(rentalPhotos.reservationId, reservationId), eq(rentalPhotos.kind, "licence")))
    .orderBy(asc(rentalPhotos.id));
  return rows.map((row): PhotoView => ({ id: row.id, kind: "licence", url: urlOf(row.id) }));
}

/**
 * Every photo a check-out or check-in names must be one taken for this booking, of the right kind:
 * the first that is not is refused on its own field.
 */
export async function assertPhotosOfBooking(
  db: Database,
  reservationId: number,
  named: { path: string; id: number; kind: PhotoKind }[],
) {
  if (named.length === 0) return;
  const rows = await db
    .select({ id: rentalPhotos.id, kind: rentalPhotos.kind })
    .from(rentalPhotos)
    .where(
      and(
        eq(rentalPhotos.reservationId, reservationId),
        inArray(
          rentalPhotos.id,
          named.map((photo) => photo.id),
        ),
      ),
    );
  const fields: ConstructorParameters<typeof ValidationError>[0] = {};
  for (const photo of named) {
    if (!rows.some((row) => row.id === photo.id && row.kind === photo.kind)) fields[photo.path] = ["photoNotOfBooking"];
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

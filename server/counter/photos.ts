import { PHOTOS_MAX, type PhotoKind, type PhotoView } from "@domain/counter";
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, rentalPhotos, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { reencodeImage } from "../http/images";
import { runPeriodically } from "../http/periodic";
import { privateFolder } from "../storage";

/**
 * Photos taken at the counter (issue 28.2 and 28.4): a driver's licence and the close-up of a
 * damage mark. Decoded and re-encoded (at most 1600 px, JPEG, no metadata: a phone's photo carries
 * where it was taken), kept in the private documents store and shown only through the owner's
 * route. A check-out or check-in names them by id.
 *
 * A photo belongs to the booking's record once a check-out, a check-in or the express pickup's
 * drivers name it (`attachPhotos`, in the transaction that writes the record): only those are
 * shown and count toward the booking's photos. An upload no record names (a retake, a form left
 * unsent) is removed when the photo taken after it replaces it, or a day after it was taken
 * (`sweepUnattachedPhotos`); a photo a record names is never removed.
 */

/** How long an upload no record names is kept: long enough for a form left open at the counter. */
export const UNATTACHED_PHOTO_MS = 24 * 3_600_000;

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
  replaces?: number,
): Promise<PhotoView> {
  const [booking] = await deps.db
    .select({ id: reservations.id, landingId: reservations.landingId, status: reservations.status })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)));
  if (!booking) throw new HttpError(404, "reservationNotFound");
  if (!["confirmed", "on_rent"].includes(booking.status)) throw new HttpError(409, "photosClosed");
  return addPhotoTo(deps, booking, kind, data, replaces);
}

/** Stores one photo for a booking already found (and its status checked) by the caller. */
export async function addPhotoTo(
  deps: AppDeps,
  booking: PhotoBooking,
  kind: PhotoKind,
  data: Buffer | undefined,
  replaces?: number,
): Promise<PhotoView> {
  const reservationId = booking.id;
  if (!data || data.length === 0) throw ValidationError.field("photo", "imageInvalid");
  await refuseOverCap(deps.db, reservationId);
  const jpeg = await reencodeImage("photo", data, { width: 1600, height: 1600, fit: "inside", format: "jpeg" });
  const path = await deps.storage.put(privateFolder("photos"), "jpg", jpeg);
  // Counted again under the booking's lock: uploads sent at once (an attacker's walk sent 150)
  // each passed the count above while the others were being encoded, and 66 were kept of 60.
  const row = await deps.db
    .transaction(async (tx) => {
      await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.id, reservationId), eq(reservations.landingId, booking.landingId)))
        .for("update");
      await refuseOverCap(tx, reservationId);
      const [inserted] = await tx
        .insert(rentalPhotos)
        .values({ reservationId, landingId: booking.landingId, kind, path, createdAt: deps.clock.now() })
        .returning();
      return inserted;
    })
    .catch(async (error: unknown) => {
      await deps.storage.remove(path);
      throw error;
    });
  if (!row) throw new Error("the photo was not written");
  // The photo it replaces, when no record named that one: removed now, not a day later.
  if (replaces !== undefined) await removeUnattached(deps, reservationId, replaces);
  return present(row);
}

/** The cap counts the photos the booking's records keep; uploads waiting to be named have their own. */
async function refuseOverCap(db: Database, reservationId: number) {
  const taken = await db
    .select({ attached: sql<boolean>`${rentalPhotos.attachedAt} is not null`, value: count() })
    .from(rentalPhotos)
    .where(eq(rentalPhotos.reservationId, reservationId))
    .groupBy(sql`1`);
  const counted = (attached: boolean) => Number(taken.find((row) => row.attached === attached)?.value ?? 0);
  if (counted(true) >= PHOTOS_MAX) throw ValidationError.field("photo", "photosTooMany");
  if (counted(false) >= PHOTOS_MAX) throw ValidationError.field("photo", "photosWaitingTooMany");
}

/** Removes one of the booking's uploads if no record names it (a photo a record keeps stays, silently). */
async function removeUnattached(deps: AppDeps, reservationId: number, photoId: number) {
  const removed = await deps.db
    .delete(rentalPhotos)
    .where(
      and(eq(rentalPhotos.id, photoId), eq(rentalPhotos.reservationId, reservationId), isNull(rentalPhotos.attachedAt)),
    )
    .returning({ path: rentalPhotos.path });
  for (const { path } of removed) await deps.storage.remove(path);
}

/**
 * Removes the uploads no record named a day after they were taken. The delete matches
 * `attached_at is null` on each row as it is when deleted: a check-out naming a photo at the same
 * moment holds its row (`attachPhotos`), and the photo it names stays.
 */
export async function sweepUnattachedPhotos(deps: AppDeps): Promise<{ removed: number }> {
  const before = new Date(deps.clock.now().getTime() - UNATTACHED_PHOTO_MS);
  const stale = await deps.db
    .select({ id: rentalPhotos.id })
    .from(rentalPhotos)
    .where(and(isNull(rentalPhotos.attachedAt), lt(rentalPhotos.createdAt, before)))
    .orderBy(asc(rentalPhotos.createdAt))
    .limit(200);
  if (stale.length === 0) return { removed: 0 };
  const removed = await deps.db
    .delete(rentalPhotos)
    .where(
      and(
        inArray(
          rentalPhotos.id,
          stale.map((row) => row.id),
        ),
        isNull(rentalPhotos.attachedAt),
      ),
    )
    .returning({ path: rentalPhotos.path });
  for (const { path } of removed) await deps.storage.remove(path);
  return { removed: removed.length };
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

/** Removes the uploads left unnamed every ten minutes while the server is up. */
export function startPhotoSweep(app: FastifyInstance) {
  runPeriodically(app, {
    name: "counter photos sweep",
    everyMs: 10 * 60_000,
    round: () => sweepUnattachedPhotos(app.deps),
  });
}

/** The photos `ids` names among the booking's (those its records name), in the order they were taken. */
export async function photosOf(
  db: Database,
  ownerId: number,
  reservationId: number,
  ids: number[],
): Promise<PhotoView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(rentalPhotos)
    .where(
      and(
        eq(rentalPhotos.reservationId, reservationId),
        inArray(rentalPhotos.id, ids),
        onLandingOwnedBy(rentalPhotos.landingId, ownerId),
      ),
    )
    .orderBy(asc(rentalPhotos.id));
  return rows.map(present);
}

/** The photos a set of drivers and marks names, by id, each once. */
export const namedPhotoIds = (drivers: { licence_photo_id?: number }[], marks: { photo_id?: number }[]) => [
  ...new Set(
    [...drivers.map((driver) => driver.licence_photo_id), ...marks.map((mark) => mark.photo_id)].filter(
      (id): id is number => id !== undefined,
    ),
  ),
];

/**
 * The licence photos the saved express drivers name, at the addresses `urlOf` gives (the
 * customer's own link).
 */
export async function licencePhotosOf(
  db: Database,
  reservationId: number,
  drivers: { licence_photo_id?: number }[],
  urlOf: (photoId: number) => string,
) {
  const ids = namedPhotoIds(drivers, []);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(rentalPhotos)
    .where(
      and(
        eq(rentalPhotos.reservationId, reservationId),
        eq(rentalPhotos.kind, "licence"),
        inArray(rentalPhotos.id, ids),
      ),
    )
    .orderBy(asc(rentalPhotos.id));
  return rows.map((row): PhotoView => ({ id: row.id, kind: "licence", url: urlOf(row.id) }));
}

/**
 * Marks the photos a record names as kept, in the transaction that writes the record: each row is
 * locked until it commits, so the sweep cannot remove it meanwhile. One removed just before (a
 * retake replaced it, or the sweep) is refused on its field, and the record is not written.
 */
export async function attachPhotos(
  tx: Database,
  reservationId: number,
  named: { path: string; id: number; kind: PhotoKind }[],
  now: Date,
) {
  if (named.length === 0) return;
  const kept = await tx
    .update(rentalPhotos)
    .set({ attachedAt: sql`coalesce(${rentalPhotos.attachedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(rentalPhotos.reservationId, reservationId),
        inArray(
          rentalPhotos.id,
          named.map((photo) => photo.id),
        ),
      ),
    )
    .returning({ id: rentalPhotos.id, kind: rentalPhotos.kind });
  const fields: ConstructorParameters<typeof ValidationError>[0] = {};
  for (const photo of named) {
    if (!kept.some((row) => row.id === photo.id && row.kind === photo.kind)) fields[photo.path] = ["photoNotOfBooking"];
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/**
 * The express pickup's drivers saved again: licence photos they no longer name go back to waiting
 * (removed a day later unless a record names them again). Only while no check-out exists: the
 * caller has just written the booking as still confirmed, in the same transaction.
 */
export async function detachExpressPhotos(tx: Database, reservationId: number, keptIds: number[]) {
  await tx
    .update(rentalPhotos)
    .set({ attachedAt: null })
    .where(
      and(
        eq(rentalPhotos.reservationId, reservationId),
        eq(rentalPhotos.kind, "licence"),
        isNotNull(rentalPhotos.attachedAt),
        keptIds.length > 0 ? notInArray(rentalPhotos.id, keptIds) : undefined,
      ),
    );
}

import type { PhotoKind } from "@domain/counter";
import type { SignAgreementInput } from "@domain/documents";
import type { ExpressDriversInput, ExpressView } from "@domain/express";
import type { Language } from "@domain/languages";
import { and, eq, sql } from "drizzle-orm";
import { landings, rentalAgreements, rentalHandovers, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { customerReservation, presentReservation, type ReservationWithAddons } from "../reservations";
import { agreementDraft, signAgreement } from "./agreements";
import { addPhotoTo, attachPhotos, detachExpressPhotos, licencePhotosOf, photoBytes } from "./photos";
import { assertDriversMayDrive, findOwned, licencePhotos } from "./service";

/**
 * Express pickup (issue 28.6), from the customer's own link: the drivers and licences with photos,
 * the agreement read and signed, the deposit authorised where the landing holds it on the card. It
 * stays open while the booking is confirmed and not checked out; the counter then only checks the
 * licence against the person and records the vehicle's state.
 */

export type ExpressCall = { name: string; reference: string; token: string };

/** Where the customer's page and its express pickup read a photo: their own link, never the owner's route. */
export const expressPhotoUrl = (call: ExpressCall, photoId: number) =>
  `/api/publicLanding/${call.name}/reservation/${call.reference}/express/photos/${photoId}?t=${encodeURIComponent(call.token)}`;

async function booking(deps: AppDeps, call: ExpressCall) {
  const found = await customerReservation(deps.db, call.name, call.reference, call.token);
  const [out] = await deps.db
    .select({ id: rentalHandovers.id })
    .from(rentalHandovers)
    .where(and(eq(rentalHandovers.reservationId, found.reservation.id), eq(rentalHandovers.kind, "out")));
  const open = found.reservation.status === "confirmed" && !out;
  return { found, open };
}

/** The express pickup as the customer's page shows it. */
export async function expressView(deps: AppDeps, call: ExpressCall): Promise<ExpressView> {
  const { found, open } = await booking(deps, call);
  return viewOf(deps, call, found, open);
}

async function viewOf(deps: AppDeps, call: ExpressCall, found: ReservationWithAddons, open: boolean) {
  const id = found.reservation.id;
  const [signed] = await deps.db
    .select({ version: sql<number | null>`max(${rentalAgreements.version})` })
    .from(rentalAgreements)
    .where(eq(rentalAgreements.reservationId, id));
  const payment = presentReservation(found, deps.storage.url).payment;
  const needed = found.reservation.depositCents > 0 && payment !== null && payment.deposit_status !== "counter";
  return {
    open,
    drivers: found.reservation.expressDrivers ?? [],
    photos: await licencePhotosOf(deps.db, id, found.reservation.expressDrivers ?? [], (photoId) =>
      expressPhotoUrl(call, photoId),
    ),
    signed_version: signed?.version === null || signed?.version === undefined ? null : Number(signed.version),
    deposit: { needed, held: payment?.deposit_status === "held" },
    completed_at: found.reservation.expressCompletedAt?.toISOString() ?? null,
  };
}

async function openBooking(deps: AppDeps, call: ExpressCall) {
  const { found, open } = await booking(deps, call);
  if (!open) throw new HttpError(409, "expressClosed");
  return found;
}

/**
 * Saves the drivers as the counter would check them (licence valid through the return, the booking's
 * age rule; licence photos of this booking). Changing them after signing asks for a new signature.
 */
export async function saveExpressDrivers(deps: AppDeps, call: ExpressCall, input: ExpressDriversInput) {
  const found = await openBooking(deps, call);
  // The booking as the counter reads it (its landing's and vehicle's rules), on the owner's behalf.
  const owned = await findOwned(deps.db, await ownerOf(deps, found), found.reservation.id);
  const { reservation } = owned;
  assertDriversMayDrive(owned, input.drivers);
  const changed = JSON.stringify(reservation.expressDrivers ?? []) !== JSON.stringify(input.drivers);
  const named = licencePhotos(input.drivers);
  await deps.db.transaction(async (tx) => {
    const saved = await tx
      .update(reservations)
      .set({
        expressDrivers: input.drivers,
        ...(changed && { expressCompletedAt: null }),
      })
      .where(and(eq(reservations.id, reservation.id), eq(reservations.status, "confirmed")))
      .returning({ id: reservations.id });
    // Checked out meanwhile: the counter's record stands, and its photos with it.
    if (saved.length === 0) throw new HttpError(409, "expressClosed");
    // The licence photos they name are kept; those the drivers named before and no longer do wait to be removed.
    await detachExpressPhotos(
      tx,
      reservation.id,
      named.map((photo) => photo.id),
    );
    await attachPhotos(tx, reservation.id, named, deps.clock.now());
  });
  return expressView(deps, call);
}

/** A licence photo the customer takes for their express pickup. */
export async function addExpressPhoto(
  deps: AppDeps,
  call: ExpressCall,
  kind: PhotoKind,
  data: Buffer | undefined,
  replaces?: number,
) {
  const found = await openBooking(deps, call);
  const photo = await addPhotoTo(deps, found.reservation, kind, data, replaces);
  return { ...photo, url: expressPhotoUrl(call, photo.id) };
}

/** One of the booking's own licence photos, for the customer who took it. */
export async function expressPhoto(deps: AppDeps, call: ExpressCall, photoId: number) {
  const found = await customerReservation(deps.db, call.name, call.reference, call.token);
  return photoBytes(deps, found.reservation.id, photoId);
}

/** The agreement as it will be signed, from the drivers saved. */
export async function expressDraft(deps: AppDeps, call: ExpressCall, language?: Language) {
  const found = await openBooking(deps, call);
  if (!found.reservation.expressDrivers?.length) throw new HttpError(409, "expressNeedsDrivers");
  return agreementDraft(deps, await ownerOf(deps, found), found.reservation.id, language);
}

/** The customer signs the agreement: their express pickup is then complete. */
export async function signExpress(deps: AppDeps, call: ExpressCall, input: SignAgreementInput) {
  const found = await openBooking(deps, call);
  if (!found.reservation.expressDrivers?.length) throw new HttpError(409, "expressNeedsDrivers");
  await signAgreement(deps, await ownerOf(deps, found), found.reservation.id, input);
  await deps.db
    .update(reservations)
    .set({ expressCompletedAt: deps.clock.now() })
    .where(eq(reservations.id, found.reservation.id));
  return expressView(deps, call);
}

/**
 * The landing's owner, on whose behalf the customer's link acts: the agreement is the owner's
 * document, drawn and stored as if at their counter.
 */
async function ownerOf(deps: AppDeps, found: ReservationWithAddons): Promise<number> {
  const [landing] = await deps.db
    .select({ ownerId: landings.ownerId })
    .from(landings)
    .where(eq(landings.id, found.reservation.landingId));
  if (!landing) throw new HttpError(404, "reservationNotFound");
  return landing.ownerId;
}

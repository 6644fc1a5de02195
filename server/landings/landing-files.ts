import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import {
  invoices,
  rentalAgreements,
  rentalHandovers,
  rentalPhotos,
  reservations,
  vehicleImages,
  vehicles,
} from "../db/schema";

/**
 * Every file stored for a landing's vehicles and rentals, besides its own images: each vehicle
 * photo's sizes (and the photo its bookings show), the counter's photos, the signed agreements,
 * the invoices' PDFs and the signatures of accepted charges. Read before the landing's rows go (by
 * cascade, which would leave these files behind, still served), removed once that has committed.
 */
export async function landingFiles(db: Database, ownerId: number, landingId: number): Promise<string[]> {
  // The owner's landing in the trash, in each statement's own WHERE (server/db/owner-scope.ts).
  const theirs = (column: Parameters<typeof onLandingOwnedBy>[0]) =>
    and(eq(column, landingId), onLandingOwnedBy(column, ownerId, "only"));
  const [photos, shown, counterPhotos, agreements, invoiced, signed] = await Promise.all([
    db
      .select({ variants: vehicleImages.variants })
      .from(vehicleImages)
      .innerJoin(vehicles, eq(vehicles.id, vehicleImages.vehicleId))
      .where(theirs(vehicles.landingId)),
    db
      .selectDistinct({ path: reservations.vehicleImage })
      .from(reservations)
      .where(and(theirs(reservations.landingId), isNotNull(reservations.vehicleImage))),
    db.select({ path: rentalPhotos.path }).from(rentalPhotos).where(theirs(rentalPhotos.landingId)),
    db.select({ path: rentalAgreements.path }).from(rentalAgreements).where(theirs(rentalAgreements.landingId)),
    db.select({ path: invoices.path }).from(invoices).where(theirs(invoices.landingId)),
    db
      .select({ path: rentalHandovers.chargesSignaturePath })
      .from(rentalHandovers)
      .where(theirs(rentalHandovers.landingId)),
  ]);
  const paths = [
    ...photos.flatMap((photo) => Object.values(photo.variants)),
    ...[...shown, ...counterPhotos, ...agreements, ...invoiced, ...signed].map((row) => row.path),
  ];
  return [...new Set(paths.filter((path): path is string => Boolean(path)))];
}

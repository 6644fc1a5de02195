import type { ReservationStatus } from "@domain/reservations";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import {
  customerContacts,
  customers,
  invoices,
  outbox,
  rentalAgreements,
  rentalHandovers,
  rentalPhotos,
  reservationChanges,
  reservations,
} from "../db/schema";
import { HttpError } from "../http/errors";
import type { Storage } from "../storage";
import { customerNotFound } from "./service";

/**
 * Bookings that are still going ahead: someone is still to be told about them, and may still turn
 * up. Their customer's contact is needed until they are cancelled or done.
 */
const GOING_AHEAD: readonly ReservationStatus[] = ["awaiting_payment", "pending", "confirmed"];

/** A booking's fields that say who the customer is, as a booking's change history keeps them. */
const IDENTITY_IN_SNAPSHOT = sql`'{"name":"","last_name":"","email":"","phone":"","description":"","driver_birth_date":null}'::jsonb`;

/**
 * Erases one customer's personal data, on their request (issue 28.7), in one transaction. Their
 * bookings keep what the business must keep (reference, landing, vehicle, places, dates, status,
 * every amount, invoices and the payments ledger) and lose who they were: name, last name, email,
 * phone, their comment, the driver's date of birth, the link to their booking page, the drivers and
 * the note recorded at the counter, the agreements they signed, the photos of their licences, the
 * signature of the charges they accepted, their tax id and their invoices' PDFs (drawn again
 * without them), those fields in each change's history, and every email queued
 * or sent about them. The customer's record stays, emptied and marked erased, so the list can still
 * count those bookings as one customer's ("Cliente eliminado"); their emails and phones are
 * forgotten, so a later booking with them starts a new customer, and a "do not rent" flag goes too.
 *
 * Refused while a car of theirs is out (the counter still needs who has it) and while a booking
 * of theirs is still going ahead (cancel or complete it first): 409, nothing changed.
 */
export async function eraseCustomer(
  db: Database,
  storage: Pick<Storage, "remove">,
  ownerId: number,
  customerId: number,
  now: Date,
) {
  const files = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, erasedAt: customers.erasedAt })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.ownerId, ownerId)))
      .for("update");
    if (!customer) throw customerNotFound();
    if (customer.erasedAt) throw new HttpError(409, "customerAlreadyErased");
    // Every booking of theirs, on any landing of the owner's, the trash included; locked, so none
    // moves (out on rent, confirmed) while its customer is being erased.
    const bookings = await tx
      .select({ id: reservations.id, status: reservations.status, reference: reservations.reference })
      .from(reservations)
      .where(and(eq(reservations.customerId, customerId), eq(reservations.ownerId, ownerId)))
      .orderBy(reservations.pickupAt)
      .for("update");
    const out = bookings.find((booking) => booking.status === "on_rent");
    if (out) throw new HttpError(409, "customerOnRent", { reference: out.reference });
    const ahead = bookings.filter((booking) => GOING_AHEAD.includes(booking.status as ReservationStatus));
    if (ahead.length > 0) {
      throw new HttpError(409, "customerActiveBookings", {
        references: ahead.map((booking) => booking.reference).join(", "),
      });
    }
    const ids = bookings.map((booking) => booking.id);
    // What the counter kept of them as files (issue 28): the signed agreements, the invoices'
    // PDFs, the signatures of accepted charges and the photos of their licences; deleted once
    // this commits. An invoice's figures and number stay, and its PDF is drawn again without them.
    const files: (string | null)[] = [];
    if (ids.length > 0) {
      const agreements = await tx
        .delete(rentalAgreements)
        .where(inArray(rentalAgreements.reservationId, ids))
        .returning({ path: rentalAgreements.path });
      const licences = await tx
        .delete(rentalPhotos)
        .where(and(inArray(rentalPhotos.reservationId, ids), eq(rentalPhotos.kind, "licence")))
        .returning({ path: rentalPhotos.path });
      const invoiced = await tx
        .select({ path: invoices.path })
        .from(invoices)
        .where(inArray(invoices.reservationId, ids));
      const signed = await tx
        .select({ path: rentalHandovers.chargesSignaturePath })
        .from(rentalHandovers)
        .where(inArray(rentalHandovers.reservationId, ids));
      files.push(...[...agreements, ...licences, ...invoiced, ...signed].map((row) => row.path));
      await tx.update(invoices).set({ customerTaxId: "", path: null }).where(inArray(invoices.reservationId, ids));
    }
    if (ids.length > 0) {
      await tx
        .update(reservations)
        .set({
          name: "",
          lastName: "",
          email: "",
          phone: "",
          description: "",
          driverBirthDate: null,
          // Their page's link stops working; a replayed booking request can no longer be recognised.
          customerTokenHash: null,
          linkTokenHashes: [],
          idempotencyFingerprint: null,
          expressDrivers: null,
          version: sql`${reservations.version} + 1`,
          updatedAt: now,
        })
        .where(and(inArray(reservations.id, ids), eq(reservations.ownerId, ownerId)));
      await tx
        .update(rentalHandovers)
        .set({
          drivers: sql`case when ${rentalHandovers.drivers} is null then null else '[]'::jsonb end`,
          note: "",
          chargesAcceptedBy: sql`case when ${rentalHandovers.chargesAcceptedBy} is null then null else '' end`,
          chargesSignaturePath: null,
        })
        .where(inArray(rentalHandovers.reservationId, ids));
      await tx
        .update(reservationChanges)
        .set({
          before: sql`${reservationChanges.before} || ${IDENTITY_IN_SNAPSHOT}`,
          after: sql`${reservationChanges.after} || ${IDENTITY_IN_SNAPSHOT}`,
        })
        .where(inArray(reservationChanges.reservationId, ids));
      await tx.delete(outbox).where(inArray(outbox.reservationId, ids));
    }
    await tx.delete(customerContacts).where(eq(customerContacts.customerId, customerId));
    await tx
      .update(customers)
      .set({
        name: "",
        email: "",
        phone: "",
        notes: "",
        doNotRent: false,
        doNotRentReason: "",
        doNotRentAt: null,
        erasedAt: now,
        version: sql`${customers.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(customers.id, customerId), eq(customers.ownerId, ownerId)));
    return files;
  });
  for (const path of files) await storage.remove(path);
}

import type { ReservationStatus } from "@domain/reservations";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { customerContacts, customers, outbox, rentalHandovers, reservationChanges, reservations } from "../db/schema";
import { HttpError } from "../http/errors";
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
 * the note recorded at the counter, those fields in each change's history, and every email queued
 * or sent about them. The customer's record stays, emptied and marked erased, so the list can still
 * count those bookings as one customer's ("Cliente eliminado"); their emails and phones are
 * forgotten, so a later booking with them starts a new customer, and a "do not rent" flag goes too.
 *
 * Refused while a car of theirs is out (the counter still needs who has it) and while a booking
 * of theirs is still going ahead (cancel or complete it first): 409, nothing changed.
 */
export async function eraseCustomer(db: Database, ownerId: number, customerId: number, now: Date) {
  await db.transaction(async (tx) => {
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
          idempotencyFingerprint: null,
          version: sql`${reservations.version} + 1`,
          updatedAt: now,
        })
        .where(and(inArray(reservations.id, ids), eq(reservations.ownerId, ownerId)));
      await tx
        .update(rentalHandovers)
        .set({ drivers: sql`case when ${rentalHandovers.drivers} is null then null else '[]'::jsonb end`, note: "" })
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
  });
}

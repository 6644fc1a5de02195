import type { CustomerExport } from "@domain/customers";
import type { ReservationStatus } from "@domain/reservations";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { landings, rentalHandovers, reservations } from "../db/schema";
import { customerDetail, findCustomer } from "./service";

/**
 * Everything the owner keeps about one customer, as one JSON file the owner can hand over when the
 * customer asks to see it (issue 28.7): the record with the owner's notes and flag, every booking
 * of theirs on any of the owner's landings (the trash included) with the details they gave, and the
 * drivers recorded at each check-out and check-in.
 */
export async function exportCustomer(
  db: Database,
  ownerId: number,
  customerId: number,
  now: Date,
): Promise<CustomerExport> {
  const [record, customer] = await Promise.all([
    findCustomer(db, ownerId, customerId),
    customerDetail(db, ownerId, customerId),
  ]);
  const rows = await db
    .select({ reservation: reservations, landing: landings.displayName })
    .from(reservations)
    .innerJoin(landings, and(eq(landings.id, reservations.landingId), eq(landings.ownerId, ownerId)))
    .where(and(eq(reservations.customerId, customerId), eq(reservations.ownerId, ownerId)))
    .orderBy(desc(reservations.createdAt), desc(reservations.id));
  const ids = rows.map((row) => row.reservation.id);
  const handovers =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(rentalHandovers)
          .where(inArray(rentalHandovers.reservationId, ids))
          .orderBy(asc(rentalHandovers.at), asc(rentalHandovers.id));
  return {
    exported_at: now.toISOString(),
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      emails: customer.emails,
      phones: customer.phones,
      notes: customer.notes,
      do_not_rent: customer.do_not_rent,
      do_not_rent_reason: customer.do_not_rent_reason,
      erased_at: customer.erased_at,
      created_at: record.createdAt.toISOString(),
    },
    reservations: rows.map(({ reservation: r, landing }) => ({
      reference: r.reference,
      landing,
      status: r.status as ReservationStatus,
      source: r.source,
      vehicle: r.vehicleName,
      place_of_departure: r.placeOfDeparture,
      arrival_place: r.arrivalPlace,
      date_of_departure: r.pickupDate,
      time_of_departure: r.pickupTime,
      date_of_arrival: r.returnDate,
      time_of_arrival: r.returnTime,
      number_person: r.people,
      name: r.name,
      last_name: r.lastName,
      email: r.email,
      phone: r.phone,
      description: r.description,
      driver_birth_date: r.driverBirthDate,
      language: r.language,
      total_cents: r.totalCents,
      currency: r.currency,
      created_at: r.createdAt.toISOString(),
      handovers: handovers
        .filter((handover) => handover.reservationId === r.id)
        .map((handover) => ({
          kind: handover.kind as "out" | "in",
          at: handover.at.toISOString(),
          drivers: handover.drivers ?? [],
        })),
    })),
  };
}

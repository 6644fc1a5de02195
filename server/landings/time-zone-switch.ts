import { addDays, toInstant } from "@domain/rental-time";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { reservations, vehicleBlocks, vehicles } from "../db/schema";

/** Rows sent in one UPDATE: a landing's whole history may be tens of thousands of bookings. */
const CHUNK = 500;

/**
 * The landing's time zone changes to `timeZone` (inside the save's transaction). Pickup and return
 * times are local times of the landing (PRODUCT §3): what the customer booked and was told, "10:00
 * on the 13th", stays so, and the instants kept beside them (which decide overlaps, the calendar
 * feed, reminders and figures) are read again in the new zone, for every booking and block of the
 * landing, past ones too. Read in the old zone they moved by the zones' difference: a car returned
 * at 10:00 showed free from 09:00 and was booked twice.
 */
export async function reanchorToTimeZone(tx: Database, landingId: number, timeZone: string) {
  const instant = (date: string, time: string) => {
    const at = toInstant({ date, time }, timeZone);
    // Stored dates and times are valid by construction; a zone the schema accepted reads them all.
    if (!at) throw new Error(`${date} ${time} has no instant in ${timeZone}`);
    return at.toISOString();
  };

  const bookings = await tx
    .select({
      id: reservations.id,
      pickupDate: reservations.pickupDate,
      pickupTime: reservations.pickupTime,
      returnDate: reservations.returnDate,
      returnTime: reservations.returnTime,
    })
    .from(reservations)
    .where(eq(reservations.landingId, landingId));
  for (let start = 0; start < bookings.length; start += CHUNK) {
    const rows = bookings
      .slice(start, start + CHUNK)
      .map(
        (row) =>
          sql`(${row.id}::integer, ${instant(row.pickupDate, row.pickupTime)}::timestamptz, ${instant(row.returnDate, row.returnTime)}::timestamptz)`,
      );
    await tx.execute(sql`
      update ${reservations} set pickup_at = moved.pickup_at, return_at = moved.return_at
      from (values ${sql.join(rows, sql`, `)}) as moved (id, pickup_at, return_at)
      where ${reservations.id} = moved.id and ${reservations.landingId} = ${landingId}`);
  }

  // A block holds whole days: from its first day's midnight to the midnight after its last.
  const landingVehicles = tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.landingId, landingId));
  const blocks = await tx
    .select({ id: vehicleBlocks.id, startsOn: vehicleBlocks.startsOn, endsOn: vehicleBlocks.endsOn })
    .from(vehicleBlocks)
    .where(inArray(vehicleBlocks.vehicleId, landingVehicles));
  for (const block of blocks) {
    await tx
      .update(vehicleBlocks)
      .set({
        startsAt: new Date(instant(block.startsOn, "00:00")),
        endsAt: new Date(instant(addDays(block.endsOn, 1), "00:00")),
      })
      .where(eq(vehicleBlocks.id, block.id));
  }
}

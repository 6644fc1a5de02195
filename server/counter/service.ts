import {
  type CheckInInput,
  type CheckOutInput,
  type CounterDepositMethod,
  type CounterView,
  counterRulesOf,
  type DamageMark,
  type DriverInput,
  depositTaken,
  type ReturnCorrection,
  returnCorrectable,
} from "@domain/counter";
import { driverProblems, minimumDriverAge } from "@domain/drivers";
import { depositTakenAtCounter, type LedgerMovement, type PaymentSummary, receivedByHand } from "@domain/payments";
import { effectiveLimits } from "@domain/rental-checks";
import { landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { toLocal } from "@domain/rental-time";
import { dayPriceCents, returnCharges } from "@domain/return-charges";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { invoices, landings, payments, rentalHandovers, reservations, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { ledgerColumns, loadReservation, presentReservation } from "../reservations";
import { agreementsOf, signedCounterRules } from "./agreements";
import { depositBackCents } from "./handover-deposit";
import { invoiceAmounts, issueInvoice } from "./invoices";
import { attachPhotos, namedPhotoIds, photosOf } from "./photos";

/**
 * The rental counter (issue 28): a confirmed booking goes out on rent when the operator records
 * its check-out (drivers, kilometres, fuel, damage, what was handed over), and comes back returned
 * at its check-in, priced by `domain/return-charges.ts` on the landing's counter rules. Each is
 * written once: the status the write matches is the status it was read in, so two people at the
 * counter cannot both record it. A return is only changed afterwards by its correction
 * (`correctCheckIn`), which keeps what it replaced.
 */

const notFound = () => new HttpError(404, "reservationNotFound");

/** One of the owner's reservations with its landing and, while it exists, its vehicle's rules. */
export async function findOwned(db: Database, ownerId: number, reservationId: number) {
  const [row] = await db
    .select({ reservation: reservations, landing: landings, vehicleRules: vehicles.rules })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .leftJoin(vehicles, eq(vehicles.id, reservations.vehicleId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

type Found = Awaited<ReturnType<typeof findOwned>>;

/** Each driver who may not drive this rental, as 422 messages on their own fields. */
export function assertDriversMayDrive(found: Found, drivers: DriverInput[]) {
  const { reservation, landing, vehicleRules } = found;
  const { minDriverAge } = effectiveLimits(landingRulesOf(landing.rules), vehicleRulesOf(vehicleRules));
  const rental = { pickupDate: reservation.pickupDate, returnDate: reservation.returnDate, minDriverAge };
  const fields: ConstructorParameters<typeof ValidationError>[0] = {};
  drivers.forEach((driver, index) => {
    const problems = driverProblems({ licenceExpiry: driver.licence_expiry, birthDate: driver.birth_date }, rental);
    for (const problem of problems) {
      if (problem === "driverTooYoung") {
        fields[`drivers.${index}.birth_date`] = [{ key: problem, params: { age: minimumDriverAge(rental) } }];
      } else fields[`drivers.${index}.licence_expiry`] = [problem];
    }
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/** The licence photos a set of drivers names, with each one's field. */
export const licencePhotos = (drivers: DriverInput[]) =>
  drivers.flatMap((driver, index) =>
    driver.licence_photo_id
      ? [{ path: `drivers.${index}.licence_photo_id`, id: driver.licence_photo_id, kind: "licence" as const }]
      : [],
  );

/** The damage photos a set of marks names, with each one's field. */
const markPhotos = (marks: DamageMark[]) =>
  marks.flatMap((mark, index) =>
    mark.photo_id ? [{ path: `marks.${index}.photo_id`, id: mark.photo_id, kind: "damage" as const }] : [],
  );

/** Moves the booking from `from` to `to` if it is still in `from`, or 409 (someone else was quicker). */
async function move(
  tx: Database,
  ownerId: number,
  reservationId: number,
  [from, to]: ["confirmed", "on_rent"] | ["on_rent", "returned"],
  now: Date,
  also: Pick<typeof reservations.$inferInsert, "driverBirthDate"> = {},
) {
  const updated = await tx
    .update(reservations)
    .set({ ...also, status: to, version: sql`${reservations.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(reservations.id, reservationId),
        eq(reservations.status, from),
        onLandingOwnedBy(reservations.landingId, ownerId),
      ),
    )
    .returning({ id: reservations.id });
  if (updated.length === 0) throw new HttpError(409, "statusTransition", { from, to });
}

/** Records the check-out: the booking is then on rent and holds its unit until it is checked in. */
export async function checkOut(deps: AppDeps, ownerId: number, reservationId: number, input: CheckOutInput) {
  const found = await findOwned(deps.db, ownerId, reservationId);
  const { reservation, landing } = found;
  if (reservation.status !== "confirmed") throw new HttpError(409, "checkOutNotConfirmed");
  const now = deps.clock.now();
  if (toLocal(now, landing.timeZone).date < reservation.pickupDate) throw new HttpError(409, "checkOutTooEarly");
  assertDriversMayDrive(found, input.drivers);
  const booked = await loaded(deps, reservation.id);
  const deposit = counterDepositOf(reservation, presentReservation(booked, deps.storage.url).payment, input);
  await deps.db.transaction(async (tx) => {
    // The main driver's birth date as checked against the licence is the booking's from now on
    // (the detail and the CSV read it there), whether or not one was given when booking.
    const birthDate = input.drivers[0]?.birth_date;
    await move(
      tx,
      ownerId,
      reservation.id,
      ["confirmed", "on_rent"],
      now,
      birthDate ? { driverBirthDate: birthDate } : {},
    );
    // The photos it names become the record's: kept, shown, counted; the other uploads are not.
    await attachPhotos(tx, reservation.id, [...licencePhotos(input.drivers), ...markPhotos(input.marks)], now);
    await tx.insert(rentalHandovers).values({
      reservationId: reservation.id,
      landingId: landing.id,
      kind: "out",
      at: now,
      odometerKm: input.odometer_km,
      fuelEighths: input.fuel_eighths,
      marks: input.marks,
      note: input.note,
      drivers: input.drivers,
      items: input.items,
      depositCents: deposit?.cents ?? 0,
      depositMethod: deposit?.method ?? null,
      createdAt: now,
    });
  });
  return loaded(deps, reservation.id);
}

/**
 * The deposit a check-out takes at the counter, or null. Where the booking's deposit is taken at
 * pickup, the owner says how they received it (or that they did not): a form that forgets it is
 * refused, so no deposit goes unrecorded. One held on the card through the provider is not taken
 * here (the card having refused the hold, the counter takes it: `depositTakenAtCounter`).
 */
function counterDepositOf(
  reservation: Found["reservation"],
  payment: PaymentSummary | null,
  input: CheckOutInput,
): { cents: number; method: CounterDepositMethod } | null {
  const atCounter = depositTakenAtCounter(payment);
  const method = input.deposit_method;
  if (method === undefined) {
    if (reservation.depositCents > 0 && atCounter)
      throw ValidationError.field("deposit_method", "depositMethodRequired");
    return null;
  }
  if (method === "none") return null;
  if (!atCounter) throw ValidationError.field("deposit_method", "depositOnCard");
  return { cents: input.deposit_amount ?? 0, method };
}

/** The check-out a check-in compares with: owner-scoped, or 409 when the car never left. */
async function checkOutRow(deps: AppDeps, ownerId: number, reservationId: number) {
  const [out] = await deps.db
    .select()
    .from(rentalHandovers)
    .where(
      and(
        eq(rentalHandovers.reservationId, reservationId),
        eq(rentalHandovers.kind, "out"),
        onLandingOwnedBy(rentalHandovers.landingId, ownerId),
      ),
    );
  if (!out) throw new HttpError(409, "checkInNotOnRent");
  return out;
}

/**
 * A return as the counter typed it, checked against the check-out (not before it, not in the
 * future, no fewer kilometres) and priced on the counter rules the customer signed for in the
 * agreement (the landing's as they are now when none was signed with them): the check-in and its
 * correction price it the same way.
 */
async function priceReturn(
  deps: AppDeps,
  ownerId: number,
  found: Found,
  out: typeof rentalHandovers.$inferSelect,
  input: CheckInInput,
  now: Date,
) {
  const { reservation, landing } = found;
  const returnedAt = input.returned_at ? new Date(input.returned_at) : now;
  if (returnedAt.getTime() > now.getTime()) throw ValidationError.field("returned_at", "returnedInFuture");
  if (returnedAt.getTime() < out.at.getTime()) throw ValidationError.field("returned_at", "returnedBeforeOut");
  if (input.odometer_km < out.odometerKm) {
    throw ValidationError.field("odometer_km", "odometerBelowOut", { km: out.odometerKm });
  }
  // The rates the customer signed for (the agreement lists them), else the landing's of now.
  const rules = counterRulesOf((await signedCounterRules(deps.db, ownerId, reservation.id)) ?? landing.counterRules);
  const charges = returnCharges({
    rules,
    days: reservation.days,
    dayPriceCents: dayPriceCents(reservation.rentalCents, reservation.days),
    plannedReturnAt: reservation.returnAt,
    returnedAt,
    out: { odometerKm: out.odometerKm, fuelEighths: out.fuelEighths },
    back: { odometerKm: input.odometer_km, fuelEighths: input.fuel_eighths },
    cleaning: input.cleaning,
    damages: input.damages.map((damage) => ({ reason: damage.reason, amountCents: damage.amount })),
    additionalDrivers: {
      count: Math.max(0, (out.drivers?.length ?? 1) - 1),
      dayCents: rules.additional_driver_day_cents,
    },
  });
  // The return as the form recorded it, with its price: written by the check-in, rewritten by its correction.
  const record = {
    at: returnedAt,
    odometerKm: input.odometer_km,
    fuelEighths: input.fuel_eighths,
    marks: input.marks,
    note: input.note,
    cleaning: input.cleaning,
    charges,
  };
  return { record, charges };
}

/**
 * Records the check-in: the return's extra charges priced (`priceReturn`), kept with it, and the
 * rental's invoice issued with the next number of its landing; the booking is then returned and its
 * unit free.
 */
export async function checkIn(deps: AppDeps, ownerId: number, reservationId: number, input: CheckInInput) {
  const found = await findOwned(deps.db, ownerId, reservationId);
  const { reservation, landing } = found;
  if (reservation.status !== "on_rent") throw new HttpError(409, "checkInNotOnRent");
  const out = await checkOutRow(deps, ownerId, reservation.id);
  const now = deps.clock.now();
  const { record, charges } = await priceReturn(deps, ownerId, found, out, input, now);
  await deps.db.transaction(async (tx) => {
    await move(tx, ownerId, reservation.id, ["on_rent", "returned"], now);
    await attachPhotos(tx, reservation.id, markPhotos(input.marks), now);
    await tx.insert(rentalHandovers).values({
      reservationId: reservation.id,
      landingId: landing.id,
      kind: "in",
      ...record,
      createdAt: now,
    });
    await issueInvoice(tx, reservation, charges, now, { customerTaxId: input.customer_tax_id, ncf: input.ncf });
  });
  return loaded(deps, reservation.id);
}

/**
 * Corrects a recorded return ("Corregir devolución": 12,000 km typed for 1,200): the same form,
 * checked and priced as the check-in was (`priceReturn`), while `returnCorrectable` holds (returned,
 * its charges not accepted by the customer, its invoice not sent). The check-in keeps what it was
 * before in `corrections`; the invoice keeps its number and is priced again. Each write matches what
 * the check was made on (the booking still returned, the charges still not accepted, the invoice
 * still unsent), so a correction racing the customer's acceptance or another correction is refused.
 */
export async function correctCheckIn(deps: AppDeps, ownerId: number, reservationId: number, input: CheckInInput) {
  const found = await findOwned(deps.db, ownerId, reservationId);
  const { reservation } = found;
  const closed = () => new HttpError(409, "returnNotCorrectable");
  const [back] = await deps.db
    .select()
    .from(rentalHandovers)
    .where(
      and(
        eq(rentalHandovers.reservationId, reservation.id),
        eq(rentalHandovers.kind, "in"),
        onLandingOwnedBy(rentalHandovers.landingId, ownerId),
      ),
    );
  const [invoice] = await deps.db
    .select({ id: invoices.id, path: invoices.path })
    .from(invoices)
    .where(and(eq(invoices.reservationId, reservation.id), onLandingOwnedBy(invoices.landingId, ownerId)));
  const correctable = returnCorrectable(
    reservation.status,
    back ? { chargesAccepted: back.chargesAcceptedAt !== null } : null,
    invoice ? { sent: invoice.path !== null } : null,
  );
  if (!back || !invoice || !correctable) throw closed();
  const out = await checkOutRow(deps, ownerId, reservation.id);
  const now = deps.clock.now();
  const { record, charges } = await priceReturn(deps, ownerId, found, out, input, now);
  await deps.db.transaction(async (tx) => {
    // The booking's row first: still returned, and locked until this commits (two corrections queue).
    const still = await tx
      .update(reservations)
      .set({ version: sql`${reservations.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(reservations.id, reservation.id),
          eq(reservations.status, "returned"),
          onLandingOwnedBy(reservations.landingId, ownerId),
        ),
      )
      .returning({ id: reservations.id });
    if (still.length === 0) throw closed();
    const corrected = await tx
      .update(rentalHandovers)
      .set({
        ...record,
        corrections: sql`${rentalHandovers.corrections} || ${JSON.stringify([
          {
            correctedAt: now.toISOString(),
            at: back.at.toISOString(),
            odometerKm: back.odometerKm,
            fuelEighths: back.fuelEighths,
            cleaning: back.cleaning,
            chargesTotalCents: back.charges?.totalCents ?? 0,
          } satisfies ReturnCorrection,
        ])}::jsonb`,
      })
      .where(and(eq(rentalHandovers.id, back.id), isNull(rentalHandovers.chargesAcceptedAt)))
      .returning({ id: rentalHandovers.id });
    if (corrected.length === 0) throw closed();
    await attachPhotos(tx, reservation.id, markPhotos(input.marks), now);
    const repriced = await tx
      .update(invoices)
      .set({ ...invoiceAmounts(reservation, charges), customerTaxId: input.customer_tax_id, ncf: input.ncf })
      .where(and(eq(invoices.id, invoice.id), isNull(invoices.path)))
      .returning({ id: invoices.id });
    if (repriced.length === 0) throw closed();
  });
  return loaded(deps, reservation.id);
}

async function loaded(deps: AppDeps, reservationId: number) {
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw notFound();
  return found;
}

/** The counter rules the last signed agreement states, read with today's defaults; null when none. */
async function signedRulesView(db: Database, ownerId: number, reservationId: number) {
  const signed = await signedCounterRules(db, ownerId, reservationId);
  return signed ? counterRulesOf(signed) : null;
}

/** A booking's check-out and check-in as the API answers them (null before each is made). */
export async function counterViewOf(db: Database, ownerId: number, reservationId: number): Promise<CounterView> {
  const rows = await db
    .select({ handover: rentalHandovers })
    .from(rentalHandovers)
    .innerJoin(reservations, eq(reservations.id, rentalHandovers.reservationId))
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(rentalHandovers.reservationId, reservationId), ownedBy(ownerId)));
  if (rows.length === 0) await findOwned(db, ownerId, reservationId);
  const [booking] = await db
    .select({ expressDrivers: reservations.expressDrivers, status: reservations.status })
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId)));
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.reservationId, reservationId), onLandingOwnedBy(invoices.landingId, ownerId)));
  const out = rows.find((row) => row.handover.kind === "out")?.handover;
  const back = rows.find((row) => row.handover.kind === "in")?.handover;
  const status = booking?.status ?? "";
  // What was paid out of a deposit the counter took comes off what goes back of it.
  const received =
    back && out?.depositMethod
      ? receivedByHand(
          (await db
            .select(ledgerColumns)
            .from(payments)
            .where(
              and(
                eq(payments.reservationId, reservationId),
                eq(payments.kind, "received"),
                onLandingOwnedBy(payments.landingId, ownerId),
              ),
            )) as LedgerMovement[],
        )
      : [];
  const base = (row: typeof rentalHandovers.$inferSelect) => ({
    at: row.at.toISOString(),
    odometer_km: row.odometerKm,
    fuel_eighths: row.fuelEighths,
    marks: row.marks,
    note: row.note,
  });
  return {
    check_out: out
      ? {
          ...base(out),
          drivers: out.drivers ?? [],
          items: out.items ?? [],
          deposit: depositTaken(out),
        }
      : null,
    check_in: back
      ? {
          ...base(back),
          cleaning: back.cleaning,
          driven_km: back.charges?.drivenKm ?? 0,
          late_hours: back.charges?.lateHours ?? 0,
          charges: (back.charges?.lines ?? []).map((line) => ({
            kind: line.kind,
            total_cents: line.totalCents,
            ...("quantity" in line && { quantity: line.quantity, unit_cents: line.unitCents }),
            ...("reason" in line && { reason: line.reason }),
          })),
          charges_total_cents: back.charges?.totalCents ?? 0,
          charges_accepted:
            back.chargesAcceptedAt && back.chargesAcceptedBy
              ? { by: back.chargesAcceptedBy, at: back.chargesAcceptedAt.toISOString() }
              : null,
          charges_from_deposit_cents: back.chargesFromDepositCents,
          deposit_back_cents: depositBackCents(out, back, received),
          correctable: returnCorrectable(
            status,
            { chargesAccepted: back.chargesAcceptedAt !== null },
            invoice ? { sent: invoice.path !== null } : null,
          ),
          corrections: back.corrections.map((correction) => ({
            corrected_at: correction.correctedAt,
            at: correction.at,
            odometer_km: correction.odometerKm,
            fuel_eighths: correction.fuelEighths,
            cleaning: correction.cleaning,
            charges_total_cents: correction.chargesTotalCents,
          })),
        }
      : null,
    signed_rules: await signedRulesView(db, ownerId, reservationId),
    invoice: invoice
      ? {
          number: invoice.number,
          issued_at: invoice.issuedAt.toISOString(),
          booking_cents: invoice.bookingCents,
          charges_cents: invoice.chargesCents,
          charges_tax_cents: invoice.chargesTaxCents,
          total_cents: invoice.totalCents,
          customer_tax_id: invoice.customerTaxId,
          ncf: invoice.ncf,
        }
      : null,
    express_drivers: booking?.expressDrivers ?? [],
    // The photos the check-out and the check-in name: never an upload left behind by a retake.
    photos: await photosOf(db, ownerId, reservationId, [
      ...namedPhotoIds(out?.drivers ?? [], out?.marks ?? []),
      ...namedPhotoIds([], back?.marks ?? []),
    ]),
    agreements: await agreementsOf(db, ownerId, reservationId),
  };
}

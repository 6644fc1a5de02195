import { isDeepStrictEqual } from "node:util";
import { isLanguage } from "@domain/languages";
import { snapshotOf } from "@domain/reservation-changes";
import {
  CHANGEABLE_STATUSES,
  type Reservation,
  type ReservationChangeView,
  type ReservationStatus,
  type reservationChangeSchema,
} from "@domain/reservations";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { linkCustomer } from "../customers";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, reservationAddons, reservationChanges, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { inLanguage } from "../landings";
import { queueMails } from "../mail";
import { unitAfterChange } from "../planner";
import { lockAndCheckVehicle } from "./availability";
import { checkRequest } from "./checks";
import { deskNow, ownedBookableLanding } from "./desk-booking";
import { customerMail } from "./emails";
import { issueLinkToken } from "./link-tokens";
import { loadReservation } from "./load";
import { presentReservation } from "./presenter";
import { bookedPriceColumns } from "./price-columns";

type ChangeInput = z.output<typeof reservationChangeSchema>;

const notFound = () => new HttpError(404, "reservationNotFound");

/** Thrown inside a change's transaction to roll it back: it would leave the booking as it was. */
class NothingChanged extends Error {}

/** What a change compares to tell whether it changed anything: its history's fields, and the rest an owner may correct. */
const comparable = (r: Reservation) => ({
  ...snapshotOf(r),
  language: r.language,
  price_override: r.price_override,
  rules_override: r.rules_override,
});

/** One of the owner's reservations (on a landing not in the trash), or 404. */
async function findOwnedReservation(deps: AppDeps, ownerId: number, reservationId: number) {
  const [row] = await deps.db
    .select({ reservation: reservations })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), eq(reservations.ownerId, ownerId), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.reservation;
}

/** A booking that can still change: not yet on its way (CHANGEABLE_STATUSES), or 409. */
function assertChangeable(reservation: typeof reservations.$inferSelect) {
  if (!CHANGEABLE_STATUSES.includes(reservation.status as ReservationStatus)) {
    // Named by its rule, so the dialog tells it from a form read at an older version.
    throw new HttpError(409, "reservationNotChangeable", {}, ["status"]);
  }
}

/** Its pickup as it was: the rules that count from today then count from when it was booked. */
const keepsPickup = (
  current: typeof reservations.$inferSelect,
  input: { date_of_departure: string; time_of_departure: string },
) => input.date_of_departure === current.pickupDate && input.time_of_departure === current.pickupTime;

/**
 * How the dialog's quote checks a change of this booking (as `changeReservation` will): its
 * landing, the rules counted from when it was booked while the pickup stays, itself not in its own
 * way, its own places allowed.
 */
export async function changeQuoteContext(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: { date_of_departure: string; time_of_departure: string },
) {
  const current = await findOwnedReservation(deps, ownerId, reservationId);
  assertChangeable(current);
  return {
    landingId: current.landingId,
    options: {
      asOf: keepsPickup(current, input) ? current.createdAt : deskNow(deps.clock.now()),
      exceptId: reservationId,
      keptPlaces: { pickup: current.placeOfDeparture, dropoff: current.arrivalPlace },
    },
  };
}

/**
 * The owner changes a pending or confirmed booking (issue 25.21): its dates, vehicle, places,
 * extras, driver and customer. It is priced again by domain/ with the landing's rules as they are
 * now, and checked for a free unit in the booking transaction (the booking never stands in its own
 * way); its status, reference, customer link and cancellation policy stay, and its language unless
 * the owner corrects it. What it was
 * and what it became are kept in its history (the old price with them), and the customer is
 * emailed the change when the owner asks. A form read at an older version answers 409.
 */
export async function changeReservation(deps: AppDeps, ownerId: number, reservationId: number, input: ChangeInput) {
  const current = await findOwnedReservation(deps, ownerId, reservationId);
  assertChangeable(current);
  if (current.version !== input.version) throw new HttpError(409, "staleWrite");
  const before = await loadReservation(deps.db, reservationId);
  if (!before) throw notFound();
  const { notify_customer: notify, price_override: override, rules_override, unit: _unit, version, ...request } = input;
  // A booking made past the owner's own rules stays so through its changes, with its reason,
  // unless the owner gives a new one (issue 25.13); its unit is moved by the planner, not here.
  const rulesOverride =
    rules_override ?? (current.rulesOverrideReason !== null ? { reason: current.rulesOverrideReason } : null);
  // The language they booked in, unless the owner corrects it (a desk booking's chosen wrongly).
  const language = request.language ?? (isLanguage(current.language) ? current.language : "es");
  // The extras named as the customer reads them, in their language.
  const bookable = inLanguage(await ownedBookableLanding(deps, ownerId, current.landingId), language);
  const checked = await checkRequest(
    deps,
    bookable,
    { ...request, language },
    {
      asOf: keepsPickup(current, request) ? current.createdAt : deskNow(deps.clock.now()),
      keptPlaces: { pickup: current.placeOfDeparture, dropoff: current.arrivalPlace },
      skipRules: rulesOverride !== null,
      exceptId: reservationId,
    },
  );
  const { owner, image } = checked;
  const now = deps.clock.now();
  const { price } = checked;
  const changed = deps.db.transaction(async (tx) => {
    if (!(await lockAndCheckVehicle(tx, checked.vehicle.id, checked.period, reservationId))) {
      throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
    }
    const unit = await unitAfterChange(tx, current, checked.vehicle.id, checked.period);
    // The customer may be another one now (issue 28.7); one marked "do not rent" is refused only
    // through an email or phone the change brings (`LinkOptions.current`).
    const customer = await linkCustomer(
      tx,
      ownerId,
      { name: request.name, lastName: request.last_name, email: request.email, phone: request.phone },
      {
        channel: "desk",
        bookedAt: current.createdAt,
        current: {
          customerId: current.customerId,
          contact: { name: current.name, lastName: current.lastName, email: current.email, phone: current.phone },
        },
      },
    );
    const updated = await tx
      .update(reservations)
      .set({
        vehicleId: checked.vehicle.id,
        customerId: customer.id,
        vehicleName: checked.vehicle.name,
        vehicleImage: image,
        placeOfDeparture: checked.pickupPlace,
        arrivalPlace: checked.returnPlace,
        pickupDate: request.date_of_departure,
        pickupTime: request.time_of_departure,
        returnDate: request.date_of_arrival,
        returnTime: request.time_of_arrival,
        pickupAt: checked.period.from,
        returnAt: checked.period.to,
        people: request.number_person,
        bags: request.number_bag,
        name: request.name,
        lastName: request.last_name,
        email: request.email,
        phone: request.phone,
        description: request.description,
        language,
        driverBirthDate: request.driver_birth_date,
        ...bookedPriceColumns(price, override && { totalCents: override.total_cents, reason: override.reason }),
        depositCents: checked.depositCents,
        rulesOverrideReason: rulesOverride && checked.skipped.length > 0 ? rulesOverride.reason : null,
        rulesOverridden: checked.skipped.length > 0 ? checked.skipped : null,
        unit,
        version: sql`${reservations.version} + 1`,
        updatedAt: now,
      })
      // The version and status it was read at: a change or a move in between wins, this one is refused.
      .where(
        and(
          eq(reservations.id, reservationId),
          eq(reservations.ownerId, ownerId),
          eq(reservations.version, version),
          inArray(reservations.status, [...CHANGEABLE_STATUSES]),
        ),
      )
      .returning({ id: reservations.id });
    if (updated.length === 0) throw new HttpError(409, "staleWrite");
    await tx.delete(reservationAddons).where(eq(reservationAddons.reservationId, reservationId));
    if (price.addons.length > 0) {
      await tx.insert(reservationAddons).values(
        price.addons.map((line) => ({
          reservationId,
          addonId: line.id,
          name: line.name,
          names: line.names ?? null,
          priceCents: line.priceCents,
          quantity: line.quantity,
          totalCents: line.totalCents,
        })),
      );
    }
    const after = await loadReservation(tx, reservationId);
    if (!after) throw notFound();
    const was = presentReservation(before, deps.storage.url);
    const became = presentReservation(after, deps.storage.url);
    // Saved as it was (a form sent untouched, a double click's second on "Guardar cambios"): no
    // new version, no line in its history, no email telling the customer it changed.
    if (isDeepStrictEqual(comparable(was), comparable(became))) throw new NothingChanged();
    await tx.insert(reservationChanges).values({
      reservationId,
      changedAt: now,
      before: snapshotOf(was),
      after: snapshotOf(became),
    });
    if (notify) {
      // Like the confirmation, it links to the customer's page, with a secret of its own.
      const token = after.reservation.email ? await issueLinkToken(tx, reservationId) : undefined;
      const mails = customerMail(deps, bookable.landing, after, "reservation.changed", owner?.email, token).map(
        (queued) => ({
          ...queued,
          mail: { ...queued.mail, previousTotalCents: was.total_cents },
        }),
      );
      await queueMails(tx, now, mails);
    }
    // Last: the customer's row stays locked from here to the commit only.
    await customer.refresh();
    return after;
  });
  try {
    return { found: await changed, changed: true };
  } catch (error) {
    if (error instanceof NothingChanged) return { found: before, changed: false };
    throw error;
  }
}

/** A reservation's changes, oldest first; 404 when it is not the owner's. */
export async function reservationChangesOf(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
): Promise<ReservationChangeView[]> {
  const rows = await deps.db
    .select({
      changedAt: reservationChanges.changedAt,
      before: reservationChanges.before,
      after: reservationChanges.after,
    })
    .from(reservationChanges)
    .innerJoin(reservations, eq(reservations.id, reservationChanges.reservationId))
    .where(
      and(
        eq(reservationChanges.reservationId, reservationId),
        eq(reservations.ownerId, ownerId),
        onLandingOwnedBy(reservations.landingId, ownerId),
      ),
    )
    .orderBy(asc(reservationChanges.changedAt), asc(reservationChanges.id));
  // None: a booking never changed, or not the owner's (404).
  if (rows.length === 0) await findOwnedReservation(deps, ownerId, reservationId);
  return rows.map((row) => ({ changed_at: row.changedAt.toISOString(), before: row.before, after: row.after }));
}

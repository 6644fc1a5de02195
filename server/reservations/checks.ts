import { addonQuantityCap } from "@domain/addons";
import { samePlace } from "@domain/place-pairs";
import { type RuleProblem, type SkippedRule, unskippable } from "@domain/rental-checks";
import { RENTAL_DAYS_MAX } from "@domain/rental-rules";
import { rentalDays, toInstant } from "@domain/rental-time";
import type { reservationCreateSchema } from "@domain/reservations";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Database, plansEachRun } from "../db/client";
import { transactionTogether } from "../db/pipeline";
import { plansInTransaction, preparedPerTransaction, sqlPerTransaction } from "../db/prepared";
import { landings, reservations, users, vehicleImages, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { type FieldMessage, HttpError, ValidationError } from "../http/errors";
import type { BookableLanding } from "../landings";
import { presentAddon } from "../landings";
import { freeGiven, holdsFromJson, holdsJson, holdsQuery } from "./availability";
import { keepLandingHolds, keptFreeVehicleIds } from "./holds-cache";
import { BookedEarlier, earlierBookingQuery } from "./idempotency";
import { quoteFor } from "./quote";

/**
 * What a booking request is checked against before its transaction: the landing's places, the
 * vehicle's capacity, the period, the add-ons and the rental rules. A problem is a 422 naming the
 * field, so the form can show it where it was typed; a new booking, a change and a quote ask the same.
 */

type LandingRow = typeof landings.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type CreateInput = z.output<typeof reservationCreateSchema>;

/** The landing's own spelling of a place, matched without regard to case or spacing. */
function offeredPlace({ places }: BookableLanding, typed: string): string | null {
  const wanted = typed.trim().toLocaleLowerCase();
  for (const place of places.flatMap((location) => [location.placeOfDeparture, location.arrivalPlace])) {
    if (place.trim().toLocaleLowerCase() === wanted) return place;
  }
  return null;
}

/** What a booking holds, whoever makes it: the visitor on the site or the owner at the desk (email may be ""). */
export type BookingRequest = Omit<CreateInput, "id_landing" | "name_landing" | "terms_accepted">;

/**
 * Everything of a request that can be checked before the transaction, or a 422 naming each field
 * (a 409 when no unit of the car was free for the period as last committed).
 * `asOf`: the rules that count from today (lead time, horizon, a pickup in the past) count from
 * it: now for a new booking; for a change that keeps its pickup, when it was booked (issue
 * 25.21), so a rental under way can still be extended. `skipRules`: the owner's own rental rules
 * are set aside (their problems are answered as `skipped`); the trips offered, the vehicle's
 * capacity and the period never are. `keptPlaces`: a change that keeps the booking's own places
 * keeps them even if the owner no longer offers that pair (issue 25.2: old bookings stay valid).
 */
export async function checkRequest(
  deps: AppDeps,
  bookable: BookableLanding,
  input: BookingRequest,
  options: {
    asOf?: Date;
    skipRules?: boolean;
    keptPlaces?: { pickup: string; dropoff: string };
    /** The booking being changed: it does not stand in its own way. */
    exceptId?: number;
    /**
     * `bookable` is a copy kept from an earlier read, of this content version, not checked since
     * (`keptBookableLanding`): the vehicle's statement reads the landing's version beside the
     * vehicle, and `LandingChanged` is thrown, before any answer, unless it is this one.
     */
    keptVersion?: number;
    /**
     * A new booking's Idempotency-Key: the vehicle's statement also looks for the booking made
     * with it, and `BookedEarlier` is thrown, before any check, when there is one.
     */
    idempotencyKey?: string;
    /**
     * The vehicle as the public site keeps it with the landing's copy (`keptVersion`): when the
     * holds kept of that landing leave no unit of it free for the period, the request is checked
     * against it and refused without reading the vehicle (`takenAsKept`).
     */
    keptVehicle?: VehicleRow;
  } = {},
) {
  const { asOf = deps.clock.now(), skipRules = false, keptPlaces, exceptId, keptVersion, idempotencyKey } = options;
  const { landing } = bookable;
  const pickup = { date: input.date_of_departure, time: input.time_of_departure };
  const dropoff = { date: input.date_of_arrival, time: input.time_of_arrival };
  // The period is read first, for the vehicle's holds in it, but a problem with it is answered in
  // its turn below: an unknown vehicle, then the places and capacity, then the period.
  const periodOrProblem = attempt(() => bookingPeriod(landing, pickup, dropoff, asOf));
  const asked = periodOrProblem.ok ? { period: periodOrProblem.value, exceptId } : null;
  const kept =
    options.keptVehicle && keptVersion !== undefined && asked && exceptId === undefined
      ? await takenAsKept(deps.db, landing, options.keptVehicle, asked.period, keptVersion, idempotencyKey)
      : null;
  const { vehicle, ownerEmail, image, free } =
    kept ?? (await bookingVehicle(deps.db, landing, input.id_vehicle, asked, keptVersion, idempotencyKey));
  // Refused on the database: the landing's holds are read for the next refusals (`takenAsKept`).
  if (!kept && !free && options.keptVehicle && keptVersion !== undefined) {
    keepLandingHolds(deps.db, { id: landing.id, contentVersion: keptVersion });
  }
  const problems: Record<string, FieldMessage[]> = {};
  const keeps =
    keptPlaces !== undefined &&
    samePlace(input.place_of_departure, keptPlaces.pickup) &&
    samePlace(input.arrival_place, keptPlaces.dropoff);
  const pickupPlace = keeps ? keptPlaces.pickup : offeredPlace(bookable, input.place_of_departure);
  const returnPlace = keeps ? keptPlaces.dropoff : offeredPlace(bookable, input.arrival_place);
  if (!pickupPlace) problems.place_of_departure = ["placeNotOffered"];
  if (!returnPlace) problems.arrival_place = ["placeNotOffered"];
  if (input.number_person > vehicle.people) {
    problems.number_person = [{ key: "tooManyPeople", params: { max: vehicle.people } }];
  }
  if (input.number_bag > vehicle.luggage)
    problems.number_bag = [{ key: "tooManyBags", params: { max: vehicle.luggage } }];
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  if (!periodOrProblem.ok) throw periodOrProblem.error;
  const period = periodOrProblem.value;
  const quote = quoteFor(
    bookable,
    vehicle,
    {
      pickup: { ...pickup, place: pickupPlace ?? "" },
      dropoff: { ...dropoff, place: returnPlace ?? "" },
      driverBirthDate: input.driver_birth_date,
    },
    chosenAddons(bookable, input.addons),
    asOf,
  );
  const ruled = keeps ? quote.problems.filter((problem) => problem.rule !== "placePair") : quote.problems;
  const stopping = skipRules ? unskippable(ruled) : ruled;
  if (stopping.length > 0) throw ruleRefusal(stopping);
  // Taken as last committed: refused without a transaction. A car seen free is decided under its
  // lock, in the booking's (or the change's) own transaction.
  if (!free) throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
  const skipped: SkippedRule[] = skipRules
    ? ruled.map((problem) => ({ rule: problem.rule, key: problem.key, params: problem.params }))
    : [];
  return {
    skipped,
    vehicle,
    ownerEmail,
    image,
    period,
    price: quote.price,
    depositCents: quote.depositCents,
    pickupPlace: pickupPlace ?? "",
    returnPlace: returnPlace ?? "",
  };
}

/**
 * The landing's copy a booking was checked against is not its current version (or it is no longer
 * published): nothing was answered from it, and the booking starts again from the landing read afresh.
 */
export class LandingChanged extends Error {
  constructor() {
    super("the landing changed since its copy was kept");
  }
}

/** What `run` returns, or what it threw. */
function attempt<T>(run: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The period of a booking in the landing's zone: its instants and its rental days. A period past
 * the platform's maximum length is refused here, before any work per day or per booking in it.
 */
export function bookingPeriod(
  landing: LandingRow,
  pickup: { date: string; time: string },
  dropoff: { date: string; time: string },
  now: Date,
) {
  const from = toInstant(pickup, landing.timeZone);
  const to = toInstant(dropoff, landing.timeZone);
  const days = rentalDays(pickup, dropoff);
  if (!from || !to || days === null) throw ValidationError.field("date_of_departure", "dateInvalid");
  const problems: Record<string, FieldMessage[]> = {};
  if (from.getTime() <= now.getTime()) problems.date_of_departure = ["pickupInPast"];
  if (to.getTime() <= from.getTime()) problems.date_of_arrival = ["returnBeforePickup"];
  else if (days > RENTAL_DAYS_MAX) {
    problems.date_of_arrival = [{ key: "ruleMaxDays", params: { max: RENTAL_DAYS_MAX } }];
    throw new ValidationError(problems, ["maxDays"]);
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return { from, to, days };
}

/**
 * The vehicle a booking asks for, with what its emails and pages need, in one round trip (issue 29:
 * on a booking's path every query counts): the owner's email (their notice, and the reply address
 * of their customer's) and the vehicle's first photo, kept on the booking so its emails and pages
 * show the car as booked. Given the period, also whether a unit is free for it as last committed
 * (read without the vehicle's lock; `free`), so a booking of a car already taken is refused
 * without a transaction; the booking's own transaction decides under the lock otherwise. With it,
 * the landing's content version while published (`keptVersion`, `checkRequest`), and given an
 * Idempotency-Key, the booking made earlier with it (`BookedEarlier`).
 *
 * On PostgreSQL the vehicle's statement is planned once per connection (a generic plan): planning
 * it for each run's values took three times as long as running it, and was most of a refused
 * booking's cost there (issue 29, docs/performance.md). It reads by keys, so that plan is the best
 * one whatever the data. The key's own lookup goes first, still planned for its values: made on
 * a new database's empty table, a generic plan for it could look for the key among all the
 * landing's bookings, and keep doing so until the table is next analyzed. All of it goes out in
 * one write, in a read-only transaction for the plan setting to hold in. PGlite plans both once
 * already, and a transaction there would only add its three statements.
 */
async function bookingVehicle(
  db: Database,
  landing: LandingRow,
  vehicleId: number,
  asked: { period: { from: Date; to: Date }; exceptId?: number } | null,
  keptVersion: number | undefined,
  idempotencyKey: string | undefined,
) {
  const held: VehicleQueryShape = !asked ? "alone" : asked.exceptId === undefined ? "held" : "heldExcept";
  const earlierWithKey = (on: Database) =>
    idempotencyKey === undefined
      ? null
      : earlierBookingQuery(on, "by key").execute({ landingId: landing.id, key: idempotencyKey });
  const theVehicle = (on: Database) =>
    bookingVehicleQuery(on, held).execute({
      vehicleId,
      landingId: landing.id,
      ownerId: landing.ownerId,
      from: asked?.period.from,
      to: asked?.period.to,
      exceptId: asked?.exceptId,
    });
  const [earlier, rows] = plansEachRun(db)
    ? await transactionTogether(db, (tx, commitWith) =>
        commitWith(async () => {
          const [byKey, , vehicleRows] = await Promise.all([
            earlierWithKey(tx),
            plansInTransaction(tx, "force_generic_plan"),
            theVehicle(tx),
          ]);
          return [byKey, vehicleRows] as const;
        }),
      )
    : await Promise.all([earlierWithKey(db), theVehicle(db)]);
  // A retry is answered with its booking whatever has changed since, even its vehicle deleted.
  if (earlier?.[0]) throw new BookedEarlier(earlier[0]);
  const [found] = rows;
  // Checked first: a 404, like any answer, is given from the landing as it stands.
  if (keptVersion !== undefined && found?.landingVersion !== keptVersion) throw new LandingChanged();
  if (!found) throw new HttpError(404, "vehicleNotFound");
  const { vehicle, variants } = found;
  return {
    vehicle,
    ownerEmail: found.ownerEmail ?? undefined,
    image: variants ? (variants["960"] ?? Object.values(variants)[0] ?? null) : null,
    free: asked && found.holds ? freeGiven([vehicle], holdsFromJson(found.holds), asked.period).has(vehicle.id) : true,
  };
}

/**
 * A new booking of a car that the holds kept of its landing show taken for the whole period
 * (`keptFreeVehicleIds`, the holds the site's pages and quotes answer from): `kept`'s vehicle,
 * not free, after one statement that reads the landing's version and the booking made earlier
 * with the key, which `bookingVehicle`'s would have read. Null when a unit is free as kept, or
 * no holds of the landing's current availability are kept: the vehicle is then read, as before.
 *
 * A refusal costs the database that one statement (issue 29: the 409 path). Kept holds move with
 * every notice of a booking, block or rule of the landing, and at once with this instance's own
 * writes; a car freed on another instance a moment ago may still be refused until its notice
 * arrives, as the site's pages show it taken until then.
 */
async function takenAsKept(
  db: Database,
  landing: LandingRow,
  kept: VehicleRow,
  period: { from: Date; to: Date },
  keptVersion: number,
  idempotencyKey: string | undefined,
) {
  const free = keptFreeVehicleIds(db, { id: landing.id, contentVersion: keptVersion }, [kept], period);
  if (!free || free.has(kept.id)) return null;
  const [found] = (
    await refusalQuery(db, idempotencyKey === undefined ? "alone" : "with key").execute({
      landingId: landing.id,
      key: idempotencyKey,
    })
  ).rows;
  // In `bookingVehicle`'s order: a retry first, whatever has changed since; then the landing's version.
  if (found?.earlier_id != null)
    throw new BookedEarlier({ id: found.earlier_id, fingerprint: found.earlier_fingerprint });
  if (found?.version !== keptVersion) throw new LandingChanged();
  return { vehicle: kept, ownerEmail: undefined, image: null, free: false };
}

/** `takenAsKept`'s statement: the landing's version while published, and given a key, its earlier booking. */
const refusalQuery = sqlPerTransaction<
  "alone" | "with key",
  { version: number | null; earlier_id: number | null; earlier_fingerprint: string | null }
>((_db: Database, shape: "alone" | "with key") => {
  const at = sql.placeholder;
  const version = sql`(select ${landings.contentVersion} from ${landings} where ${landings.id} = ${at("landingId")} and ${landings.status} = 'published' and ${landings.deletedAt} is null)`;
  if (shape === "alone")
    return sql`select ${version} as version, null::int as earlier_id, null::text as earlier_fingerprint`;
  return sql`select ${version} as version, earlier.id as earlier_id, earlier.idempotency_fingerprint as earlier_fingerprint
      from (select 1) as one left join lateral (
        select ${reservations.id}, ${reservations.idempotencyFingerprint} from ${reservations}
        where ${reservations.landingId} = ${at("landingId")} and ${reservations.idempotencyKey} = ${at("key")} limit 1
      ) as earlier on true`;
});

/** Whether the vehicle's holds are read: over a period, or over a period but one booking's. */
type VehicleQueryShape = "alone" | "held" | "heldExcept";

/** `bookingVehicle`'s statement, built once per shape (`server/db/prepared.ts`). */
const bookingVehicleQuery = preparedPerTransaction(buildVehicleQuery);

function buildVehicleQuery(db: Database, held: VehicleQueryShape) {
  const at = sql.placeholder;
  const cover = db
    .select({ variants: vehicleImages.variants })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, vehicles.id))
    .orderBy(asc(vehicleImages.position))
    .limit(1);
  const ownerEmail = db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, at("ownerId")));
  // As the public site finds a landing (bookable.ts): published and not in the trash.
  const landingVersion = db
    .select({ version: landings.contentVersion })
    .from(landings)
    .where(and(eq(landings.id, at("landingId")), eq(landings.status, "published"), isNull(landings.deletedAt)));
  const holds =
    held !== "alone" &&
    holdsQuery(
      db,
      { vehicleIds: [at("vehicleId")] },
      { from: at("from"), to: at("to") },
      held === "heldExcept" ? at("exceptId") : undefined,
    );
  return db
    .select({
      vehicle: vehicles,
      ownerEmail: sql<string | null>`(${ownerEmail})`,
      variants: sql<Record<string, string> | null>`(${cover})`,
      landingVersion: sql<number | null>`(${landingVersion})`,
      holds: holds ? holdsJson(holds) : sql<null>`null`,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, at("vehicleId")), eq(vehicles.landingId, at("landingId"))))
    .limit(1);
}

/** The landing's vehicle, or 404. */
export async function findLandingVehicle(db: Database, landingId: number, vehicleId: number): Promise<VehicleRow> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.landingId, landingId)))
    .limit(1);
  if (!vehicle) throw new HttpError(404, "vehicleNotFound");
  return vehicle;
}

/**
 * The chosen add-ons priced from the landing's own list; an unknown id, or more of one than the
 * owner allows per booking (one coverage), is a field error.
 */
export function chosenAddons({ addons }: BookableLanding, wanted: { id: number; quantity: number }[]) {
  const problems: Record<string, FieldMessage[]> = {};
  const chosen = wanted.flatMap((choice, index) => {
    const addon = addons.find((candidate) => candidate.id === choice.id);
    if (!addon) {
      problems[`addons.${index}.id`] = ["addonUnknown"];
      return [];
    }
    const cap = addonQuantityCap(presentAddon(addon));
    if (choice.quantity > cap) {
      problems[`addons.${index}.quantity`] = [{ key: "addonQuantityTooMany", params: { max: cap, name: addon.name } }];
      return [];
    }
    return [{ id: addon.id, name: addon.name, priceCents: addon.priceCents, quantity: choice.quantity }];
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return chosen;
}

/** A 422 that names, per field, each rule that stops the rental, and the rules in `rules`. */
export function ruleRefusal(problems: RuleProblem[]): ValidationError {
  const fields: Record<string, FieldMessage[]> = {};
  for (const problem of problems) {
    fields[problem.field] = [...(fields[problem.field] ?? []), { key: problem.key, params: problem.params }];
  }
  return new ValidationError(fields, [...new Set(problems.map((problem) => problem.rule))]);
}

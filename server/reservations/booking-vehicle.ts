import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { plansEachRun } from "../db/client";
import type { Database } from "../db/database";
import { transactionTogether } from "../db/pipeline";
import { plansInTransaction, preparedPerTransaction, sqlPerTransaction } from "../db/prepared";
import { landings, users, vehicleImages, vehicles } from "../db/schema";
import { HttpError } from "../http/errors";
import { freeGiven, holdsFromJson, holdsJson, holdsQuery } from "./availability";
import { type OwnerContact, ownerContact } from "./emails";
import { keptFreeVehicleIds, keptNewKey } from "./holds-cache";
import { BookedEarlier, earlierBookingQuery, earlierBookingSelect } from "./idempotency";

/**
 * The vehicle a booking asks for, read before its checks: from the database (`bookingVehicle`), or,
 * for a booking on the site, from what the site keeps of its landing (`keptBookingVehicle`).
 */

type LandingRow = typeof landings.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** The vehicle with its photos, cover first, as the public site keeps it (`VehicleWithRelations`). */
export type KeptVehicle = { vehicle: VehicleRow; images: { variants: Record<string, string> }[] };

/** What a booking needs of its vehicle: the row, who to tell, its cover, and whether a unit is free. */
export type BookingVehicle = {
  vehicle: VehicleRow;
  owner: OwnerContact | undefined;
  image: string | null;
  free: boolean;
  /**
   * A kept copy's read, left to the caller (`keptBookingVehicle`): started on the booking's own
   * transaction, or on the database before a refusal is answered, it throws `BookedEarlier` or
   * `LandingChanged` as the read before the checks would have, and otherwise answers who to tell.
   * Until it has answered, nothing may be written or answered from the copy.
   */
  verifyKept?: (on: Database) => Promise<OwnerContact | undefined>;
};

/** The period asked for, and the booking being changed (it does not stand in its own way). */
type Asked = { period: { from: Date; to: Date }; exceptId?: number } | null;

/**
 * The landing's copy a booking was checked against is not its current version (or it is no longer
 * published): nothing was answered from it, and the booking starts again from the landing read afresh.
 */
export class LandingChanged extends Error {
  constructor() {
    super("the landing changed since its copy was kept");
  }
}

/**
 * One column of the owner's row, with the value `ownerId`: their email (their notice goes there,
 * and their customers' replies) or their language (their notice is written in it).
 */
const ownerColumnSelect = (db: Database, column: typeof users.email | typeof users.language) =>
  db
    .select({ value: column })
    .from(users)
    .where(eq(users.id, sql.placeholder("ownerId")));

/**
 * The landing's content version, with the value `landingId`, while it is found as the public site
 * finds a landing (bookable.ts): published and not in the trash.
 */
const publishedVersionSelect = (db: Database) =>
  db
    .select({ version: landings.contentVersion })
    .from(landings)
    .where(
      and(eq(landings.id, sql.placeholder("landingId")), eq(landings.status, "published"), isNull(landings.deletedAt)),
    );

/** The photo a booking keeps of its car: the cover's 960-pixel variant, else any of its variants. */
const coverOf = (variants: Record<string, string> | null | undefined) =>
  variants ? (variants["960"] ?? Object.values(variants)[0] ?? null) : null;

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
export async function bookingVehicle(
  db: Database,
  landing: LandingRow,
  vehicleId: number,
  asked: Asked,
  keptVersion: number | undefined,
  idempotencyKey: string | undefined,
): Promise<BookingVehicle> {
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
  if (!found) throw new HttpError(404, "vehicleNotFound", {}, ["vehicle"]);
  const { vehicle, variants } = found;
  return {
    vehicle,
    owner: ownerContact(found.ownerEmail, found.ownerLanguage),
    image: coverOf(variants),
    free: asked && found.holds ? freeGiven([vehicle], holdsFromJson(found.holds), asked.period).has(vehicle.id) : true,
  };
}

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
  const ownerEmail = ownerColumnSelect(db, users.email);
  const ownerLanguage = ownerColumnSelect(db, users.language);
  const landingVersion = publishedVersionSelect(db);
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
      ownerLanguage: sql<string | null>`(${ownerLanguage})`,
      variants: sql<Record<string, string> | null>`(${cover})`,
      landingVersion: sql<number | null>`(${landingVersion})`,
      holds: holds ? holdsJson(holds) : sql<null>`null`,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, at("vehicleId")), eq(vehicles.landingId, at("landingId"))))
    .limit(1);
}

/**
 * A new booking on the site, from what the site keeps of its landing at `keptVersion`: the car and
 * its photos (`kept`), and the landing's holds, when they are kept of its current availability or
 * being read for it (`keptFreeVehicleIds`, the holds the site's pages and quotes answer from).
 *
 * A car the kept holds show taken is refused from them alone, after the request's checks and
 * without a statement, unless the request's Idempotency-Key made one of the landing's bookings
 * (`keptNewKey`: a retry, which the statement below answers with its booking). The refusal is as
 * fresh as the site's pages, which show the car taken until a notice of the landing's bookings,
 * blocks or content says otherwise. Issue 29: the statement below was all a refusal still asked of
 * the database (docs/performance.md has what its going brought).
 *
 * Otherwise one statement reads what only the database knows: the booking made earlier with the
 * key (a retry, `BookedEarlier`), the landing's version (`LandingChanged` unless it is still
 * `keptVersion`) and the owner's email. It is not run here but handed back (`verifyKept`): a
 * booking that passes its checks sends it in its transaction's first write, with the car's lock,
 * and one refused by them runs it before the refusal is answered (issue 29: a write to the
 * database and a statement fewer on every booking made). `free` is false when the kept holds
 * leave no unit free for the whole period (the request is then refused after its checks, without
 * a transaction); with no holds kept, it is true and the booking's transaction decides under the
 * car's lock, as it always does. A car freed on another instance a moment ago is refused until its
 * notice arrives.
 */
export async function keptBookingVehicle(
  db: Database,
  landing: LandingRow,
  kept: KeptVehicle,
  period: { from: Date; to: Date },
  keptVersion: number,
  idempotencyKey: string | undefined,
): Promise<BookingVehicle> {
  const { vehicle } = kept;
  const image = coverOf(kept.images[0]?.variants);
  const copy = { id: landing.id, contentVersion: keptVersion };
  const free = await keptFreeVehicleIds(db, copy, [vehicle], period);
  // Taken as kept, and not a retry: refused without a statement; who to tell is never needed
  // (`checkRequest` answers 409 after its checks).
  if (free?.has(vehicle.id) === false && (await keptNewKey(db, copy, idempotencyKey))) {
    return { vehicle, owner: undefined, image, free: false };
  }
  const shape = idempotencyKey === undefined ? "alone" : "with key";
  const verifyKept = async (on: Database) => {
    const [found] = (
      await keptReadQuery(on, shape).execute({ landingId: landing.id, ownerId: landing.ownerId, key: idempotencyKey })
    ).rows;
    // In `bookingVehicle`'s order: a retry first, whatever has changed since; then the landing's version.
    if (found?.earlier_id != null) {
      throw new BookedEarlier({ id: found.earlier_id, fingerprint: found.earlier_fingerprint });
    }
    if (found?.version !== keptVersion) throw new LandingChanged();
    return ownerContact(found.owner_email, found.owner_language);
  };
  return { vehicle, owner: undefined, image, free: free?.has(vehicle.id) ?? true, verifyKept };
}

type KeptReadShape = "alone" | "with key";
type KeptRead = {
  version: number | null;
  owner_email: string | null;
  owner_language: string | null;
  earlier_id: number | null;
  earlier_fingerprint: string | null;
};

/**
 * `keptBookingVehicle`'s statement: the landing's version while published (as `bookingVehicle`'s
 * reads it), the owner's email and language, and given a key, the booking made earlier with it. The key's
 * lookup is planned for its values on PostgreSQL, as `bookingVehicle` explains.
 */
const keptReadQuery = sqlPerTransaction<KeptReadShape, KeptRead>((db: Database, shape: KeptReadShape) => {
  const read = sql`select (${publishedVersionSelect(db)}) as version,
    (${ownerColumnSelect(db, users.email)}) as owner_email, (${ownerColumnSelect(db, users.language)}) as owner_language`;
  if (shape === "alone") return sql`${read}, null::int as earlier_id, null::text as earlier_fingerprint`;
  return sql`${read}, earlier.id as earlier_id, earlier.idempotency_fingerprint as earlier_fingerprint
    from (select 1) as one left join lateral (${earlierBookingSelect(db)}) as earlier on true`;
});

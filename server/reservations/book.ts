import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { isLanguage, type Language, languageOr } from "../../domain/languages";
import { samePlace } from "../../domain/place-pairs";
import type { PriceBreakdown } from "../../domain/pricing";
import { type SkippedRule, unskippable } from "../../domain/rental-checks";
import { cancellationPolicyOf, landingRulesOf } from "../../domain/rental-rules";
import type { ReservationSource, reservationCreateSchema } from "../../domain/reservations";
import { hashToken, newToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { landings, reservationAddons, reservations, users, vehicleImages } from "../db/schema";
import type { AppDeps } from "../deps";
import { type FieldMessage, HttpError, ValidationError } from "../http/errors";
import {
  type BookableLanding,
  bookingPeriod,
  chosenAddons,
  findBookableLanding,
  findLandingVehicle,
  inLanguage,
  quoteFor,
  ruleRefusal,
} from "../landings/bookable";
import { notifyLive } from "../live/notify";
import { type QueuedMail, queueMails } from "../mail/outbox";
import type { BookingMail, MailKind } from "../mail/templates";
import { assertUnitFree } from "../planner/unit-assignment";
import { absoluteUrl } from "../storage/storage";
import { lockAndCheckVehicle } from "./availability";
import { presentReservation, type ReservationWithAddons } from "./presenter";
import { newReference } from "./reference";

type LandingRow = typeof landings.$inferSelect;

/** The landing's own spelling of a place, matched without regard to case or spacing. */
function offeredPlace({ places }: BookableLanding, typed: string): string | null {
  const wanted = typed.trim().toLocaleLowerCase();
  for (const place of places.flatMap((location) => [location.placeOfDeparture, location.arrivalPlace])) {
    if (place.trim().toLocaleLowerCase() === wanted) return place;
  }
  return null;
}

type CreateInput = z.output<typeof reservationCreateSchema>;
/** What a booking holds, whoever makes it: the visitor on the site or the owner at the desk (email may be ""). */
export type BookingRequest = Omit<CreateInput, "id_landing" | "name_landing" | "terms_accepted">;

/**
 * Everything of a request that can be checked before the transaction, or a 422 naming each field.
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
  options: { asOf?: Date; skipRules?: boolean; keptPlaces?: { pickup: string; dropoff: string } } = {},
) {
  const { asOf = deps.clock.now(), skipRules = false, keptPlaces } = options;
  const { landing } = bookable;
  const vehicle = await findLandingVehicle(deps.db, landing.id, input.id_vehicle);
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
  const period = bookingPeriod(
    landing,
    { date: input.date_of_departure, time: input.time_of_departure },
    { date: input.date_of_arrival, time: input.time_of_arrival },
    asOf,
  );
  const quote = quoteFor(
    bookable,
    vehicle,
    {
      pickup: { date: input.date_of_departure, time: input.time_of_departure, place: pickupPlace ?? "" },
      dropoff: { date: input.date_of_arrival, time: input.time_of_arrival, place: returnPlace ?? "" },
      driverBirthDate: input.driver_birth_date,
    },
    chosenAddons(bookable, input.addons),
    asOf,
  );
  const ruled = keeps ? quote.problems.filter((problem) => problem.rule !== "placePair") : quote.problems;
  const stopping = skipRules ? unskippable(ruled) : ruled;
  if (stopping.length > 0) throw ruleRefusal(stopping);
  const skipped: SkippedRule[] = skipRules
    ? ruled.map((problem) => ({ rule: problem.rule, key: problem.key, params: problem.params }))
    : [];
  return {
    skipped,
    vehicle,
    period,
    price: quote.price,
    depositCents: quote.depositCents,
    pickupPlace: pickupPlace ?? "",
    returnPlace: returnPlace ?? "",
  };
}

export async function coverImage(db: Database, vehicleId: number): Promise<string | null> {
  const [image] = await db
    .select({ variants: vehicleImages.variants })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, vehicleId))
    .orderBy(asc(vehicleImages.position))
    .limit(1);
  if (!image) return null;
  return image.variants["960"] ?? Object.values(image.variants)[0] ?? null;
}

/** One reservation with its add-on lines and landing, as the presenter wants it. */
export async function loadReservation(db: Database, reservationId: number): Promise<ReservationWithAddons | null> {
  const [row] = await db
    .select({ reservation: reservations, landing: { id: landings.id, name: landings.name } })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return null;
  const addons = await db
    .select()
    .from(reservationAddons)
    .where(eq(reservationAddons.reservationId, reservationId))
    .orderBy(asc(reservationAddons.id));
  return { ...row, addons };
}

/** Where the landing's site answers: its own domain when it has one, else PUBLIC_BASE_URL/{name}. */
export const siteAddress = (deps: AppDeps, landing: Pick<LandingRow, "customDomain" | "name">) =>
  landing.customDomain
    ? `${deps.config.customDomainScheme}://${landing.customDomain}`
    : `${deps.config.publicBaseUrl}/${landing.name}`;

/** What the emails about a reservation show, from the landing's current brand, in `language`. */
function bookingMail(
  deps: AppDeps,
  landing: LandingRow,
  found: ReservationWithAddons,
  language: Language,
): BookingMail {
  const absolute = (relative: string | null) => absoluteUrl(deps.config.publicBaseUrl, deps.storage.url(relative));
  return {
    language,
    landing: {
      displayName: landing.displayName,
      logoUrl: absolute(landing.logo),
      colorPrimary: landing.colorPrimary,
      colorSecondary: landing.colorSecondary,
    },
    reservation: presentReservation(found, deps.storage.url),
    vehicleImageUrl: absolute(found.reservation.vehicleImage),
  };
}

/** The landing's language: the operator's emails are written in it. */
const landingLanguage = (landing: LandingRow): Language =>
  isLanguage(landing.defaultLanguage) ? landing.defaultLanguage : "es";

/** The language the customer booked in, which every email to them and their page keep (PRODUCT §6). */
export const customerLanguage = (landing: LandingRow, found: ReservationWithAddons): Language =>
  isLanguage(found.reservation.language) ? found.reservation.language : landingLanguage(landing);

/** The customer's own page, with its secret; in their language when it is not the landing's. */
function customerPageUrl(deps: AppDeps, landing: LandingRow, found: ReservationWithAddons, token: string) {
  const language = customerLanguage(landing, found);
  const lang = language === landingLanguage(landing) ? "" : `&lang=${language}`;
  return `${siteAddress(deps, landing)}/reservation/${found.reservation.reference}?t=${token}${lang}`;
}

/**
 * An email to the customer about their reservation (none without an email, as for a booking taken
 * by phone): in their language, from the landing's name, a reply going to the operator.
 */
export function customerMail(
  deps: AppDeps,
  landing: LandingRow,
  found: ReservationWithAddons,
  kind: Extract<
    MailKind,
    | "reservation.customer"
    | "reservation.confirmed"
    | "reservation.cancelled"
    | "reservation.declined"
    | "reservation.changed"
  >,
  ownerEmail: string | undefined,
  customerToken?: string,
): QueuedMail[] {
  if (!found.reservation.email) return [];
  const mail = bookingMail(deps, landing, found, customerLanguage(landing, found));
  const customerUrl = customerToken ? customerPageUrl(deps, landing, found, customerToken) : undefined;
  return [
    {
      kind,
      recipient: found.reservation.email,
      mail: { ...mail, customerUrl },
      fromName: landing.displayName,
      replyTo: ownerEmail,
    },
  ];
}

/** An email to the operator about a reservation: in the landing's language, a reply going to the customer. */
export function ownerMail(
  deps: AppDeps,
  landing: LandingRow,
  found: ReservationWithAddons,
  kind: Extract<MailKind, "reservation.owner" | "reservation.owner.cancelled">,
  ownerEmail: string,
): QueuedMail {
  const mail = bookingMail(deps, landing, found, landingLanguage(landing));
  return { kind, recipient: ownerEmail, mail, replyTo: found.reservation.email };
}

/** The operator's email, for their own notices and as the reply address of their customers' emails. */
export async function ownerEmailOf(db: Database, landing: LandingRow): Promise<string | undefined> {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, landing.ownerId));
  return owner?.email;
}

/** An Idempotency-Key and the fingerprint of the request that came with it. */
export type Idempotency = { key: string; fingerprint: string };

/** Objects with their keys sorted, at every depth: the same values always serialise the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
};

/** The request's key with the SHA-256 of its validated body, or null when it sent no key. */
export function idempotencyOf(key: string | undefined, body: unknown): Idempotency | null {
  if (!key) return null;
  return {
    key,
    fingerprint: createHash("sha256")
      .update(JSON.stringify(canonical(body)))
      .digest("hex"),
  };
}

/**
 * The booking made earlier with this key, or null. A key answers only the request it was first
 * used with: the same key with other values is refused, and learns nothing of the first booking
 * (issue 23: a guessed or leaked key must not hand over someone's name, email and phone).
 */
async function bookedWith(db: Database, landingId: number, idempotency: Idempotency) {
  const [row] = await db
    .select({ id: reservations.id, fingerprint: reservations.idempotencyFingerprint })
    .from(reservations)
    .where(and(eq(reservations.landingId, landingId), eq(reservations.idempotencyKey, idempotency.key)))
    .limit(1);
  if (!row) return null;
  if (row.fingerprint !== idempotency.fingerprint)
    throw ValidationError.field("idempotency-key", "idempotencyKeyReused");
  return loadReservation(db, row.id);
}

/**
 * `customerToken` opens the customer's own reservation page; it is only known when the booking is
 * made (the database keeps its hash), so a replayed answer has none.
 */
export type CreatedReservation = { found: ReservationWithAddons; replayed: boolean; customerToken: string | null };

/**
 * How a booking is made, which is all that differs between the site and the desk: its source and
 * first status, an agreed price, and who is emailed (the customer with which email, the owner).
 */
export type BookingTerms = {
  source: ReservationSource;
  status: "pending" | "confirmed";
  idempotency: Idempotency | null;
  /** The owner's agreed total and why; what the rules priced is kept beside it. */
  override: { totalCents: number; reason: string } | null;
  /** Why the owner books against their own rules (never availability or the trips offered), or null. */
  rulesOverride: { reason: string } | null;
  /** The unit the owner puts the booking on (1..units), or null: any free one. */
  unit: number | null;
  customerMail: Extract<MailKind, "reservation.customer" | "reservation.confirmed"> | null;
  mailOwner: boolean;
};

/**
 * Books a vehicle of a published landing for a visitor. The price is computed here and nothing the
 * browser sent about it is used.
 */
export async function createReservation(
  deps: AppDeps,
  input: CreateInput,
  idempotencyKey: string | undefined,
): Promise<CreatedReservation> {
  const landing = await findBookableLanding(deps.db, { id: input.id_landing, name: input.name_landing });
  // The add-ons and closure notes as the visitor read them, in the language they book in.
  const bookable = inLanguage(landing, languageOr(input.language, languageOr(landing.landing.defaultLanguage, "es")));
  return book(deps, bookable, input, {
    source: "public",
    status: "pending",
    idempotency: idempotencyOf(idempotencyKey, input),
    override: null,
    rulesOverride: null,
    unit: null,
    customerMail: "reservation.customer",
    mailOwner: true,
  });
}

/**
 * The one way a booking is made. In one transaction: lock the vehicle, check that a unit is free for
 * the whole period, insert the booking with its add-on lines and price, queue the emails and tell
 * the open dashboards. A vehicle taken meanwhile answers 409; a retry with the same
 * Idempotency-Key and the same values answers the first booking (other values: 422).
 */
export async function book(
  deps: AppDeps,
  bookable: BookableLanding,
  input: BookingRequest,
  terms: BookingTerms,
): Promise<CreatedReservation> {
  const { landing } = bookable;
  const { idempotency } = terms;
  if (idempotency) {
    const earlier = await bookedWith(deps.db, landing.id, idempotency);
    if (earlier) return { found: earlier, replayed: true, customerToken: null };
  }
  const checked = await checkRequest(deps, bookable, input, { skipRules: terms.rulesOverride !== null });
  if (terms.unit !== null && terms.unit > checked.vehicle.units) {
    throw ValidationError.field("unit", "unitOutOfRange", { max: checked.vehicle.units });
  }
  const [ownerEmail, image] = await Promise.all([
    ownerEmailOf(deps.db, landing),
    coverImage(deps.db, checked.vehicle.id),
  ]);
  const customerToken = newToken();
  for (let attempt = 0; ; attempt++) {
    try {
      const found = await deps.db.transaction(async (tx) => {
        if (!(await lockAndCheckVehicle(tx, checked.vehicle.id, checked.period))) {
          throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
        }
        // Under the same lock: the unit asked for is free for the whole period.
        if (terms.unit !== null) await assertUnitFree(tx, checked.vehicle.id, terms.unit, checked.period);
        const found = await insertReservation(
          tx,
          deps,
          landing,
          input,
          checked,
          image,
          terms,
          hashToken(customerToken),
        );
        const id = found.reservation.id;
        const mails: QueuedMail[] = [
          ...(ownerEmail && terms.mailOwner ? [ownerMail(deps, landing, found, "reservation.owner", ownerEmail)] : []),
          ...(terms.customerMail
            ? customerMail(deps, landing, found, terms.customerMail, ownerEmail, customerToken)
            : []),
        ];
        await queueMails(tx, deps.clock.now(), mails);
        await notifyLive(tx, {
          type: "reservation.created",
          ownerId: landing.ownerId,
          landingId: landing.id,
          reservationId: id,
          reference: found.reservation.reference,
          source: terms.source,
          customerName: found.reservation.name,
        });
        return found;
      });
      return { found, replayed: false, customerToken };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same key won a race a moment ago: answer that booking.
      const earlier = idempotency ? await bookedWith(deps.db, landing.id, idempotency) : null;
      if (earlier) return { found: earlier, replayed: true, customerToken: null };
      // Otherwise two references collided (about one chance in 887 million): draw again.
      if (attempt >= 3) throw error;
    }
  }
}

async function insertReservation(
  tx: Database,
  deps: AppDeps,
  landing: LandingRow,
  input: BookingRequest,
  checked: Awaited<ReturnType<typeof checkRequest>>,
  image: string | null,
  terms: BookingTerms,
  customerTokenHash: string,
): Promise<ReservationWithAddons> {
  const { price, period, vehicle } = checked;
  const now = deps.clock.now();
  const [row] = await tx
    .insert(reservations)
    .values({
      landingId: landing.id,
      ownerId: landing.ownerId,
      vehicleId: vehicle.id,
      reference: newReference(),
      status: terms.status,
      source: terms.source,
      vehicleName: vehicle.name,
      vehicleImage: image,
      placeOfDeparture: checked.pickupPlace,
      arrivalPlace: checked.returnPlace,
      pickupDate: input.date_of_departure,
      pickupTime: input.time_of_departure,
      returnDate: input.date_of_arrival,
      returnTime: input.time_of_arrival,
      pickupAt: period.from,
      returnAt: period.to,
      people: input.number_person,
      bags: input.number_bag,
      name: input.name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      description: input.description,
      // The language the visitor booked in (the site sends it), else the landing's.
      language: input.language ?? landing.defaultLanguage,
      ...priceColumns(price),
      ...(terms.override && {
        totalCents: terms.override.totalCents,
        listTotalCents: price.totalCents,
        priceOverrideReason: terms.override.reason,
      }),
      // Marked only when a rule was in fact skipped: a booking within the rules is an ordinary one.
      ...(terms.rulesOverride &&
        checked.skipped.length > 0 && {
          rulesOverrideReason: terms.rulesOverride.reason,
          rulesOverridden: checked.skipped,
        }),
      unit: terms.unit,
      depositCents: checked.depositCents,
      driverBirthDate: input.driver_birth_date,
      cancellationPolicy: cancellationPolicyOf(landingRulesOf(landing.rules)),
      idempotencyKey: terms.idempotency?.key ?? null,
      idempotencyFingerprint: terms.idempotency?.fingerprint ?? null,
      customerTokenHash,
      confirmedAt: terms.status === "confirmed" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  // The rows as written, read back by RETURNING rather than by another query (as loadReservation reads them).
  const addons =
    price.addons.length === 0
      ? []
      : await tx
          .insert(reservationAddons)
          .values(
            price.addons.map((line) => ({
              reservationId: row.id,
              addonId: line.id,
              name: line.name,
              priceCents: line.priceCents,
              quantity: line.quantity,
              totalCents: line.totalCents,
            })),
          )
          .returning();
  return {
    reservation: row,
    landing: { id: landing.id, name: landing.name },
    addons: addons.sort((a, b) => a.id - b.id),
  };
}

/** A price's columns of the reservations table. */
export const priceColumns = (price: PriceBreakdown) => ({
  days: price.days,
  pricePerDayCents: price.pricePerDayCents,
  rentalCents: price.rentalCents,
  discountCents: price.discountCents,
  discountBasisPoints: price.discountBasisPoints,
  feesCents: price.feesCents,
  priceLines: { rental: price.rentalLines, fees: price.fees },
  addonsCents: price.addonsCents,
  subtotalCents: price.subtotalCents,
  taxLabel: price.taxLabel,
  taxRateBasisPoints: price.taxRateBasisPoints,
  taxCents: price.taxCents,
  totalCents: price.totalCents,
  currency: price.currency,
});

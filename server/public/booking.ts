import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { isLanguage } from "../../domain/languages";
import type { PriceBreakdown } from "../../domain/pricing";
import { cancellationPolicyOf, landingRulesOf } from "../../domain/rental-rules";
import type { ReservationSource, reservationCreateSchema } from "../../domain/reservations";
import { hashToken, newToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { landings, reservationAddons, reservations, users, vehicleImages } from "../db/schema";
import type { AppDeps } from "../deps";
import { type FieldMessage, HttpError, ValidationError } from "../http/errors";
import { notifyLive } from "../live/notify";
import { type QueuedMail, queueMails } from "../mail/outbox";
import type { BookingMail, MailKind } from "../mail/templates";
import { lockAndCheckVehicle } from "../reservations/availability";
import { presentReservation, type ReservationWithAddons } from "../reservations/presenter";
import { newReference } from "../reservations/reference";
import { absoluteUrl } from "../storage/storage";
import {
  type BookableLanding,
  bookingPeriod,
  chosenAddons,
  findBookableLanding,
  findLandingVehicle,
  quoteFor,
  ruleRefusal,
} from "./bookable";

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

/** Everything of a request that can be checked before the transaction, or a 422 naming each field. */
async function checkRequest(deps: AppDeps, bookable: BookableLanding, input: BookingRequest) {
  const { landing } = bookable;
  const vehicle = await findLandingVehicle(deps.db, landing.id, input.id_vehicle);
  const problems: Record<string, FieldMessage[]> = {};
  const pickupPlace = offeredPlace(bookable, input.place_of_departure);
  const returnPlace = offeredPlace(bookable, input.arrival_place);
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
    deps.clock.now(),
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
    deps.clock.now(),
  );
  if (quote.problems.length > 0) throw ruleRefusal(quote.problems);
  return {
    vehicle,
    period,
    price: quote.price,
    depositCents: quote.depositCents,
    pickupPlace: pickupPlace ?? "",
    returnPlace: returnPlace ?? "",
  };
}

async function coverImage(db: Database, vehicleId: number): Promise<string | null> {
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

/** What the emails about a reservation show, from the landing's current brand. */
export function bookingMail(deps: AppDeps, landing: LandingRow, found: ReservationWithAddons): BookingMail {
  const absolute = (relative: string | null) => absoluteUrl(deps.config.publicBaseUrl, deps.storage.url(relative));
  return {
    language: isLanguage(landing.defaultLanguage) ? landing.defaultLanguage : "es",
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

async function findByIdempotencyKey(db: Database, landingId: number, key: string) {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.landingId, landingId), eq(reservations.idempotencyKey, key)))
    .limit(1);
  return row ? loadReservation(db, row.id) : null;
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
  idempotencyKey: string | undefined;
  /** The owner's agreed total and why; what the rules priced is kept beside it. */
  override: { totalCents: number; reason: string } | null;
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
  const bookable = await findBookableLanding(deps.db, { id: input.id_landing, name: input.name_landing });
  return book(deps, bookable, input, {
    source: "public",
    status: "pending",
    idempotencyKey,
    override: null,
    customerMail: "reservation.customer",
    mailOwner: true,
  });
}

/**
 * The one way a booking is made. In one transaction: lock the vehicle, check that a unit is free for
 * the whole period, insert the booking with its add-on lines and price, queue the emails and tell
 * the open dashboards. A vehicle taken meanwhile answers 409; a retry with the same
 * Idempotency-Key answers the first booking.
 */
export async function book(
  deps: AppDeps,
  bookable: BookableLanding,
  input: BookingRequest,
  terms: BookingTerms,
): Promise<CreatedReservation> {
  const { landing } = bookable;
  const { idempotencyKey } = terms;
  if (idempotencyKey) {
    const earlier = await findByIdempotencyKey(deps.db, landing.id, idempotencyKey);
    if (earlier) return { found: earlier, replayed: true, customerToken: null };
  }
  const checked = await checkRequest(deps, bookable, input);
  const [[owner], image] = await Promise.all([
    deps.db.select({ email: users.email }).from(users).where(eq(users.id, landing.ownerId)),
    coverImage(deps.db, checked.vehicle.id),
  ]);
  const customerToken = newToken();
  for (let attempt = 0; ; attempt++) {
    try {
      const found = await deps.db.transaction(async (tx) => {
        if (!(await lockAndCheckVehicle(tx, checked.vehicle.id, checked.period))) {
          throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
        }
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
        const mail = bookingMail(deps, landing, found);
        const mails: QueuedMail[] = [];
        if (owner && terms.mailOwner) mails.push({ kind: "reservation.owner", recipient: owner.email, mail });
        if (terms.customerMail && found.reservation.email) {
          const customerUrl = `${siteAddress(deps, landing)}/reservation/${found.reservation.reference}?t=${customerToken}`;
          mails.push({ kind: terms.customerMail, recipient: found.reservation.email, mail: { ...mail, customerUrl } });
        }
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
      const earlier = idempotencyKey ? await findByIdempotencyKey(deps.db, landing.id, idempotencyKey) : null;
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
      language: landing.defaultLanguage,
      ...priceColumns(price),
      ...(terms.override && {
        totalCents: terms.override.totalCents,
        listTotalCents: price.totalCents,
        priceOverrideReason: terms.override.reason,
      }),
      depositCents: checked.depositCents,
      driverBirthDate: input.driver_birth_date,
      cancellationPolicy: cancellationPolicyOf(landingRulesOf(landing.rules)),
      idempotencyKey: terms.idempotencyKey ?? null,
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

const priceColumns = (price: PriceBreakdown) => ({
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

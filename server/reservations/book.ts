import { type PaymentPlan, type PaymentSettings, paymentPlanFor, paymentWindowMs, paysOnline } from "@domain/payments";
import { cancellationPolicyOf, landingRulesOf } from "@domain/rental-rules";
import type { ReservationSource } from "@domain/reservations";
import { hashToken, newToken } from "../auth";
import { customerMatches, linkCustomer } from "../customers";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { startTogether, transactionTogether } from "../db/pipeline";
import { insertRowsReturning, plansInTransaction } from "../db/prepared";
import { type landings, reservationAddons, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import type { BookableLanding } from "../landings";
import type { ReservationSlot } from "../limits";
import { liveNotification } from "../live";
import type { MailKind } from "../mail";
import { type QueuedMail, queueMails } from "../mail";
import { assertUnitFree } from "../planner";
import { secretsOf } from "../secrets";
import { lockAndCheckVehicle } from "./availability";
import type { KeptVehicle } from "./booking-vehicle";
import { type BookingRequest, checkRequest } from "./checks";
import { customerMail, expressRemindedWith, ownerMail } from "./emails";
import { BookedEarlier, bookedWith, customerTokenFor, type Idempotency, replayedToken, replayOf } from "./idempotency";
import { liveEventOf } from "./live-event";
import type { ReservationWithAddons } from "./presenter";
import { bookedPriceColumns } from "./price-columns";
import { newReference } from "./reference";

type LandingRow = typeof landings.$inferSelect;

/**
 * `customerToken` opens the customer's own reservation page; the database keeps only its hash. A
 * replayed answer has it when it was derived from the key (`customerTokenFor`), else none.
 */
export type CreatedReservation = { found: ReservationWithAddons; replayed: boolean; customerToken: string | null };

/**
 * How a booking is made, which is all that differs between the site and the desk: its source and
 * first status, an agreed price, and who is emailed (the customer with which email, the owner).
 */
export type BookingTerms = {
  source: ReservationSource;
  status: "pending" | "confirmed";
  /**
   * The landing's payment settings (issue 27) for a booking from the site: when they take money
   * before pickup, the booking is made awaiting its payment, holding its unit until it is due. Null
   * for the desk (the owner settles with the customer).
   */
  paymentSettings: PaymentSettings | null;
  idempotency: Idempotency | null;
  /** The owner's agreed total and why; what the rules priced is kept beside it. */
  override: { totalCents: number; reason: string } | null;
  /** Why the owner books against their own rules (never availability or the trips offered), or null. */
  rulesOverride: { reason: string } | null;
  /** The unit the owner puts the booking on (1..units), or null: any free one. */
  unit: number | null;
  /** What the checks count "now" from (`checkRequest`'s `asOf`); the clock's now when absent. */
  asOf?: Date;
  customerMail: Extract<MailKind, "reservation.customer" | "reservation.confirmed"> | null;
  mailOwner: boolean;
  /**
   * Counts the booking against its sender's flood limit (the site's, `ReservationSlots`) once its
   * checks pass, on the connection of its transaction just before its BEGIN (`on`); null for the
   * desk. `release` gives the count back when the transaction does not commit.
   */
  countSlot: ((on: Database) => Promise<ReservationSlot>) | null;
  /** `bookable` is a kept copy of this content version, not checked since (`checkRequest`'s `keptVersion`). */
  keptVersion?: number;
  /** The vehicle as kept with that copy, when the site keeps it (`checkRequest`'s `keptVehicle`). */
  keptVehicle?: KeptVehicle;
  /** The total the visitor was shown, when the site sends it: another total refuses the booking. */
  expectedTotalCents?: number;
};

/**
 * How this booking is paid: null when all at pickup; awaiting payment while a prepayment or a card
 * is due. The payment is due by the pickup at the latest: a transfer's 48 hours from a booking made
 * the day before its pickup ran past it (an operator's walk saw "apartado hasta" a day after).
 */
function paymentOf(
  settings: PaymentSettings | null,
  totalCents: number,
  depositCents: number,
  { now, pickupAt }: { now: Date; pickupAt: Date },
) {
  const plan = settings && paymentPlanFor(settings, totalCents, depositCents);
  if (!settings || !plan) return null;
  const awaiting = paysOnline(plan) || (plan.prepayCents > 0 && plan.channel === "transfer");
  if (!awaiting) return null;
  const windowEnds = now.getTime() + paymentWindowMs(settings, plan);
  const dueAt = pickupAt > now ? Math.min(windowEnds, pickupAt.getTime()) : windowEnds;
  return { plan, dueAt: new Date(dueAt) };
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
  let checked: Awaited<ReturnType<typeof checkRequest>>;
  try {
    checked = await checkRequest(deps, bookable, input, {
      asOf: terms.asOf,
      skipRules: terms.rulesOverride !== null,
      keptVersion: terms.keptVersion,
      keptVehicle: terms.keptVehicle,
      idempotencyKey: idempotency?.key,
    });
  } catch (error) {
    return answerRetry(deps, bookable, input, terms, error);
  }
  if (terms.unit !== null && terms.unit > checked.vehicle.units) {
    throw ValidationError.field("unit", "unitOutOfRange", { max: checked.vehicle.units });
  }
  // Priced otherwise since the visitor read the total (a season or a fee set meanwhile): said, so
  // they book knowing the new total, never charged a price they were not shown.
  if (terms.expectedTotalCents !== undefined && terms.expectedTotalCents !== checked.price.totalCents) {
    throw new HttpError(409, "priceChanged", {}, ["price"]);
  }
  const payment = paymentOf(
    terms.paymentSettings,
    terms.override?.totalCents ?? checked.price.totalCents,
    checked.depositCents,
    { now: deps.clock.now(), pickupAt: checked.period.from },
  );
  // Derived from the key when there is one, so a retry is handed it again (`customerTokenFor`).
  const customerToken = idempotency ? customerTokenFor(secretsOf(deps.config), landing.id, idempotency) : newToken();
  // Counted once the checks pass, with the transaction; given back unless this request's booking is made.
  const slot = terms.countSlot ? slotCount(terms.countSlot) : null;
  const ready: CheckedBooking = { landing, input, checked, terms, payment, customerToken, slot };
  let made: CreatedReservation;
  try {
    made = await commitBooking(deps, ready);
  } catch (error) {
    await slot?.release();
    return answerRetry(deps, bookable, input, terms, error);
  }
  if (made.replayed) await slot?.release();
  return made;
}

/** The booking's flood-limit count (`BookingTerms.countSlot`), started once, with its transaction. */
type SlotCount = {
  /** Sends the count on the transaction's connection (`transactionTogether`'s `before`); once only. */
  start(on: Database): void;
  /** Resolves once counted; a full hour refuses the booking here (429), and its transaction with it. */
  taken(): Promise<void>;
  /** Gives the count back, if it was made. */
  release(): Promise<void>;
};

function slotCount(countSlot: NonNullable<BookingTerms["countSlot"]>): SlotCount {
  let counted: ReturnType<typeof countSlot> | null = null;
  return {
    start(on) {
      counted ??= countSlot(on);
    },
    async taken() {
      const slot = await counted;
      if (slot?.refusal) throw slot.refusal;
    },
    async release() {
      await (await counted)?.release();
    },
  };
}

/**
 * A retry (`BookedEarlier`, from the checks or from the transaction's first write, `verifyKept`):
 * answered with the booking its key made, before any check. Deleted a moment ago, it is no longer
 * found, and the request books as a new one. Any other error is thrown again.
 */
async function answerRetry(
  deps: AppDeps,
  bookable: BookableLanding,
  input: BookingRequest,
  terms: BookingTerms,
  error: unknown,
): Promise<CreatedReservation> {
  const { idempotency } = terms;
  if (!(error instanceof BookedEarlier) || !idempotency) throw error;
  const earlier = await replayOf(deps.db, error.booking, idempotency);
  return earlier ? replayed(deps, earlier, idempotency) : book(deps, bookable, input, terms);
}

/** A retry's answer: the booking its key made, with the customer's token when it can be made again. */
function replayed(deps: AppDeps, found: ReservationWithAddons, idempotency: Idempotency): CreatedReservation {
  return { found, replayed: true, customerToken: replayedToken(secretsOf(deps.config), found, idempotency) };
}

/** A booking whose request passed its checks, priced, with the token its customer's page opens with. */
type CheckedBooking = {
  landing: LandingRow;
  input: BookingRequest;
  checked: Awaited<ReturnType<typeof checkRequest>>;
  terms: BookingTerms;
  payment: { plan: PaymentPlan; dueAt: Date } | null;
  customerToken: string;
  slot: SlotCount | null;
};

/** The booking's transaction, run again if its reference collided with another's. */
async function commitBooking(deps: AppDeps, ready: CheckedBooking): Promise<CreatedReservation> {
  const { landing, input, checked, terms, payment, customerToken, slot } = ready;
  const { image } = checked;
  const { idempotency } = terms;
  // A booking paid by card is told to the owner and the customer once it is paid (payment-status.ts).
  const mailNow = payment === null || !paysOnline(payment.plan);
  for (let attempt = 0; ; attempt++) {
    try {
      const found = await transactionTogether(
        deps.db,
        async (tx, commitWith) => {
          const contact = { name: input.name, lastName: input.last_name, email: input.email, phone: input.phone };
          // The vehicle's lock and holds, and the customers with this email or phone, in one write,
          // after the setting that plans this transaction's statements once per connection. First,
          // planned for its values as before the setting, the kept copy's read, when the checks were
          // made on one (`verifyKept`): a retry or a copy out of date throws here, and nothing is written.
          const [owner, , free, matches] = await startTogether(tx, () =>
            Promise.all([
              checked.verifyKept ? checked.verifyKept(tx) : checked.owner,
              plansInTransaction(tx, "auto"),
              lockAndCheckVehicle(tx, checked.vehicle.id, checked.period),
              customerMatches(tx, landing.ownerId, contact),
            ]),
          );
          // The flood limit's count went out just before, and was answered first: a full hour is
          // refused before anything is written.
          await slot?.taken();
          if (!free) throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
          // Under the same lock: the unit asked for is free for the whole period.
          if (terms.unit !== null) await assertUnitFree(tx, checked.vehicle.id, terms.unit, checked.period);
          // Whose booking it is (issue 28.7); a customer marked "do not rent" refuses it here, and
          // the transaction writes nothing.
          const customer = await linkCustomer(
            tx,
            landing.ownerId,
            contact,
            { channel: terms.source === "public" ? "site" : "desk", bookedAt: deps.clock.now() },
            matches,
          );
          const found = await insertReservation(
            tx,
            deps,
            landing,
            input,
            checked,
            image,
            terms,
            payment,
            hashToken(customerToken),
            customer.id,
          );
          const mails: QueuedMail[] = !mailNow
            ? // Paid by card: the customer gets the way to pay now; both hear of the booking once paid.
              customerMail(deps, landing, found, "reservation.payment_due", owner?.email, customerToken)
            : [
                ...(owner && terms.mailOwner ? [ownerMail(deps, landing, found, "reservation.owner", owner)] : []),
                ...(terms.customerMail
                  ? customerMail(deps, landing, found, terms.customerMail, owner?.email, customerToken)
                  : []),
              ];
          // A booking paid by card reaches the dashboards once paid, confirmed (payment-status.ts).
          const live = mailNow
            ? liveNotification(liveEventOf("reservation.created", landing, found.reservation))
            : undefined;
          // In one write with the COMMIT; last, the customer's refresh: their row stays locked from
          // there to the commit only.
          await commitWith(() => Promise.all([queueMails(tx, deps.clock.now(), mails, live), customer.refresh()]));
          return found;
        },
        slot?.start,
      );
      return { found, replayed: false, customerToken };
    } catch (error) {
      const taken = error instanceof HttpError && error.key === "vehicleTaken";
      // The same key won a race a moment ago (two tabs sending the same booking): this request
      // waited behind its lock, then found its key taken or, for the car's last unit, the car.
      // Answer that booking, not a refusal of the traveller's own booking.
      if (idempotency && (taken || isUniqueViolation(error))) {
        const earlier = await bookedWith(deps.db, landing.id, idempotency);
        if (earlier) return replayed(deps, earlier, idempotency);
      }
      // Otherwise two references collided (about one chance in 887 million): draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
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
  payment: { plan: PaymentPlan; dueAt: Date } | null,
  customerTokenHash: string,
  customerId: number,
): Promise<ReservationWithAddons> {
  const { price, period, vehicle } = checked;
  const now = deps.clock.now();
  const [row] = await insertRowsReturning(tx, reservations, [
    {
      landingId: landing.id,
      ownerId: landing.ownerId,
      vehicleId: vehicle.id,
      customerId,
      reference: newReference(),
      status: payment ? "awaiting_payment" : terms.status,
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
      ...bookedPriceColumns(price, terms.override),
      // Marked only when a rule was in fact skipped: a booking within the rules is an ordinary one.
      ...(terms.rulesOverride &&
        checked.skipped.length > 0 && {
          rulesOverrideReason: terms.rulesOverride.reason,
          rulesOverridden: checked.skipped,
        }),
      unit: terms.unit,
      depositCents: checked.depositCents,
      paymentPlan: payment?.plan ?? null,
      paymentDueAt: payment?.dueAt ?? null,
      driverBirthDate: input.driver_birth_date,
      cancellationPolicy: cancellationPolicyOf(landingRulesOf(landing.rules)),
      idempotencyKey: terms.idempotency?.key ?? null,
      idempotencyFingerprint: terms.idempotency?.fingerprint ?? null,
      customerTokenHash,
      // A desk booking whose confirmation the owner chose not to email gets no express reminder either.
      expressReminder: terms.source === "public" || terms.customerMail !== null,
      confirmedAt: terms.status === "confirmed" && !payment ? now : null,
      // Its confirmation, sent now, carries the express pickup's link: inside 48 hours, that is the reminder.
      expressRemindedAt: terms.customerMail === "reservation.confirmed" ? expressRemindedWith(period.from, now) : null,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  if (!row) throw new Error("insert returned no row");
  // The rows as written, read back by RETURNING rather than by another query (as loadReservation reads them).
  const addons =
    price.addons.length === 0
      ? []
      : await insertRowsReturning(
          tx,
          reservationAddons,
          price.addons.map((line) => ({
            reservationId: row.id,
            addonId: line.id,
            name: line.name,
            names: line.names ?? null,
            priceCents: line.priceCents,
            quantity: line.quantity,
            totalCents: line.totalCents,
          })),
        );
  return {
    reservation: row,
    landing: { id: landing.id, name: landing.name },
    addons: addons.sort((a, b) => a.id - b.id),
    payments: [],
    chargesCents: 0,
    chargesAwaitingCents: 0,
    counterDeposit: null,
  };
}

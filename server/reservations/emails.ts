import { isLanguage, type Language, languageOr, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { reservationDetailPath } from "@domain/reservations";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { type landings, users } from "../db/schema";
import type { AppDeps } from "../deps";
import type { BookingMail, MailKind, QueuedMail } from "../mail";
import { absoluteUrl } from "../storage";
import { paidByHandAtPickup, presentReservation, type ReservationWithAddons } from "./presenter";

/**
 * The emails about a reservation, as queued in the outbox by the transaction that changes it: the
 * customer's in the language they booked in, the operator's in their dashboard's (PRODUCT §6). Which event sends
 * which is decided by the caller (book.ts, status.ts, changes.ts); what each says is here.
 */

type LandingRow = typeof landings.$inferSelect;

/** How long before pickup the customer is asked to do their express pickup (issue 28.6). */
export const EXPRESS_REMINDER_MS = 48 * 3_600_000;

/**
 * When a confirmation (which carries the express pickup's link) sent at `now` also stands for the
 * 48-hour reminder: when it goes out inside those 48 hours, the customer is not sent the same link
 * again minutes later (counter/express-reminders.ts sends only to bookings not reminded yet).
 */
export const expressRemindedWith = (pickupAt: Date, now: Date): Date | null =>
  pickupAt.getTime() - now.getTime() <= EXPRESS_REMINDER_MS ? now : null;

/** Where the landing's site answers: its own domain once verified, else PUBLIC_BASE_URL/{name}. */
export const siteAddress = (
  deps: AppDeps,
  landing: Pick<LandingRow, "customDomain" | "customDomainVerifiedAt" | "name">,
) =>
  landing.customDomain && landing.customDomainVerifiedAt
    ? `${deps.config.customDomainScheme}://${landing.customDomain}`
    : `${deps.config.publicBaseUrl}/${landing.name}`;

/** What the emails about a reservation show, from the landing's current brand, in `language`. */
export function bookingMail(
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
      timeZone: landing.timeZone,
      siteUrl: siteAddress(deps, landing),
    },
    reservation: presentReservation(found, deps.storage.url),
    vehicleImageUrl: absolute(found.reservation.vehicleImage),
  };
}

/** The operator: where their notices go (and their customers' replies), and the language they read them in. */
export type OwnerContact = { email: string; language: Language };

/** The operator as read from their row's `email` and `language` (either may be missing from a read that found no row). */
export const ownerContact = (email: string | null | undefined, language: string | null | undefined) =>
  email ? { email, language: languageOr(language, OWNER_DEFAULT_LANGUAGE) } : undefined;

/** The landing's language: what the customer's emails fall back to when the booking names none. */
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
    | "reservation.money"
    | "reservation.payment_due"
    | "reservation.lapsed"
    | "reservation.late_payment"
    | "reservation.agreement"
    | "reservation.invoice"
    | "reservation.express"
  >,
  replyTo: string | undefined,
  customerToken?: string,
): QueuedMail[] {
  if (!found.reservation.email) return [];
  const booked = bookingMail(deps, landing, found, customerLanguage(landing, found));
  // Their emails list the money their owner recorded by hand as their page does, paid at pickup too.
  const { reservation } = booked;
  const mail = {
    ...booked,
    reservation: { ...reservation, payment: reservation.payment ?? paidByHandAtPickup(found, reservation.settlement) },
  };
  const customerUrl = customerToken ? customerPageUrl(deps, landing, found, customerToken) : undefined;
  // Only a confirmed booking is picked up: the express pickup's link goes with its confirmation and reminder.
  const expressUrl =
    customerUrl && (kind === "reservation.confirmed" || kind === "reservation.express")
      ? customerUrl.replace(
          `/reservation/${found.reservation.reference}?`,
          `/reservation/${found.reservation.reference}/express?`,
        )
      : undefined;
  return [
    {
      kind,
      recipient: found.reservation.email,
      mail: { ...mail, customerUrl, expressUrl },
      fromName: landing.displayName,
      replyTo,
    },
  ];
}

/** An email to the operator about a reservation: in their dashboard's language, a reply going to the customer. */
export function ownerMail(
  deps: AppDeps,
  landing: LandingRow,
  found: ReservationWithAddons,
  kind: Extract<MailKind, "reservation.owner" | "reservation.owner.cancelled">,
  owner: OwnerContact,
): QueuedMail {
  const mail = bookingMail(deps, landing, found, owner.language);
  // Its detail, over the reservations list searched for it: the owner confirms or cancels it there.
  const dashboardUrl = `${deps.config.publicBaseUrl}${reservationDetailPath(found.reservation.id, found.reservation.reference)}`;
  return { kind, recipient: owner.email, mail: { ...mail, dashboardUrl }, replyTo: found.reservation.email };
}

/** The operator, for their own notices and as the reply address of their customers' emails. */
export async function ownerContactOf(db: Database, landing: LandingRow): Promise<OwnerContact | undefined> {
  const [owner] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, landing.ownerId));
  return ownerContact(owner?.email, owner?.language);
}

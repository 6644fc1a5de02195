import { type Language, languageOr, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { toLocal } from "@domain/rental-time";
import type { ReservationStatus } from "@domain/reservations";
import { and, asc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { newToken } from "../auth";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { calendarFeeds, landings, rentalHandovers, reservations, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { ownedLandingOr404 } from "../landings";
import { buildCalendar, type CalendarEvent } from "./ical";

/** Completed rentals stay in the calendar this long after their return, then drop out. */
const COMPLETED_KEPT_MS = 90 * 86_400_000;

/** The feed's address. The token is the only secret: whoever has the URL can read the feed. */
export const calendarUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/api/calendar/${token}.ics`;

/** The landing's feed token, created on the first ask (404 for a landing that is not the owner's). */
export async function feedToken(db: Database, ownerId: number, landingId: number): Promise<string> {
  // An insert has no WHERE of its own: the landing is checked first.
  await ownedLandingOr404(db, ownerId, landingId);
  // Two first asks at once both insert; the loser's row is dropped and both read the winner's token.
  await db.insert(calendarFeeds).values({ landingId, token: newToken() }).onConflictDoNothing();
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.landingId, landingId), onLandingOwnedBy(calendarFeeds.landingId, ownerId)));
  if (!feed) throw new HttpError(404, "landingNotFound");
  return feed.token;
}

/** A new token for the landing's feed: the old URL answers 404 from now on. */
export async function regenerateFeedToken(
  db: Database,
  ownerId: number,
  landingId: number,
  now: Date,
): Promise<string> {
  // An upsert has no WHERE of its own: the landing is checked first.
  await ownedLandingOr404(db, ownerId, landingId);
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ landingId, token })
    .onConflictDoUpdate({ target: calendarFeeds.landingId, set: { token, createdAt: now } });
  return token;
}

const labels: Record<Language, { pickup: string; return: string; back: string; phone: string; status: string }> = {
  es: { pickup: "Recogida", return: "Devolución", back: "Devuelto", phone: "Teléfono", status: "Estado" },
  en: { pickup: "Pickup", return: "Return", back: "Returned", phone: "Phone", status: "Status" },
};
const statusNames: Record<Language, Record<ReservationStatus, string>> = {
  es: {
    awaiting_payment: "Esperando pago",
    pending: "Pendiente",
    confirmed: "Confirmada",
    on_rent: "En alquiler",
    returned: "Devuelta",
    completed: "Completada",
    cancelled: "Cancelada",
    no_show: "No se presentó",
  },
  en: {
    awaiting_payment: "Awaiting payment",
    pending: "Pending",
    confirmed: "Confirmed",
    on_rent: "On rent",
    returned: "Returned",
    completed: "Completed",
    cancelled: "Cancelled",
    no_show: "No-show",
  },
};

type Row = typeof reservations.$inferSelect;

/**
 * A booking's event. Checked in at the counter (`backAt`), it ends when the car came back, as the
 * planner draws it: a car back early no longer fills the owner's calendar with the days it freed,
 * and one back late shows the hours it was out. The booked return stays in the description.
 */
function toEvent(row: Row, backAt: Date | null, timeZone: string, language: Language): CalendarEvent {
  const label = labels[language];
  const customer = `${row.name} ${row.lastName}`.trim();
  // A check-in is never before its check-out, which is on the pickup day; one recorded before the
  // pickup's hour would end the event before it starts, so the booked return is kept then.
  const back = backAt && backAt > row.pickupAt ? backAt : null;
  const backLocal = back && toLocal(back, timeZone);
  return {
    uid: `${row.reference}@nelly`,
    // With METHOD:PUBLISH, DTSTAMP is when the event's information last changed.
    stamp: row.updatedAt,
    start: row.pickupAt,
    end: back ?? row.returnAt,
    summary: `${row.reference} · ${customer} · ${row.vehicleName}`,
    location: row.placeOfDeparture,
    description: [
      `${label.pickup}: ${row.placeOfDeparture}, ${row.pickupDate} ${row.pickupTime}`,
      `${label.return}: ${row.arrivalPlace}, ${row.returnDate} ${row.returnTime}`,
      ...(backLocal ? [`${label.back}: ${backLocal.date} ${backLocal.time}`] : []),
      `${label.phone}: ${row.phone}`,
      `${label.status}: ${statusNames[language][row.status as ReservationStatus]}`,
    ].join("\n"),
    status: row.status === "pending" ? "TENTATIVE" : "CONFIRMED",
  };
}

/**
 * The iCalendar text of the feed behind `token`, or null when no active landing has it: pending,
 * confirmed and on-rent reservations, and those returned or completed in the last 90 days. Never
 * cancelled ones or no-shows.
 */
export async function calendarFeed(db: Database, token: string, now: Date): Promise<string | null> {
  const [found] = await db
    .select({ landing: landings, ownerLanguage: users.language })
    .from(calendarFeeds)
    .innerJoin(landings, eq(landings.id, calendarFeeds.landingId))
    .innerJoin(users, eq(users.id, landings.ownerId))
    .where(and(eq(calendarFeeds.token, token), isNull(landings.deletedAt)))
    .limit(1);
  if (!found) return null;
  const rows = await db
    .select({ reservation: reservations, backAt: rentalHandovers.at })
    .from(reservations)
    .leftJoin(rentalHandovers, and(eq(rentalHandovers.reservationId, reservations.id), eq(rentalHandovers.kind, "in")))
    .where(
      and(
        eq(reservations.landingId, found.landing.id),
        or(
          inArray(reservations.status, ["pending", "confirmed", "on_rent"]),
          and(
            inArray(reservations.status, ["returned", "completed"]),
            gte(reservations.returnAt, new Date(now.getTime() - COMPLETED_KEPT_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(reservations.pickupAt), asc(reservations.id));
  // The owner's calendar: its events read in their dashboard's language (PRODUCT §6, §8).
  const language = languageOr(found.ownerLanguage, OWNER_DEFAULT_LANGUAGE);
  return buildCalendar(
    found.landing.displayName,
    rows.map((row) => toEvent(row.reservation, row.backAt, found.landing.timeZone, language)),
  );
}

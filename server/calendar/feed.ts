import { type Language, languageOr, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { toLocal } from "@domain/rental-time";
import type { ReservationStatus } from "@domain/reservations";
import { and, asc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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

type Labels = { pickup: string; return: string; out: string; back: string; phone: string; status: string };
const labels: Record<Language, Labels> = {
  es: {
    pickup: "Recogida",
    return: "Devolución",
    out: "Entregado",
    back: "Devuelto",
    phone: "Teléfono",
    status: "Estado",
  },
  en: { pickup: "Pickup", return: "Return", out: "Handed over", back: "Returned", phone: "Phone", status: "Status" },
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

const handedOut = alias(rentalHandovers, "handed_out");
const handedBack = alias(rentalHandovers, "handed_back");

/** When the car in fact left and came back, as the counter recorded it; null until it did. */
type Handovers = { outAt: Date | null; backAt: Date | null };

/**
 * A booking's event. Handed over and checked in at the counter, it spans the time the car was in
 * fact out: a car back early no longer fills the owner's calendar with the days it freed (as the
 * planner frees them), one back late shows the hours it was out, and one handed over before its
 * booked hour starts then. The booked times stay in the description, with the recorded ones.
 */
function toEvent(row: Row, { outAt, backAt }: Handovers, timeZone: string, language: Language): CalendarEvent {
  const label = labels[language];
  const customer = `${row.name} ${row.lastName}`.trim();
  const start = outAt ?? row.pickupAt;
  // An event ends after it starts (RFC 5545): a car back within its minute out, or handed over after
  // its booked return, still spans one.
  const end = new Date(Math.max((backAt ?? row.returnAt).getTime(), start.getTime() + 60_000));
  const recorded = (name: string, at: Date | null) => {
    if (!at) return [];
    const local = toLocal(at, timeZone);
    return [`${name}: ${local.date} ${local.time}`];
  };
  return {
    uid: `${row.reference}@nelly`,
    // With METHOD:PUBLISH, DTSTAMP is when the event's information last changed.
    stamp: row.updatedAt,
    start,
    end,
    summary: `${row.reference} · ${customer} · ${row.vehicleName}`,
    location: row.placeOfDeparture,
    description: [
      `${label.pickup}: ${row.placeOfDeparture}, ${row.pickupDate} ${row.pickupTime}`,
      `${label.return}: ${row.arrivalPlace}, ${row.returnDate} ${row.returnTime}`,
      ...recorded(label.out, outAt),
      ...recorded(label.back, backAt),
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
    .select({ reservation: reservations, outAt: handedOut.at, backAt: handedBack.at })
    .from(reservations)
    .leftJoin(handedOut, and(eq(handedOut.reservationId, reservations.id), eq(handedOut.kind, "out")))
    .leftJoin(handedBack, and(eq(handedBack.reservationId, reservations.id), eq(handedBack.kind, "in")))
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
    rows.map(({ reservation, ...handovers }) => toEvent(reservation, handovers, found.landing.timeZone, language)),
  );
}

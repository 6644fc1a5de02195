import type { Language } from "@domain/languages";
import { effectivePaymentSettings } from "@domain/payments";
import { landingRulesOf } from "@domain/rental-rules";
import { inEveryLanguage, translated } from "@domain/translations";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { ownedBy } from "../db/owner-scope";
import { preparedPerDatabase } from "../db/prepared";
import { landingAddons, landingPayments, landings, locations, placeRules } from "../db/schema";
import { HttpError } from "../http/errors";
import { LandingCache } from "./landing-cache";
import { RecentLookups } from "./recent-lookups";

type LandingRow = typeof landings.$inferSelect;

/**
 * A landing as the public site shows it and a booking checks against it: the landing with its
 * add-ons, places, opening hours and payment settings, read whole and kept while its content version stands. The
 * public pages, the site's and the desk's bookings and a booking's changes all read it here, so
 * they see the same landing; what a request is then checked against is server/reservations/.
 */

const placeKey = (place: string) => place.trim().toLocaleLowerCase();

/** The landing with its add-ons, places, opening hours and how its bookings are paid, read whole. */
async function loadBookable(db: Database, landing: LandingRow) {
  const [addons, places, hours, [payments]] = await Promise.all([
    db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id)).orderBy(asc(landingAddons.position)),
    db.select().from(locations).where(eq(locations.landingId, landing.id)).orderBy(asc(locations.id)),
    db.select().from(placeRules).where(eq(placeRules.landingId, landing.id)).orderBy(asc(placeRules.id)),
    db
      .select({
        settings: landingPayments.settings,
        connected: sql<boolean>`${landingPayments.secretKeySealed} is not null`,
      })
      .from(landingPayments)
      .where(eq(landingPayments.landingId, landing.id)),
  ]);
  // Hours kept for a place no location names any more are left out: that place is not offered.
  const offered = new Set(places.flatMap((pair) => [pair.placeOfDeparture, pair.arrivalPlace]).map(placeKey));
  return {
    landing,
    // Each extra's name in every language, as a booking keeps it (`names` of its lines).
    addons: addons.map((addon) => ({ ...addon, names: inEveryLanguage(addon.name, addon.translations, "name") })),
    places,
    placeRules: hours.filter((row) => offered.has(placeKey(row.place))),
    // Its own row's changes bump the landing's content version too (migration 0024).
    paymentSettings: effectivePaymentSettings(payments?.settings, payments?.connected === true),
  };
}

type Bookable = Awaited<ReturnType<typeof loadBookable>>;

/** Bookable landings read whole, kept while their content version stands. */
const kept = new LandingCache<Bookable>();

type Current = { id: number; contentVersion: number } | null;
/** Public reads' lookups of a landing's id and version, reused for a moment (`recent-lookups.ts`). */
const recent = new RecentLookups<Current>();

/**
 * Which landing: by id or name; `ownerId` only one of that owner's (the desk, the preview);
 * `includeDrafts` a draft too, for the owner only; `recent` may reuse an answer of the last moment
 * (the public site's reads, never a booking).
 */
type LandingLookup = { id?: number; name?: string; ownerId?: number; includeDrafts?: boolean; recent?: boolean };

/** The landing's id and content version, or null; `by.recent` may reuse an answer of the last moment. */
async function currentVersion(db: Database, by: LandingLookup) {
  const key = `${by.id ?? ""}|${by.name ?? ""}|${by.ownerId ?? ""}|${by.includeDrafts ? "drafts" : ""}`;
  const remembered = by.recent ? recent.get(db, key) : undefined;
  if (remembered !== undefined) return remembered;
  const named = by.id !== undefined ? "id" : "name";
  const drafts = by.includeDrafts ? "drafts" : "published";
  const whose = by.ownerId !== undefined ? "owner" : "public";
  const shape: VersionShape = `${named} ${drafts} ${whose}`;
  const [found] = await versionQuery(db, shape).execute({ id: by.id, name: by.name ?? "", ownerId: by.ownerId });
  const current = found ?? null;
  recent.set(db, key, current);
  return current;
}

/** Which landing a lookup names (by id or name), whether a draft counts, and whether it is an owner's own. */
type VersionShape = `${"id" | "name"} ${"drafts" | "published"} ${"owner" | "public"}`;

/** `currentVersion`'s statement, built once per database and shape (`server/db/prepared.ts`). */
const versionQuery = preparedPerDatabase((db: Database, shape: VersionShape) => {
  const [by, drafts, whose] = shape.split(" ");
  const at = sql.placeholder;
  return db
    .select({ id: landings.id, contentVersion: landings.contentVersion })
    .from(landings)
    .where(
      and(
        by === "id" ? eq(landings.id, at("id")) : eq(landings.name, at("name")),
        drafts === "drafts" ? undefined : eq(landings.status, "published"),
        // The owner's own landing (the desk, the preview): another owner's answers 404 like an unknown one.
        whose === "owner" ? ownedBy(at("ownerId")) : isNull(landings.deletedAt),
      ),
    )
    .limit(1);
});

/**
 * A published, untrashed landing with what a booking needs to check against (a draft too, for its
 * owner). Callers read it and never change it: the same copy serves the next request.
 */
export async function findBookableLanding(db: Database, by: LandingLookup) {
  const current = await currentVersion(db, by);
  // Named, so the site tells a landing unpublished or trashed meanwhile from a failure.
  if (!current) throw new HttpError(404, "landingNotFound", {}, ["landing"]);
  const copy = kept.get(db, current.id, current.contentVersion);
  if (copy) return copy;
  const [landing] = await db.select().from(landings).where(eq(landings.id, current.id)).limit(1);
  if (!landing) throw new HttpError(404, "landingNotFound", {}, ["landing"]);
  const bookable = await loadBookable(db, landing);
  kept.set(db, landing.id, landing.contentVersion, bookable);
  return bookable;
}

export type BookableLanding = Awaited<ReturnType<typeof findBookableLanding>>;

/**
 * The copy of the landing kept from an earlier read, with its content version, without asking the
 * database whether it still stands: for a booking, whose vehicle's statement reads the landing's
 * version beside the vehicle and starts again from `findBookableLanding` when it moved
 * (`checkRequest`'s `keptVersion`): one round trip fewer on every booking and refusal (issue 29).
 */
export function keptBookableLanding(db: Database, id: number): { version: number; value: BookableLanding } | undefined {
  return kept.latest(db, id);
}

/**
 * The landing with what its owner wrote in `language` (add-on names, closure notes), as a visitor
 * reading in it sees them: their quotes' problems and their booking's add-on lines say the same.
 */
export function inLanguage(bookable: BookableLanding, language: Language): BookableLanding {
  const { closures } = landingRulesOf(bookable.landing.rules);
  return {
    ...bookable,
    landing: {
      ...bookable.landing,
      rules: {
        ...bookable.landing.rules,
        closures: closures.map((closure) => ({
          ...closure,
          note: translated(closure.note, closure.translations, "note", language),
        })),
      },
    },
    addons: bookable.addons.map((addon) => ({
      ...addon,
      name: translated(addon.name, addon.translations, "name", language),
    })),
  };
}

import {
  DEFAULT_ADDON_PRICE_CENTS,
  DEFAULT_ADDONS,
  type LandingStatus,
  type landingCreateSchema,
  type landingMetaSchema,
  type landingUpdateSchema,
} from "@domain/landings";
import { isLanguage } from "@domain/languages";
import type { ApiMessageKey } from "@domain/messages";
import { otherLanguage, storedTranslations } from "@domain/translations";
import { and, asc, desc, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landingAddons, landings, locations, reservations, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { activeBookingsOf, bookingCounts } from "./booking-counts";
import { isFormerNameOfAnother, retireName } from "./former-names";
import { removeFavicon, storeFavicon, storeLogo, storeOgImage } from "./images";
import { landingFiles } from "./landing-files";
import { switchTextsLanguage } from "./language-switch";
import type { AddonRow, LandingCounts, LandingRow } from "./presenter";
import { reanchorToTimeZone } from "./time-zone-switch";

export type LandingWithAddons = { landing: LandingRow; addons: AddonRow[]; counts: LandingCounts };

/** What reading a landing needs: the database, and the clock that says which bookings are still ahead. */
export type LandingReads = Pick<AppDeps, "db" | "clock">;

const notFound = () => new HttpError(404, "landingNotFound");

/**
 * The landings' rows with the counts of their vehicles and places, in one statement (each count a
 * subquery on its own index). Their bookings' counts come from `bookingCounts`, which keeps them.
 */
export function landingsWithCounts(db: Database) {
  return db
    .select({
      landing: landings,
      vehicles: db.$count(vehicles, eq(vehicles.landingId, landings.id)),
      locations: db.$count(locations, eq(locations.landingId, landings.id)),
    })
    .from(landings);
}

type LandingWithFleetCounts = { landing: LandingRow; vehicles: number; locations: number };

/** The landings with their add-ons and their bookings' counts, read side by side. */
async function completed(
  reads: LandingReads,
  ownerId: number,
  rows: LandingWithFleetCounts[],
): Promise<LandingWithAddons[]> {
  // Stryker disable next-line ConditionalExpression: spares a query; an empty IN finds nothing.
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.landing.id);
  const [addons, booked] = await Promise.all([
    reads.db
      .select()
      .from(landingAddons)
      .where(inArray(landingAddons.landingId, ids))
      .orderBy(asc(landingAddons.position), asc(landingAddons.id)),
    bookingCounts(reads.db, ownerId, ids, reads.clock.now()),
  ]);
  return rows.map(({ landing, ...fleet }) => ({
    landing,
    addons: addons.filter((addon) => addon.landingId === landing.id),
    counts: { ...fleet, ...(booked.get(landing.id) ?? { reservations: 0, activeReservations: 0 }) },
  }));
}

/** One of the owner's landings, or 404 as if it did not exist (another owner's included). */
export async function findOwnedLanding(
  reads: LandingReads,
  ownerId: number,
  landingId: number,
  where: "active" | "trashed" = "active",
): Promise<LandingWithAddons> {
  const [row] = await landingsWithCounts(reads.db)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId, where === "trashed" ? "only" : "excluded")))
    .limit(1);
  if (!row) throw notFound();
  const [found] = await completed(reads, ownerId, [row]);
  // Stryker disable next-line ConditionalExpression: completed answers one entry per row (the type allows none).
  if (!found) throw notFound();
  return found;
}

export async function findOwnedLandingByName(reads: LandingReads, ownerId: number, name: string) {
  const [row] = await reads.db
    .select()
    .from(landings)
    .where(and(eq(landings.name, name), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return findOwnedLanding(reads, ownerId, row.id);
}

export async function listLandings(reads: LandingReads, ownerId: number, where: "active" | "trashed" = "active") {
  const rows = await landingsWithCounts(reads.db)
    .where(ownedBy(ownerId, where === "active" ? "excluded" : "only"))
    .orderBy(where === "active" ? desc(landings.createdAt) : desc(landings.deletedAt), desc(landings.id));
  return completed(reads, ownerId, rows);
}

/**
 * Whether a slug is free on the whole platform, trash included (PRODUCT §3). `except` leaves out
 * the owner's own landing (its name is its own to keep), and only theirs: another owner's id
 * never makes a taken name look free.
 */
export async function isNameFree(
  db: Database,
  name: string,
  except?: { ownerId: number; landingId: number },
): Promise<boolean> {
  const [taken] = await db
    // Stryker disable next-line ObjectLiteral: any column tells the row exists.
    .select({ id: landings.id })
    .from(landings)
    .where(
      and(
        eq(landings.name, name),
        except && not(and(eq(landings.id, except.landingId), ownedBy(except.ownerId, "included")) as SQL),
      ),
    )
    .limit(1);
  return !taken && !(await isFormerNameOfAnother(db, name, except));
}

/** Whether `name` is held by one of this owner's own landings in the trash (restoring it frees nothing, it takes it back). */
export async function isInTrashOf(db: Database, name: string, ownerId: number): Promise<boolean> {
  const [found] = await db
    // Stryker disable next-line ObjectLiteral: any column tells the row exists.
    .select({ id: landings.id })
    .from(landings)
    .where(and(eq(landings.name, name), ownedBy(ownerId, "only")))
    .limit(1);
  return found !== undefined;
}

/**
 * The unique index refuses a taken name with the same field error (mapNameConflict); asking first
 * spares re-encoding and storing an upload that would only be removed again.
 */
// Stryker disable next-line BlockStatement: the unique index answers the same; see above.
async function assertNameFree(db: Database, name: string, except?: { ownerId: number; landingId: number }) {
  // Stryker disable next-line ConditionalExpression: the unique index answers the same; see above.
  if (!(await isNameFree(db, name, except))) throw ValidationError.field("name", "landingNameTaken");
}

/** Runs a write that may hit the unique name index; a lost race becomes the same field error. */
async function mapNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field("name", "landingNameTaken");
    throw error;
  }
}

export async function createLanding(
  deps: AppDeps,
  ownerId: number,
  input: z.output<typeof landingCreateSchema>,
  logoUpload: Buffer | undefined,
): Promise<LandingWithAddons> {
  const { db, storage, clock } = deps;
  if (!logoUpload) throw ValidationError.field("logo", "logoRequired");
  await assertNameFree(db, input.name);
  const logo = await storeLogo(storage, logoUpload);
  const language = isLanguage(input.default_language) ? input.default_language : "es";
  try {
    const id = await mapNameConflict(() =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const [landing] = await tx
          .insert(landings)
          .values({
            ownerId,
            name: input.name,
            displayName: input.display_name,
            logo,
            colorPrimary: input.color_primary,
            colorSecondary: input.color_secondary,
            defaultLanguage: language,
            // Left out, the columns' defaults (domain/landings.ts: DEFAULT_TIME_ZONE and the rest).
            timeZone: input.time_zone,
            currency: input.currency,
            taxLabel: input.tax_label,
            taxRateBasisPoints: input.tax_rate,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: landings.id });
        // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
        if (!landing) throw new Error("insert returned no row");
        await tx.insert(landingAddons).values(
          DEFAULT_ADDONS.map((addon, position) => ({
            landingId: landing.id,
            name: addon[language],
            translations: { [otherLanguage(language)]: { name: addon[otherLanguage(language)] } },
            priceCents: DEFAULT_ADDON_PRICE_CENTS,
            kind: addon.kind,
            maxQuantity: addon.maxQuantity,
            position,
          })),
        );
        return landing.id;
      }),
    );
    return findOwnedLanding(deps, ownerId, id);
  } catch (error) {
    await storage.remove(logo);
    throw error;
  }
}

/**
 * Runs an owner's versioned write of a landing: `write` gets a condition that matches the row only
 * at the version the form was loaded at, and answers whether a row matched. None matched: 404 when
 * the landing is not the owner's (or is trashed), else 409 because someone saved first.
 */
async function versionedWrite(
  db: Database,
  ownerId: number,
  landingId: number,
  version: number,
  write: (where: SQL | undefined) => Promise<boolean>,
) {
  if (await write(and(eq(landings.id, landingId), ownedBy(ownerId), eq(landings.version, version)))) return;
  await ownedLandingOr404(db, ownerId, landingId);
  throw new HttpError(409, "staleWrite");
}

export async function updateLanding(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: z.output<typeof landingUpdateSchema>,
  logoUpload: Buffer | undefined,
): Promise<LandingWithAddons> {
  const { db, storage, clock } = deps;
  const { landing: current } = await findOwnedLanding(deps, ownerId, landingId);
  // Stryker disable next-line ConditionalExpression: versionedWrite refuses it too; this spares storing uploads first.
  if (input.version !== current.version) throw new HttpError(409, "staleWrite");
  const name = input.name ?? current.name;
  await assertNameFree(db, name, { ownerId, landingId });
  const logo = logoUpload ? await storeLogo(storage, logoUpload) : current.logo;
  try {
    await mapNameConflict(() =>
      db.transaction((tx) =>
        versionedWrite(tx, ownerId, landingId, input.version, async (where) => {
          const updated = await tx
            .update(landings)
            .set({
              name,
              displayName: input.display_name ?? current.displayName,
              logo,
              colorPrimary: input.color_primary,
              colorSecondary: input.color_secondary,
              defaultLanguage: input.default_language,
              timeZone: input.time_zone ?? current.timeZone,
              currency: input.currency ?? current.currency,
              taxLabel: input.tax_label ?? current.taxLabel,
              taxRateBasisPoints: input.tax_rate ?? current.taxRateBasisPoints,
              version: sql`${landings.version} + 1`,
              updatedAt: clock.now(),
            })
            .where(where)
            .returning({ id: landings.id });
          if (updated.length === 0) return false;
          if (name !== current.name) await retireName(tx, landingId, current.name, name, clock.now());
          if (input.addons) await replaceAddons(tx, landingId, input.addons, current.defaultLanguage);
          if (input.default_language !== current.defaultLanguage) {
            await switchTextsLanguage(tx, landingId, current.defaultLanguage, input.default_language);
          }
          if (input.time_zone && input.time_zone !== current.timeZone) {
            await reanchorToTimeZone(tx, landingId, input.time_zone);
          }
          return true;
        }),
      ),
    );
  } catch (error) {
    if (logo !== current.logo) await storage.remove(logo);
    throw error;
  }
  if (logo !== current.logo) await storage.remove(current.logo);
  return findOwnedLanding(deps, ownerId, landingId);
}

/**
 * The landing's add-ons as the owner saved them, in their order. One sent with the id of one of
 * this landing's keeps its id, changed in place: a traveller's review and a shared link name the
 * add-ons by id, and a save of the colours must not empty them. The rest are new; those not sent
 * are gone (reservations keep their own copy of what they booked).
 */
async function replaceAddons(
  tx: Database,
  landingId: number,
  addons: z.output<typeof landingUpdateSchema>["addons"] & {},
  language: string,
) {
  const existing = new Set(
    (await tx.select({ id: landingAddons.id }).from(landingAddons).where(eq(landingAddons.landingId, landingId))).map(
      (row) => row.id,
    ),
  );
  const kept = new Set<number>();
  const rows = addons.map((addon, position) => {
    const id = addon.id !== undefined && existing.has(addon.id) && !kept.has(addon.id) ? addon.id : undefined;
    if (id !== undefined) kept.add(id);
    const values = {
      landingId,
      name: addon.name,
      priceCents: addon.price,
      kind: addon.kind,
      maxQuantity: addon.max_quantity,
      translations: storedTranslations(addon.translations, language),
      position,
    };
    return { id, values };
  });
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length > 0) {
    await tx.delete(landingAddons).where(and(eq(landingAddons.landingId, landingId), inArray(landingAddons.id, gone)));
  }
  for (const { id, values } of rows) {
    if (id === undefined) continue;
    await tx
      .update(landingAddons)
      .set(values)
      .where(and(eq(landingAddons.id, id), eq(landingAddons.landingId, landingId)));
  }
  const added = rows.filter((row) => row.id === undefined).map((row) => row.values);
  if (added.length > 0) await tx.insert(landingAddons).values(added);
}

export async function updateLandingMeta(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: z.output<typeof landingMetaSchema>,
  uploads: { favicon?: Buffer; ogImage?: Buffer },
): Promise<LandingWithAddons> {
  const { db, storage, clock } = deps;
  const { landing: current } = await findOwnedLanding(deps, ownerId, landingId);
  // Stryker disable next-line ConditionalExpression: versionedWrite refuses it too; this spares storing uploads first.
  if (input.version !== current.version) throw new HttpError(409, "staleWrite");
  const favicon = uploads.favicon ? await storeFavicon(storage, uploads.favicon) : current.favicon;
  let ogImage: string | null = current.ogImage;
  try {
    ogImage = uploads.ogImage ? await storeOgImage(storage, uploads.ogImage) : current.ogImage;
    await versionedWrite(db, ownerId, landingId, input.version, async (where) => {
      const updated = await db
        .update(landings)
        .set({
          metaTitle: input.meta_title,
          metaDescription: input.meta_description,
          metaKeywords: input.meta_keywords,
          ogTitle: input.og_title,
          ogDescription: input.og_description,
          translations: storedTranslations(input.translations, current.defaultLanguage),
          robots: input.robots,
          canonicalUrl: input.canonical_url,
          favicon,
          ogImage,
          version: sql`${landings.version} + 1`,
          updatedAt: clock.now(),
        })
        .where(where)
        .returning({ id: landings.id });
      return updated.length > 0;
    });
  } catch (error) {
    if (favicon !== current.favicon) await removeFavicon(storage, favicon);
    if (ogImage !== current.ogImage) await storage.remove(ogImage);
    throw error;
  }
  if (favicon !== current.favicon) await removeFavicon(storage, current.favicon);
  if (ogImage !== current.ogImage) await storage.remove(current.ogImage);
  return findOwnedLanding(deps, ownerId, landingId);
}

export async function setLandingStatus(deps: AppDeps, ownerId: number, landingId: number, status: LandingStatus) {
  const { db, clock } = deps;
  const { landing, counts } = await findOwnedLanding(deps, ownerId, landingId);
  if (status === "published") {
    // A published landing with nothing to rent, or nowhere to pick it up, is a dead end for visitors.
    const missing: Record<string, ApiMessageKey[]> = {};
    if (counts.vehicles === 0) missing.vehicles = ["publishNeedsVehicle"];
    if (counts.locations === 0) missing.locations = ["publishNeedsLocation"];
    if (Object.keys(missing).length > 0) throw new ValidationError(missing);
  }
  const now = clock.now();
  await db
    .update(landings)
    .set({
      status,
      // The first publication date is kept through later unpublish/publish cycles.
      publishedAt: status === "published" ? (landing.publishedAt ?? now) : landing.publishedAt,
      updatedAt: now,
    })
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  return findOwnedLanding(deps, ownerId, landingId);
}

/**
 * Soft delete: to the trash, out of public view, name still reserved. Refused (409, naming how
 * many) while the landing has bookings still going ahead: their customers' pages and emails live
 * under the landing's address, and the owner's lists would lose them (issue 25.6). The landing's
 * vehicles are locked first, so a booking being made on one of them has either committed before
 * the count or waits until the landing is in the trash.
 */
export async function trashLanding(deps: AppDeps, ownerId: number, landingId: number) {
  await deps.db.transaction(async (tx) => {
    await lockOwnedLanding(tx, ownerId, landingId);
    await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.landingId, landingId), onLandingOwnedBy(vehicles.landingId, ownerId)))
      .for("update");
    const held = await tx.$count(reservations, activeBookingsOf(landingId, deps.clock.now()));
    if (held > 0) {
      throw new HttpError(409, held === 1 ? "landingHasActiveBooking" : "landingHasActiveBookings", { count: held });
    }
    await tx
      .update(landings)
      .set({ deletedAt: deps.clock.now() })
      .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  });
}

/**
 * Back from the trash with the status it had. A landing already back (a second click, another
 * tab) answers the same: the owner asked for it to be out of the trash, and it is.
 */
export async function restoreLanding(deps: AppDeps, ownerId: number, landingId: number) {
  const restored = await deps.db
    .update(landings)
    .set({ deletedAt: null })
    // In the trash or already out of it: restoring twice answers the same.
    .where(and(eq(landings.id, landingId), ownedBy(ownerId, "included")))
    .returning({ id: landings.id });
  if (restored.length === 0) throw notFound();
  return findOwnedLanding(deps, ownerId, landingId);
}

/** Permanent delete from the trash: the rows (add-ons cascade) and every stored file. */
export async function purgeLanding(deps: AppDeps, ownerId: number, landingId: number) {
  const { landing } = await findOwnedLanding(deps, ownerId, landingId, "trashed");
  // Its vehicles' and rentals' files, named by rows the landing's delete takes with it (cascade).
  const files = await deps.db.transaction(async (tx) => {
    const named = await landingFiles(tx, ownerId, landingId);
    await tx.delete(landings).where(and(eq(landings.id, landingId), ownedBy(ownerId, "only")));
    return named;
  });
  for (const path of files) await deps.storage.remove(path);
  await deps.storage.remove(landing.logo);
  await deps.storage.remove(landing.ogImage);
  await removeFavicon(deps.storage, landing.favicon);
}

/**
 * Locks one of the owner's working landings inside a transaction (404 otherwise), so rows added to
 * it in the same transaction can never land on a landing that is not the owner's or was just trashed.
 */
export async function lockOwnedLanding(
  tx: Database,
  ownerId: number,
  landingId: number,
): Promise<{ defaultLanguage: string; status: string }> {
  const [row] = await tx
    .select({ defaultLanguage: landings.defaultLanguage, status: landings.status })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/**
 * After an owner query that found or changed nothing (each carries the owner's scope itself): a 404
 * for the landing when it is not one of the owner's working landings, so that answer stays "no such
 * landing"; otherwise the caller answers for what it asked for (an empty list, a row not found, a
 * stale write). Before work that a 404 should spare (storing uploads), it is asked first.
 */
export async function ownedLandingOr404(db: Database, ownerId: number, landingId: number): Promise<void> {
  const [row] = await db
    // Stryker disable next-line ObjectLiteral: any column tells the row exists.
    .select({ id: landings.id })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw notFound();
}

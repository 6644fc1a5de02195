import { documentSettingsOf } from "@domain/documents";
import type { Language } from "@domain/languages";
import { landingRulesOf } from "@domain/rental-rules";
import { translated } from "@domain/translations";
import { and, eq } from "drizzle-orm";
import { ownedBy } from "../db/owner-scope";
import { landings, rentalHandovers, reservations, users } from "../db/schema";
import type { AppDeps } from "../deps";
import type { DocumentIssuer } from "../documents";
import { HttpError } from "../http/errors";
import { loadSharp } from "../http/images";
import { bookingMail, customerLanguage, loadReservation } from "../reservations";

/**
 * What a rental's documents are drawn from (issue 28): one of the owner's bookings as its emails
 * show it, in the customer's language unless another is asked, its check-out, and the operator as
 * the landing's document settings name it, with the logo as a PNG (PDFs draw PNG and JPEG only).
 */
export async function documentContext(deps: AppDeps, ownerId: number, reservationId: number, language?: Language) {
  const [row] = await deps.db
    .select({ landing: landings, ownerEmail: users.email, ownerPhone: users.phone })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .innerJoin(users, eq(users.id, landings.ownerId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)))
    .limit(1);
  if (!row) throw new HttpError(404, "reservationNotFound");
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw new HttpError(404, "reservationNotFound");
  const { landing } = row;
  const [checkOut] = await deps.db
    .select()
    .from(rentalHandovers)
    .where(and(eq(rentalHandovers.reservationId, reservationId), eq(rentalHandovers.kind, "out")));
  const settings = documentSettingsOf(landing.documentSettings);
  const chosen = language ?? customerLanguage(landing, found);
  const issuer: DocumentIssuer = {
    brandName: landing.displayName,
    legalName: settings.legal_name,
    taxId: settings.tax_id,
    address: settings.address,
    email: row.ownerEmail,
    phone: row.ownerPhone ?? "",
    logoPng: await logoPng(deps, landing.logo),
    color: landing.colorPrimary,
    timeZone: landing.timeZone,
  };
  return {
    landing,
    found,
    checkOut: checkOut ?? null,
    issuer,
    language: chosen,
    terms: agreementTerms(
      chosen === "es" ? [settings.terms_es, settings.terms_en] : [settings.terms_en, settings.terms_es],
      landing,
      chosen,
    ),
    mail: bookingMail(deps, landing, found, chosen),
    ownerEmail: row.ownerEmail,
  };
}

export type DocumentContext = Awaited<ReturnType<typeof documentContext>>;

/**
 * The agreement's terms: its own in the document's language, else in the other one (a text left
 * empty in one language shows the other, PRODUCT §7: the owner's clauses are never left out of a
 * signed agreement); without any, the rental conditions the customer accepted when booking, as the
 * site showed them in that language. A customer asked to "accept its terms" then signs the
 * conditions they already read, not an agreement with none.
 */
function agreementTerms([own, other]: [string, string], landing: typeof landings.$inferSelect, language: Language) {
  if (own.trim()) return { text: own, kind: "agreement" as const };
  if (other.trim()) return { text: other, kind: "agreement" as const };
  const rules = landingRulesOf(landing.rules);
  return { text: translated(rules.terms, rules.terms_translations, "terms", language), kind: "rental" as const };
}

/** The landing's logo, at most 600 px wide, as a PNG; none when it has none or it cannot be read now. */
async function logoPng(deps: AppDeps, logo: string): Promise<Buffer | null> {
  if (!logo) return null;
  try {
    const stored = await deps.storage.get(logo);
    const sharp = await loadSharp();
    return await sharp(stored).resize({ width: 600, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}

import type { CounterRules } from "@domain/counter";
import type { DocumentSettings } from "@domain/documents";
import type { LandingRules } from "@domain/rental-rules";
import { storedTranslations, type Translations, withOwnTranslations } from "@domain/translations";
import { and, eq, sql } from "drizzle-orm";
import { ownedBy } from "../db/owner-scope";
import { landings } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { findOwnedLanding, type LandingWithAddons } from "./service";

/**
 * Saves the landing's rental rules (issue 10) if it is still at the version the form was loaded
 * at. The whole rules object is replaced: the form always sends every rule, and a key it leaves
 * out takes its default (`landingRulesInputSchema`), so nothing stale survives a save.
 */
export async function saveLandingRules(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: LandingRules & { version: number },
): Promise<LandingWithAddons> {
  const { version, ...given } = input;
  // A text in the landing's own language is the text itself: keep only the other language's.
  const { landing } = await findOwnedLanding(deps, ownerId, landingId);
  const ownTranslations = <T extends { translations?: Translations }>(item: T) =>
    withOwnTranslations(item, landing.defaultLanguage);
  const { terms_translations: termsTranslations, ...rest } = given;
  const otherTerms = storedTranslations(termsTranslations, landing.defaultLanguage);
  const rules: LandingRules = {
    ...rest,
    closures: given.closures.map(ownTranslations),
    faq: given.faq.map(ownTranslations),
    ...(Object.keys(otherTerms).length > 0 && { terms_translations: otherTerms }),
  };
  const updated = await deps.db
    .update(landings)
    .set({ rules, version: sql`${landings.version} + 1`, updatedAt: deps.clock.now() })
    .where(and(eq(landings.id, landingId), ownedBy(ownerId), eq(landings.version, version)))
    .returning({ id: landings.id });
  if (updated.length === 0) {
    // No row: not the owner's landing or trashed (404, from the lookup), or someone saved first (409).
    await findOwnedLanding(deps, ownerId, landingId);
    throw new HttpError(409, "staleWrite");
  }
  return findOwnedLanding(deps, ownerId, landingId);
}

/**
 * Saves one of the landing's own settings (issue 28: the counter's rules, what a return and an
 * additional driver cost; the legal details and terms of its agreements and invoices) if it is
 * still at the version the form was loaded at. A return already recorded keeps the charges it was
 * priced with, and a document already signed or issued keeps what it said.
 */
export async function saveLandingSettings(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  version: number,
  settings: { counterRules: CounterRules } | { documentSettings: DocumentSettings },
): Promise<LandingWithAddons> {
  const updated = await deps.db
    .update(landings)
    .set({ ...settings, version: sql`${landings.version} + 1`, updatedAt: deps.clock.now() })
    .where(and(eq(landings.id, landingId), ownedBy(ownerId), eq(landings.version, version)))
    .returning({ id: landings.id });
  if (updated.length === 0) {
    await findOwnedLanding(deps, ownerId, landingId);
    throw new HttpError(409, "staleWrite");
  }
  return findOwnedLanding(deps, ownerId, landingId);
}

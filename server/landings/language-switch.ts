import { storedPaymentSettings } from "@domain/payments";
import { landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { switchedLanguage, type Translations } from "@domain/translations";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { landingAddons, landingPayments, landings, vehicles } from "../db/schema";

/**
 * The landing's default language changes from `from` to `to` (inside the save's transaction): each
 * text the owner wrote in `to` becomes the stored text, and the stored one its `from` translation,
 * for the SEO texts, closure notes, the conditions and questions, add-on names, vehicle
 * descriptions and season names, and the bank transfer's instructions alike. No public page
 * changes what it shows, and the dashboard's fields keep each text under its language.
 */
export async function switchTextsLanguage(tx: Database, landingId: number, from: string, to: string) {
  const [landing] = await tx.select().from(landings).where(eq(landings.id, landingId));
  if (!landing) return;
  const seo = switchedLanguage(
    {
      meta_title: landing.metaTitle,
      meta_description: landing.metaDescription,
      meta_keywords: landing.metaKeywords,
      og_title: landing.ogTitle,
      og_description: landing.ogDescription,
    },
    landing.translations,
    from,
    to,
  );
  const rules = landingRulesOf(landing.rules);
  const { terms_translations: _switchedBelow, ...storedRules } = landing.rules;
  // Each text of the rules with its translations, switched; no translation left is no key.
  const switchTexts = <F extends string>(texts: Record<F, string>, translations: Translations<F> | undefined) => {
    const switched = switchedLanguage(texts, translations, from, to);
    const kept = Object.keys(switched.translations).length > 0 ? { translations: switched.translations } : {};
    return { ...switched.texts, ...kept };
  };
  const closures = rules.closures.map(({ translations, ...closure }) => ({
    ...closure,
    ...switchTexts({ note: closure.note }, translations),
  }));
  const faq = rules.faq.map(({ translations, question, answer }) => switchTexts({ question, answer }, translations));
  const { translations: termsTranslations, terms } = switchTexts({ terms: rules.terms }, rules.terms_translations);
  await tx
    .update(landings)
    .set({
      metaTitle: seo.texts.meta_title,
      metaDescription: seo.texts.meta_description,
      metaKeywords: seo.texts.meta_keywords,
      ogTitle: seo.texts.og_title,
      ogDescription: seo.texts.og_description,
      translations: seo.translations,
      rules: {
        ...storedRules,
        closures,
        faq,
        terms,
        ...(termsTranslations && { terms_translations: termsTranslations }),
      },
    })
    .where(eq(landings.id, landingId));

  const addons = await tx.select().from(landingAddons).where(eq(landingAddons.landingId, landingId));
  for (const addon of addons) {
    const switched = switchedLanguage({ name: addon.name }, addon.translations, from, to);
    await tx
      .update(landingAddons)
      .set({ name: switched.texts.name, translations: switched.translations })
      .where(eq(landingAddons.id, addon.id));
  }

  const fleet = await tx
    .select({
      id: vehicles.id,
      description: vehicles.description,
      translations: vehicles.translations,
      rules: vehicles.rules,
    })
    .from(vehicles)
    .where(eq(vehicles.landingId, landingId));
  for (const vehicle of fleet) {
    const switched = switchedLanguage({ description: vehicle.description }, vehicle.translations, from, to);
    const rules = vehicleRulesOf(vehicle.rules);
    const seasons = rules.seasons.map(({ translations, ...season }) => ({
      ...season,
      ...switchTexts({ name: season.name }, translations),
    }));
    // Compared by their texts: the stored JSON's key order is the database's, not ours.
    const seasonsMoved = seasons.some(
      (season, index) =>
        season.name !== rules.seasons[index]?.name ||
        JSON.stringify(season.translations ?? {}) !== JSON.stringify(rules.seasons[index]?.translations ?? {}),
    );
    if (switched.texts.description === vehicle.description && !seasonsMoved) continue;
    await tx
      .update(vehicles)
      // A vehicle form opened before the switch shows the old texts: its save is refused (409).
      .set({
        description: switched.texts.description,
        translations: switched.translations,
        ...(seasonsMoved && { rules: { ...vehicle.rules, seasons } }),
        version: sql`${vehicles.version} + 1`,
      })
      .where(eq(vehicles.id, vehicle.id));
  }

  const [payments] = await tx.select().from(landingPayments).where(eq(landingPayments.landingId, landingId));
  if (payments) {
    const settings = storedPaymentSettings(payments.settings);
    const { translations, ...transfer } = settings.transfer;
    const switched = switchTexts({ instructions: transfer.instructions }, translations);
    const moved = JSON.stringify(switched.translations ?? {}) !== JSON.stringify(translations ?? {});
    if (moved || switched.instructions !== transfer.instructions) {
      await tx
        .update(landingPayments)
        // The "Pagos" form opened before the switch shows the old texts: its save is refused (409).
        .set({
          settings: { ...settings, transfer: { ...transfer, ...switched } },
          version: sql`${landingPayments.version} + 1`,
        })
        .where(eq(landingPayments.landingId, landingId));
    }
  }
}

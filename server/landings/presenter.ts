import { addonQuantityCap, isAddonKind } from "@domain/addons";
import { counterRulesOf } from "@domain/counter";
import { verificationRecord } from "@domain/custom-domain";
import { documentSettingsOf } from "@domain/documents";
import type { Landing } from "@domain/landings";
import { landingRulesOf } from "@domain/rental-rules";
import type { landingAddons, landings } from "../db/schema";
import type { StorageUrl } from "../storage";

export type LandingRow = typeof landings.$inferSelect;
export type AddonRow = typeof landingAddons.$inferSelect;
export type LandingCounts = {
  vehicles: number;
  locations: number;
  reservations: number;
  /** Still going ahead (`activeBookingsOf`): the trash refuses the landing while any is. */
  activeReservations: number;
};

export function presentAddon(addon: AddonRow) {
  const kind = isAddonKind(addon.kind) ? addon.kind : "other";
  return {
    id: addon.id,
    name: addon.name,
    price: addon.priceCents / 100,
    price_cents: addon.priceCents,
    kind,
    max_quantity: addonQuantityCap({ kind, max_quantity: addon.maxQuantity }),
    translations: addon.translations ?? {},
  };
}

/** The landing in the field names of SPEC §3, plus the platform's own fields. */
export function presentLanding(
  landing: LandingRow,
  addons: AddonRow[],
  counts: LandingCounts,
  publicBaseUrl: string,
  storageUrl: StorageUrl,
): Landing {
  const favicon = landing.favicon ?? {};
  return {
    id: landing.id,
    id_users_landing: landing.ownerId,
    name: landing.name,
    display_name: landing.displayName,
    public_url: `${publicBaseUrl}/${landing.name}`,
    logo: storageUrl(landing.logo),
    favicon: storageUrl(favicon["192"]),
    favicon_sizes: Object.fromEntries(Object.entries(favicon).map(([size, path]) => [size, storageUrl(path)])),
    color_primary: landing.colorPrimary,
    color_secondary: landing.colorSecondary,
    default_language: landing.defaultLanguage,
    meta_title: landing.metaTitle,
    meta_description: landing.metaDescription,
    meta_keywords: landing.metaKeywords,
    og_title: landing.ogTitle,
    og_description: landing.ogDescription,
    og_image: storageUrl(landing.ogImage),
    robots: landing.robots,
    canonical_url: landing.canonicalUrl,
    translations: landing.translations ?? {},
    status: landing.status === "published" ? "published" : "draft",
    published_at: landing.publishedAt?.toISOString() ?? null,
    deleted_at: landing.deletedAt?.toISOString() ?? null,
    time_zone: landing.timeZone,
    currency: landing.currency,
    tax_label: landing.taxLabel,
    tax_rate: landing.taxRateBasisPoints / 100,
    addons: addons.map(presentAddon),
    rules: landingRulesOf(landing.rules),
    counter_rules: counterRulesOf(landing.counterRules),
    document_settings: documentSettingsOf(landing.documentSettings),
    custom_domain: landing.customDomain,
    custom_domain_verified: landing.customDomain !== null && landing.customDomainVerifiedAt !== null,
    // While pending, the record that proves the owner controls the domain (public once it is in their DNS).
    custom_domain_record:
      landing.customDomain && landing.customDomainToken && !landing.customDomainVerifiedAt
        ? verificationRecord(landing.customDomain, landing.customDomainToken)
        : null,
    vehicles_count: counts.vehicles,
    locations_count: counts.locations,
    reservations_count: counts.reservations,
    active_reservations_count: counts.activeReservations,
    version: landing.version,
    created_at: landing.createdAt.toISOString(),
    updated_at: landing.updatedAt.toISOString(),
  };
}

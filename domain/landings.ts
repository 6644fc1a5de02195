import { z } from "zod";
import { ADDON_KINDS, ADDON_QUANTITY_MAX } from "./addons";
import { counterRulesSchema } from "./counter";
import { documentSettingsSchema } from "./documents";
import { LANGUAGES } from "./languages";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { idInput, numberInput, wholeNumberInput } from "./number-input";
import { publicPaymentSchema } from "./payments";
import { landingRulesSchema, placeRulesSchema } from "./rental-rules-schemas";
import { RESERVED_LANDING_NAMES } from "./routes";
import { slugFromDisplayName, slugify } from "./slug";
import { translationsFieldSchema, translationsViewSchema, untranslatedSchema } from "./translations";
import { versionField } from "./version";

export const LANDING_NAME_MAX = 35;
export const DISPLAY_NAME_MAX = 60;
export const SEO_TITLE_HINT = 60;
export const SEO_DESCRIPTION_HINT = 160;
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;
export const SEO_KEYWORDS_MAX = 255;
export const TAX_LABEL_MAX = 30;
export const ADDONS_MAX = 10;
export const ADDON_NAME_MAX = 60;
export const ADDON_PRICE_MAX_CENTS = 10_000_00;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const FAVICON_MAX_BYTES = 2 * 1024 * 1024;
export const OG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Recommended image sizes shown next to the uploads (SPEC §5). The logo has one answer wherever it
 * is uploaded (the spec's 250x80 and 1920x1080 disagreed): see the landings i18n logo advice.
 */
export const RECOMMENDED_SIZES = {
  ogImage: "1200x630",
  favicon: "80x80",
} as const;

export const ROBOTS_OPTIONS = ["index, follow", "noindex, follow", "index, nofollow", "noindex, nofollow"] as const;
export type RobotsOption = (typeof ROBOTS_OPTIONS)[number];

/**
 * The robots directive in its one stored form, from the spellings people use: "index,follow",
 * "INDEX, FOLLOW", "noindex nofollow", "follow, index", "all", "none". Null when it is not one of
 * the four combinations.
 */
export function normalizeRobots(text: string): RobotsOption | null {
  const words = text
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (words.length === 1 && words[0] === "all") return "index, follow";
  if (words.length === 1 && words[0] === "none") return "noindex, nofollow";
  const index = words.filter((word) => word === "index" || word === "noindex");
  const follow = words.filter((word) => word === "follow" || word === "nofollow");
  if (words.length !== 2 || index.length !== 1 || follow.length !== 1) return null;
  return `${index[0]}, ${follow[0]}` as RobotsOption;
}
export const LANDING_STATUSES = ["draft", "published"] as const;
export type LandingStatus = (typeof LANDING_STATUSES)[number];

export const DEFAULT_TIME_ZONE = "America/Santo_Domingo";
export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_TAX_LABEL = "ITBIS";
export const DEFAULT_TAX_RATE_BASIS_POINTS = 18_00;
/** The add-ons a new landing starts with, named in its language: two coverages and a child seat. */
export const DEFAULT_ADDONS = [
  { kind: "coverage", maxQuantity: 1, es: "Exención de daños por colisión", en: "Damage waiver" },
  { kind: "coverage", maxQuantity: 1, es: "Cobertura de efectos personales", en: "Personal effects coverage" },
  { kind: "child_seat", maxQuantity: 3, es: "Silla de bebé", en: "Baby seat" },
] as const;
export const DEFAULT_ADDON_PRICE_CENTS = 12_00;

const m = (key: ApiMessageKey) => key;

/** Why a landing name cannot be used, or null when its slug is well-formed and not reserved. */
export function landingNameProblem(name: string): ApiMessageKey | null {
  const trimmed = name.trim();
  if (trimmed === "") return "required";
  if (trimmed.length > LANDING_NAME_MAX) return "landingNameTooLong";
  const slug = slugify(trimmed);
  if (slug === "") return "landingNameInvalid";
  if (RESERVED_LANDING_NAMES.has(slug)) return "landingNameReserved";
  return null;
}

export const landingNameSchema = z
  .string(m("required"))
  .superRefine((name, ctx) => {
    const problem = landingNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((name) => slugify(name));

/** The business name as typed: accents, capitals, "&" kept; control characters refused. */
export const displayNameSchema = z
  .string(m("required"))
  .trim()
  .min(1, { error: m("required"), abort: true })
  .max(DISPLAY_NAME_MAX, m("displayNameTooLong"))
  .regex(/^[^\p{Cc}]*$/u, m("invalid"));

/**
 * A display name and a slug. The slug is the one typed in `name`, or else derived from the display
 * name; a client that sends only `name` (the spec's form) gets it as typed for the display name.
 */
function withDisplayName<T extends { display_name?: string; name?: string }>(
  input: T,
  ctx: z.RefinementCtx,
): Omit<T, "display_name" | "name"> & { display_name: string; name: string } {
  const typedSlug = input.name?.trim() ?? "";
  const displayName = input.display_name ?? typedSlug;
  if (displayName === "") ctx.addIssue({ code: "custom", message: m("required"), path: ["display_name"] });
  const slugText = typedSlug !== "" ? typedSlug : slugFromDisplayName(displayName, LANDING_NAME_MAX);
  // A name with no letters or digits ("🚗🚕") derives an empty slug: that is an invalid name, not a missing one.
  const problem = displayName === "" ? null : slugText === "" ? "landingNameInvalid" : landingNameProblem(slugText);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["name"] });
  return { ...input, display_name: displayName, name: slugify(slugText) };
}

export const colorSchema = z
  .string(m("required"))
  .trim()
  .min(1, { error: m("required"), abort: true })
  .regex(/^#[0-9a-fA-F]{6}$/, m("colorInvalid"))
  .transform((color) => color.toLowerCase());

export const languageSchema = z.enum(LANGUAGES, m("languageInvalid"));

const supportedTimeZones = new Set(Intl.supportedValuesOf("timeZone"));
const supportedCurrencies = new Set(Intl.supportedValuesOf("currency"));

export const timeZoneSchema = z
  .string(m("required"))
  .refine((zone) => supportedTimeZones.has(zone) || zone === "UTC", m("timeZoneInvalid"));

export const currencySchema = z
  .string(m("required"))
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => supportedCurrencies.has(code), m("currencyInvalid"));

/** "18", "18.5" or 18.5 percent -> 1850 basis points. */
export const taxRateSchema = numberInput({ required: m("taxRateInvalid"), invalid: m("taxRateInvalid") })
  .pipe(z.number().min(0, m("taxRateInvalid")).max(100, m("taxRateInvalid")))
  .transform((percent) => Math.round(percent * 100));

/** A price as people type it ("12", "12,50", "US$ 1,250.00") -> integer cents. */
export const priceSchema = moneyField({
  required: "priceInvalid",
  invalid: "priceInvalid",
  maxCents: ADDON_PRICE_MAX_CENTS,
  tooHigh: "addonPriceTooHigh",
});

export const addonNameSchema = z
  .string(m("required"))
  .trim()
  .min(1, m("required"))
  .max(ADDON_NAME_MAX, m("addonNameTooLong"));

/** How many of one add-on a booking may take, as typed ("3") or sent (3). */
export const addonMaxSchema = wholeNumberInput(1, ADDON_QUANTITY_MAX, m("addonMaxInvalid"), m("addonMaxInvalid"));

export const addonSchema = z
  .object({
    /** An add-on of the landing kept as it is edited: its id stays (a traveller's link names it). */
    id: z.number(m("addonsInvalid")).int(m("addonsInvalid")).positive(m("addonsInvalid")).optional(),
    name: addonNameSchema,
    price: priceSchema,
    // Optional: clients written before kinds and maximums existed keep working.
    kind: z.enum(ADDON_KINDS, m("addonKindInvalid")).optional().default("other"),
    max_quantity: addonMaxSchema.optional().default(ADDON_QUANTITY_MAX),
    /** The name in the other language: { en: { name } } on a Spanish landing. */
    translations: translationsFieldSchema({ name: addonNameSchema }).optional().default({}),
  })
  // A coverage is taken once per booking, whatever maximum was typed.
  .transform((addon) => (addon.kind === "coverage" ? { ...addon, max_quantity: 1 } : addon));

/** An add-on as the API answers it, to the owner and to visitors. */
export const addonViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  kind: z.enum(ADDON_KINDS),
  max_quantity: z.number().int(),
  /** The owner's only: the name in the other language (visitors get the name in theirs). */
  translations: translationsViewSchema.optional(),
  /** Visitors' only: the name, when shown in another language than the page's. */
  untranslated: untranslatedSchema,
});

/** Add-ons arrive as a JSON array in a form field. */
export const addonsFieldSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: m("addonsInvalid") });
      return z.NEVER;
    }
  })
  .pipe(z.array(addonSchema, m("addonsInvalid")).max(ADDONS_MAX, m("addonsTooMany")));

const ownerIdField = idInput(m("invalid"), m("invalid"));

/**
 * POST /landing (multipart; the logo is a file part, required). `id_users_landing` is optional:
 * the owner is the signed-in one; naming another user answers 403.
 */
/**
 * A landing's time zone, currency and tax: each keeps its value (or the defaults above, for a new
 * landing) when left out. The wizard shows the defaults before creating (a new operator elsewhere
 * than the Dominican Republic sees them); Configuración changes them later.
 */
const landingRegionShape = {
  time_zone: timeZoneSchema.optional(),
  currency: currencySchema.optional(),
  tax_label: z.string().trim().min(1, m("required")).max(TAX_LABEL_MAX, m("taxLabelTooLong")).optional(),
  tax_rate: taxRateSchema.optional(),
};

export const landingCreateSchema = z
  .object({
    id_users_landing: ownerIdField.optional(),
    display_name: displayNameSchema.optional(),
    name: z.string(m("required")).optional(),
    color_primary: colorSchema,
    color_secondary: colorSchema,
    default_language: languageSchema,
    ...landingRegionShape,
  })
  .transform(withDisplayName);

/**
 * POST /landing-update/{userId}/{landingId} (multipart; logo optional). `display_name` and `name`
 * (the slug) each keep their current value when left out; `version` is the one the form loaded.
 */
export const landingUpdateSchema = z.object({
  version: versionField,
  display_name: displayNameSchema.optional(),
  name: landingNameSchema.optional(),
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
  ...landingRegionShape,
  addons: addonsFieldSchema.optional(),
});

const optionalText = (max: number, tooLong: ApiMessageKey) =>
  z.string().trim().max(max, m(tooLong)).optional().default("");

/** The landing's texts an owner may write in both languages (PRODUCT §7). */
export const LANDING_TEXT_FIELDS = [
  "meta_title",
  "meta_description",
  "meta_keywords",
  "og_title",
  "og_description",
] as const;
export type LandingTextField = (typeof LANDING_TEXT_FIELDS)[number];

const seoTitle = z.string().trim().max(SEO_TITLE_MAX, m("seoTitleTooLong"));
const seoDescription = z.string().trim().max(SEO_DESCRIPTION_MAX, m("seoDescriptionTooLong"));
const seoKeywords = z.string().trim().max(SEO_KEYWORDS_MAX, m("seoKeywordsTooLong"));
/** Each of those texts as written in the other language: optional, with its field's length. */
export const LANDING_TEXT_SCHEMAS = {
  meta_title: seoTitle,
  meta_description: seoDescription,
  meta_keywords: seoKeywords,
  og_title: seoTitle,
  og_description: seoDescription,
} satisfies Record<LandingTextField, z.ZodType<string, string>>;

/** POST /landings/{userId}/{landingId}/meta (multipart; favicon and og_image are file parts). */
export const landingMetaSchema = z.object({
  version: versionField,
  meta_title: z.string(m("required")).trim().min(1, m("required")).max(SEO_TITLE_MAX, m("seoTitleTooLong")),
  meta_description: z
    .string(m("required"))
    .trim()
    .min(1, m("required"))
    .max(SEO_DESCRIPTION_MAX, m("seoDescriptionTooLong")),
  meta_keywords: optionalText(SEO_KEYWORDS_MAX, "seoKeywordsTooLong"),
  og_title: optionalText(SEO_TITLE_MAX, "seoTitleTooLong"),
  og_description: z
    .string(m("required"))
    .trim()
    .min(1, m("required"))
    .max(SEO_DESCRIPTION_MAX, m("seoDescriptionTooLong")),
  /** The same texts in the other language, as JSON: { en: { meta_title, ... } }; empty ones show these. */
  translations: translationsFieldSchema(LANDING_TEXT_SCHEMAS).optional().default({}),
  robots: z
    .string(m("robotsInvalid"))
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return "index, follow";
      const robots = normalizeRobots(text);
      if (robots) return robots;
      ctx.addIssue({ code: "custom", message: m("robotsInvalid") });
      return z.NEVER;
    }),
  canonical_url: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((url) => url === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(url), m("urlInvalid")),
});

/** PATCH /landing/status. Without `status` it publishes (SPEC §7). */
export const landingStatusSchema = z.object({
  landing_id: ownerIdField,
  /** Optional: the owner is the signed-in one; naming another user answers 403. */
  user_id: ownerIdField.optional(),
  status: z.enum(LANDING_STATUSES, m("invalid")).optional().default("published"),
});

export type LandingCreateInput = z.input<typeof landingCreateSchema>;
export type LandingUpdateInput = z.input<typeof landingUpdateSchema>;
export type LandingMetaInput = z.input<typeof landingMetaSchema>;

/** A landing as the API answers it: SPEC §3's fields plus the platform's own. */
export const landingSchema = z.object({
  id: z.number().int(),
  id_users_landing: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  public_url: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  favicon_sizes: z.record(z.string(), z.string().nullable()),
  color_primary: z.string(),
  color_secondary: z.string(),
  default_language: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  og_title: z.string(),
  og_description: z.string(),
  og_image: z.string().nullable(),
  robots: z.string(),
  canonical_url: z.string(),
  /** The SEO texts in the other language than `default_language`. */
  translations: translationsViewSchema,
  status: z.enum(LANDING_STATUSES),
  published_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  tax_label: z.string(),
  tax_rate: z.number(),
  addons: z.array(addonViewSchema),
  rules: landingRulesSchema,
  /** The counter's rules (issue 28): what a return and an additional driver cost. */
  counter_rules: counterRulesSchema,
  document_settings: documentSettingsSchema,
  custom_domain: z.string().nullable(),
  /** Whether the domain's TXT record was found: only then does it serve the landing. */
  custom_domain_verified: z.boolean(),
  /** The TXT record to create while the domain is not verified yet. */
  custom_domain_record: z.object({ name: z.string(), value: z.string() }).nullable(),
  vehicles_count: z.number().int(),
  locations_count: z.number().int(),
  reservations_count: z.number().int(),
  /** Bookings still going ahead (pending or confirmed, return to come): while any, the landing stays out of the trash. */
  active_reservations_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Landing = z.infer<typeof landingSchema>;

export const landingNameCheckSchema = z.object({
  slug: z.string(),
  /** The address the slug gives: PUBLIC_BASE_URL + "/" + slug. */
  public_url: z.string(),
  available: z.boolean(),
  /** Taken by one of the caller's own landings in the trash: restoring it is the way to the name. */
  in_your_trash: z.boolean(),
  message: z.string().nullable(),
});
export type LandingNameCheck = z.infer<typeof landingNameCheckSchema>;

/** A published landing as visitors get it (GET /api/publicLanding/{name}): nothing of the owner's. */
export const publicLandingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  public_url: z.string(),
  logo: z.string().nullable(),
  favicon_sizes: z.record(z.string(), z.string().nullable()),
  color_primary: z.string(),
  color_secondary: z.string(),
  default_language: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  og_title: z.string(),
  og_description: z.string(),
  og_image: z.string().nullable(),
  robots: z.string(),
  canonical_url: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  tax_label: z.string(),
  tax_rate: z.number(),
  addons: z.array(addonViewSchema),
  locations: z.array(
    z.object({
      id: z.number().int(),
      place_of_departure: z.string(),
      arrival_place: z.string(),
      one_way_fee_cents: z.number().int(),
    }),
  ),
  /** Rental rules (issue 10): the pages explain and price with them as the server does. */
  rules: landingRulesSchema,
  /** Opening hours of the places that keep them (a place not listed is always open). */
  places: z.array(placeRulesSchema),
  /** How its bookings are paid (issue 27): the FAQ and the cancellation policy say it before booking. */
  payment: publicPaymentSchema,
  content_version: z.number().int(),
});
export type PublicLanding = z.infer<typeof publicLandingSchema>;

import { z } from "zod";
import { LANGUAGES } from "./languages";
import type { ApiMessageKey } from "./messages";
import { RESERVED_LANDING_NAMES } from "./routes";
import { slugify } from "./slug";

export const LANDING_NAME_MAX = 35;
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

/** Recommended image sizes shown next to the uploads (SPEC §5). */
export const RECOMMENDED_SIZES = {
  logoCreate: "250x80",
  logoEdit: "1920x1080",
  ogImage: "1200x630",
  favicon: "80x80",
} as const;

export const ROBOTS_OPTIONS = ["index, follow", "noindex, follow", "index, nofollow", "noindex, nofollow"] as const;
export const LANDING_STATUSES = ["draft", "published"] as const;
export type LandingStatus = (typeof LANDING_STATUSES)[number];

export const DEFAULT_TIME_ZONE = "America/Santo_Domingo";
export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_TAX_LABEL = "ITBIS";
export const DEFAULT_TAX_RATE_BASIS_POINTS = 18_00;
/** The three add-ons of SPEC §9, US$12.00 per day each, named in the landing's language. */
export const DEFAULT_ADDONS = {
  es: ["Exención de daños por colisión", "Cobertura de efectos personales", "Silla de bebé"],
  en: ["Damage waiver", "Personal effects coverage", "Baby seat"],
} as const;
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
export const taxRateSchema = z.coerce
  .number(m("taxRateInvalid"))
  .min(0, m("taxRateInvalid"))
  .max(100, m("taxRateInvalid"))
  .transform((percent) => Math.round(percent * 100));

/** A price typed in currency units ("12", "12.5") -> integer cents. */
export const priceSchema = z.coerce
  .number(m("priceInvalid"))
  .min(0, m("priceInvalid"))
  .max(ADDON_PRICE_MAX_CENTS / 100, m("priceInvalid"))
  .transform((units) => Math.round(units * 100));

export const addonSchema = z.object({
  name: z.string(m("required")).trim().min(1, m("required")).max(ADDON_NAME_MAX, m("addonNameTooLong")),
  price: priceSchema,
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

/** POST /landing (multipart; the logo is a file part, required). */
export const landingCreateSchema = z.object({
  id_users_landing: z.coerce.number(m("invalid")).int(m("invalid")).positive(m("invalid")),
  name: landingNameSchema,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
});

/** POST /landing-update/{userId}/{landingId} (multipart; logo optional). */
export const landingUpdateSchema = z.object({
  name: landingNameSchema,
  color_primary: colorSchema,
  color_secondary: colorSchema,
  default_language: languageSchema,
  time_zone: timeZoneSchema.optional(),
  currency: currencySchema.optional(),
  tax_label: z.string().trim().min(1, m("required")).max(TAX_LABEL_MAX, m("taxLabelTooLong")).optional(),
  tax_rate: taxRateSchema.optional(),
  addons: addonsFieldSchema.optional(),
});

const optionalText = (max: number, tooLong: ApiMessageKey) =>
  z.string().trim().max(max, m(tooLong)).optional().default("");

/** POST /landings/{userId}/{landingId}/meta (multipart; favicon and og_image are file parts). */
export const landingMetaSchema = z.object({
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
  robots: z.enum(ROBOTS_OPTIONS, m("robotsInvalid")).optional().default("index, follow"),
  canonical_url: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((url) => url === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(url), m("urlInvalid")),
});

/** PATCH /landing/status. Without `status` it publishes (SPEC §7). */
export const landingStatusSchema = z.object({
  landing_id: z.coerce.number(m("invalid")).int(m("invalid")).positive(m("invalid")),
  user_id: z.coerce.number(m("invalid")).int(m("invalid")).positive(m("invalid")),
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
  status: z.enum(LANDING_STATUSES),
  published_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  tax_label: z.string(),
  tax_rate: z.number(),
  addons: z.array(
    z.object({ id: z.number().int(), name: z.string(), price: z.number(), price_cents: z.number().int() }),
  ),
  vehicles_count: z.number().int(),
  reservations_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Landing = z.infer<typeof landingSchema>;

export const landingNameCheckSchema = z.object({
  slug: z.string(),
  available: z.boolean(),
  message: z.string().nullable(),
});
export type LandingNameCheck = z.infer<typeof landingNameCheckSchema>;

import {
  LANDING_TEXT_FIELDS,
  LANDING_TEXT_SCHEMAS,
  type Landing,
  type LandingTextField,
  landingMetaSchema,
  normalizeRobots,
} from "@domain/landings";
import { otherLanguage } from "@domain/translations";
import { z } from "zod";

/**
 * The SEO form's fields: the API's rules. Kept with the values (and so with their draft), not
 * shown: the version they were read at, which a save sends (a draft typed before someone else
 * saved is refused with 409), and the names of images chosen and not saved yet ("" for none),
 * since a draft cannot keep the files themselves.
 */
export const seoFormSchema = landingMetaSchema.extend({
  /** The texts in the landing's other language, each as long as its own may be ("" for none). */
  translations: z.object(LANDING_TEXT_SCHEMAS),
  version: z.number().int(),
  favicon_file: z.string(),
  og_image_file: z.string(),
});
export type SeoFormInput = z.input<typeof seoFormSchema>;
export type SeoFormOutput = z.output<typeof seoFormSchema>;

/** The fields an API error may name, in the landing's own language. */
export const SEO_FIELDS = [
  "meta_title",
  "meta_description",
  "meta_keywords",
  "og_title",
  "og_description",
  "robots",
  "canonical_url",
] as const;

/** The form's values for the landing as stored. */
export const seoFormValues = (landing: Landing): SeoFormInput => ({
  translations: otherTexts(landing),
  meta_title: landing.meta_title,
  meta_description: landing.meta_description,
  meta_keywords: landing.meta_keywords,
  og_title: landing.og_title,
  og_description: landing.og_description,
  robots: normalizeRobots(landing.robots) ?? "index, follow",
  canonical_url: landing.canonical_url,
  version: landing.version,
  favicon_file: "",
  og_image_file: "",
});

/** The SEO texts the owner wrote in the landing's other language, "" where none. */
function otherTexts(landing: Landing): Record<LandingTextField, string> {
  const written = landing.translations[otherLanguage(landing.default_language)] ?? {};
  return Object.fromEntries(LANDING_TEXT_FIELDS.map((field) => [field, written[field] ?? ""])) as Record<
    LandingTextField,
    string
  >;
}

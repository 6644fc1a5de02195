import { z } from "zod";
import { isLanguage, LANGUAGES, type Language } from "./languages";
import type { ApiMessageKey } from "./messages";

const m = (key: ApiMessageKey) => key;

/**
 * What an owner writes in both languages (PRODUCT §7): the stored column holds the text in the
 * landing's default language, `translations` the same texts in the other language, by language and
 * field. A text left empty in one language shows the other.
 */
export type Translations<F extends string = string> = Partial<Record<Language, Partial<Record<F, string>>>>;

/** The language that is not `language`: the one a translation is written in. */
export function otherLanguage(language: string): Language {
  return language === "en" ? "es" : "en";
}

/** The text to show in `language`, and the language it is in: the stored text is in `stored`. */
function pick<F extends string>(
  text: string,
  translations: Translations<F> | null | undefined,
  field: F,
  language: Language,
  stored: Language,
): [string, Language] {
  const own = translations?.[language]?.[field];
  if (own) return [own, language];
  if (text) return [text, stored];
  // The stored text is empty: any language that has one.
  for (const other of LANGUAGES) {
    const found = translations?.[other]?.[field];
    if (found) return [found, other];
  }
  return ["", language];
}

/** The text to show in `language`: its translation when written, else the text as stored. */
export function translated<F extends string>(
  text: string,
  translations: Translations<F> | null | undefined,
  field: F,
  language: Language,
): string {
  return pick(text, translations, field, language, language)[0];
}

/**
 * Of a visitor's answer, the owner's texts shown in another language than the page's (left
 * untranslated), by field: the page marks them with `lang`, so a screen reader reads them in theirs.
 */
export const untranslatedSchema = z.record(z.string(), z.enum(LANGUAGES)).optional();
export type Untranslated<F extends string> = Partial<Record<F, Language>>;

/**
 * Each of `texts` as `translated` shows it in `language`, with `untranslated`: the fields shown in
 * another language (the stored texts are in `stored`, the landing's default), left out when none is.
 */
export function textsIn<F extends string>(
  texts: Record<F, string>,
  translations: Translations<F> | null | undefined,
  language: Language,
  stored: Language,
): Record<F, string> & { untranslated?: Untranslated<F> } {
  const shown = {} as Record<F, string>;
  let untranslated: Untranslated<F> | undefined;
  for (const field of Object.keys(texts) as F[]) {
    const [text, written] = pick(texts[field], translations, field, language, stored);
    shown[field] = text;
    if (written !== language) untranslated = { ...untranslated, [field]: written };
  }
  return untranslated ? { ...shown, untranslated } : shown;
}

/** The text in every language, each as `translated` gives it: what a record keeps of how it read when made. */
export function inEveryLanguage<F extends string>(
  text: string,
  translations: Translations<F> | null | undefined,
  field: F,
): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, translated(text, translations, field, language)]),
  ) as Record<Language, string>;
}

/**
 * The schema of `translations` for a set of fields, each checked as its own field is. Empty texts
 * are dropped, so `{}` clears them; only the other language than the landing's is kept, by the
 * service (it knows the landing).
 */
export function translationsSchema<F extends string>(fields: Record<F, z.ZodType<string, string>>) {
  const texts = z
    .strictObject(
      Object.fromEntries(
        Object.entries(fields).map(([name, schema]) => [
          name,
          // Left empty is not written: checked only when there is a text.
          z.preprocess(
            (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
            (schema as z.ZodType).optional(),
          ),
        ]),
      ),
      m("translationsInvalid"),
    )
    .optional();
  return z
    .strictObject({ es: texts, en: texts }, m("translationsInvalid"))
    .transform((input) => withoutEmpty(input as Translations<F>));
}

/** The same, sent as JSON text in a multipart form field or as an object in JSON. */
export function translationsFieldSchema<F extends string>(fields: Record<F, z.ZodType<string, string>>) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown())], m("translationsInvalid"))
    .transform((value, ctx) => {
      if (typeof value !== "string") return value as unknown;
      try {
        return JSON.parse(value === "" ? "{}" : value) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: m("translationsInvalid") });
        return z.NEVER;
      }
    })
    .pipe(translationsSchema(fields));
}

/** The answer's shape: by language, by field. */
export const translationsViewSchema = z.object({
  es: z.record(z.string(), z.string()).optional(),
  en: z.record(z.string(), z.string()).optional(),
});

/** Only the texts written, only in languages other than `defaultLanguage` (that one is the column). */
export function storedTranslations<F extends string>(
  translations: Translations<F> | undefined,
  defaultLanguage: string,
): Translations<F> {
  const kept: Translations<F> = {};
  for (const language of LANGUAGES) {
    if (language === defaultLanguage) continue;
    const texts = translations?.[language];
    if (texts && Object.keys(texts).length > 0) kept[language] = texts;
  }
  return withoutEmpty(kept);
}

/**
 * `item` as stored: its `translations` only in languages other than `defaultLanguage`, and no key
 * when none is left (a closure's note, a question, a season's name, a transfer's instructions).
 */
export function withOwnTranslations<T extends { translations?: Translations }>(
  { translations, ...item }: T,
  defaultLanguage: string,
): Omit<T, "translations"> & { translations?: Translations } {
  const kept = storedTranslations(translations, defaultLanguage);
  return Object.keys(kept).length > 0 ? { ...item, translations: kept } : item;
}

/**
 * The landing's default language changes from `from` to `to`: each text written in `to` becomes
 * the stored text and the stored one its `from` translation, so no page changes what it shows. A
 * text never translated stays as it is, the landing's text in both languages.
 */
export function switchedLanguage<F extends string>(
  texts: Record<F, string>,
  translations: Translations<F> | null | undefined,
  from: string,
  to: string,
): { texts: Record<F, string>; translations: Translations<F> } {
  if (from === to || !isLanguage(from) || !isLanguage(to)) return { texts, translations: translations ?? {} };
  const next = { ...texts };
  const written = { ...(translations?.[to] ?? {}) } as Partial<Record<F, string>>;
  const previous: Partial<Record<F, string>> = { ...(translations?.[from] ?? {}) };
  for (const field of Object.keys(texts) as F[]) {
    const translation = written[field];
    if (!translation) continue;
    previous[field] = texts[field];
    next[field] = translation;
    delete written[field];
  }
  return { texts: next, translations: withoutEmpty({ [from]: previous } as Translations<F>) };
}

function withoutEmpty<F extends string>(translations: Translations<F>): Translations<F> {
  const kept: Translations<F> = {};
  for (const language of LANGUAGES) {
    const texts = Object.entries(translations[language] ?? {}).filter(
      (entry): entry is [F, string] => typeof entry[1] === "string" && entry[1] !== "",
    );
    if (texts.length > 0) kept[language] = Object.fromEntries(texts) as Partial<Record<F, string>>;
  }
  return kept;
}

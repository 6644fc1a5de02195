export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const OWNER_DEFAULT_LANGUAGE: Language = "es";

export function isLanguage(value: unknown): value is Language {
  return value === "es" || value === "en";
}

/** Picks es or en from an Accept-Language header; English is the fallback (SPEC §1). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  for (const part of header.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(tag)) return tag;
  }
  return FALLBACK_LANGUAGE;
}

/** `value` when it is es or en, else `fallback`. */
export function languageOr(value: unknown, fallback: Language): Language {
  return isLanguage(value) ? value : fallback;
}

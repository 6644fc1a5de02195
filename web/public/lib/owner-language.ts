import type { PublicPageData } from "../types";

/**
 * The language of what the owner writes and cannot translate (a special feature's name and
 * description), when it is not the page's: it is the landing's own, and `lang` says so to a screen
 * reader. What the owner can translate says its own language (`untranslated` in the answer).
 */
export const ownerWrittenLang = (data: PublicPageData) =>
  data.landing.default_language !== data.language ? data.landing.default_language : undefined;

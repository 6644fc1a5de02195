import { FALLBACK_LANGUAGE, isLanguage, type Language, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

/** localStorage key of the owner's language choice (SPEC §3). */
export const LANGUAGE_STORAGE_KEY = "nelly.lang";

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language the dashboard shows: the owner's remembered choice, else Spanish (PRODUCT §8). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : OWNER_DEFAULT_LANGUAGE;
}

/** Each language's catalogs, a chunk of their own: the first screen carries one language only. */
const catalogs: Record<Language, () => Promise<{ default: Record<string, object> }>> = {
  es: () => import("./catalog.es"),
  en: () => import("./catalog.en"),
};

async function loadCatalog(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const { default: catalog } = await catalogs[language]();
  for (const [namespace, resources] of Object.entries(catalog)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
}

/**
 * Switches once the language's strings have arrived, so no screen shows raw keys meanwhile; when
 * they cannot arrive (offline), the dashboard stays in its language and the next click tries again.
 */
export function changeLanguage(language: Language) {
  loadCatalog(language).then(
    () => i18n.changeLanguage(language),
    () => undefined,
  );
}

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full quota: the choice simply lasts for this visit.
  }
});

// The "api" namespace holds the messages the server also sends: zod messages in domain/ are its keys.
// "landings" (landings, designer, trash), "fleet" (vehicles, features, locations) and "reservations"
// are per feature, as are "planner" (the fleet planner), "desk" (manual bookings), "insights" (the
// home page's figures, charts and visits) and "live" (the calendar feed and live updates).
const firstLanguage = storedLanguage() ?? OWNER_DEFAULT_LANGUAGE;

/** Settles once the owner's language is ready to show; the dashboard renders after it (main.tsx). */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: firstLanguage,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ["es", "en"],
    defaultNS: "translation",
    ns: ["translation", "api", "landings", "fleet", "reservations", "planner", "insights", "desk"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadCatalog(firstLanguage);
})();

export default i18n;

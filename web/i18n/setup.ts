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

/**
 * The dashboard's strings, one file per namespace and language: a screen downloads only the
 * namespaces it shows, in the owner's language (the other on a switch). "translation" is a chunk of
 * its own, "api" another, and the owner pages' namespaces a third, since they load together.
 * "translation" holds what every screen shares (sign-in, shell, titles, errors); "api" the messages
 * the server also sends (zod messages in domain/ are its keys); the rest are per feature:
 * "landings" (landings, designer, trash), "fleet" (vehicles, features, locations), "reservations",
 * "customers", "planner" (the fleet planner), "desk" (manual bookings), "insights" (the home page's
 * figures, charts and visits) and "live" (the calendar feed and live updates).
 */
export type Namespace =
  | "translation"
  | "api"
  | "customers"
  | "desk"
  | "fleet"
  | "insights"
  | "landings"
  | "live"
  | "planner"
  | "reservations";

/** What the signed-in pages show besides "translation": loaded by the shell's route (owner/router.tsx). */
export const OWNER_NAMESPACES: readonly Namespace[] = [
  "api",
  "customers",
  "desk",
  "fleet",
  "insights",
  "landings",
  "live",
  "planner",
  "reservations",
];

/** The owner pages' namespaces of each language, one chunk (they load together, see OWNER_NAMESPACES). */
const ownerCatalogs = {
  es: () => import("./owner.es"),
  en: () => import("./owner.en"),
};

function importBundle(language: Language, namespace: Namespace): Promise<object> {
  if (namespace === "translation")
    return import(`./translation.${language}.json`).then((module: { default: object }) => module.default);
  // Both languages of these live in one module, which the server shares (domain/messages.ts).
  if (namespace === "api") return import("@domain/messages").then((module) => module.apiMessages[language]);
  return ownerCatalogs[language]().then((module) => module.default[namespace]);
}

/**
 * Every namespace a screen has asked for so far: a language switch brings all of them first.
 * Loaded by hand rather than through an i18next backend: i18next switches even when a load fails,
 * and would fetch the fallback language too; here a failed load leaves everything as it was.
 */
const wanted = new Set<Namespace>(["translation"]);

async function loadBundles(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(
    namespaces
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        i18n.addResourceBundle(language, namespace, await importBundle(language, namespace), true, true);
      }),
  );
}

/** Settles once `namespaces` are there in the dashboard's language; rejects when they cannot arrive. */
export function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  return loadBundles(currentLanguage(), namespaces);
}

/** Every namespace asked for, in `language`, those a screen asked for while they loaded included. */
async function loadLanguage(language: Language): Promise<void> {
  let asked: Namespace[] = [];
  while (asked.length < wanted.size) {
    asked = [...wanted];
    await loadBundles(language, asked);
  }
}

/** How a switch ended: shown, overtaken by a later one before its strings arrived, or they could not arrive. */
export type LanguageSwitchResult = "switched" | "overtaken" | "unreachable";

/** Counts the switches asked for: only the last one asked switches, whichever strings arrive last. */
let switchesAsked = 0;

/**
 * Switches once the language's strings have arrived, every namespace already shown included, so no
 * screen shows raw keys meanwhile; when they cannot arrive (offline), the dashboard stays in its
 * language and the next click tries again. A switch asked for meanwhile wins, even when its own
 * strings arrived first: the owner's last press is the language they chose.
 */
export async function changeLanguage(language: Language): Promise<LanguageSwitchResult> {
  const asked = ++switchesAsked;
  try {
    await loadLanguage(language);
  } catch {
    return asked === switchesAsked ? "unreachable" : "overtaken";
  }
  if (asked !== switchesAsked) return "overtaken";
  await i18n.changeLanguage(language);
  return "switched";
}

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full quota: the choice simply lasts for this visit.
  }
});

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
    ns: ["translation"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(firstLanguage);
})();

export default i18n;

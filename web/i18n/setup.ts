import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, isLanguage, type Language, OWNER_DEFAULT_LANGUAGE } from "../../domain/languages";
import { apiMessages } from "../../domain/messages";
import deskEn from "./desk.en.json";
import deskEs from "./desk.es.json";
import en from "./en.json";
import es from "./es.json";
import fleetEn from "./fleet.en.json";
import fleetEs from "./fleet.es.json";
import insightsEn from "./insights.en.json";
import insightsEs from "./insights.es.json";
import landingsEn from "./landings.en.json";
import landingsEs from "./landings.es.json";
import liveEn from "./live.en.json";
import liveEs from "./live.es.json";
import plannerEn from "./planner.en.json";
import plannerEs from "./planner.es.json";
import reservationsEn from "./reservations.en.json";
import reservationsEs from "./reservations.es.json";

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

export function changeLanguage(language: Language) {
  void i18n.changeLanguage(language);
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
void i18n.use(initReactI18next).init({
  resources: {
    es: {
      translation: es,
      api: apiMessages.es,
      landings: landingsEs,
      fleet: fleetEs,
      reservations: reservationsEs,
      planner: plannerEs,
      insights: insightsEs,
      desk: deskEs,
      live: liveEs,
    },
    en: {
      translation: en,
      api: apiMessages.en,
      landings: landingsEn,
      fleet: fleetEn,
      reservations: reservationsEn,
      planner: plannerEn,
      insights: insightsEn,
      desk: deskEn,
      live: liveEn,
    },
  },
  lng: storedLanguage() ?? OWNER_DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: ["es", "en"],
  defaultNS: "translation",
  ns: ["translation", "api", "landings", "fleet", "reservations", "planner", "insights", "desk"],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export default i18n;

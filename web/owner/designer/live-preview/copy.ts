import type { Language } from "@domain/languages";
import { dictionary } from "@web/public/i18n";

/**
 * What the live preview's header and hero say, in the landing's own language (SPEC §1: public
 * pages are localized by the landing's default language), as the public site says it
 * (web/public/i18n, whose menu and steps it takes as they are).
 */
export const LANDING_COPY = {
  es: {
    nav: dictionary("es").nav,
    how: dictionary("es").home.how,
    hero: {
      eyebrow: "Alquiler de vehículos",
      title: "Alquila tu vehículo con {{name}}",
      body: "Elige dónde recogerlo, compara nuestra flota y reserva en minutos con un precio claro, sin sorpresas.",
    },
    search: {
      title: "Busca tu vehículo",
      pickup: "Lugar de recogida",
      dropoff: "Lugar de devolución",
      pickupDate: "Recogida",
      returnDate: "Devolución",
      people: "Personas",
      choosePlace: "Elige un lugar",
      samePlace: "El mismo lugar",
      date: "dd-mm-aaaa",
      time: "10:00",
      submit: "Buscar vehículos",
    },
  },
  en: {
    nav: dictionary("en").nav,
    how: dictionary("en").home.how,
    hero: {
      eyebrow: "Vehicle rental",
      title: "Rent your vehicle with {{name}}",
      body: "Choose where to pick it up, compare our fleet and book in minutes at a clear price, with no surprises.",
    },
    search: {
      title: "Find your vehicle",
      pickup: "Pickup location",
      dropoff: "Return location",
      pickupDate: "Pickup",
      returnDate: "Return",
      people: "Passengers",
      choosePlace: "Choose a place",
      samePlace: "Same place",
      date: "mm/dd/yyyy",
      time: "10 AM",
      submit: "Search vehicles",
    },
  },
} as const;

export type LandingCopy = (typeof LANDING_COPY)[Language];

export function landingLanguage(value: string | null | undefined): Language {
  return value === "en" ? "en" : "es";
}

import type { Language } from "../../../../domain/languages";

/**
 * What a visitor reads on a landing, in the landing's own language (SPEC §1: public pages are
 * localized by the landing's default language). Kept beside the visitor-facing components so
 * the public site can reuse them without the dashboard's translations.
 */
export const LANDING_COPY = {
  es: {
    nav: { vehicles: "Vehículos", faq: "Preguntas frecuentes", book: "Reservar" },
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
    vehicles: {
      title: "Nuestros vehículos",
      body: "Una selección de nuestra flota. Precios por día, con impuestos calculados al reservar.",
      people_one: "{{count}} persona",
      people_other: "{{count}} personas",
      bags_one: "{{count}} maleta",
      bags_other: "{{count}} maletas",
      perDay: "por día",
      book: "Reservar",
      empty: "Muy pronto verás aquí nuestra flota.",
      seeAll: "Ver todos los vehículos",
    },
    how: {
      title: "Cómo funciona",
      steps: [
        { title: "Elige lugar y fechas", body: "Indica dónde y cuándo recoges el vehículo y cuándo lo devuelves." },
        {
          title: "Escoge tu vehículo",
          body: "Compara plazas, equipaje y precio por día, y añade los extras que quieras.",
        },
        { title: "Reserva en minutos", body: "Revisa el total, deja tus datos y recibe la confirmación por correo." },
      ],
    },
    footer: { rights: "Todos los derechos reservados.", poweredBy: "Reservas con Nelly" },
  },
  en: {
    nav: { vehicles: "Vehicles", faq: "FAQ", book: "Book now" },
    hero: {
      eyebrow: "Vehicle rental",
      title: "Rent your car with {{name}}",
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
    vehicles: {
      title: "Our vehicles",
      body: "A selection of our fleet. Prices per day, with taxes worked out when you book.",
      people_one: "{{count}} passenger",
      people_other: "{{count}} passengers",
      bags_one: "{{count}} bag",
      bags_other: "{{count}} bags",
      perDay: "per day",
      book: "Book",
      empty: "Our fleet will be shown here very soon.",
      seeAll: "See all vehicles",
    },
    how: {
      title: "How it works",
      steps: [
        {
          title: "Choose place and dates",
          body: "Tell us where and when you pick the vehicle up, and when you return it.",
        },
        { title: "Pick your vehicle", body: "Compare seats, luggage and price per day, and add the extras you want." },
        { title: "Book in minutes", body: "Check the total, leave your details and get the confirmation by email." },
      ],
    },
    footer: { rights: "All rights reserved.", poweredBy: "Bookings by Nelly" },
  },
} as const;

export type LandingCopy = (typeof LANDING_COPY)[Language];

export function landingLanguage(value: string | null | undefined): Language {
  return value === "en" ? "en" : "es";
}

/** Fills {{name}}-style slots. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

export function plural(language: Language, one: string, other: string, count: number): string {
  const form = new Intl.PluralRules(language).select(count) === "one" ? one : other;
  return fill(form, { count });
}

/** Money in the landing's currency and language, e.g. "US$45.00" or "45,00 US$". */
export function formatMoney(amount: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

import type { Language } from "./languages";

/**
 * The messages of the rental rules (issue 10): the server answers them, and the public pages show
 * the same words before a visitor books. Kept apart from the rest of the catalogue
 * (`messages.ts`, which includes them) so the public site's bundle carries only these.
 */
export const ruleMessages = {
  es: {
    ruleMinDays: "Mínimo {{min}} días de alquiler.",
    ruleMaxDays: "Máximo {{max}} días de alquiler.",
    ruleLeadTime: "Las recogidas se reservan con al menos {{hours}} horas de antelación.",
    ruleHorizon: "Solo se aceptan reservas con hasta {{months}} meses de antelación.",
    closedOnDate: "No hay recogidas ni devoluciones ese día.",
    closedOnDateNote: "No hay recogidas ni devoluciones ese día ({{note}}).",
    closedOnDay0: "Cerrado los domingos ({{place}}).",
    closedOnDay1: "Cerrado los lunes ({{place}}).",
    closedOnDay2: "Cerrado los martes ({{place}}).",
    closedOnDay3: "Cerrado los miércoles ({{place}}).",
    closedOnDay4: "Cerrado los jueves ({{place}}).",
    closedOnDay5: "Cerrado los viernes ({{place}}).",
    closedOnDay6: "Cerrado los sábados ({{place}}).",
    outsideHours: "{{place}} atiende de {{open}} a {{close}} ese día.",
    driverBirthDateRequired: "Indica la fecha de nacimiento del conductor.",
    driverTooYoung: "El conductor debe tener al menos {{age}} años.",
    unavailableDates: "No disponible en esas fechas.",
    dateInvalid: "Introduce una fecha válida.",
    pickupNotOffered: "No hay recogidas en {{place}}. Elige un lugar de recogida de la lista.",
    pairNotOffered: "No se ofrece recoger en {{pickup}} y devolver en {{dropoff}}.",
  },
  en: {
    ruleMinDays: "Minimum {{min}} rental days.",
    ruleMaxDays: "Maximum {{max}} rental days.",
    ruleLeadTime: "Pickups must be booked at least {{hours}} hours ahead.",
    ruleHorizon: "Bookings open up to {{months}} months ahead.",
    closedOnDate: "No pickups or returns on that day.",
    closedOnDateNote: "No pickups or returns on that day ({{note}}).",
    closedOnDay0: "Closed on Sundays ({{place}}).",
    closedOnDay1: "Closed on Mondays ({{place}}).",
    closedOnDay2: "Closed on Tuesdays ({{place}}).",
    closedOnDay3: "Closed on Wednesdays ({{place}}).",
    closedOnDay4: "Closed on Thursdays ({{place}}).",
    closedOnDay5: "Closed on Fridays ({{place}}).",
    closedOnDay6: "Closed on Saturdays ({{place}}).",
    outsideHours: "{{place}} is open from {{open}} to {{close}} that day.",
    driverBirthDateRequired: "Enter the driver's date of birth.",
    driverTooYoung: "The driver must be at least {{age}} years old.",
    unavailableDates: "Not available on those dates.",
    dateInvalid: "Enter a valid date.",
    pickupNotOffered: "There are no pickups at {{place}}. Choose a pickup place from the list.",
    pairNotOffered: "Picking up at {{pickup}} and returning at {{dropoff}} is not offered.",
  },
} as const satisfies Record<Language, Record<string, string>>;

export type RuleMessageKey = keyof (typeof ruleMessages)["en"];

/** A template with its {{name}} placeholders filled. */
export const fillTemplate = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));

/** A rule's message in `language` (English when missing). */
export const translateRule = (language: Language, key: RuleMessageKey, params: Record<string, string | number> = {}) =>
  fillTemplate(ruleMessages[language][key] ?? ruleMessages.en[key], params);

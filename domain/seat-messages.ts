import type { Language } from "./languages";

/**
 * More people than a vehicle carries: the server refuses such a booking with it, and the public
 * vehicle, extras and review pages say it first. Apart from the rules' messages, which every
 * public page loads, so the vehicle list's scripts do not carry it (issue 29's weights).
 */
export const seatMessages = {
  es: { tooManyPeople: "Este vehículo admite como máximo {{max}} personas." },
  en: { tooManyPeople: "This vehicle takes at most {{max}} people." },
} as const satisfies Record<Language, Record<string, string>>;

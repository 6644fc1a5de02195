import type { Contact } from "./contact";

/**
 * What the visitor's tab remembers between pages (session storage: gone when the tab closes, and
 * never in a URL, so never in a log or a shared link): the contact details typed on the review page
 * until the reservation is made (issue 24.4), the reservation made from a review, so that
 * coming back to it shows the booking instead of an empty form to submit again (issue 24.7), and
 * a booking whose payment page could not be opened as it was made (issue 27). Beside them, what
 * all of a landing's tabs share (local storage): the keys of the attempts at a booking
 * (booking-attempt.ts), which hold no personal data.
 * Storage can be full or refused (private modes): then nothing is remembered, and nothing breaks.
 */

const contactKey = (landing: string) => `nelly.contact.${landing}`;
const bookedKey = (landing: string) => `nelly.booked.${landing}`;
const unopenedKey = (reference: string) => `nelly.payment-unopened.${reference}`;
const attemptsKey = (landing: string) => `nelly.attempts.${landing}`;
const extrasKey = (landing: string) => `nelly.extras.${landing}`;

type Kind = "sessionStorage" | "localStorage";

function read<T>(key: string, kind: Kind = "sessionStorage"): T | null {
  try {
    const text = window[kind].getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown, kind: Kind = "sessionStorage") {
  try {
    if (value === null) window[kind].removeItem(key);
    else window[kind].setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused: the form still works, it only forgets on reload.
  }
}

/**
 * The extras last chosen for a vehicle on a trip (`addons` as the URL writes them, `trip` its dates):
 * the extras page changes its own address as they change, so the browser's Back to the vehicle and
 * its Select again would open it with none (a walk's finding). Forgotten once the booking is made:
 * a new trip starts with none.
 */
type Extras = { vehicle: number; trip: string; addons: string };
export const rememberedExtras = (landing: string) => read<Extras>(extrasKey(landing));
export const rememberExtras = (landing: string, extras: Extras | null) => write(extrasKey(landing), extras);

export const rememberedContact = (landing: string) => read<Partial<Contact>>(contactKey(landing));
export const rememberContact = (landing: string, contact: Contact | null) => write(contactKey(landing), contact);

/**
 * A reservation made from a review: which booking it was (its request), where to see it, and who
 * booked it, so "Hacer otra reserva igual" starts with the same person's details.
 */
export type Booked = {
  request: string;
  reference: string;
  href: string;
  contact?: Contact;
  /** The fingerprint of the attempt that made it (booking-attempt.ts), forgotten to book it again. */
  attempt?: string | null;
};

export const bookedFromReview = (landing: string) => read<Booked>(bookedKey(landing));
export const rememberBooked = (landing: string, booked: Booked | null) => write(bookedKey(landing), booked);

/**
 * A booking made while its payment page could not be opened (the provider did not answer): the
 * booking's own page, where it then lands, says so once, beside the button to try again.
 */
export const rememberPaymentUnopened = (reference: string) => write(unopenedKey(reference), true);

/** Whether the booking's payment page could not be opened as it was made; forgotten once asked. */
export function takePaymentUnopened(reference: string): boolean {
  const unopened = read<boolean>(unopenedKey(reference)) === true;
  if (unopened) write(unopenedKey(reference), null);
  return unopened;
}

/** The attempts at a booking sent from a landing's tabs, by their request's fingerprint (booking-attempt.ts). */
export type Attempts = Record<string, { key: string; until: number }>;

export const rememberedAttempts = (landing: string) => read<Attempts>(attemptsKey(landing), "localStorage") ?? {};
export const rememberAttempts = (landing: string, attempts: Attempts) =>
  write(attemptsKey(landing), Object.keys(attempts).length > 0 ? attempts : null, "localStorage");

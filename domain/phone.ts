/**
 * What a phone number must look like wherever one is typed: the booking form (site and desk), the
 * owner's settings and a landing's contact phone and WhatsApp. Digits with the separators people
 * write ("+1 (809) 555-0101", "809.555.0101"), a "+" only at the start, and at least
 * `PHONE_MIN_DIGITS` digits: fewer is a placeholder ("1", "123", "-") that reaches nobody, the same
 * threshold under which bookings are not matched on their phone (`phoneKey` in customers.ts).
 */
export const PHONE_MIN_DIGITS = 6;

const PHONE_CHARACTERS = /^\+?[0-9()\-.\s]+$/;

/** Whether `text` (trimmed) is a phone number as above. */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  return PHONE_CHARACTERS.test(phone) && phone.replace(/\D/g, "").length >= PHONE_MIN_DIGITS;
}

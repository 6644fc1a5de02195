import type { z } from "zod";

/**
 * What a phone number must look like wherever one is typed: the booking form (site and desk), the
 * owner's settings and a landing's contact phone and WhatsApp. Digits with the separators people
 * write ("+1 (809) 555-0101", "809.555.0101"), a "+" only at the start, and at least
 * `PHONE_MIN_DIGITS` digits: fewer is a placeholder ("1", "123", "-") that reaches nobody, the same
 * threshold under which bookings are not matched on their phone (`phoneKey` in customers.ts).
 */
export const PHONE_MIN_DIGITS = 6;
/**
 * More digits than any phone: E.164's 15 with the country code, and the international prefix some
 * people dial before it ("00", "011"). A key held down or two numbers in one field are refused.
 */
export const PHONE_MAX_DIGITS = 18;

const PHONE_CHARACTERS = /^\+?[0-9()\-.\s]+$/;
/**
 * A character no phone is written with: a letter of any script, "/", "#", "*"…, or a "+" after the
 * number's start ("++1 809…", "809+555…").
 */
const NOT_OF_A_PHONE = /[^0-9()\-.\s+]|.\+/;

/** Whether `text` (trimmed) is a phone number as above, of 6 to 18 digits. */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  const digits = phone.replace(/\D/g, "").length;
  return PHONE_CHARACTERS.test(phone) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * Why `text` (trimmed) is not a phone number, as a key of messages.ts, or null when it is one. A phone
 * with a character no phone has ("(809) 555-1234 ext. 12", "809-CALL-NOW", "809/555/0101") has its
 * own message: it may well have enough digits, and being told it needs at least 6 misleads.
 */
export function phoneProblem(text: string): "phoneCharacters" | "phoneInvalid" | null {
  if (NOT_OF_A_PHONE.test(text.trim())) return "phoneCharacters";
  return isPhoneNumber(text) ? null : "phoneInvalid";
}

/** The schemas' check of a phone field (`superRefine`): its problem, if any, as the field's message. */
export function refinePhone(text: string, ctx: z.RefinementCtx) {
  const problem = phoneProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}

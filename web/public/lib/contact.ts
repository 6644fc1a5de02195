import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from "@domain/limits";
import { phoneProblem } from "@domain/phone";
import { isBirthDate } from "@domain/rental-time";
import { textLength } from "@domain/text-length";
import { regexes } from "zod/v4/core";

/**
 * The contact form of the review page (SPEC §5): name, last name, email, phone, the driver's date
 * of birth when an age rule asks for it (issue 10), comment, terms.
 */
export type Contact = {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  /** yyyy-mm-dd, or "" when not given (or not asked). */
  driver_birth_date: string;
  description: string;
  terms_accepted: boolean;
};

export type ContactField = keyof Contact;
export type ContactProblem =
  | { key: "required" }
  | { key: "email" }
  | { key: "phone" }
  | { key: "phoneCharacters" }
  | { key: "terms" }
  | { key: "date" }
  | { key: "tooLong"; max: number };
export type ContactErrors = Partial<Record<ContactField, ContactProblem>>;

/** The comment's limit, as the server's schema has it. */
export const COMMENT_MAX = 1000;
/**
 * The server's own test of an email (`z.email` in domain/reservations.ts): an address it would
 * refuse, such as one with an accent ("josé@…"), is said here as it is typed, not after sending.
 */
const EMAIL = regexes.email;

export { isBirthDate };

/** Each text field's limit, as the server's schema has it. */
const TEXT_MAX = { name: NAME_MAX, last_name: NAME_MAX, email: EMAIL_MAX, phone: PHONE_MAX, description: COMMENT_MAX };

/**
 * A text over its field's limit, checked as it is typed too: a long paste is said under its field
 * at once, not only after "Book now" (a walk pasted a 1,000-character name and saw nothing).
 */
export function lengthProblem(field: ContactField, value: string | boolean): ContactProblem | undefined {
  if (!(field in TEXT_MAX) || typeof value !== "string") return undefined;
  const max = TEXT_MAX[field as keyof typeof TEXT_MAX];
  return textLength(value.trim()) > max ? { key: "tooLong", max } : undefined;
}

export const EMPTY_CONTACT: Contact = {
  name: "",
  last_name: "",
  email: "",
  phone: "",
  driver_birth_date: "",
  description: "",
  terms_accepted: false,
};

/**
 * The same rules as the server's schema, so most mistakes are shown before anything is sent. The
 * date of birth is required only when `askBirth` (an age limit or a young-driver fee), and must be
 * a real date before `today`.
 */
export function validateContact(contact: Contact, askBirth = false, today = ""): ContactErrors {
  const errors: ContactErrors = {};
  const text = (field: "name" | "last_name" | "email" | "phone") => {
    const value = contact[field].trim();
    errors[field] = value === "" ? { key: "required" } : lengthProblem(field, value);
    return value;
  };
  text("name");
  text("last_name");
  const email = text("email");
  if (!errors.email && !EMAIL.test(email)) errors.email = { key: "email" };
  const phone = text("phone");
  const phoneWrong = errors.phone ? null : phoneProblem(phone);
  if (phoneWrong) errors.phone = { key: phoneWrong === "phoneCharacters" ? "phoneCharacters" : "phone" };
  if (askBirth) {
    const birth = contact.driver_birth_date.trim();
    if (birth === "") errors.driver_birth_date = { key: "required" };
    else if (!isBirthDate(birth) || (today !== "" && birth >= today)) errors.driver_birth_date = { key: "date" };
  }
  errors.description = lengthProblem("description", contact.description);
  if (!contact.terms_accepted) errors.terms_accepted = { key: "terms" };
  return errors;
}

export const CONTACT_FIELDS: ContactField[] = [
  "name",
  "last_name",
  "email",
  "phone",
  "driver_birth_date",
  "description",
  "terms_accepted",
];

/** The server's 422 `errors` ({ field: [message] }) keyed by the form's fields; others under "form". */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): {
  fields: Partial<Record<ContactField, string>>;
  other: string[];
} {
  const fields: Partial<Record<ContactField, string>> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if ((CONTACT_FIELDS as string[]).includes(field)) fields[field as ContactField] = message;
    else other.push(message);
  }
  return { fields, other };
}

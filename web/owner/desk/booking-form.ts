import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import { addDays, toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { manualReservationCreateSchema, PRICE_REASON_MIN } from "@domain/reservations";
import type { Vehicle } from "@domain/vehicles";
import { ApiError } from "@web/lib/api";
import { amountInputText } from "@web/lib/format";
import type { FieldPath, UseFormSetError } from "react-hook-form";
import type { ManualBookingRequest, QuoteRequest } from "./api";

/** The dialog's fields as typed; numbers and the agreed price are read when sending. */
export type BookingFormValues = {
  landing_id: string;
  id_vehicle: string;
  place_of_departure: string;
  arrival_place: string;
  date_of_departure: string;
  time_of_departure: string;
  date_of_arrival: string;
  time_of_arrival: string;
  number_person: string;
  number_bag: string;
  driver_birth_date: string;
  name: string;
  last_name: string;
  phone: string;
  email: string;
  notify_customer: boolean;
  /** The language the customer's emails and page are written in; "": the landing's. */
  language: "" | Language;
  description: string;
  agreed_price: string;
  price_reason: string;
  /** The unit (car) to put the booking on, "1"...; "": any free one. */
  unit: string;
  /** Book against the owner's own rules for this customer (issue 25.13), with the reason. */
  skip_rules: boolean;
  rules_reason: string;
};

/** Chosen add-ons: id -> quantity (absent when not chosen). */
export type AddonChoices = Record<number, number>;

/** Today in the landing's zone as yyyy-mm-dd. */
export const todayIn = (timeZone: string) => toLocal(new Date(), timeZone).date;

export function emptyBooking(pickupDate: string): BookingFormValues {
  return {
    landing_id: "",
    id_vehicle: "",
    place_of_departure: "",
    arrival_place: "",
    date_of_departure: pickupDate,
    time_of_departure: "10:00",
    date_of_arrival: addDays(pickupDate, 1),
    time_of_arrival: "10:00",
    number_person: "1",
    number_bag: "0",
    driver_birth_date: "",
    name: "",
    last_name: "",
    phone: "",
    email: "",
    notify_customer: false,
    language: "",
    description: "",
    agreed_price: "",
    price_reason: "",
    unit: "",
    skip_rules: false,
    rules_reason: "",
  };
}

/**
 * A booking's own values, to change it (issue 25.21): its trip, people, driver, customer and agreed
 * price as the owner left them; the customer told of the change when they have an email.
 */
export function bookingValuesOf(reservation: Reservation, language: Language): BookingFormValues {
  return {
    ...emptyBooking(reservation.date_of_departure),
    landing_id: String(reservation.id_landing),
    id_vehicle: reservation.id_vehicle === null ? "" : String(reservation.id_vehicle),
    place_of_departure: reservation.place_of_departure,
    arrival_place: reservation.arrival_place,
    time_of_departure: reservation.time_of_departure,
    date_of_arrival: reservation.date_of_arrival,
    time_of_arrival: reservation.time_of_arrival,
    number_person: String(reservation.number_person),
    number_bag: String(reservation.number_bag),
    driver_birth_date: reservation.driver_birth_date ?? "",
    name: reservation.name,
    last_name: reservation.last_name,
    phone: reservation.phone,
    email: reservation.email,
    notify_customer: reservation.email !== "",
    language: reservation.language,
    description: reservation.description,
    agreed_price: reservation.price_override ? amountInputText(reservation.total_cents, language) : "",
    price_reason: reservation.price_override?.reason ?? "",
  };
}

/** A booking's add-ons as the dialog's choices (lines of add-ons since removed are left out). */
export const addonChoicesOf = (reservation: Reservation): AddonChoices =>
  Object.fromEntries(reservation.addons.flatMap((line) => (line.id === null ? [] : [[line.id, line.quantity]])));

const addonList = (addons: AddonChoices) =>
  Object.entries(addons).map(([id, quantity]) => ({ id: Number(id), quantity }));

/** What the quote needs, or null until the vehicle, places, dates and times are there. */
export function quoteRequest(values: BookingFormValues, addons: AddonChoices): QuoteRequest | null {
  const needed = [
    values.id_vehicle,
    values.place_of_departure,
    values.arrival_place,
    values.date_of_departure,
    values.time_of_departure,
    values.date_of_arrival,
    values.time_of_arrival,
  ];
  if (needed.some((value) => value.trim() === "")) return null;
  return {
    id_vehicle: Number(values.id_vehicle),
    place_of_departure: values.place_of_departure,
    arrival_place: values.arrival_place,
    date_of_departure: values.date_of_departure,
    time_of_departure: values.time_of_departure,
    date_of_arrival: values.date_of_arrival,
    time_of_arrival: values.time_of_arrival,
    addons: addonList(addons),
    ...(values.driver_birth_date ? { driver_birth_date: values.driver_birth_date } : {}),
  };
}

/** Why a typed agreed price is refused: too many digits is an amount too high, said as one. */
const AGREED_PRICE_PROBLEMS = {
  invalid: "priceInvalid",
  ambiguous: "priceAmbiguous",
  tooLarge: "agreedPriceTooHigh",
  subCent: "priceSubCent",
} as const;

/** A problem only the browser can see (the typed price), or a field the API would refuse. */
export type BookingProblem = { field: FieldPath<BookingFormValues>; key: string };

/**
 * The booking as the API takes it, and the agreed price's own problem, checked here because only
 * the browser sees the typed text: "priceInvalid", "priceAmbiguous", "priceSubCent", "agreedPriceTooHigh" or
 * "priceReasonRequired"
 * (the body then carries no agreed price). `skipRules`: the owner ticked "book outside my rules"
 * while some rule of theirs stops it.
 */
export function bookingRequest(
  values: BookingFormValues,
  addons: AddonChoices,
  skipRules: boolean,
): { body: ManualBookingRequest; problem: BookingProblem | null } {
  let override: ManualBookingRequest["price_override"] = null;
  let problem: BookingProblem | null = null;
  if (values.agreed_price.trim() !== "") {
    const parsed = parseMoney(values.agreed_price);
    if (parsed.ok) override = { total_cents: parsed.cents, reason: values.price_reason };
    else problem = { field: "agreed_price", key: AGREED_PRICE_PROBLEMS[parsed.reason] };
  } else if (values.price_reason.trim() !== "") {
    problem = { field: "agreed_price", key: "priceInvalid" };
  }
  if (!problem && skipRules && values.rules_reason.trim().length < PRICE_REASON_MIN) {
    problem = { field: "rules_reason", key: "rulesReasonRequired" };
  }
  return {
    body: {
      id_vehicle: Number(values.id_vehicle),
      place_of_departure: values.place_of_departure,
      arrival_place: values.arrival_place,
      date_of_departure: values.date_of_departure,
      time_of_departure: values.time_of_departure,
      date_of_arrival: values.date_of_arrival,
      time_of_arrival: values.time_of_arrival,
      addons: addonList(addons),
      number_person: values.number_person,
      number_bag: values.number_bag === "" ? 0 : values.number_bag,
      name: values.name,
      last_name: values.last_name,
      phone: values.phone,
      email: values.email,
      description: values.description,
      notify_customer: values.notify_customer,
      ...(values.language ? { language: values.language } : {}),
      ...(values.driver_birth_date ? { driver_birth_date: values.driver_birth_date } : {}),
      price_override: override,
      rules_override: skipRules ? { reason: values.rules_reason } : null,
      unit: values.unit === "" ? null : Number(values.unit),
    },
    problem,
  };
}

const FORM_FIELDS: readonly FieldPath<BookingFormValues>[] = [
  "id_vehicle",
  "place_of_departure",
  "arrival_place",
  "date_of_departure",
  "time_of_departure",
  "date_of_arrival",
  "time_of_arrival",
  "number_person",
  "number_bag",
  "driver_birth_date",
  "name",
  "last_name",
  "phone",
  "email",
  "notify_customer",
  "description",
  "unit",
];
const SERVER_ALIASES: Record<string, FieldPath<BookingFormValues>> = {
  "price_override.total_cents": "agreed_price",
  "price_override.reason": "price_reason",
  price_override: "agreed_price",
  "rules_override.reason": "rules_reason",
  rules_override: "rules_reason",
};

/**
 * The people and bags typed beyond what the chosen vehicle takes (the API refuses them at save):
 * said under the fields as they are typed, while the price beside them is still quoted.
 */
export function capacityProblems(
  values: Pick<BookingFormValues, "number_person" | "number_bag">,
  vehicle: Pick<Vehicle, "people" | "luggage"> | undefined,
): (BookingProblem & { max: number })[] {
  if (!vehicle) return [];
  const people = Number(values.number_person);
  const bags = Number(values.number_bag === "" ? 0 : values.number_bag);
  return [
    ...(Number.isInteger(people) && people > vehicle.people
      ? [{ field: "number_person" as const, key: "tooManyPeople", max: vehicle.people }]
      : []),
    ...(Number.isInteger(bags) && bags > vehicle.luggage
      ? [{ field: "number_bag" as const, key: "tooManyBags", max: vehicle.luggage }]
      : []),
  ];
}

/**
 * What the API would refuse in `body` by its fields, as its own schema says, in the form's order:
 * said beside a problem only the browser sees, so the owner fixes everything in one round rather
 * than the price first and the rest on the next save.
 */
export function fieldProblems(body: ManualBookingRequest): BookingProblem[] {
  const parsed = manualReservationCreateSchema.safeParse(body);
  if (parsed.success) return [];
  const problems = new Map<FieldPath<BookingFormValues>, string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".");
    const field = SERVER_ALIASES[key] ?? FORM_FIELDS.find((name) => name === issue.path[0]);
    if (field && !problems.has(field)) problems.set(field, issue.message);
  }
  return FORM_FIELDS.flatMap((field) => {
    const key = problems.get(field);
    return key ? [{ field, key }] : [];
  });
}

/**
 * A 422's messages under their fields (the first focused). Messages no field shows (an add-on's)
 * are returned, to be said above the buttons.
 */
export function placeServerErrors(error: unknown, setError: UseFormSetError<BookingFormValues>): string[] {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return [];
  const unplaced: string[] = [];
  let focused = false;
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = SERVER_ALIASES[key] ?? FORM_FIELDS.find((name) => name === key);
    const [message] = messages;
    if (!message) continue;
    if (!field) {
      unplaced.push(message);
      continue;
    }
    setError(field, { type: "server", message }, { shouldFocus: !focused });
    focused = true;
  }
  return unplaced;
}

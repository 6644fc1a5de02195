import { ageOn } from "./rental-checks";
import { DRIVER_AGE_MIN } from "./rental-rules";

/**
 * The drivers of a rental at check-out (issue 28.2): whether each may drive it. A licence must be
 * valid until the return, and the driver within the age rule the booking was checked against, on
 * the pickup date. Without an age rule the driver is still at least DRIVER_AGE_MIN, the youngest a
 * rule can ask: nowhere is a licence given younger, so a younger birth date is a typing mistake.
 */

export const DRIVERS_MAX = 4;
export const LICENCE_NUMBER_MAX = 40;

export type Driver = {
  name: string;
  licenceNumber: string;
  /** ISO 3166-1 alpha-2 of the country that issued the licence. */
  licenceCountry: string;
  licenceExpiry: string;
  birthDate: string;
};

export type DriverProblem = "licenceExpired" | "licenceExpiresBeforeReturn" | "driverTooYoung";

export type DriverRental = { pickupDate: string; returnDate: string; minDriverAge: number | null };

/** The youngest a driver of this rental may be on the pickup date: its rule's age, or the floor. */
export const minimumDriverAge = (rental: DriverRental) => rental.minDriverAge ?? DRIVER_AGE_MIN;

/**
 * What keeps `driver` from this rental: their licence's problem and their age's, each once at
 * most, both said at once (the counter fixes them in one round); empty when they may drive it.
 */
export function driverProblems(
  driver: Pick<Driver, "licenceExpiry" | "birthDate">,
  rental: DriverRental,
): DriverProblem[] {
  const problems: DriverProblem[] = [];
  const licence = licenceProblem(driver.licenceExpiry, rental);
  if (licence) problems.push(licence);
  if (ageOn(driver.birthDate, rental.pickupDate) < minimumDriverAge(rental)) problems.push("driverTooYoung");
  return problems;
}

/**
 * A licence that expired before the pickup or expires before the return, or null. The counter's
 * form says it before sending, with the form's other mistakes: the server compares it only once
 * the form's shape passes, and a walk's check-out was refused twice in a row for that.
 */
export function licenceProblem(
  licenceExpiry: string,
  rental: Pick<DriverRental, "pickupDate" | "returnDate">,
): "licenceExpired" | "licenceExpiresBeforeReturn" | null {
  if (licenceExpiry < rental.pickupDate) return "licenceExpired";
  if (licenceExpiry < rental.returnDate) return "licenceExpiresBeforeReturn";
  return null;
}

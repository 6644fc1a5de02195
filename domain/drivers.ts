import { ageOn } from "./rental-checks";

/**
 * The drivers of a rental at check-out (issue 28.2): whether each may drive it. A licence must be
 * valid until the return, and the driver within the age rule the booking was checked against, on
 * the pickup date.
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

/** What keeps `driver` from this rental, or null when they may drive it. */
export function driverProblem(
  driver: Pick<Driver, "licenceExpiry" | "birthDate">,
  rental: DriverRental,
): DriverProblem | null {
  if (driver.licenceExpiry < rental.pickupDate) return "licenceExpired";
  if (driver.licenceExpiry < rental.returnDate) return "licenceExpiresBeforeReturn";
  if (rental.minDriverAge !== null && ageOn(driver.birthDate, rental.pickupDate) < rental.minDriverAge) {
    return "driverTooYoung";
  }
  return null;
}

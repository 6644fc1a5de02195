import { isLanguage, type Language } from "@domain/languages";
import { isIsoDate, isTime, toLocal } from "@domain/rental-time";
import { expressView } from "../counter";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import type { BookableLanding } from "../landings";
import { settleOnReturn } from "../payments";
import { publicLandingView, publicVehiclesOf } from "../public";
import {
  bookingPeriod,
  customerReservation,
  pickupHasPassed,
  presentCustomerReservation,
  publicFreeVehicleIds,
} from "../reservations";
import type { PublicPage, PublicPageData } from "./page-types";

/** The page's language: ?lang=es|en, else the landing's own. */
export function pageLanguage(query: Record<string, string>, landingLanguage: string): Language {
  if (isLanguage(query.lang)) return query.lang;
  return isLanguage(landingLanguage) ? landingLanguage : "es";
}

/** Whether the visitor's choices name a full period (dates and times, both real). */
export function searchedPeriod(query: Record<string, string>) {
  const { from, to } = query;
  const fromTime = query.fromTime ?? "10:00";
  const toTime = query.toTime ?? "10:00";
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to) || !isTime(fromTime) || !isTime(toTime)) return null;
  return { pickup: { date: from, time: fromTime }, dropoff: { date: to, time: toTime } };
}

/**
 * Which vehicles have a unit free for the searched period (one query for the fleet), or null when
 * no full period was searched or it is not bookable (past, reversed): the page explains that itself.
 */
async function availabilityFor(
  deps: AppDeps,
  bookable: BookableLanding,
  query: Record<string, string>,
  fleet: { id: number; units: number }[],
) {
  const searched = searchedPeriod(query);
  if (!searched) return null;
  try {
    const period = bookingPeriod(bookable.landing, searched.pickup, searched.dropoff, deps.clock.now());
    const free = await publicFreeVehicleIds(deps.db, bookable.landing, fleet, period);
    return Object.fromEntries(fleet.map((vehicle) => [vehicle.id, free.has(vehicle.id)]));
  } catch {
    return null;
  }
}

type LoadOptions = {
  page: PublicPage;
  query: Record<string, string>;
  /** The reference of the customer's page, or of the thank-you page (?ref=). */
  reference?: string;
  preview?: boolean;
  /** Where the site lives when it is not `/{name}` on the platform: a custom domain (issue 10). */
  site?: { basePath: string; siteUrl: string };
};

/** Everything a public page shows, loaded for one request. */
export async function loadPageData(
  deps: AppDeps,
  bookable: BookableLanding,
  options: LoadOptions,
): Promise<PublicPageData> {
  const { landing } = bookable;
  const fleet = await publicVehiclesOf(deps.db, landing);
  const { page, query } = options;
  if (page.kind === "vehicle" && !fleet.some((found) => found.vehicle.id === page.vehicleId)) {
    throw new HttpError(404, "vehicleNotFound");
  }
  let reservation: PublicPageData["reservation"] = null;
  let express: PublicPageData["express"] = null;
  const ownPage = page.kind === "reservation" || page.kind === "express";
  if (ownPage || (page.kind === "thanks" && options.reference)) {
    const token = query.t ?? "";
    try {
      const reference = options.reference ?? "";
      let found = await customerReservation(deps.db, landing.name, reference, token);
      // Back from paying (issue 27): what the provider says now, before its webhook does.
      if (await settleOnReturn(deps, found.reservation)) {
        found = await customerReservation(deps.db, landing.name, reference, token);
      }
      reservation = {
        // In the page's language, which is the one they booked in unless asked otherwise (below).
        ...presentCustomerReservation(found, deps.storage.url, pageLanguage(query, found.reservation.language)),
        token,
        pickup_passed: pickupHasPassed(found.reservation, deps.clock.now()),
      };
      if (page.kind === "express") express = await expressView(deps, { name: landing.name, reference, token });
    } catch (error) {
      // A link that finds no booking (its token lost or mistyped): the thank-you page, the
      // customer's page and the express pickup's say so in the landing's colours (answered 404,
      // `render` in routes.ts). The express pickup's other errors are not swallowed.
      if (page.kind === "express" && !(error instanceof HttpError && error.statusCode === 404)) throw error;
    }
  }
  const needsAvailability =
    page.kind === "home" || page.kind === "vehicles" || page.kind === "vehicle" || page.kind === "additions";
  // A customer's own page and thank-you page speak the language they booked in, unless asked otherwise.
  const language = pageLanguage(query, reservation?.language ?? landing.defaultLanguage);
  return {
    page,
    landing: publicLandingView(bookable, fleet, deps.config.publicBaseUrl, deps.storage.url, language),
    language,
    query,
    today: toLocal(deps.clock.now(), landing.timeZone).date,
    availability: needsAvailability
      ? await availabilityFor(
          deps,
          bookable,
          query,
          fleet.map((found) => ({ id: found.vehicle.id, units: found.vehicle.units })),
        )
      : null,
    reservation,
    express,
    siteUrl: options.site?.siteUrl ?? `${deps.config.publicBaseUrl}/${landing.name}`,
    basePath:
      options.site?.basePath ?? (options.preview ? `/review-component/${landing.name}/site` : `/${landing.name}`),
    preview: options.preview ?? false,
  };
}

import type { ExpressView } from "@domain/express";
import type { PublicLanding } from "@domain/landings";
import type { Language } from "@domain/languages";
import type { CustomerReservation } from "@domain/reservations";
import type { PublicVehicle } from "@domain/vehicles";

/** Which page of the public site a request asks for (the contract with server/ssr). */
export type PublicPage =
  | { kind: "home" }
  | { kind: "vehicles" }
  | { kind: "vehicle"; vehicleId: number }
  | { kind: "additions" }
  | { kind: "review" }
  | { kind: "thanks" }
  | { kind: "faq" }
  | { kind: "reservation" }
  | { kind: "express" };

export type PublicPageKind = PublicPage["kind"];

/** Everything a page needs, rendered on the server and embedded as JSON for hydration. */
export type PublicPageData = {
  page: PublicPage;
  landing: PublicLanding & { vehicles: PublicVehicle[] };
  language: Language;
  /** The URL's query: the visitor's choices. */
  query: Record<string, string>;
  /** yyyy-mm-dd in the landing's time zone. */
  today: string;
  /** For the searched period: vehicle id -> has a free unit; null without a valid search. */
  availability: Record<number, boolean> | null;
  /**
   * The reservation of the customer's page or of the thank-you page; `pickup_passed` when it was
   * read at or after the pickup time (the customer can no longer cancel online).
   */
  reservation: (CustomerReservation & { token: string; pickup_passed: boolean }) | null;
  /** The express pickup of the customer's booking (issue 28.6), on its own page; null elsewhere. */
  express: ExpressView | null;
  /** PUBLIC_BASE_URL + "/" + landing.name. */
  siteUrl: string;
  /** The path every link starts with: "/{name}", or "/review-component/{name}/site" in the owner's preview. */
  basePath: string;
  /** The owner's preview of a draft: links stay inside the preview, and nothing can be booked. */
  preview: boolean;
};

import type { PublicLanding } from "../../domain/landings";
import type { Language } from "../../domain/languages";
import type { Reservation } from "../../domain/reservations";
import type { PublicVehicle } from "../../domain/vehicles";

/**
 * The contract between the server and the public pages (web/public/render.tsx): which page, and
 * everything it shows. The same object is embedded in the HTML for hydration.
 */
export type PublicPage =
  | { kind: "home" }
  | { kind: "vehicles" }
  | { kind: "vehicle"; vehicleId: number }
  | { kind: "additions" }
  | { kind: "review" }
  | { kind: "thanks" }
  | { kind: "faq" }
  | { kind: "reservation" };

export type PublicPageData = {
  page: PublicPage;
  landing: PublicLanding & { vehicles: PublicVehicle[] };
  language: Language;
  query: Record<string, string>;
  today: string;
  availability: Record<number, boolean> | null;
  reservation: (Reservation & { token: string }) | null;
  siteUrl: string;
  /** The path every link starts with: "/{name}", or "/review-component/{name}/site" in the owner's preview. */
  basePath: string;
  preview: boolean;
};

/** What renders the pages: web/public/render.tsx in the app, a stand-in in some tests. */
export type PublicRenderer = {
  renderBody(data: PublicPageData): string;
  pageTitle(data: PublicPageData): string;
  pageDescription(data: PublicPageData): string;
};

import type { ComponentType } from "react";
import type { PublicPageKind } from "../types";

/** Each page in a chunk of its own: the browser loads the page it shows (home stays small). */
export const PAGE_LOADERS: Record<PublicPageKind, () => Promise<ComponentType>> = {
  home: () => import("./home").then((module) => module.HomePage),
  vehicles: () => import("./vehicles").then((module) => module.VehiclesPage),
  vehicle: () => import("./vehicle").then((module) => module.VehiclePage),
  additions: () => import("./additions").then((module) => module.AdditionsPage),
  review: () => import("./review").then((module) => module.ReviewPage),
  thanks: () => import("./thanks").then((module) => module.ThanksPage),
  faq: () => import("./faq").then((module) => module.FaqPage),
  reservation: () => import("./reservation").then((module) => module.ReservationPage),
  express: () => import("./express").then((module) => module.ExpressPage),
};

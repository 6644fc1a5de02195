import type { ComponentType } from "react";
import type { PublicPageKind } from "../types";
import { AdditionsPage } from "./additions";
import { ExpressPage } from "./express";
import { FaqPage } from "./faq";
import { HomePage } from "./home";
import { ReservationPage } from "./reservation";
import { ReviewPage } from "./review";
import { ThanksPage } from "./thanks";
import { VehiclePage } from "./vehicle";
import { VehiclesPage } from "./vehicles";

/** Every page, for the server's render (the browser loads them one at a time through index.ts). */
export const PAGES: Record<PublicPageKind, ComponentType> = {
  home: HomePage,
  vehicles: VehiclesPage,
  vehicle: VehiclePage,
  additions: AdditionsPage,
  review: ReviewPage,
  thanks: ThanksPage,
  faq: FaqPage,
  reservation: ReservationPage,
  express: ExpressPage,
};

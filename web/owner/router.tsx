import { createBrowserRouter, type RouteObject } from "react-router";
import { LoadingScreen } from "../ui/loading-screen";
import { AuthLayout } from "./auth/auth-layout";
import { alwaysRevalidate, guestOnly, requireOwner } from "./auth/guards";
import { LoginPage } from "./auth/login-page";
import { RegisterPage } from "./auth/register-page";
import { CreateLandingStep } from "./designer/create-landing-step";
import { DesignerPage } from "./designer/designer-page";
import { ReviewStep } from "./designer/review-step";
import { NotFoundPage } from "./errors/not-found-page";
import { RouteErrorPage } from "./errors/route-error-page";
import { FeaturesPage } from "./features/features-page";
import { HelpPage } from "./help/help-page";
import { LandingDetailPage } from "./landings/landing-detail-page";
import { LandingsPage } from "./landings/landings-page";
import { PreviewPage } from "./landings/preview-page";
import { PublishedPage } from "./landings/published-page";
import { AppShell } from "./layout/app-shell";
import type { RouteHandle } from "./layout/document-title";
import { RootLayout } from "./layout/root-layout";
import { LocationsPage } from "./locations/locations-page";
import { ReservationsPage } from "./reservations/reservations-page";
import { SettingsPage } from "./settings/settings-page";
import { TrashPage } from "./trash/trash-page";
import { DesignerVehicleRoutes } from "./vehicles/designer-vehicle-routes";

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/** Owner pages of SPEC §2, all inside the shell and behind the session guard. */
const ownerPages: RouteObject[] = [
  // The desk's two pages load their code when first opened: the first screen stays lighter.
  {
    path: "dashboard",
    lazy: () => import("./insights/dashboard-page").then((page) => ({ Component: page.DashboardPage })),
    handle: titled("titles.dashboard"),
  },
  {
    path: "planner",
    lazy: () => import("./planner/planner-page").then((page) => ({ Component: page.PlannerPage })),
    handle: titled("titles.planner"),
  },
  { path: "landings", element: <LandingsPage />, handle: titled("titles.landings") },
  { path: "reservation", element: <ReservationsPage />, handle: titled("titles.reservations") },
  { path: "feature-view", element: <FeaturesPage />, handle: titled("titles.features") },
  { path: "location-reservaction", element: <LocationsPage />, handle: titled("titles.locations") },
  { path: "history", element: <TrashPage />, handle: titled("titles.trash") },
  { path: "help", element: <HelpPage />, handle: titled("titles.help") },
  { path: "user-config", element: <SettingsPage />, handle: titled("titles.settings") },
  { path: "view-landing/:id", element: <LandingDetailPage />, handle: titled("titles.landingDetail") },
  { path: "review-landing/:id", element: <LandingDetailPage />, handle: titled("titles.landingDetail") },
  { path: "review-component/:name", element: <PreviewPage />, handle: titled("titles.preview") },
  {
    // The designer's steps (SPEC §2): Logo & Colores, the fleet's own vehicle routes, Previsualizar.
    path: "layout-designer",
    element: <DesignerPage />,
    handle: titled("titles.designer"),
    children: [
      { index: true, element: <CreateLandingStep /> },
      { path: "add-vehicles/*", element: <DesignerVehicleRoutes /> },
      { path: "review", element: <ReviewStep /> },
      { path: "*", element: <NotFoundPage />, handle: titled("titles.notFound") },
    ],
  },
  { path: "published", element: <PublishedPage />, handle: titled("titles.published") },
  { path: "publishedTap", element: <PublishedPage />, handle: titled("titles.published") },
  { path: "*", element: <NotFoundPage />, handle: titled("titles.notFound") },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage fullScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <AuthLayout />,
        loader: guestOnly,
        shouldRevalidate: alwaysRevalidate,
        children: [
          { index: true, element: <LoginPage />, handle: titled("titles.login") },
          { path: "register", element: <RegisterPage />, handle: titled("titles.register") },
        ],
      },
      {
        element: <AppShell />,
        loader: requireOwner,
        shouldRevalidate: alwaysRevalidate,
        // A page that fails renders its error inside the shell, so the navigation stays usable.
        children: [{ errorElement: <RouteErrorPage />, children: ownerPages }],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

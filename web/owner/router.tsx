import { createBrowserRouter, type RouteObject } from "react-router";
import type { RouteHandle } from "../lib/document-title";
import { LoadingScreen } from "../ui/loading-screen";
import { AuthLayout } from "./auth/auth-layout";
import { alwaysRevalidate, FORGOT_PASSWORD_PATH, guestOnly, RESET_PASSWORD_PATH, requireOwner } from "./auth/guards";
import { NotFoundPage } from "./errors/not-found-page";
import { RouteErrorPage } from "./errors/route-error-page";
import { AppShell } from "./layout/app-shell";
import { RootLayout } from "./layout/root-layout";

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/**
 * Owner pages of SPEC §2, all inside the shell and behind the session guard. Each page's code loads
 * when it is first opened (React Router's `lazy`): the first screen carries only the shell, the
 * sign-in and what every page shares (issue 12: the dashboard's initial JavaScript).
 */
const ownerPages: RouteObject[] = [
  {
    path: "dashboard",
    lazy: () => import("./insights/dashboard-page").then((m) => ({ Component: m.DashboardPage })),
    handle: titled("titles.dashboard"),
  },
  {
    path: "planner",
    lazy: () => import("./planner/planner-page").then((m) => ({ Component: m.PlannerPage })),
    handle: titled("titles.planner"),
  },
  {
    path: "landings",
    lazy: () => import("./landings/landings-page").then((m) => ({ Component: m.LandingsPage })),
    handle: titled("titles.landings"),
  },
  {
    path: "reservation",
    lazy: () => import("./reservations/reservations-page").then((m) => ({ Component: m.ReservationsPage })),
    handle: titled("titles.reservations"),
  },
  {
    // Under "reservation", a path the dashboard already owns: no landing name is taken for it.
    path: "reservation/:id/counter",
    lazy: () => import("./counter/counter-page").then((m) => ({ Component: m.CounterPage })),
    handle: titled("titles.counter"),
  },
  {
    path: "customers",
    lazy: () => import("./customers/customers-page").then((m) => ({ Component: m.CustomersPage })),
    handle: titled("titles.customers"),
  },
  {
    path: "customers/:id",
    lazy: () => import("./customers/customer-page").then((m) => ({ Component: m.CustomerPage })),
    handle: titled("titles.customer"),
  },
  {
    path: "feature-view",
    lazy: () => import("./features/features-page").then((m) => ({ Component: m.FeaturesPage })),
    handle: titled("titles.features"),
  },
  {
    path: "location-reservaction",
    lazy: () => import("./locations/locations-page").then((m) => ({ Component: m.LocationsPage })),
    handle: titled("titles.locations"),
  },
  {
    path: "history",
    lazy: () => import("./trash/trash-page").then((m) => ({ Component: m.TrashPage })),
    handle: titled("titles.trash"),
  },
  {
    path: "help",
    lazy: () => import("./help/help-page").then((m) => ({ Component: m.HelpPage })),
    handle: titled("titles.help"),
  },
  {
    path: "user-config",
    lazy: () => import("./settings/settings-page").then((m) => ({ Component: m.SettingsPage })),
    handle: titled("titles.settings"),
  },
  {
    path: "view-landing/:id",
    lazy: () => import("./landing-detail/landing-detail-page").then((m) => ({ Component: m.LandingDetailPage })),
    handle: titled("titles.landingDetail"),
  },
  {
    path: "review-landing/:id",
    lazy: () => import("./landing-detail/landing-detail-page").then((m) => ({ Component: m.LandingDetailPage })),
    handle: titled("titles.landingDetail"),
  },
  {
    path: "review-component/:name",
    lazy: () => import("./landings/preview-page").then((m) => ({ Component: m.PreviewPage })),
    handle: titled("titles.preview"),
  },
  {
    // The designer's steps (SPEC §2): Logo & Colores, the fleet's own vehicle routes, Lugares, Previsualizar.
    path: "layout-designer",
    lazy: () => import("./designer/designer-page").then((m) => ({ Component: m.DesignerPage })),
    handle: titled("titles.designer"),
    children: [
      {
        index: true,
        lazy: () => import("./designer/create-landing-step").then((m) => ({ Component: m.CreateLandingStep })),
      },
      {
        path: "add-vehicles/*",
        lazy: () => import("./vehicles/designer-vehicle-routes").then((m) => ({ Component: m.DesignerVehicleRoutes })),
      },
      {
        path: "places",
        lazy: () => import("./designer/places-step").then((m) => ({ Component: m.PlacesStep })),
      },
      {
        path: "review",
        lazy: () => import("./designer/review-step").then((m) => ({ Component: m.ReviewStep })),
      },
      { path: "*", element: <NotFoundPage />, handle: titled("titles.notFound") },
    ],
  },
  {
    path: "published",
    lazy: () => import("./landings/published-page").then((m) => ({ Component: m.PublishedPage })),
    handle: titled("titles.published"),
  },
  {
    path: "publishedTap",
    lazy: () => import("./landings/published-page").then((m) => ({ Component: m.PublishedPage })),
    handle: titled("titles.published"),
  },
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
        children: [
          // Their forms bring zod and the form library, which a signed-in owner's first screen skips.
          {
            index: true,
            loader: guestOnly,
            shouldRevalidate: alwaysRevalidate,
            lazy: () => import("./auth/login-page").then((m) => ({ Component: m.LoginPage })),
            handle: titled("titles.login"),
          },
          {
            path: "register",
            loader: guestOnly,
            shouldRevalidate: alwaysRevalidate,
            lazy: () => import("./auth/register-page").then((m) => ({ Component: m.RegisterPage })),
            handle: titled("titles.register"),
          },
          // Open whether or not someone is signed in on this browser: the link comes from an email,
          // and the sign-in dialog over an ended session opens the first in another tab.
          {
            path: FORGOT_PASSWORD_PATH.slice(1),
            lazy: () => import("./auth/forgot-password-page").then((m) => ({ Component: m.ForgotPasswordPage })),
            handle: titled("titles.forgotPassword"),
          },
          {
            path: RESET_PASSWORD_PATH.slice(1),
            lazy: () => import("./auth/reset-password-page").then((m) => ({ Component: m.ResetPasswordPage })),
            handle: titled("titles.resetPassword"),
          },
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

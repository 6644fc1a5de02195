import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { loadNamespaces, OWNER_NAMESPACES } from "../i18n/setup";
import type { RouteHandle } from "../lib/document-title";
import { LoadingScreen } from "../ui/loading-screen";
import { AuthLayout } from "./auth/auth-layout";
import { alwaysRevalidate, FORGOT_PASSWORD_PATH, guestOnly, RESET_PASSWORD_PATH, requireOwner } from "./auth/guards";
import { NotFoundPage } from "./errors/not-found-page";
import { RouteErrorPage } from "./errors/route-error-page";
import { RootLayout } from "./layout/root-layout";

const titled = (titleKey: string): RouteHandle => ({ titleKey });

/** A form's page with the "api" namespace, whose keys its zod messages are (web/i18n/messages.ts). */
async function withApiMessages<T>(page: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([page, loadNamespaces("api")]);
  return loaded;
}

/**
 * The owner pages' loader: the session first (SPEC §2), then every namespace the signed-in pages
 * show, so no page renders a raw key; the sign-in screens need only "translation".
 */
/** The query library's cache around `children` (layout/queries-layout.tsx), loaded with them. */
const withQueries = (children: RouteObject[]): RouteObject => ({
  lazy: () => import("./layout/queries-layout").then((m) => ({ Component: m.QueriesLayout })),
  children,
});

async function ownerPagesReady(args: LoaderFunctionArgs) {
  requireOwner(args);
  await loadNamespaces(...OWNER_NAMESPACES);
  return null;
}

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
          // The sign-in form brings zod (and the "api" namespace) only when it first checks; the
          // other forms bring them, the form and the query libraries with their page.
          {
            index: true,
            loader: guestOnly,
            shouldRevalidate: alwaysRevalidate,
            lazy: () => import("./auth/login-page").then((m) => ({ Component: m.LoginPage })),
            handle: titled("titles.login"),
          },
          withQueries([
            {
              path: "register",
              loader: guestOnly,
              shouldRevalidate: alwaysRevalidate,
              lazy: () => withApiMessages(import("./auth/register-page").then((m) => ({ Component: m.RegisterPage }))),
              handle: titled("titles.register"),
            },
            // Open whether or not someone is signed in on this browser: the link comes from an email,
            // and the sign-in dialog over an ended session opens the first in another tab.
            {
              path: FORGOT_PASSWORD_PATH.slice(1),
              lazy: () =>
                withApiMessages(
                  import("./auth/forgot-password-page").then((m) => ({ Component: m.ForgotPasswordPage })),
                ),
              handle: titled("titles.forgotPassword"),
            },
            {
              path: RESET_PASSWORD_PATH.slice(1),
              lazy: () =>
                withApiMessages(import("./auth/reset-password-page").then((m) => ({ Component: m.ResetPasswordPage }))),
              handle: titled("titles.resetPassword"),
            },
          ]),
        ],
      },
      withQueries([
        {
          // The shell (navigation, session dialogs, live updates) loads with the first owner page, in
          // parallel with it: the sign-in screens carry none of it.
          lazy: () => import("./layout/app-shell").then((m) => ({ Component: m.AppShell })),
          loader: ownerPagesReady,
          shouldRevalidate: alwaysRevalidate,
          // A page that fails renders its error inside the shell, so the navigation stays usable.
          children: [{ errorElement: <RouteErrorPage />, children: ownerPages }],
        },
      ]),
    ],
  },
];

export const router = createBrowserRouter(routes);

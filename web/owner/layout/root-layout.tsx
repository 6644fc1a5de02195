import { DocumentTitle } from "@web/lib/document-title";
import { RouteAnnouncer } from "@web/lib/route-announcer";
import { Outlet, ScrollRestoration } from "react-router";

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <RouteAnnouncer />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

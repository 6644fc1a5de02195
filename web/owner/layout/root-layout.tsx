import { DocumentTitle } from "@web/lib/document-title";
import { Outlet, ScrollRestoration } from "react-router";

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

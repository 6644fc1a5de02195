import { Outlet, ScrollRestoration } from "react-router";
import { DocumentTitle } from "../../lib/document-title";

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@web/lib/query-client";
import { Outlet } from "react-router";

/**
 * The query library's one cache, for the routes that ask the server through it: every owner page
 * and the account forms. The sign-in screen calls the server directly, so its first download
 * carries none of the library (owner/router.tsx loads this layout with the pages under it).
 */
export function QueriesLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

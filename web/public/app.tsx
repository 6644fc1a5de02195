import type { ComponentType } from "react";
import { PageProvider } from "./context";
import type { Dictionary } from "./i18n/es";
import type { PublicPageData } from "./types";

/**
 * The public booking site: one page per URL, chosen by the server (no client router). The page's
 * component and words are passed in, so the browser loads only the ones this page needs.
 */
export function PublicApp({ data, Page, t }: { data: PublicPageData; Page: ComponentType; t: Dictionary }) {
  return (
    <PageProvider data={data} t={t}>
      <Page />
    </PageProvider>
  );
}

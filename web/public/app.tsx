import type { ComponentType } from "react";
import { type CardsMarkup, PageProvider } from "./context";
import type { Dictionary } from "./i18n/es";
import type { PublicPageData } from "./types";

/**
 * The public booking site: one page per URL, chosen by the server (no client router). The page's
 * component and words are passed in, so the browser loads only the ones this page needs.
 */
export function PublicApp({
  data,
  Page,
  t,
  cardsMarkup,
}: {
  data: PublicPageData;
  Page: ComponentType;
  t: Dictionary;
  /** The server's kept card markup (render.tsx); the browser renders the cards itself. */
  cardsMarkup?: CardsMarkup;
}) {
  return (
    <PageProvider data={data} t={t} cardsMarkup={cardsMarkup}>
      <Page />
    </PageProvider>
  );
}

import type { HtmlPieces } from "@web/public/html-pieces";
import type { PublicPageData } from "@web/public/types";

/**
 * The contract between the server and the public pages (web/public/render.tsx) is declared by the
 * pages themselves: which page, and everything it shows (also embedded in the HTML for hydration).
 */
export type { PublicPage, PublicPageData, PublicPageKind } from "@web/public/types";

/** What renders the pages: web/public/render.tsx in the app, a stand-in in some tests. */
export type PublicRenderer = {
  /** The body's HTML, as one string or in pieces (web/public/html-pieces.ts). */
  renderBody(data: PublicPageData): string | HtmlPieces;
  pageTitle(data: PublicPageData): string;
  pageDescription(data: PublicPageData): string;
};

/**
 * HTML in the order it is sent: text, and parts kept already encoded as UTF-8. The server writes
 * them one after another into the page's bytes (server/ssr/render-page.ts), never joining them into
 * one string first: joining is a copy of each, and a string React built from thousands of small
 * pieces costs more to join than to write (issue 29, docs/performance.md).
 */
export type HtmlPieces = (string | Uint8Array)[];

const decoder = new TextDecoder();

/** The pieces as one string (a page rendered for a test, or HTML that must be text). */
export function piecesText(pieces: HtmlPieces): string {
  return pieces.map((piece) => (typeof piece === "string" ? piece : decoder.decode(piece))).join("");
}

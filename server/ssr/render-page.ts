import { createHash } from "node:crypto";
import type { PublicAssets } from "./assets";
import { publicDocument } from "./document";
import type { PublicPageData, PublicRenderer } from "./page-types";

/** What a page needs besides its data: where it lives, and the site's built assets. */
export type PageParts = {
  /** The page's own absolute address, without the visitor's choices. */
  canonical: string;
  baseUrl: string;
  assets: PublicAssets | null;
};

/** A page's HTML as bytes, and its ETag (a hash of them). */
export type RenderedPage = { bytes: Uint8Array; etag: string };

/**
 * A public page, whole: React's markup of its body inside the document, as UTF-8 bytes with their
 * ETag. The same on the server's thread and on a render thread (render-threads.ts).
 */
export function renderPage(renderer: PublicRenderer, data: PublicPageData, parts: PageParts): RenderedPage {
  const html = publicDocument({
    data,
    body: renderer.renderBody(data),
    title: renderer.pageTitle(data),
    description: renderer.pageDescription(data),
    ...parts,
  });
  // Bytes in a buffer of their own: a render thread hands it to the server's thread without a copy.
  const bytes = new TextEncoder().encode(html);
  return { bytes, etag: `W/"${createHash("sha1").update(bytes).digest("base64url")}"` };
}

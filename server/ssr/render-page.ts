import { createHash } from "node:crypto";
import type { HtmlPieces } from "@web/public/html-pieces";
import type { PublicAssets } from "./assets";
import { publicDocument } from "./document";
import type { PublicPageData, PublicRenderer } from "./page-types";

/** What a page needs besides its data: where it lives, and the site's built assets. */
export type PageParts = {
  /** The page's own absolute address, without the visitor's choices. */
  canonical: string;
  baseUrl: string;
  assets: PublicAssets | null;
  /**
   * The page's ETag when its address and the versions it was built on name it whole (a shared
   * page: `etagOfKey`); otherwise it is a hash of the page's bytes.
   */
  etag?: string;
};

const weakTag = (hash: ReturnType<typeof createHash>) => `W/"${hash.digest("base64url")}"`;

/**
 * The ETag of a shared page from what it is kept under (routes.ts): the same key is the same page,
 * so hashing its 120 kB again is not needed (a tenth of a render thread's time for a list searched
 * for a new period; issue 29).
 */
export const etagOfKey = (key: string) => weakTag(createHash("sha1").update(key));

/** A page's HTML as bytes, and its ETag. */
export type RenderedPage = { bytes: Uint8Array; etag: string };

/** A list of 30 vehicles is 120 kB of UTF-8; its text may take up to three times that before it is written. */
const SCRATCH_BYTES = 512 * 1024;

/** Where a page's pieces are written, grown as a page needs and kept between pages (one per thread). */
let scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);

/** `scratch` holding at least `size` bytes, the first `used` of them kept. */
function scratchFor(size: number, used: number): Buffer {
  if (size > scratch.length) {
    const larger = Buffer.allocUnsafeSlow(Math.max(size, scratch.length * 2));
    scratch.copy(larger, 0, 0, used);
    scratch = larger;
  }
  return scratch;
}

/**
 * The pieces as one run of UTF-8 bytes: in `into` when they fit (a slot shared with the server's
 * thread, page-slots.ts), else in a buffer of their own (a render thread hands it over without a
 * copy). Each text is written straight into the scratch buffer: joining them into one string
 * first, then encoding it (two passes over a two-byte string), was a fifth of a render thread's
 * time on a list of 30 vehicles (issue 29, docs/performance.md).
 */
export function pageBytes(pieces: HtmlPieces, into?: Uint8Array): Uint8Array {
  let used = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      // A UTF-16 code unit is at most three bytes of UTF-8.
      used += scratchFor(used + piece.length * 3, used).write(piece, used, "utf8");
    } else {
      scratchFor(used + piece.byteLength, used).set(piece, used);
      used += piece.byteLength;
    }
  }
  const bytes = into && used <= into.byteLength ? into.subarray(0, used) : new Uint8Array(used);
  bytes.set(scratch.subarray(0, used));
  // A page far larger than most (a fleet of hundreds) does not leave its buffer behind on the thread.
  if (scratch.length > 4 * SCRATCH_BYTES) scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  return bytes;
}

/**
 * A public page, whole: React's markup of its body inside the document, as UTF-8 bytes with their
 * ETag (`PageParts`; in `into` when they fit, `pageBytes`). The same on the server's thread and on a render
 * thread (render-threads.ts).
 */
export function renderPage(
  renderer: PublicRenderer,
  data: PublicPageData,
  parts: PageParts,
  into?: Uint8Array,
): RenderedPage {
  const { etag, ...where } = parts;
  const bytes = pageBytes(
    publicDocument({
      data,
      body: renderer.renderBody(data),
      title: renderer.pageTitle(data),
      description: renderer.pageDescription(data),
      ...where,
    }),
    into,
  );
  return { bytes, etag: etag ?? weakTag(createHash("sha1").update(bytes)) };
}

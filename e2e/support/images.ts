import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";

/** A real PNG the server can decode: a two-colour gradient, like a small photo. */
export async function pngImage(width = 320, height = 320): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#4f46e5"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="50%" cy="42%" r="22%" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A camera-sized photo heavier than the 10 MB a photo may weigh: random pixels stored without
 * compression (2600 x 2000, about 15.6 MB), as a phone's RAW-like export would be.
 */
export async function heavyPhoto(): Promise<Buffer> {
  const width = 2600;
  const height = 2000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The sizes of the files the page puts in its uploads, in bytes, as it appends them to a FormData
 * (call before the page loads). Chromium does not hand a file upload's body to Playwright (its
 * `postDataBuffer()` is null), so what was sent is read where the page builds it.
 */
export async function watchUploads(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const sizes: number[] = [];
    (window as unknown as { uploadedSizes: number[] }).uploadedSizes = sizes;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (args[1] instanceof Blob) sizes.push(args[1].size);
      (append as (...given: unknown[]) => void).apply(this, args);
    } as typeof FormData.prototype.append;
  });
  return () => page.evaluate(() => (window as unknown as { uploadedSizes: number[] }).uploadedSizes);
}

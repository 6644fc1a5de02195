import { IMAGE_MAX_PIXELS } from "@domain/limits";
import pLimit from "p-limit";
import type sharpModule from "sharp";
import type { Metadata } from "sharp";
import { ValidationError } from "./errors";

/**
 * sharp, loaded on the first image rather than at start-up: its native library takes longer to load
 * than the server takes to answer its first request (docs/performance.md). Node keeps it once loaded.
 */
let sharpLoaded: Promise<typeof sharpModule> | undefined;
export function loadSharp(): Promise<typeof sharpModule> {
  sharpLoaded ??= import("sharp").then((loaded) => loaded.default);
  return sharpLoaded;
}

/**
 * At most two images are decoded and encoded at once, whatever arrives together. sharp runs each
 * on a thread of Node's libuv pool (4 threads), which file reads, sign-ins' password hashing and
 * the embedded database's files share: an attacker's walk sent three vehicles of twelve photos
 * at once, and 108 encodings queued there held a public page and a file read for 11 s; with two
 * threads left free they wait for no photo. libvips spreads each image over the cores itself, so
 * a vehicle's photos take no longer one after another.
 */
const encoding = pLimit(2);

/**
 * WebP's longest side (16,383 px; JPEG's and PNG's are larger): an output fitted "inside" a width
 * alone is bounded here too, so a valid very tall image (a phone's scrolling screenshot, 600 x 20,000)
 * is made smaller, not called "not an image" when its encoder refuses it.
 */
const LONGEST_SIDE = 16_383;

const DECODABLE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Encoder settings: bytes against quality for photos on phones. The bench watches page weight. */
const ENCODER = {
  png: { compressionLevel: 9 },
  jpeg: { quality: 85, mozjpeg: true },
  webp: { quality: 82 },
} as const;

export type ImageOutput = {
  width: number;
  height?: number;
  /** cover crops to the box; inside keeps the whole image within it; contain pads with transparency. */
  fit: "cover" | "inside" | "contain";
  format?: "webp" | "png" | "jpeg";
};

/**
 * Decodes an upload and re-encodes it, once per requested output, so what we store and serve is
 * never the bytes that were sent: metadata (EXIF, GPS) is dropped, orientation applied, size
 * bounded. A file that does not fully decode as an image answers 422 on `field`, whatever its
 * name or declared type says.
 */
export async function reencodeImages(field: string, data: Buffer, outputs: ImageOutput[]): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const image = sharp(data, { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS, animated: false });
  // Read from the header alone, before anything is decoded (which the limit above would refuse).
  const header = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => ({}) as Metadata);
  const { format, width = 0, height = 0 } = header;
  // A real image of too many pixels is told so, not called "not an image".
  if (width * height > IMAGE_MAX_PIXELS) {
    throw ValidationError.field(field, "imageTooManyPixels", { width, height, max: IMAGE_MAX_PIXELS / 1_000_000 });
  }
  try {
    // Stryker disable next-line StringLiteral: the catch below turns any error into "imageInvalid".
    if (!format || !DECODABLE_FORMATS.has(format)) throw new Error(`unsupported format ${format}`);
    return await Promise.all(
      outputs.map((output) =>
        encoding(() => {
          const resized = image
            .clone()
            .rotate()
            .resize({
              width: output.width,
              height: output.height ?? (output.fit === "inside" ? LONGEST_SIDE : undefined),
              fit: output.fit,
              withoutEnlargement: output.fit === "inside",
              background: { r: 0, g: 0, b: 0, alpha: 0 },
            });
          if (output.format === "png") return resized.png(ENCODER.png).toBuffer();
          if (output.format === "jpeg") return resized.flatten({ background: "#ffffff" }).jpeg(ENCODER.jpeg).toBuffer();
          return resized.webp(ENCODER.webp).toBuffer();
        }),
      ),
    );
  } catch {
    throw ValidationError.field(field, "imageInvalid");
  }
}

export async function reencodeImage(field: string, data: Buffer, output: ImageOutput): Promise<Buffer> {
  const [image] = await reencodeImages(field, data, [output]);
  // Stryker disable next-line all: unreachable, one output asked is one image rendered (for the type).
  if (!image) throw new Error("no image rendered");
  return image;
}

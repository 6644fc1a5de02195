import sharp from "sharp";
import { ValidationError } from "./errors";

const DECODABLE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Refuse decompression bombs before decoding: 50 megapixels is far beyond any camera upload. */
const MAX_INPUT_PIXELS = 50_000_000;

type ResizeOptions = { width: number; height?: number; fit: "cover" | "inside" };

/**
 * Decodes an upload and re-encodes it as WebP, so what we store and serve is never the bytes
 * that were sent: metadata (EXIF, GPS) is dropped, orientation applied, size bounded.
 * A file that does not decode as an image answers 422 on `field`, whatever its name says.
 */
export async function reencodeImage(field: string, data: Buffer, resize: ResizeOptions): Promise<Buffer> {
  try {
    const image = sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!format || !DECODABLE_FORMATS.has(format)) throw new Error(`unsupported format ${format}`);
    return await image
      .rotate()
      .resize({ ...resize, withoutEnlargement: resize.fit === "inside" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw ValidationError.field(field, "imageInvalid");
  }
}

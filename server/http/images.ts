import sharp from "sharp";
import { ValidationError } from "./errors";

const DECODABLE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Refuse decompression bombs before decoding: 50 megapixels is far beyond any camera upload. */
const MAX_INPUT_PIXELS = 50_000_000;

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
  try {
    const image = sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!format || !DECODABLE_FORMATS.has(format)) throw new Error(`unsupported format ${format}`);
    return await Promise.all(
      outputs.map((output) => {
        const resized = image
          .clone()
          .rotate()
          .resize({
            width: output.width,
            height: output.height,
            fit: output.fit,
            withoutEnlargement: output.fit === "inside",
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          });
        if (output.format === "png") return resized.png({ compressionLevel: 9 }).toBuffer();
        if (output.format === "jpeg")
          return resized.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
        return resized.webp({ quality: 82 }).toBuffer();
      }),
    );
  } catch {
    throw ValidationError.field(field, "imageInvalid");
  }
}

export async function reencodeImage(field: string, data: Buffer, output: ImageOutput): Promise<Buffer> {
  const [image] = await reencodeImages(field, data, [output]);
  if (!image) throw new Error("no image rendered");
  return image;
}

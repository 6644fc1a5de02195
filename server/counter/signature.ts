import { ValidationError } from "../http/errors";
import { loadSharp, reencodeImage } from "../http/images";

/**
 * The signature as drawn on the pad, decoded and re-encoded (a PNG of at most 1200 px on white); a
 * file that is not an image, or a pad left blank, is refused on `signature`.
 */
export async function signatureImage(dataUrl: string): Promise<Buffer> {
  const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  let png: Buffer;
  try {
    png = await reencodeImage("signature", data, { width: 1200, height: 600, fit: "inside", format: "png" });
  } catch {
    throw ValidationError.field("signature", "signatureInvalid");
  }
  const sharp = await loadSharp();
  const onPaper = await sharp(png).flatten({ background: "#ffffff" }).toColourspace("srgb").png().toBuffer();
  const { channels } = await sharp(onPaper).stats();
  // A blank pad: nothing darker than paper in any channel.
  if (channels.slice(0, 3).every((channel) => channel.min >= 250)) {
    throw ValidationError.field("signature", "signatureRequired");
  }
  return png;
}

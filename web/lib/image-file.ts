import { ACCEPTED_IMAGE_TYPES } from "../../domain/limits";

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));

/** Why a chosen file cannot be uploaded as an image: the keys of the server's own messages. */
export type ImageFileProblem = "imageInvalid" | "imageTooLarge";

export type ImageFileCheck = { ok: true; width: number; height: number } | { ok: false; problem: ImageFileProblem };

/** Decodes the file with the browser's image decoder; null when it is not a picture it can show. */
async function decodedSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      if (size.width > 0 && size.height > 0) return size;
    } catch {
      // Not decodable as a bitmap; an <img> gets the last word below.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0
      ? { width: image.naturalWidth, height: image.naturalHeight }
      : null;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The server's checks, made in the browser as soon as a file is chosen: an accepted type, at most
 * `maxBytes`, and contents that really decode as a picture (a text file named .jpg does not), so a
 * broken thumbnail never shows.
 */
export async function checkImageFile(file: File, maxBytes: number): Promise<ImageFileCheck> {
  if (!ACCEPTED.has(file.type)) return { ok: false, problem: "imageInvalid" };
  if (file.size > maxBytes) return { ok: false, problem: "imageTooLarge" };
  const size = await decodedSize(file);
  return size ? { ok: true, ...size } : { ok: false, problem: "imageInvalid" };
}

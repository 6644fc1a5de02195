import { ACCEPTED_IMAGE_TYPES, IMAGE_MAX_PIXELS } from "@domain/limits";

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));

/** Why a chosen file cannot be uploaded as an image: the keys of the server's own messages. */
export type ImageFileProblem = "imageInvalid" | "imageTooLarge" | "imageTooManyPixels";

/** A refusal, with what its message says (the limit, the picture's size). */
export type ImageFileRefusal = { ok: false; problem: ImageFileProblem; params: Record<string, number> };

export type ImageFileCheck = { ok: true; width: number; height: number } | ImageFileRefusal;

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
  if (!ACCEPTED.has(file.type)) return { ok: false, problem: "imageInvalid", params: {} };
  if (file.size > maxBytes) {
    return { ok: false, problem: "imageTooLarge", params: { max: Math.round(maxBytes / 1024 / 1024) } };
  }
  const size = await decodedSize(file);
  if (!size) return { ok: false, problem: "imageInvalid", params: {} };
  // A small file can hold a huge picture (one colour compresses well): the server refuses it.
  if (size.width * size.height > IMAGE_MAX_PIXELS) {
    return { ok: false, problem: "imageTooManyPixels", params: { ...size, max: IMAGE_MAX_PIXELS / 1_000_000 } };
  }
  return { ok: true, ...size };
}

/**
 * The longest side a photo keeps when the browser makes it smaller: above the largest width the
 * server stores (1,600 px), so nothing a visitor sees is lost.
 */
export const PHOTO_MAX_SIDE = 2560;
/** JPEG quality of a photo drawn again: a camera's 17 MB photo becomes about 1 MB. */
const PHOTO_QUALITY = 0.86;

export type PreparedPhoto = { ok: true; file: File } | { ok: false; problem: ImageFileProblem };

/** Draws the picture at most `width` x `height` (the browser's own resampling), as JPEG. */
async function drawnSmaller(file: File, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  // White under a transparent PNG: JPEG has no transparency and would show it black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  try {
    const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
  } catch {
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      context.drawImage(image, 0, 0, width, height);
    } catch {
      return null;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY));
}

/**
 * A chosen photo ready to send (issue 25.16): checked like `checkImageFile`, and a camera's photo
 * that is too heavy (over `maxBytes`) or larger than PHOTO_MAX_SIDE is drawn again smaller in the
 * browser instead of being refused. The server decodes and re-encodes every photo anyway.
 */
export async function preparePhoto(file: File, maxBytes: number): Promise<PreparedPhoto> {
  if (!ACCEPTED.has(file.type)) return { ok: false, problem: "imageInvalid" };
  const size = await decodedSize(file);
  if (!size) return { ok: false, problem: "imageInvalid" };
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(size.width, size.height));
  if (file.size <= maxBytes && scale === 1) return { ok: true, file };
  const smaller = await drawnSmaller(
    file,
    Math.max(1, Math.round(size.width * scale)),
    Math.max(1, Math.round(size.height * scale)),
  );
  if (!smaller || smaller.size > maxBytes) {
    return file.size <= maxBytes ? { ok: true, file } : { ok: false, problem: "imageTooLarge" };
  }
  const name = `${file.name.replace(/\.[^.]*$/, "") || "foto"}.jpg`;
  return { ok: true, file: new File([smaller], name, { type: "image/jpeg", lastModified: file.lastModified }) };
}

import { ACCEPTED_IMAGE_TYPES } from "@domain/limits";

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));

/** Why a chosen file cannot be uploaded as an image: the keys of the server's own messages. */
export type ImageFileProblem = "imageInvalid" | "imageTooLarge";

/** A refusal, with what its message says (the limit). */
export type ImageFileRefusal = { ok: false; problem: ImageFileProblem; params: Record<string, number> };

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
 * The longest side a photo keeps when the browser makes it smaller: above the largest width the
 * server stores (1,600 px), so nothing a visitor sees is lost.
 */
export const PHOTO_MAX_SIDE = 2560;
/** The smallest an image too heavy is drawn down to before it is refused. */
const SMALLEST_SIDE = 320;
/** Quality of a picture drawn again (JPEG or WebP): a camera's 17 MB photo becomes about 1 MB. */
const PHOTO_QUALITY = 0.86;

export type PreparedImage = { ok: true; file: File } | ImageFileRefusal;

/**
 * Draws the picture at most `width` x `height` (the browser's own resampling): as JPEG on white, or,
 * `transparent`, as WebP keeping what is see-through (a browser that cannot write WebP gives PNG).
 */
async function drawnSmaller(file: File, width: number, height: number, transparent: boolean): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  if (!transparent) {
    // White under a transparent PNG: JPEG has no transparency and would show it black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
  }
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
  return new Promise((resolve) => canvas.toBlob(resolve, transparent ? "image/webp" : "image/jpeg", PHOTO_QUALITY));
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/webp": "webp", "image/png": "png" };

/**
 * A chosen image ready to send, checked as the server checks it: an accepted type and a real
 * picture inside (a text file named .jpg is refused at once, never previewed). One too heavy (over
 * `maxBytes`) or larger than PHOTO_MAX_SIDE, a camera's photo, is drawn again smaller in the browser
 * instead of being refused (issue 25.16); the server decodes and re-encodes every image anyway.
 * `transparent` keeps what is see-through (a logo, a favicon); otherwise it is drawn on white.
 */
export async function prepareImage(
  file: File,
  maxBytes: number,
  { transparent = false }: { transparent?: boolean } = {},
): Promise<PreparedImage> {
  if (!ACCEPTED.has(file.type)) return { ok: false, problem: "imageInvalid", params: {} };
  const size = await decodedSize(file);
  if (!size) return { ok: false, problem: "imageInvalid", params: {} };
  let scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(size.width, size.height));
  if (file.size <= maxBytes && scale === 1) return { ok: true, file };
  const drawAt = (at: number) =>
    drawnSmaller(
      file,
      Math.max(1, Math.round(size.width * at)),
      Math.max(1, Math.round(size.height * at)),
      transparent,
    );
  let smaller = await drawAt(scale);
  // Still too heavy (a detailed picture kept see-through, for a 2 MB favicon): halved again, down to
  // a side of SMALLEST_SIDE, rather than refused under a hint that promises to make it smaller (a walk's finding).
  while (smaller && smaller.size > maxBytes && Math.max(size.width, size.height) * scale > 2 * SMALLEST_SIDE) {
    scale /= 2;
    smaller = await drawAt(scale);
  }
  if (!smaller || smaller.size > maxBytes || !ACCEPTED.has(smaller.type)) {
    if (file.size <= maxBytes) return { ok: true, file };
    return { ok: false, problem: "imageTooLarge", params: { max: Math.round(maxBytes / 1024 / 1024) } };
  }
  const name = `${file.name.replace(/\.[^.]*$/, "") || "foto"}.${EXTENSIONS[smaller.type] ?? "jpg"}`;
  return { ok: true, file: new File([smaller], name, { type: smaller.type, lastModified: file.lastModified }) };
}

/**
 * A photo sent at once (the counter's, the express pickup's licence): drawn smaller when it is a
 * camera's, else sent as chosen, for the server to refuse in the user's own words.
 */
export async function photoToSend(file: File, maxBytes: number): Promise<File> {
  const prepared = await prepareImage(file, maxBytes);
  return prepared.ok ? prepared.file : file;
}

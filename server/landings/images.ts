import { reencodeImage, reencodeImages } from "../http/images";
import type { Storage } from "../storage";
import { putAll } from "../storage";

/** Logos keep their shape (and transparency) within a box large enough for a hero. */
export async function storeLogo(storage: Storage, upload: Buffer): Promise<string> {
  const logo = await reencodeImage("logo", upload, { width: 1200, height: 1200, fit: "inside", format: "webp" });
  return storage.put("logos", "webp", logo);
}

/** Link previews want a 1200x630 JPEG: every network reads JPEG. */
export async function storeOgImage(storage: Storage, upload: Buffer): Promise<string> {
  const image = await reencodeImage("og_image", upload, { width: 1200, height: 630, fit: "cover", format: "jpeg" });
  return storage.put("og", "jpg", image);
}

/** The PNG sizes browsers ask for: tab icon, Apple touch icon, Android home screen. */
export const FAVICON_SIZES = [32, 180, 192] as const;

export async function storeFavicon(storage: Storage, upload: Buffer): Promise<Record<string, string>> {
  const images = await reencodeImages(
    "favicon",
    upload,
    FAVICON_SIZES.map((size) => ({ width: size, height: size, fit: "contain" as const, format: "png" as const })),
  );
  const paths = await putAll(storage, "favicons", "png", images);
  return Object.fromEntries(paths.map((path, index) => [String(FAVICON_SIZES[index]), path]));
}

export async function removeFavicon(storage: Storage, favicon: Record<string, string> | null | undefined) {
  for (const path of Object.values(favicon ?? {})) await storage.remove(path);
}

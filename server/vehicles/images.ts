import { VEHICLE_IMAGE_WIDTHS } from "@domain/vehicles";
import { loadSharp, reencodeImages } from "../http/images";
import type { Storage } from "../storage";
import { putAll } from "../storage";

export type StoredVehicleImage = { width: number; height: number; variants: Record<string, string> };

/**
 * Re-encodes one photo into responsive WebP widths. Decoding every file before anything is written
 * means a bad file among several leaves no half-saved set behind.
 */
export async function encodeVehiclePhotos(uploads: Buffer[]): Promise<Buffer[][]> {
  return Promise.all(
    uploads.map((upload, index) =>
      reencodeImages(
        `images.${index}`,
        upload,
        VEHICLE_IMAGE_WIDTHS.map((width) => ({ width, fit: "inside" as const, format: "webp" as const })),
      ),
    ),
  );
}

export async function storeVehiclePhoto(storage: Storage, variants: Buffer[]): Promise<StoredVehicleImage> {
  const largest = variants[variants.length - 1];
  if (!largest) throw new Error("no variants to store");
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(largest).metadata();
  const paths = await putAll(storage, "vehicles", "webp", variants);
  const stored = Object.fromEntries(paths.map((path, index) => [String(VEHICLE_IMAGE_WIDTHS[index]), path]));
  return { width, height, variants: stored };
}

/** Removes a photo's files, but those in `keep` (a booking shows them). */
export async function removeVehiclePhoto(storage: Storage, variants: Record<string, string>, keep?: Set<string>) {
  for (const path of Object.values(variants)) if (!keep?.has(path)) await storage.remove(path);
}

import { AVATAR_MAX_BYTES } from "@domain/limits";
import { type PreparedImage, prepareImage } from "@web/lib/image-file";

export const AVATAR_MAX_MB = Math.round(AVATAR_MAX_BYTES / 1024 / 1024);

/**
 * The chosen photo as it will be sent, checked first so a wrong file is refused before uploading
 * it (a text file named .jpg), and a camera's photo over the limit drawn smaller, as every other
 * image field does (web/lib/image-file.ts).
 */
export function preparedAvatar(file: File): Promise<PreparedImage> {
  return prepareImage(file, AVATAR_MAX_BYTES);
}

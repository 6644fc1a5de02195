import { AVATAR_MAX_BYTES } from "@domain/limits";
import { checkImageFile, type ImageFileRefusal } from "@web/lib/image-file";

export const AVATAR_MAX_MB = Math.round(AVATAR_MAX_BYTES / 1024 / 1024);

/**
 * The same checks the server makes, done first so a wrong file is refused before uploading it:
 * an accepted type, the size limit, and contents that really decode as a picture (a text file
 * named .jpg does not), as every other image field does (web/lib/image-file.ts).
 */
export async function avatarProblem(file: File): Promise<ImageFileRefusal | null> {
  const check = await checkImageFile(file, AVATAR_MAX_BYTES);
  return check.ok ? null : check;
}

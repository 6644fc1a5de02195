import { ACCEPTED_IMAGE_TYPES, AVATAR_MAX_BYTES } from "../../../domain/limits";
import type { ApiMessageKey } from "../../../domain/messages";

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));
export const AVATAR_MAX_MB = Math.round(AVATAR_MAX_BYTES / 1024 / 1024);

/** The same checks the server makes, done first so a wrong file is refused before uploading it. */
export function avatarProblem(file: File): ApiMessageKey | null {
  if (!ACCEPTED.has(file.type)) return "imageInvalid";
  if (file.size > AVATAR_MAX_BYTES) return "imageTooLarge";
  return null;
}

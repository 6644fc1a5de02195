import { idInput } from "./number-input";

/**
 * The version a form was loaded at, sent back with every owner update: a save made against an
 * older version is refused (409) instead of silently overwriting someone else's change (PRODUCT §3).
 */
export const versionField = idInput("versionRequired", "versionRequired");

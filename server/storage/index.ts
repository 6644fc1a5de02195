// The storage part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { putAll } from "./put-all";
export type { Storage, StorageUrl } from "./storage";
export { absoluteUrl, PRIVATE_FOLDER, privateFolder } from "./storage";

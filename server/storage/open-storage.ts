import type { Config } from "../config";
import { createLocalStorage } from "./local";
import { createS3Storage, type S3StorageOptions } from "./s3";
import type { Storage } from "./storage";

/** The storage the configuration names: the local folder (STORAGE_DIR) or an S3 bucket. */
export function openStorage(config: Config, options: S3StorageOptions = {}): Storage {
  return config.storage.driver === "s3"
    ? createS3Storage(config.storage, options)
    : createLocalStorage(config.storageDir);
}

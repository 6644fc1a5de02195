import { randomBytes } from "node:crypto";
import { HttpError } from "../http/errors";

/** The public address of a stored path (null for none): `/storage/…` locally, the bucket's URL on S3. */
export type StorageUrl = (relativePath: string | null | undefined) => string | null;

/**
 * Where uploads live: a local folder or an S3 bucket (STORAGE_DRIVER). The database keeps only the
 * relative paths `put` returns, never a driver's URL, so switching driver is copying the files.
 */
export type Storage = {
  /** Stores new bytes under a fresh random path in `folder` and answers that path. */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /** The bytes of a stored file (a private document, served only through its owner's routes). */
  get(relativePath: string): Promise<Buffer>;
  /** Deletes a stored file; a null or already missing path is fine. */
  remove(relativePath: string | null | undefined): Promise<void>;
  url: StorageUrl;
  /** The origin browsers fetch files from when it is not this site's own (the CSP allows it). */
  publicOrigin: string | null;
};

export const urlUnder =
  (base: string): StorageUrl =>
  (relativePath) =>
    relativePath ? `${base.replace(/\/+$/, "")}/${relativePath}` : null;

/**
 * A stored file's address as mail clients and link previews need it: a local `/storage/…` path
 * under the site's base URL; an S3 address (already whole) as it is.
 */
export const absoluteUrl = (baseUrl: string, url: string | null): string | null =>
  url?.startsWith("/") ? `${baseUrl}${url}` : url;

// Every path this code writes is `folder/random.ext`; anything else (`..`, absolute, encoded) is refused.
const STORED_PATH = /^(?:[\w-]+\/)+[\w-]+\.[a-z0-9]+$/i;
const FOLDER = /^[\w-]+(?:\/[\w-]+)*$/;
const EXTENSION = /^[a-z0-9]+$/i;

export function checkedPath(relativePath: string): string {
  if (!STORED_PATH.test(relativePath)) throw new Error(`not a stored path: ${JSON.stringify(relativePath)}`);
  return relativePath;
}

/**
 * The folder of files nobody may fetch by address (licences, agreements, invoices): the local
 * driver's static route refuses it, and an S3 bucket's public-read policy must leave it out
 * (docs/operations.md). The owner's routes read them with `get`.
 */
export const PRIVATE_FOLDER = "private";
export const privateFolder = (name: string) => `${PRIVATE_FOLDER}/${name}`;

/** Random names: nothing guessable, and a replaced file never hits a stale cache. */
export function newPath(folder: string, extension: string): string {
  if (!FOLDER.test(folder) || !EXTENSION.test(extension)) throw new Error(`bad storage folder or extension`);
  return `${folder}/${randomBytes(12).toString("base64url")}.${extension}`;
}

/** A stored document that cannot be read now (S3 unreachable, the file gone): 503, never a 500. */
export function storageReadFailed(cause: unknown): HttpError {
  const error = new HttpError(503, "documentUnavailable");
  error.cause = cause;
  return error;
}

/** A write the storage could not make (disk full, S3 unreachable): the person may try again later. */
export function storageUnavailable(cause: unknown): HttpError {
  const error = new HttpError(503, "imageNotSaved");
  error.cause = cause;
  return error;
}

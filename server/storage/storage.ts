import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Uploaded files on disk under one root, served at /storage/{path}. */
export type Storage = {
  root: string;
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  remove(relativePath: string | null | undefined): Promise<void>;
};

export const storageUrl = (relativePath: string | null | undefined) =>
  relativePath ? `/storage/${relativePath}` : null;

export function createStorage(root: string): Storage {
  const resolveInside = (relativePath: string) => {
    const full = path.resolve(root, relativePath);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error("path escapes storage root");
    return full;
  };
  return {
    root,
    async put(folder, extension, data) {
      // Random names: nothing guessable, and a replaced file never hits a stale cache.
      const relativePath = `${folder}/${randomBytes(12).toString("base64url")}.${extension}`;
      const full = resolveInside(relativePath);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
      return relativePath;
    },
    async remove(relativePath) {
      if (!relativePath) return;
      await fs.rm(resolveInside(relativePath), { force: true });
    },
  };
}

import fs from "node:fs/promises";
import path from "node:path";
import { checkedPath, newPath, type Storage, storageReadFailed, storageUnavailable, urlUnder } from "./storage";

/** Files in a folder on this machine, served by the app itself at /storage/. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (relativePath: string) => path.join(root, checkedPath(relativePath));
  return {
    url: urlUnder("/storage"),
    publicOrigin: null,
    async put(folder, extension, data) {
      const relativePath = newPath(folder, extension);
      const file = fileOf(relativePath);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, data);
      } catch (error) {
        // A half-written file (disk full) must not stay behind under a name nobody will ever delete.
        await fs.rm(file, { force: true }).catch(() => {});
        throw storageUnavailable(error);
      }
      return relativePath;
    },
    async get(relativePath) {
      const file = fileOf(relativePath);
      try {
        return await fs.readFile(file);
      } catch (error) {
        throw storageReadFailed(error);
      }
    },
    async remove(relativePath) {
      if (!relativePath) return;
      await fs.rm(fileOf(relativePath), { force: true });
    },
  };
}

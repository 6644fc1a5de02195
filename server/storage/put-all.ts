import type { Storage } from "./storage";

/**
 * Stores several files of one image (its sizes) at once. If any write fails, the ones that were
 * written are removed again, so a failure halfway leaves nothing behind.
 */
export async function putAll(storage: Storage, folder: string, extension: string, files: Buffer[]): Promise<string[]> {
  const results = await Promise.allSettled(files.map((data) => storage.put(folder, extension, data)));
  const failed = results.find((result) => result.status === "rejected");
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<string>).value);
  for (const result of results) if (result.status === "fulfilled") await storage.remove(result.value);
  throw failed.reason;
}

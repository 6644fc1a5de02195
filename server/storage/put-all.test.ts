import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local";
import { putAll } from "./put-all";
import { type Storage, storageUnavailable } from "./storage";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-put-all-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const local = createLocalStorage(root);
const files = () => (fs.existsSync(path.join(root, "sizes")) ? fs.readdirSync(path.join(root, "sizes")) : []);
const sizes = [Buffer.from("small"), Buffer.from("medium"), Buffer.from("large")];

describe("putAll", () => {
  it("stores every size and answers their paths in order", async () => {
    const paths = await putAll(local, "sizes", "webp", sizes);
    expect(paths.map((stored) => fs.readFileSync(path.join(root, stored), "utf8"))).toEqual([
      "small",
      "medium",
      "large",
    ]);
    for (const stored of paths) await local.remove(stored);
  });

  it("removes the sizes already stored when one of them fails, and passes that failure on", async () => {
    // The second write fails; the first and third succeed and must not stay behind.
    let writes = 0;
    const failing: Storage = {
      ...local,
      put: async (folder, extension, data) => {
        writes += 1;
        if (writes === 2) throw storageUnavailable(new Error("bucket unreachable"));
        return local.put(folder, extension, data);
      },
    };
    await expect(putAll(failing, "sizes", "webp", sizes)).rejects.toMatchObject({ statusCode: 503 });
    expect(writes).toBe(3);
    expect(files()).toEqual([]);
  });
});

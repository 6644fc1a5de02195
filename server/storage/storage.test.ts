import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { startTestS3, type TestS3 } from "../test/s3";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./storage";

/** A driver under test and a way to read a stored file back as a browser would get it (null: gone). */
type Subject = { storage: Storage; read(relativePath: string): Promise<Buffer | null>; close(): Promise<void> };

async function localSubject(): Promise<Subject> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-storage-"));
  return {
    storage: createLocalStorage(root),
    read: async (relativePath) => {
      const file = path.join(root, relativePath);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Subject(): Promise<Subject> {
  const s3 = await startTestS3();
  const storage = createS3Storage(s3.settings);
  return {
    storage,
    read: async (relativePath) => {
      const response = await fetch(storage.url(relativePath) as string);
      if (response.status === 404) return null;
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    },
    close: () => s3.close(),
  };
}

// Bytes no text encoding would survive: every byte value, twice.
const binary = Buffer.from([...Array(512).keys()].map((n) => n % 256));

describe.each([
  { driver: "local", open: localSubject },
  { driver: "s3", open: s3Subject },
])("storage ($driver)", ({ open }) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(() => subject.close());

  it("stores under a fresh random path in the folder, and gives back exactly the bytes sent", async () => {
    const first = await subject.storage.put("vehicles", "webp", binary);
    const second = await subject.storage.put("vehicles", "webp", binary);
    expect(first).toMatch(/^vehicles\/[\w-]{16}\.webp$/);
    expect(second).not.toBe(first);
    expect((await subject.read(first))?.equals(binary)).toBe(true);
    expect((await subject.read(second))?.equals(binary)).toBe(true);
  });

  it("reads back a private document's exact bytes, refuses a path that leaves the storage, and fails a missing one", async () => {
    const stored = await subject.storage.put("private/agreements", "pdf", binary);
    expect(stored).toMatch(/^private\/agreements\/[\w-]{16}\.pdf$/);
    expect((await subject.storage.get(stored)).equals(binary)).toBe(true);
    await expect(subject.storage.get("private/agreements/never-stored.pdf")).rejects.toMatchObject({
      statusCode: 503,
      message: "documentUnavailable",
    });
    await expect(subject.storage.get("../outside.pdf")).rejects.toThrow();
  });

  it("answers a URL per stored path, and none for no path", async () => {
    const stored = await subject.storage.put("logos", "png", binary);
    expect(subject.storage.url(stored)).toMatch(new RegExp(`/${stored}$`));
    expect(subject.storage.url(null)).toBeNull();
    expect(subject.storage.url("")).toBeNull();
  });

  it("removes a file, and takes a missing or null path calmly", async () => {
    const stored = await subject.storage.put("avatars", "webp", binary);
    await subject.storage.remove(stored);
    expect(await subject.read(stored)).toBeNull();
    await subject.storage.remove(stored);
    await subject.storage.remove("avatars/never-stored.webp");
    await subject.storage.remove(null);
    await subject.storage.remove(undefined);
  });

  it("refuses paths that leave the storage, to write or to delete", async () => {
    for (const folder of ["../outside", "/etc", "a/../../b", "a\\b", ""]) {
      await expect(subject.storage.put(folder, "webp", binary)).rejects.toThrow();
    }
    await expect(subject.storage.put("logos", "../webp", binary)).rejects.toThrow();
    for (const bad of ["../outside.webp", "logos/../../x.webp", "/etc/passwd", "logos/%2e%2e/x.webp", "x.webp"]) {
      await expect(subject.storage.remove(bad)).rejects.toThrow();
    }
  });
});

describe("storage (local)", () => {
  it("is served by the app itself", () => {
    const storage = createLocalStorage("/tmp/unused");
    expect(storage.url("logos/a.webp")).toBe("/storage/logos/a.webp");
    expect(storage.publicOrigin).toBeNull();
  });

  it("lets other origins show a stored picture (an email's logo in a webmail page), and only those", async () => {
    const { app, config } = await createTestApp();
    fs.mkdirSync(path.join(config.storageDir, "logos"), { recursive: true });
    fs.writeFileSync(path.join(config.storageDir, "logos", "a.webp"), binary);
    const picture = await app.inject({ method: "GET", url: "/storage/logos/a.webp" });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(binary)).toBe(true);
    expect(picture.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // Everything else keeps helmet's same-origin policy.
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});

describe("storage (s3)", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());

  it("stores with the image's type and a long immutable cache, at the public URL", async () => {
    const storage = createS3Storage({ ...s3.settings, publicUrl: `${s3.settings.publicUrl}/` });
    expect(storage.publicOrigin).toBe(s3.endpoint);
    const stored = await storage.put("og", "jpg", binary);
    const url = storage.url(stored) as string;
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/${stored}`);
    const response = await fetch(url);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("fails fast with a translated 503 when the server is gone, and a delete then fails quietly", async () => {
    const gone = await startTestS3();
    await gone.close();
    const failedRemovals: string[] = [];
    const storage = createS3Storage(gone.settings, {
      onRemoveFailed: (relativePath) => failedRemovals.push(relativePath),
    });
    const started = Date.now();
    await expect(storage.put("vehicles", "webp", binary)).rejects.toMatchObject({
      statusCode: 503,
      key: "imageNotSaved",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    await storage.remove("vehicles/abc.webp");
    expect(failedRemovals).toEqual(["vehicles/abc.webp"]);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../config";

export type TestS3 = {
  /** http://127.0.0.1:port, the server's endpoint. */
  endpoint: string;
  bucket: string;
  /** The driver's settings for this server, as config.ts would parse them. */
  settings: S3StorageConfig;
  /** The environment that makes createTestApp store files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** An S3-compatible server in this process (s3rver), on a free port, with one empty bucket. */
export async function startTestS3(bucket = "nelly"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3StorageConfig = {
    driver: "s3",
    bucket,
    endpoint,
    region: "us-east-1",
    // s3rver's fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: `${endpoint}/${bucket}`,
  };
  let closed = false;
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: settings.publicUrl,
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

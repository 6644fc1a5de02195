import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config";
import { checkedPath, newPath, type Storage, storageReadFailed, storageUnavailable, urlUnder } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
};

// Names are random and never rewritten, so browsers and CDNs may keep a file for good.
const CACHE_CONTROL = "public, max-age=31536000, immutable";
// An unreachable bucket must answer the owner in seconds, not hold the upload for a minute.
const CALL_LIMIT_MS = 12_000;

export type S3StorageOptions = {
  /** Told about a file that could not be deleted (left in the bucket); the caller's change stands. */
  onRemoveFailed?: (relativePath: string, error: unknown) => void;
};

/** Files in an S3-compatible bucket, fetched by browsers from `publicUrl` (the bucket or a CDN). */
export function createS3Storage(settings: S3StorageConfig, options: S3StorageOptions = {}): Storage {
  // The SDK is loaded with the first file, not at start-up: it is hundreds of modules that no
  // request needs before an upload or a private file is read (docs/performance.md).
  let sdk: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | null = null;
  const open = () => {
    sdk ??= import("@aws-sdk/client-s3").then((s3) => ({ s3, client: newClient(s3) }));
    return sdk;
  };
  const newClient = (s3: typeof S3Sdk) =>
    new s3.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Self-hosted servers (MinIO, s3rver, ...) rarely have a DNS name per bucket.
      forcePathStyle: settings.endpoint !== undefined,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // The SDK's default checksums (CRC32 headers, aws-chunked trailers) are not understood by every
      // S3-compatible server; send and check them only where S3 demands them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
      // A server that accepts and then says nothing must fail the call too, not just log a warning.
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000, throwOnRequestTimeout: true },
    });
  const limit = () => ({ abortSignal: AbortSignal.timeout(CALL_LIMIT_MS) });
  const onRemoveFailed =
    options.onRemoveFailed ??
    ((relativePath, error) => console.warn(`storage: could not delete ${relativePath} from S3:`, error));

  return {
    url: urlUnder(settings.publicUrl),
    publicOrigin: new URL(settings.publicUrl).origin,
    async put(folder, extension, data) {
      const relativePath = newPath(folder, extension);
      try {
        const { s3, client } = await open();
        await client.send(
          new s3.PutObjectCommand({
            Bucket: settings.bucket,
            Key: relativePath,
            Body: data,
            ContentLength: data.length,
            ContentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
            CacheControl: CACHE_CONTROL,
          }),
          limit(),
        );
      } catch (error) {
        throw storageUnavailable(error);
      }
      return relativePath;
    },
    async get(relativePath) {
      const key = checkedPath(relativePath);
      try {
        const { s3, client } = await open();
        const object = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key }), limit());
        if (!object.Body) throw new Error("S3 answered no body");
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        throw storageReadFailed(error);
      }
    },
    async remove(relativePath) {
      if (!relativePath) return;
      const key = checkedPath(relativePath);
      try {
        // S3 answers a missing key with success, so deleting twice is harmless.
        const { s3, client } = await open();
        await client.send(new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }), limit());
      } catch (error) {
        // Called once the row no longer names the file: failing the request now would report a
        // change that was in fact made. A stray object costs only its bytes.
        onRemoveFailed(key, error);
      }
    },
  };
}

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertFileKey } from "./file-keys.ts";

/** The file storage interface (file-storage.ts), restated here so the two files do not import each other. */
type StoredFile = { bytes: Buffer; contentType: string };
type ObjectStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
};

/** An S3-compatible object store (AWS S3, MinIO, Ceph, R2...), from the S3_* settings. */
export type S3Settings = {
  bucket: string;
  /** The store's address for a store other than AWS (path-style requests are then the usual choice). */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, instance role) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix ("showroom/"), so one bucket can hold several things. */
  prefix: string;
};

const missing = (error: unknown) => {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects of an S3-compatible bucket, behind the same interface as the local folder: keys chosen by the
 * server (checked again here), the media type kept as the object's Content-Type, private objects only (served
 * through the routes that check who asks). Checksums are sent and checked only where the protocol requires them,
 * which every S3-compatible store accepts.
 */
export function s3FileStorage(settings: S3Settings, client?: S3Client): ObjectStorage & { close(): void } {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  const objectKey = (key: string) => `${settings.prefix}${assertFileKey(key)}`;
  return {
    async put(key, bytes, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
    close: () => s3.destroy(),
  };
}

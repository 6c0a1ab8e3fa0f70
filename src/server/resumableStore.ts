/**
 * Where resumable uploads (docs/uploads.md) keep their bytes and their state while they come in, chosen as the file
 * store is: files under DATA_DIR/resumable for one instance (`@tus/file-store`), or the S3 bucket when S3_BUCKET is
 * set (`@tus/s3-store`: an S3 multipart upload per statement, its state an `<id>.info` object beside it). In the
 * bucket, any instance behind the proxy takes up an upload another one began — the offset is what the bucket holds,
 * not what a process remembers — so a resume after a dropped connection may land anywhere.
 *
 * Once an upload is complete it is handed to the file service as a `FinishedUpload`: a few byte ranges read for its
 * checks, its bytes moved (disk) or copied by the bucket (S3) into the file store, then what is left removed.
 */
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import type { DataStore, KvStore, Upload } from '@tus/server';
import type { S3Settings } from './s3';
import type { FinishedUpload } from './storage';

export interface ResumableStore {
  datastore: DataStore;
  /** A complete upload, for the file service to check and keep. */
  finished(upload: Upload): FinishedUpload;
}

/** What every finished upload says of itself, wherever its bytes wait. */
const described = (upload: Upload) => ({
  id: upload.id,
  name: upload.metadata?.filename ?? undefined,
  size: upload.size ?? upload.offset,
});

/** A byte range of a file on this disk. */
async function readFileRange(file: string, position: number, length: number) {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function diskStore(dataDir: string, expiresMs: number): ResumableStore {
  const datastore = new TusFileStore({
    directory: path.join(dataDir, 'resumable'),
    expirationPeriodInMilliseconds: expiresMs,
  });
  return {
    datastore,
    finished(upload) {
      const file = path.join(datastore.directory, upload.id);
      return {
        ...described(upload),
        read: (position, length) => readFileRange(file, position, length),
        staged: { file },
        async discard() {
          await rm(file, { force: true });
          await datastore.configstore.delete(upload.id).catch(() => undefined);
        },
      };
    },
  };
}

/**
 * No cache of an upload's state in this process: with two instances, one's remembered state would outlive the
 * other's removal of the upload; the state is read from the bucket (one small GET) every time instead.
 */
const NO_CACHE: KvStore<never> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
  list: async () => [],
};

async function bucketStore(s3: S3Settings, expiresMs: number): Promise<ResumableStore> {
  // Loaded only with a bucket: the AWS SDK takes a third of a second to load, which a start without S3 need not pay.
  const [{ DeleteObjectsCommand, GetObjectCommand, S3Client }, { S3Store }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@tus/s3-store'),
  ]);
  const clientConfig = {
    endpoint: s3.endpoint,
    region: s3.region,
    // Path-style addresses, as the file store's: every S3-compatible store accepts them.
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing CRC32) is not
    // understood by every S3-compatible store, and each part's content MD5 is still checked by the bucket.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
  const datastore = new S3Store({
    // 8 MiB parts (tus's default): a 150 MB statement is 19 parts; a dropped connection loses at most one part's
    // worth of bytes kept as the upload's `.part` object, never the parts before it.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: expiresMs,
    // Tags only serve a bucket lifecycle rule, which not every S3-compatible store has; the sweep removes old uploads.
    useTags: false,
    cache: NO_CACHE,
    s3ClientConfig: { bucket: s3.bucket, ...clientConfig },
  });
  const client = new S3Client(clientConfig);
  return {
    datastore,
    finished(upload) {
      return {
        ...described(upload),
        async read(position, length) {
          if (length <= 0) return Buffer.alloc(0);
          const answer = await client.send(
            new GetObjectCommand({
              Bucket: s3.bucket,
              Key: upload.id,
              Range: `bytes=${position}-${position + length - 1}`,
            }),
          );
          return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        },
        // The finished object is named by the upload's id at the bucket's root; files live under S3_PREFIX (never
        // empty), so the copy never lands on itself.
        staged: { key: upload.id },
        // The object, its state and any part left over (tus's own remove first aborts the multipart upload, which a
        // finished one no longer has, and then gives up).
        async discard() {
          const keys = [upload.id, `${upload.id}.info`, `${upload.id}.part`];
          await client
            .send(
              new DeleteObjectsCommand({
                Bucket: s3.bucket,
                Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
              }),
            )
            .catch(() => undefined);
        },
      };
    },
  };
}

/** The store resumable uploads use: the bucket when there is one (shared by every instance), else DATA_DIR. */
export async function resumableStore(options: {
  dataDir: string;
  s3?: S3Settings;
  expiresMs: number;
}): Promise<ResumableStore> {
  return options.s3
    ? bucketStore(options.s3, options.expiresMs)
    : diskStore(options.dataDir, options.expiresMs);
}

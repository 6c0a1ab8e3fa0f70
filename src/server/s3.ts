/**
 * Uploads' bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), used instead of DATA_DIR
 * when `S3_BUCKET` is set.
 *
 * Its calls (put, get, a streamed get, a copy for a finished resumable upload, delete, and a bucket check at start)
 * are signed with AWS Signature Version 4 by `aws4fetch`, a maintained signer of a few kilobytes on the platform's
 * fetch and Web Crypto — chosen over `@aws-sdk/client-s3` for these few requests, and over our own signer because
 * signing is exactly what a well-kept library should own (issue 14, finding 13). (Resumable uploads use the SDK all
 * the same, through `@tus/s3-store`: resumableStore.ts.) A body sent whole is signed too (its SHA-256, not
 * UNSIGNED-PAYLOAD), so a body changed on the way is refused.
 *
 * Addresses are path-style (`<endpoint>/<bucket>/<key>`), which every S3-compatible store accepts; objects are
 * named `<prefix><file id>` — the random id, never the merchant's file name.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { FileStore } from './storage';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every object's name, e.g. "uploads/". */
  prefix: string;
}

/** The bucket did not answer as expected: the upload or download fails with a clear reason, nothing half-stored. */
export class StorageUnavailable extends Error {
  override name = 'StorageUnavailable';
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding of one path segment (`/` between segments is kept by the caller). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whole requests: a slow store must not hold an upload (or the start) for ever. */
const TIMEOUT_MS = 30_000;

/** The `<Code>` of an S3 error document, for the message. */
const errorCode = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

/**
 * An answer's body as a Node stream, its first `headLength` bytes read ahead (a file's type is told from them) and
 * handed on with the rest; a stream given up half-way stops reading the answer too.
 */
async function withHead(answer: ReadableStream<Uint8Array>, headLength: number) {
  const reader = answer.getReader();
  const first: Buffer[] = [];
  let got = 0;
  while (got < headLength) {
    const { done, value } = await reader.read();
    if (done) break;
    first.push(Buffer.from(value));
    got += value.length;
  }
  const start = Buffer.concat(first);
  async function* bytes() {
    try {
      if (start.length > 0) yield start;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield Buffer.from(value);
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
  return { head: start.subarray(0, headLength), body: Readable.from(bytes(), { objectMode: false }) };
}

/** The signing time in S3's form (20261201T061500Z), from the store's clock. */
const amzDate = (clock: () => Date) =>
  clock()
    .toISOString()
    .replace(/[:-]|\.\d{3}/g, '');

export function s3FileStore(
  settings: S3Settings,
  clock: () => Date = () => new Date(),
): FileStore & {
  /** Checks that the bucket exists and the keys may use it; throws StorageUnavailable naming what is wrong. */
  check(): Promise<void>;
} {
  const base = settings.endpoint.replace(/\/+$/, '');
  const objectUrl = (id: string) =>
    new URL(
      `${base}/${encodeSegment(settings.bucket)}/${`${settings.prefix}${id}`.split('/').map(encodeSegment).join('/')}`,
    );

  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 0,
  });

  const send = async (method: string, url: URL, body?: Buffer, headers: Record<string, string> = {}) => {
    try {
      return await client.fetch(url.href, {
        method,
        headers: { ...headers, 'x-amz-content-sha256': sha256(body ?? Buffer.alloc(0)) },
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        aws: { datetime: amzDate(clock) },
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new StorageUnavailable(`the S3 store at ${base} ${reason}`, { cause: error });
    }
  };

  const failure = async (what: string, response: Response) => {
    const code = errorCode(await response.text().catch(() => ''));
    return new StorageUnavailable(
      `${what} in S3 bucket "${settings.bucket}" failed: HTTP ${response.status}${code ? ` ${code}` : ''}`,
    );
  };

  return {
    async put(id, bytes) {
      const response = await send('PUT', objectUrl(id), bytes, {
        'content-length': String(bytes.length),
        'content-type': 'application/octet-stream',
      });
      if (!response.ok) throw await failure(`storing file ${id}`, response);
      await response.body?.cancel();
    },
    async adopt(id, staged, size) {
      if ('key' in staged) {
        // An object of this bucket (a resumable upload finished by the tus S3 store): copied by the bucket itself,
        // so no byte passes through this process.
        const copied = await send('PUT', objectUrl(id), undefined, {
          'x-amz-copy-source': `/${encodeSegment(settings.bucket)}/${staged.key.split('/').map(encodeSegment).join('/')}`,
        });
        // A copy can fail after its 200 has been sent: the error is then the body (S3's CopyObject documentation).
        const answer = await copied.text().catch(() => '');
        if (!copied.ok || answer.includes('<Error>'))
          throw new StorageUnavailable(
            `copying ${staged.key} to file ${id} in S3 bucket "${settings.bucket}" failed: HTTP ${copied.status}${errorCode(answer) ? ` ${errorCode(answer)}` : ''}`,
          );
        return;
      }
      const from = staged.file;
      // Streamed, unsigned payload (the request itself is signed): a 150 MB statement never sits in memory.
      let response: Response;
      try {
        response = await client.fetch(objectUrl(id).href, {
          method: 'PUT',
          headers: {
            'content-length': String(size),
            'content-type': 'application/octet-stream',
            'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
          },
          body: Readable.toWeb(createReadStream(from)) as ReadableStream,
          // @ts-expect-error Node's fetch streams a request body only half-duplex (undici's option).
          duplex: 'half',
          aws: { datetime: amzDate(clock) },
        });
      } catch (error) {
        throw new StorageUnavailable(`the S3 store at ${base} could not be reached`, { cause: error });
      }
      if (!response.ok) throw await failure(`storing file ${id}`, response);
      await response.body?.cancel();
      await rm(from, { force: true });
    },
    async get(id) {
      const response = await send('GET', objectUrl(id));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure(`reading file ${id}`, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async open(id, headLength) {
      // The whole request may take as long as the download does: only the wait for S3's answer is bounded.
      const waiting = new AbortController();
      const timer = setTimeout(() => waiting.abort(), TIMEOUT_MS);
      let response: Response;
      try {
        response = await client.fetch(objectUrl(id).href, {
          method: 'GET',
          headers: { 'x-amz-content-sha256': sha256(Buffer.alloc(0)) },
          signal: waiting.signal,
          aws: { datetime: amzDate(clock) },
        });
      } catch (error) {
        throw new StorageUnavailable(`the S3 store at ${base} could not be reached`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await failure(`reading file ${id}`, response);
      const size = Number(response.headers.get('content-length'));
      return { size, ...(await withHead(response.body, headLength)) };
    },
    async delete(id) {
      const response = await send('DELETE', objectUrl(id));
      await response.body?.cancel();
      // Gone already is gone.
      if (!response.ok && response.status !== 404) throw await failure(`removing file ${id}`, response);
    },
    async check() {
      const response = await send('HEAD', new URL(`${base}/${encodeSegment(settings.bucket)}`));
      await response.body?.cancel();
      if (response.status === 404)
        throw new StorageUnavailable(`S3 bucket "${settings.bucket}" does not exist at ${base}`);
      if (response.status === 403)
        throw new StorageUnavailable(`S3 bucket "${settings.bucket}" at ${base} refused the access key`);
      if (!response.ok)
        throw new StorageUnavailable(
          `S3 bucket "${settings.bucket}" at ${base} answered HTTP ${response.status}`,
        );
    },
  };
}

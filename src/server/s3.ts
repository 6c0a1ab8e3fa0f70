/**
 * Uploads' bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), used instead of DATA_DIR
 * when `S3_BUCKET` is set.
 *
 * Three calls (put, get, and a bucket check at start) are signed here with AWS Signature Version 4 on
 * node:crypto rather than through the AWS SDK: the SDK is several megabytes of dependencies for three requests,
 * and the signing is short and tested against AWS's own published example (tests/server/s3.test.ts).
 *
 * Addresses are path-style (`<endpoint>/<bucket>/<key>`), which every S3-compatible store accepts; objects are
 * named `<prefix><file id>` — the random id, never the merchant's file name.
 */
import { createHash, createHmac } from 'node:crypto';
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

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (each path segment; `/` kept between them). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/**
 * Signs an S3 request (AWS Signature Version 4, header form).
 * @returns - every header to send, `authorization` included
 */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalPath = input.url.pathname
    .split('/')
    .map((s) => encodeSegment(decodeURIComponent(s)))
    .join('/');
  const canonicalRequest = [
    input.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** Whole requests: a slow store must not hold an upload (or the start) for ever. */
const TIMEOUT_MS = 30_000;

/** The `<Code>` of an S3 error document, for the message. */
const errorCode = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

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

  const send = async (method: string, url: URL, body?: Buffer, headers: Record<string, string> = {}) => {
    const signed = signS3Request({
      method,
      url,
      headers,
      payloadHash: sha256(body ?? ''),
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      now: clock(),
    });
    const { host: _host, ...sendable } = signed; // fetch sets Host itself
    try {
      return await fetch(url, {
        method,
        headers: sendable,
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
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
    async get(id) {
      const response = await send('GET', objectUrl(id));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure(`reading file ${id}`, response);
      return Buffer.from(await response.arrayBuffer());
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

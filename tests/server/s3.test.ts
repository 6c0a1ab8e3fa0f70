/**
 * Uploads in an S3-compatible bucket (issue 5: "stored under DATA_DIR, or an S3-compatible store when
 * configured"). The store (signed by aws4fetch) and the upload/download calls run against a small S3 stand-in
 * that checks every request's signature with an independent signer (aws4), so a request real S3 would refuse
 * is refused here too.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import aws4 from 'aws4';
import { afterAll, describe, expect, it } from 'vitest';
import { s3FileStore, StorageUnavailable } from '../../src/server/s3';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

/** An S3 stand-in: one bucket, objects in memory, every request's signature checked by aws4. */
async function fakeS3(bucket: string, keys: { accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, Buffer>();
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const auth = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(signed.map((name) => [name, String(req.headers[name] ?? '')]));
      const expected = aws4.sign(
        {
          host: req.headers.host,
          path: req.url,
          method: req.method,
          service: 's3',
          region: 'us-east-1',
          // The payload is signed through its hash header, which S3 checks against the body (below).
          headers,
        },
        keys,
      ) as { headers: Record<string, string> };
      const payloadHash = createHash('sha256').update(body).digest('hex');
      const reply = (status: number, text = '') => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(text);
      };
      if (!auth || expected.headers.Authorization !== auth)
        return reply(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (!signed.includes('x-amz-content-sha256') || req.headers['x-amz-content-sha256'] !== payloadHash)
        return reply(400, '<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
      const [, name, ...rest] = decodeURIComponent(new URL(req.url!, 'http://x').pathname).split('/');
      const key = rest.join('/');
      if (name !== bucket) return reply(404, '<Error><Code>NoSuchBucket</Code></Error>');
      if (req.method === 'HEAD' && key === '') return reply(200);
      if (req.method === 'PUT') {
        objects.set(key, body);
        return reply(200);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return reply(204);
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return reply(404, '<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(object);
      }
      reply(405);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, objects, close: () => new Promise((r) => server.close(r)) };
}

const KEYS = { accessKeyId: 'mbo-test', secretAccessKey: 'mbo-test-secret' };
const s3 = await fakeS3('mbo-files', KEYS);
afterAll(() => s3.close());

const settings = (over: Partial<Parameters<typeof s3FileStore>[0]> = {}) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: 'mbo-files',
  prefix: 'uploads/',
  ...KEYS,
  ...over,
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-s3-'));
const env = (secret: string) => ({
  DATA_DIR: dataDir,
  S3_BUCKET: 'mbo-files',
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID: KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: secret,
});
const { app: withBucket } = await createTestApp({ env: env(KEYS.secretAccessKey) });
const { app: withWrongKey } = await createTestApp({ env: env('not-the-secret') });
const ID = '0b3e2f7a-1111-4a4a-9a9a-123456789abc';

describe('the S3 file store', () => {
  it('puts and gets an object under the prefix; a missing one is null', async () => {
    const store = s3FileStore(settings());
    await store.check();
    await store.put(ID, Buffer.from('%PDF-1.4 hello'));
    expect(s3.objects.get(`uploads/${ID}`)?.toString()).toBe('%PDF-1.4 hello');
    expect((await store.get(ID))?.toString()).toBe('%PDF-1.4 hello');
    expect(await store.get('0b3e2f7a-2222-4a4a-9a9a-123456789abc')).toBeNull();
    await store.delete(ID);
    expect(s3.objects.has(`uploads/${ID}`)).toBe(false);
    expect(await store.get(ID)).toBeNull();
  });

  it('names what is wrong: a wrong secret, a missing bucket, an unreachable endpoint', async () => {
    await expect(
      s3FileStore(settings({ secretAccessKey: 'wrong' })).put(ID, Buffer.from('x')),
    ).rejects.toThrow(`storing file ${ID} in S3 bucket "mbo-files" failed: HTTP 403 SignatureDoesNotMatch`);
    await expect(s3FileStore(settings({ bucket: 'other-bucket' })).check()).rejects.toThrow(
      `S3 bucket "other-bucket" does not exist at ${s3.endpoint}`,
    );
    const nowhere = s3FileStore(settings({ endpoint: 'http://127.0.0.1:9' }));
    await expect(nowhere.get(ID)).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(nowhere.check()).rejects.toThrow('the S3 store at http://127.0.0.1:9 could not be reached');
  });
});

describe('uploads and downloads with S3_BUCKET set', () => {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const uploadAs = async (app: typeof withBucket, token: string) => {
    const boundary = 'mbo-s3-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: '/merchant/api/v2/upload',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
        'x-mbo-client': 'test',
      },
    });
  };

  it('stores the bytes in the bucket, not under DATA_DIR, and serves them back to the uploader', async () => {
    const app = withBucket;
    const who = await signIn(app, 's3-merchant@example.com', '+966501239901');
    const res = await uploadAs(app, who.token);
    expect(res.statusCode, res.body).toBe(201);
    const url = (res.json() as { url: string }).url;
    const id = /\/uploads\/([0-9a-f-]{36})/.exec(url)?.[1];
    expect(s3.objects.get(`uploads/${id}`)).toEqual(pdf);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    const back = await who.call('GET', `/merchant/api/v2/download?url=${encodeURIComponent(url)}`);
    expect(back.status).toBe(200);
    expect(Buffer.from(String(back.body.data), 'base64')).toEqual(pdf);
  });

  it('answers 503 with a message, not 500, when the bucket refuses', async () => {
    const app = withWrongKey;
    const who = await signIn(app, 's3-refused@example.com', '+966501239902');
    const res = await uploadAs(app, who.token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: 'file storage is unavailable, try again' });
  });
});

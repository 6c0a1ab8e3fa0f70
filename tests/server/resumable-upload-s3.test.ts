/**
 * Resumable uploads with two instances on one S3 bucket (issue 59; docs/uploads.md): a statement begun on one
 * instance, cut at 40 %, is resumed on the other — the offset is what the bucket holds — and stored byte for byte;
 * an upload given up on one instance is gone on the other too (no instance remembers an upload's state). The bucket
 * is s3rver with ListParts (scripts/s3Standin.mjs), as in the cluster check.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3rver } from '../../scripts/s3Standin.mjs';
import { createTestApp } from './setup/app';
import { signIn, type Caller } from './setup/signIn';
import { metadata, patchHeaders, rawCall, sha256File, tusHeaders, writeStatement } from './setup/tus';

const R = '/merchant/api/v1/uploads/resumable';
const BUCKET = 'mbo-resumable';
// Three 8 MiB parts and a bit: the cut falls inside the second part, so a whole part and a part's piece are kept.
const SIZE = 26_000_000;
const s3dir = await mkdtemp(path.join(tmpdir(), 'mbo-s3-'));
const s3 = createS3rver({
  port: 0,
  address: '127.0.0.1',
  directory: s3dir,
  silent: true,
  configureBuckets: [{ name: BUCKET }],
});
const { port } = await s3.run();
const env = {
  AUTH_RATE_LIMIT: '100000',
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};
// Each instance its own DATA_DIR, as on two machines: nothing of an upload may wait on one instance's disk.
const one = await createTestApp({ env: { ...env, DATA_DIR: `.tmp/resumable-s3-one-${process.pid}` } });
const two = await createTestApp({
  env: { ...env, DATA_DIR: `.tmp/resumable-s3-two-${process.pid}` },
  database: one.database,
});
const work = path.resolve('.tmp', `resumable-s3-${process.pid}`);
const statement = path.join(work, 'statement.pdf');
const bases = new Map<FastifyInstance, string>();
let owner: Caller, stranger: Caller;

const call = (
  app: FastifyInstance,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: { from: number; cutAt?: number },
) => rawCall(bases.get(app)!, method, url, headers, body && { file: statement, ...body });

/** The keys in the bucket (s3rver keeps one `<key>._S3rver_object` file per object). */
const objectsInBucket = async () =>
  (await readdir(path.join(s3dir, BUCKET), { recursive: true }))
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => name.replace(/\._S3rver_object$/, ''));

beforeAll(async () => {
  for (const { app } of [one, two]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    bases.set(app, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  [owner, stranger] = await Promise.all([
    signIn(one.app, 'resumable-s3-owner@example.com', '+971501110011'),
    signIn(one.app, 'resumable-s3-stranger@example.com', '+971501110012'),
  ]);
  await mkdir(work, { recursive: true });
  await writeStatement(statement, SIZE);
}, 120_000);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  for (const { config } of [one, two]) await rm(config.dataDir, { recursive: true, force: true });
  await s3.close();
  await rm(s3dir, { recursive: true, force: true });
});

describe('two instances, one bucket', () => {
  it('an upload begun on one instance and cut at 40 % is resumed on the other, byte for byte', async () => {
    const created = await call(
      one.app,
      'POST',
      R,
      tusHeaders(owner, { 'upload-length': String(SIZE), 'upload-metadata': metadata('statement.pdf') }),
    );
    expect(created.status, created.text).toBe(201);
    const id = String(created.headers.location).split('/').at(-1)!;
    const url = `${R}/${id}`;
    const cut = await call(one.app, 'PATCH', url, patchHeaders(owner, 0, SIZE), {
      from: 0,
      cutAt: Math.floor(SIZE * 0.4),
    });
    expect(cut.status).toBe(0);

    // The other instance knows how far it got (from the bucket): something, at most 40 %.
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      const head = await call(two.app, 'HEAD', url, tusHeaders(owner));
      expect(head.status).toBe(200);
      offset = Number(head.headers['upload-offset']);
      if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(Math.floor(SIZE * 0.4));
    // …and nobody else's call reaches it there either.
    expect((await call(two.app, 'HEAD', url, tusHeaders(stranger))).status).toBe(404);

    const rest = await call(two.app, 'PATCH', url, patchHeaders(owner, offset, SIZE - offset), {
      from: offset,
    });
    expect(rest.status, rest.text).toBe(200);
    const stored = JSON.parse(rest.text);
    expect(stored).toMatchObject({ name: 'statement.pdf', size: SIZE, password_protected: false });

    // Read back through the first instance: the same bytes.
    const got = await one.app.inject({
      method: 'GET',
      url: `/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(stored.url)}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-mbo-client': 'test' },
    });
    expect(got.statusCode).toBe(200);
    expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(await sha256File(statement));
    expect(
      (await one.app.inject({ method: 'GET', url: `${url}/file`, headers: tusHeaders(owner) })).json(),
    ).toMatchObject({ url: stored.url, size: SIZE });

    // Only the stored file is left in the bucket: not the upload's object, its state or a leftover piece.
    const keys = await objectsInBucket();
    expect(keys).toContain(`uploads/${id}`);
    expect(keys.filter((key) => key.includes(id))).toEqual([`uploads/${id}`]);
  }, 120_000);

  it('an upload given up on one instance is gone on the other (no instance remembers it)', async () => {
    const created = await call(
      two.app,
      'POST',
      R,
      tusHeaders(owner, { 'upload-length': '1000', 'upload-metadata': metadata('a.pdf') }),
    );
    const url = `${R}/${String(created.headers.location).split('/').at(-1)}`;
    expect((await call(one.app, 'HEAD', url, tusHeaders(owner))).status).toBe(200);
    expect((await call(two.app, 'DELETE', url, tusHeaders(owner))).status).toBe(204);
    expect((await call(one.app, 'HEAD', url, tusHeaders(owner))).status).toBe(404);
  });
});

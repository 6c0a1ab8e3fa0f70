// The S3 stand-in the cluster and the server tests run against: s3rver (an S3 server on the file system), with the two
// calls resumable uploads need that it lacks — ListParts (`GET /<bucket>/<key>?uploadId=…`) and AbortMultipartUpload
// (`DELETE /<bucket>/<key>?uploadId=…`), which AWS S3, MinIO, R2 and Ceph all answer. `@tus/s3-store` lists a
// statement's parts to learn how far it got, and aborts its multipart upload when the merchant gives it up.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

const xml = (text) => String(text).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An s3rver that also lists a multipart upload's parts (read from where s3rver keeps them: one file per part, and its
 * MD5 beside it). Options as s3rver's.
 * @returns the S3rver (run() and close() as usual)
 */
export function createS3rver(options) {
  const s3 = new S3rver(options);
  // Before s3rver's own router: Koa composes its middleware when the server starts listening.
  s3.middleware.unshift(async (ctx, next) => {
    const [, bucket, ...key] = ctx.path.split('/');
    const uploadId = ctx.query.uploadId;
    if (
      !['GET', 'DELETE'].includes(ctx.method) ||
      !bucket ||
      key.length === 0 ||
      typeof uploadId !== 'string' ||
      !/^[0-9a-f]+$/.test(uploadId) ||
      ctx.query.partNumber
    )
      return next();
    const directory = path.join(s3.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    let names;
    try {
      names = await readdir(directory);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(directory, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(directory, String(n));
        const [{ size, mtime }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xml(bucket)}</Bucket><Key>${xml(decodeURIComponent(key.join('/')))}</Key><UploadId>${xml(uploadId)}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
  return s3;
}

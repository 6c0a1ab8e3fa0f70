/**
 * Resumable uploads (issue 59; docs/uploads.md): bank statements up to 150000 KB (capital §5, §9) over the tus
 * protocol (@tus/server), streamed to disk as they arrive — never held in memory — and resumed from the last byte
 * kept after a dropped connection or a reload. Once complete the file is checked as every upload is (its type told by
 * its first bytes: PDF only; the day's quota) and handed to the file store; every other upload keeps its own call
 * and its 10000 KB limit.
 *
 *   POST   /merchant/api/v1/uploads/resumable           creates an upload (Upload-Length, Upload-Metadata filename)
 *   HEAD   /merchant/api/v1/uploads/resumable/{id}      how far it got (Upload-Offset)
 *   PATCH  /merchant/api/v1/uploads/resumable/{id}      the next bytes, from Upload-Offset
 *   DELETE /merchant/api/v1/uploads/resumable/{id}      gives it up
 *   GET    /merchant/api/v1/uploads/resumable/{id}/file the stored file once complete: { url, name, … }
 *
 * Only the account that created an upload may touch it (404 for anyone else, as for files). The upload's bytes and
 * its state are files under DATA_DIR/resumable, or objects in the S3 bucket when there is one, so that either instance
 * behind the proxy resumes it (resumableStore.ts); a day-old unfinished upload is removed by the hourly sweep.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server, type Locker, type Upload } from '@tus/server';
import { accountOf } from '../auth/session';
import { HttpError } from '../errors';
import { answers, ID_PARAMS, open } from '../openapi';
import { MAX_RESUMABLE_BYTES, type FileService } from '../services/files';
import { resumableStore } from '../resumableStore';
import type { S3Settings } from '../s3';

const tags = ['files'];
export const RESUMABLE_PATH = '/merchant/api/v1/uploads/resumable';
/** An unfinished upload is given up a day after it was last written to (the sweep removes it). */
const EXPIRES_MS = 24 * 60 * 60_000;

export interface ResumableUploadOptions {
  files: FileService;
  dataDir: string;
  /** The bucket uploads are kept in, when there is one: resumable uploads wait there too (any instance resumes). */
  s3?: S3Settings;
  /** One request at a time per upload, whichever instance it reaches (services/resumableLocks.ts). */
  locker: Locker;
}

/** A refusal as tus answers it: the status and our usual JSON body (message, field_errors). */
const refusal = (error: HttpError) => ({
  status_code: error.status,
  body: JSON.stringify({
    status: error.status,
    message: error.message,
    ...(error.fieldErrors ? { field_errors: error.fieldErrors } : {}),
  }),
});

export async function resumableUploadRoutes(app: FastifyInstance, opts: ResumableUploadOptions) {
  // Who is asking, worked out by the session hook before tus sees the request (keyed by the Node request).
  const callers = new WeakMap<IncomingMessage, string>();
  const callerOf = (req: Request) => {
    const node = (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const accountId = node ? callers.get(node) : undefined;
    if (!accountId)
      throw { status_code: 401, body: JSON.stringify({ status: 401, message: 'unauthorized' }) };
    return accountId;
  };
  const store = await resumableStore({ dataDir: opts.dataDir, s3: opts.s3, expiresMs: EXPIRES_MS });
  const { datastore } = store;
  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore,
    locker: opts.locker,
    maxSize: MAX_RESUMABLE_BYTES,
    relativeLocation: true,
    // Ids are UUIDs: the stored file keeps the upload's id (the file store names files by UUID).
    namingFunction: () => randomUUID(),
    // tus's own refusals (an unknown upload, a wrong offset, a lock) answered as every refusal of this API: JSON with
    // a message (ours are JSON already).
    async onResponseError(_req, error) {
      const failure = error as { status_code?: number; body?: string; message?: string };
      const status = failure.status_code ?? 500;
      const body = failure.body ?? failure.message ?? 'upload failed';
      return {
        status_code: status,
        body: body.startsWith('{') ? body : JSON.stringify({ status, message: body.trim() }),
      };
    },
    async onIncomingRequest(req, uploadId) {
      const accountId = callerOf(req);
      // A creation has no upload yet (tus hands it the path's last part all the same).
      if (!uploadId || req.method === 'POST' || req.method === 'OPTIONS') return;
      const upload = await datastore.getUpload(uploadId).catch(() => undefined);
      if (!upload || upload.metadata?.account !== accountId)
        throw { status_code: 404, body: JSON.stringify({ status: 404, message: 'upload not found' }) };
    },
    async onUploadCreate(req, upload) {
      const accountId = callerOf(req);
      // The whole size is said up front (no deferred length): the quota is asked before a byte is written.
      if (upload.size === undefined)
        throw {
          status_code: 400,
          body: JSON.stringify({ status: 400, message: 'Upload-Length is required' }),
        };
      try {
        await opts.files.withinQuota(accountId, upload.size, '/file');
      } catch (error) {
        if (error instanceof HttpError) throw refusal(error);
        throw error;
      }
      return { metadata: { ...upload.metadata, account: accountId } };
    },
    async onUploadFinish(req, upload: Upload) {
      const accountId = callerOf(req);
      try {
        const stored = await opts.files.adopt(accountId, store.finished(upload), { accept: ['pdf'] });
        return {
          status_code: 200,
          body: JSON.stringify(stored),
          headers: { 'content-type': 'application/json' },
        };
      } catch (error) {
        if (error instanceof HttpError) throw refusal(error);
        throw error;
      }
    },
  });

  // The bytes of a PATCH are tus's to read, as a stream: Fastify leaves the body alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  // tus answers every call itself (the reply is handed over), its refusals included: no session is its 401.
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Not a tus client (no Tus-Resumable): refused here as every call of this API refuses, in JSON.
    if (request.method !== 'OPTIONS' && request.headers['tus-resumable'] === undefined)
      throw new HttpError(412, 'Tus-Resumable header required (the tus protocol 1.0.0)');
    if (request.session?.state === 'open') callers.set(request.raw, request.session.accountId);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const responses = answers({
    200: { description: 'HEAD: how far it got (Upload-Offset); the last PATCH: the stored file' },
    201: { description: 'POST: created; its address is the Location header' },
    204: { description: 'PATCH: bytes kept (Upload-Offset); DELETE, OPTIONS' },
  });
  // The bytes are tus's to read (Fastify leaves them alone); the document says what each call carries.
  const bytes = { description: 'the next bytes, from Upload-Offset (application/offset+octet-stream)' };
  const created = { description: 'none: the size and name are headers (Upload-Length, Upload-Metadata)' };
  const routes: [string, ('POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS')[], string, object | null][] = [
    [
      RESUMABLE_PATH,
      ['POST'],
      'Creates a resumable upload of a bank statement up to 150000 KB (tus)',
      created,
    ],
    [RESUMABLE_PATH, ['OPTIONS'], 'What the resumable uploads support (tus)', null],
    [`${RESUMABLE_PATH}/:id`, ['PATCH'], 'The next bytes of a resumable upload (tus)', bytes],
    [`${RESUMABLE_PATH}/:id`, ['DELETE', 'OPTIONS'], 'Gives a resumable upload up (tus)', null],
  ];
  for (const [url, methods, summary, body] of routes)
    app.route({
      method: methods,
      url,
      schema: {
        tags,
        summary,
        ...(url.endsWith(':id') ? { params: ID_PARAMS } : {}),
        ...(body ? { body } : {}),
        response: responses,
      },
      handler: handle,
    });
  // HEAD answers headers only (Upload-Offset), from tus, with no id checked before it: like every HEAD, it is not
  // in the OpenAPI document.
  app.route({ method: 'HEAD', url: `${RESUMABLE_PATH}/:id`, schema: { hide: true }, handler: handle });

  app.get<{ Params: { id: string } }>(
    `${RESUMABLE_PATH}/:id/file`,
    {
      schema: {
        tags,
        summary: 'A finished resumable upload as a stored file',
        params: ID_PARAMS,
        response: answers({
          200: open({
            url: { type: 'string' },
            name: { type: 'string' },
            mime_type: { type: 'string' },
            size: { type: 'integer' },
          }),
        }),
      },
    },
    async (request) => opts.files.uploaded(accountOf(request), request.params.id),
  );

  // Unfinished uploads a day old go, every hour, by every process (one removed twice is simply gone).
  const sweep = () =>
    tus
      .cleanUpExpiredUploads()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping resumable uploads failed'));
  const sweeper = setInterval(sweep, 60 * 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}

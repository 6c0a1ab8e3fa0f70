/**
 * Reading the one file of an upload (a multipart body), the same way for every upload route: the size limit is
 * enforced while reading, not after; a body that is not multipart is 415, one cut short or malformed is 400, a
 * missing field is 400 naming it, and a file over the limit is 413 — each with a field error the upload widget
 * shows. Register `@fastify/multipart` in the route's plugin with `limits.fileSize` at the limit's bytes.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf } from '../auth/session';
import { fieldError, HttpError } from '../errors';
import { answers, open } from '../openapi';
import type { FileService } from '../services/files';

/** What an upload answers: the file's address (what a form sends back), its shown name, type and size. */
export const UPLOADED_FILE = open({
  url: { type: 'string' },
  name: { type: 'string' },
  mime_type: { type: 'string' },
  size: { type: 'integer' },
  /** A PDF that asks for a password to open (its trailer names an /Encrypt dictionary). */
  password_protected: { type: 'boolean' },
});

/**
 * @param field - the multipart field that holds the file (`file`, `asset`)
 * @param limit - the largest file taken, in bytes, and as the message says it (`10000 KB`, `5 MB`)
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  limit: { bytes: number; size: string },
): Promise<{ name: string; bytes: Buffer }> {
  const pointer = `/${field}`;
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported content type', { [pointer]: fieldError('widgets:upload.failed') });
  // A body cut short or not well formed (no boundary, a broken part header) is the client's fault: 400.
  const broken = (error: unknown): never => {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new HttpError(400, 'the upload was not a complete multipart body', {
      [pointer]: fieldError('widgets:upload.failed'),
    });
  };
  const part = await request.file().catch(broken);
  if (!part || part.fieldname !== field)
    throw new HttpError(400, 'bad_request', { [pointer]: fieldError('validation:error.required') });
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        'file is too large',
        { [pointer]: fieldError('widgets:upload.tooLarge', { size: limit.size }) },
        { max_size_kb: limit.bytes / 1000 },
      );
    return broken(error);
  }
}

/**
 * The route of an area's images (a dispute's challenge, a support ticket): one JPEG or PNG a request, in the
 * multipart field `asset` (spec §7), at most `limit` — told by its bytes, stored as the caller's. Registers
 * `@fastify/multipart` in the calling plugin, so call it once per plugin.
 */
export async function imageUploadRoute(
  app: FastifyInstance,
  options: {
    path: string;
    tags: string[];
    summary: string;
    files: FileService;
    limit: { bytes: number; size: string };
  },
) {
  const { limit, files } = options;
  await app.register(multipart, { limits: { fileSize: limit.bytes, files: 1, fields: 5, parts: 6 } });
  app.post(
    options.path,
    {
      bodyLimit: limit.bytes + 64 * 1024,
      schema: {
        tags: options.tags,
        summary: options.summary,
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['asset'],
          properties: { asset: { type: 'string', format: 'binary' } },
        },
        response: answers({ 201: UPLOADED_FILE }),
      },
      // The body is a multipart stream read by the handler (limits enforced while reading).
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const file = await readUploadedFile(request, 'asset', limit);
      const stored = await files.upload(accountOf(request), file, {
        accept: ['jpeg', 'png'],
        field: '/asset',
      });
      return reply.code(201).send(stored);
    },
  );
}
